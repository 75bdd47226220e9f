"""A config file written by the config tests."""

from __future__ import annotations

from pathlib import Path


def write(path: Path, text: str) -> Path:
    """Write ``text`` to ``path``; the path."""
    path.write_text(text, encoding="utf-8")
    return path
