"""A real disk that fills up: a small tmpfs of its own (needs root to mount), for the tests of a
full disk at start, mid-game and at the end. Nothing about the filesystem is mocked."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def small_disk(mount: Path, size: str = "4m") -> Iterator[Path]:
    """A ``size`` tmpfs mounted at ``mount`` (made here), unmounted afterwards; the test is
    skipped, with the reason, where one cannot be mounted."""
    mount.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a filesystem that can fill up needs root (mount -t tmpfs)")
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)], capture_output=True
    )
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    """Fill ``disk`` to its last byte with one file; returns it (unlink it to free the disk)."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as file:
        try:
            while True:
                file.write(b"\0" * 65536)
        except OSError:
            pass  # full: now the smallest writes too
        try:
            while True:
                file.write(b"\0")
        except OSError:
            pass
    return filler


def store_on_a_full_disk(path: Path) -> Path:
    """Leave the closed store at ``path`` without its WAL files, then fill its disk, as a
    device that starts after the disk filled finds it; returns the filler."""
    for extra in ("-wal", "-shm"):
        Path(f"{path}{extra}").unlink(missing_ok=True)
    return fill(path.parent)
