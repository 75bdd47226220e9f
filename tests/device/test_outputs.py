"""An export written to a file: whole or not at all, and an old file kept as it was."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.outputs import stream_private


def broken() -> Iterator[str]:
    """Chunks that fail halfway, as a store read that fails does."""
    yield "first half\n"
    raise RuntimeError("the store failed halfway")


def test_a_failed_export_leaves_no_file_and_the_old_one_as_it_was(tmp_path: Path) -> None:
    new = tmp_path / "new.csv"
    with pytest.raises(RuntimeError):
        stream_private(new, broken(), "csv export")
    old = tmp_path / "old.csv"
    old.write_text("the last export\n")
    with pytest.raises(RuntimeError):
        stream_private(old, broken(), "csv export")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["old.csv"]  # no 0-byte file
    assert old.read_text() == "the last export\n"


def test_a_whole_export_is_private_and_a_device_is_written_in_place(tmp_path: Path) -> None:
    out = tmp_path / "plays.csv"
    out.write_text("old")
    out.chmod(0o644)
    stream_private(out, iter(["a,b\n", "1,2\n"]), "csv export")
    assert out.read_text() == "a,b\n1,2\n" and os.stat(out).st_mode & 0o777 == 0o600
    stream_private(Path(os.devnull), iter(["nothing\n"]), "csv export")  # not replaced
    assert Path(os.devnull).is_char_device()
