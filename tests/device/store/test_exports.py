"""The streaming exports: the same files as the whole log in memory gives, written in pieces."""

from __future__ import annotations

import io
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from device.store import exports
from device.store.bgsplay import to_bgsplay
from device.store.database import Store
from device.store.exports import export_chunks, write_export
from device.store.scorelog import play_to_json
from games.scorelog.plays import Play, PlayerResult

WHEN = "2025-03-01T10:00:00Z"


def play(number: int, *, named: bool = True) -> Play:
    first = PlayerResult("Ada", 1, 30 + number % 7, True, True, player_id="ada-id")
    if not named:
        first = PlayerResult("Player 1", 1, 30, True, True)
    return Play(
        f"{number:08d}-play",
        "Alienation" if number % 3 else "One Night",
        f"2025-01-{1 + number % 28:02d}T20:{number % 60:02d}:00Z",
        (first, PlayerResult("Player 2", 2, number % 11, False)),
        ((1, 2), (3, 4)) if number % 2 else (),
        duration_min=number % 90 or None,
        board="A1" if number % 5 == 0 else "",
    )


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "m.db")
    store.add_player("Ada", tag="04A1")
    store.learn_tag("04A1", "player", "Ada")
    for number in range(40):
        store.add_play(play(number, named=number % 4 != 0))
    return store


def streamed(store: Store, fmt: str, location: str = "Home") -> str:
    out = io.StringIO()
    write_export(store.path, fmt, out, location=location, exported_at=WHEN)
    return out.getvalue()


def test_the_json_backup_holds_what_the_whole_document_would(store: Store) -> None:
    whole: dict[str, Any] = {
        "format": "mothership-backup",
        "version": 1,
        "exported_at": WHEN,
        "players": [{"name": p.name, "tag": p.tag, "id": p.id} for p in store.players()],
        "tags": [{"uid": u, "kind": k, "value": v} for u, k, v in store.tags()],
        "plays": [play_to_json(p) for p in store.plays()],
    }
    text = streamed(store, "json")
    assert json.loads(text) == whole
    # A play per line: readable, and a diff of two backups shows the plays that differ.
    lines = text.splitlines()
    assert sum(line.lstrip().startswith('{"id": ') for line in lines) == len(whole["plays"])


def test_an_empty_log_streams_valid_files(tmp_path: Path) -> None:
    empty = Store(tmp_path / "empty.db")
    assert json.loads(streamed(empty, "json"))["plays"] == []
    assert json.loads(streamed(empty, "bgsplay"))["players"] == []
    assert streamed(empty, "csv") == ",".join(exports.CSV_FIELDS) + "\n"
    assert streamed(empty, "bgstats-url") == ""


def test_the_bgsplay_file_holds_what_the_file_in_memory_holds(store: Store) -> None:
    data = json.loads(streamed(store, "bgsplay"))
    assert data == to_bgsplay(store.plays(), location="Home", exported_at=WHEN)
    named = [p for p in data["players"] if not p["isAnonymous"]]
    assert [p["name"] for p in named] == ["Ada"]  # one profile, however many plays
    assert [p["id"] for p in data["players"]] == list(range(1, len(data["players"]) + 1))


def test_exports_come_in_pieces(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exports, "CHUNK_CHARS", 500)
    for fmt in exports.FORMATS:
        chunks = list(export_chunks(store.path, fmt, exported_at=WHEN))
        assert len(chunks) > 3, fmt
        assert "".join(chunks) == streamed(store, fmt, location=""), fmt


def test_a_play_logged_during_an_export_is_not_in_it(store: Store) -> None:
    chunks = export_chunks(store.path, "csv")
    first = next(chunks)
    store.add_play(play(1000))
    rest = "".join(chunks)
    assert "00001000-play" not in first + rest
    assert "00001000-play" in streamed(store, "csv")


def test_memory_does_not_grow_with_the_log(tmp_path: Path) -> None:
    def peak(plays: int) -> int:
        store = Store(tmp_path / f"{plays}.db")
        store.restore([play(number, named=number % 2 == 0) for number in range(plays)])
        tracemalloc.start()
        for _ in export_chunks(store.path, "bgsplay"):
            pass
        top = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return top

    small, large = peak(200), peak(2000)
    assert large < small * 2  # ten times the plays, not ten times the memory


def test_an_unknown_format_is_refused_with_a_guess(store: Store) -> None:
    with pytest.raises(ValueError, match=r"'jsn'.*did you mean 'json'"):
        export_chunks(store.path, "jsn")
