"""Helpers shared by the benchmarks: the machine description, percentiles and a table printer.

Not a benchmark itself. The scripts import it as a sibling module (``python bench/<name>.py``
puts ``bench/`` first on ``sys.path``).
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path


def cpu_model() -> str:
    """The CPU model from /proc/cpuinfo ("model name" on x86, "Model" on a Raspberry Pi)."""
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return platform.processor() or "unknown"
    fields: dict[str, str] = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields.setdefault(key.strip(), value.strip())
    # A Pi's kernel has no "model name" per core on every release, but always a board "Model".
    for key in ("model name", "Model", "Hardware", "cpu model"):
        if fields.get(key):
            return fields[key]
    return platform.processor() or "unknown"


def os_name() -> str:
    """The distribution's PRETTY_NAME plus the kernel release."""
    pretty = ""
    try:
        for line in Path("/etc/os-release").read_text(encoding="utf-8").splitlines():
            if line.startswith("PRETTY_NAME="):
                pretty = line.partition("=")[2].strip().strip('"')
    except OSError:
        pass
    kernel = f"{platform.system()} {platform.release()} {platform.machine()}"
    return f"{pretty}, {kernel}" if pretty else kernel


def package_version(name: str) -> str:
    """An installed distribution's version, or "not installed"."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def machine_lines(sdl: str | None = None) -> list[str]:
    """The machine description every result is recorded with."""
    pygame = package_version("pygame-ce")
    pygame = package_version("pygame") if pygame == "not installed" else f"pygame-ce {pygame}"
    pygame += f" (SDL {sdl})" if sdl else ""
    return [
        f"CPU:      {cpu_model()}",
        f"cores:    {os.cpu_count()}",
        f"Python:   {platform.python_version()} ({sys.implementation.name})",
        f"pygame:   {pygame}",
        f"pyttsx3:  {package_version('pyttsx3')}",
        f"OS:       {os_name()}",
    ]


def percentile(samples: Sequence[float], pct: float) -> float:
    """The ``pct``-th percentile, linearly interpolated between the closest ranks."""
    if not samples:
        raise ValueError("no samples")
    ordered = sorted(samples)
    rank = (len(ordered) - 1) * pct / 100.0
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def mean(samples: Sequence[float]) -> float:
    """The arithmetic mean."""
    return statistics.fmean(samples)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain-text table: first column left-aligned, the others right-aligned."""
    widths = [max(len(str(row[i])) for row in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        parts = [
            str(cell).ljust(width) if i == 0 else str(cell).rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([line(headers), rule, *(line(row) for row in rows)])
