"""``mothership export`` on a full disk (a real 4 MB tmpfs, tests/fulldisk.py): the store is
read through the command's own connection, the export goes where there is room, and an export
the disk cannot take says which file and what to do, and leaves nothing behind."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fulldisk import small_disk, store_on_a_full_disk

from device.commands.cli import main
from device.store.database import Store
from games.scorelog.plays import Play, PlayerResult


def play(game: str, played_at: str) -> Play:
    """A finished play of ``game`` by Ada and Bo."""
    players = (PlayerResult("Ada", 1, 12, True), PlayerResult("Bo", 2, 9, False))
    return Play(f"play-{played_at}", game, played_at, players)


@pytest.fixture
def full_store(tmp_path: Path) -> Iterator[Path]:
    """A store with two plays on a disk filled to its last byte."""
    with small_disk(tmp_path / "disk") as disk:
        store = disk / "mothership.db"
        filled = Store(store)
        assert filled.add_play(play("Alienation", "2026-11-27T20:00:00Z"))
        assert filled.add_play(play("Alien Encounters", "2026-11-27T21:00:00Z"))
        filled.close()
        store_on_a_full_disk(store)
        yield store


def test_export_of_a_store_on_a_full_disk_to_another_disk(
    full_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "plays.csv"
    assert main(["export", "--format", "csv", "--store", str(full_store), "--out", str(out)]) == 0
    assert "2 plays written" in capsys.readouterr().err
    assert out.read_text().count("Alienation") >= 1


def test_export_onto_the_full_disk_names_the_file_and_leaves_nothing(
    full_store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = full_store.parent / "plays.json"
    code = main(["export", "--format", "json", "--store", str(full_store), "--out", str(out)])
    error = capsys.readouterr().err
    assert code != 0
    assert f"cannot write the json export to {out}: the disk is full" in error, error
    assert f"df -h {out.parent}" in error
    left = [path.name for path in full_store.parent.iterdir() if "plays" in path.name]
    assert left == []  # no 0-byte export, no half-written temporary
