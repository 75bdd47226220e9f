"""The score log's exports, written play by play: memory stays flat however long the log.

The streaming API (what the CLI, the backups and the companion page's downloads use):

* `export_chunks` (store path, format) yields the export as pieces of text of about
  `CHUNK_CHARS`, reading the plays one at a time from a read-only connection of its own, in one
  read transaction: the export is one consistent state of the log even while the device logs a
  play, and it may run on any thread (it never touches the daemon's connection).
* `write_export` writes those pieces to a text stream; `count_plays` says how many there are.

Formats (`FORMATS`): ``csv`` (a row per player per play, `CSV_FIELDS`), ``bgstats-url`` (a BG
Stats push link per play, a line each), ``bgsplay`` (one BG Stats file of every play) and
``json`` (the full backup ``mothership import`` reads: profiles, learned tags and plays).
"""

from __future__ import annotations

import csv
import difflib
import io
import json
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from device.localtime import local_iso
from device.store.bgsplay import ABOUT, BgsplayFile
from device.store.bgstats import push_url
from device.store.players import profiles_of, tags_of
from device.store.scorelog import iter_plays, play_to_json, utc_now
from games.scorelog.plays import Play, PlayerResult

FORMATS = ("csv", "bgstats-url", "bgsplay", "json")
BACKUP_FORMAT = "mothership-backup"
BACKUP_VERSION = 1
CSV_FIELDS = (
    "date",
    "game",
    "player",
    "seat",
    "score",
    "winner",
    "start_player",
    "played_at",
    "play_id",
    "unfinished",
)
CHUNK_CHARS = 64 * 1024
"""About how much text each piece of `export_chunks` holds."""


def check_format(fmt: str) -> str:
    """``fmt`` if it is an export format; otherwise a ValueError naming it and a guess."""
    if fmt not in FORMATS:
        close = difflib.get_close_matches(fmt, FORMATS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ValueError(f"unknown export format {fmt!r}: choose from {', '.join(FORMATS)}{hint}")
    return fmt


@contextmanager
def reading(store_path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the store at ``store_path``, inside one read transaction
    (WAL: the device's writes meanwhile neither wait for it nor show in it)."""
    if not store_path.is_file():
        raise FileNotFoundError(f"no store at {store_path}")
    db = sqlite3.connect(store_path, isolation_level=None, check_same_thread=False)
    try:
        db.execute("PRAGMA query_only = ON")
        db.execute("BEGIN")
        yield db
    finally:
        db.close()


@contextmanager
def borrowed(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A store's own connection, inside one read transaction (left open afterwards)."""
    db.execute("BEGIN")
    try:
        yield db
    finally:
        db.execute("ROLLBACK")


def export_chunks(
    store_path: Path,
    fmt: str,
    *,
    location: str = "",
    exported_at: str | None = None,
    db: sqlite3.Connection | None = None,
) -> Iterator[str]:
    """The export of the store at ``store_path`` in ``fmt``, in pieces, play by play.

    ``location``: where plays happen (BG Stats); ``exported_at``: the time the JSON and
    ``.bgsplay`` formats carry (default: now); ``db``: the store's own connection, when it
    holds the store alone (opened on a full disk, no other connection can read it: "database
    is locked"). A bad format is a ValueError at once.
    """
    pieces = _PIECES[check_format(fmt)]
    when = exported_at or utc_now()

    def chunks() -> Iterator[str]:
        with reading(store_path) if db is None else borrowed(db) as read:
            yield from _joined(pieces(read, location, when))

    return chunks()


def write_export(
    store_path: Path, fmt: str, out: TextIO, *, location: str = "", exported_at: str | None = None
) -> None:
    """Write the export of the store at ``store_path`` in ``fmt`` to ``out``, play by play."""
    for chunk in export_chunks(store_path, fmt, location=location, exported_at=exported_at):
        out.write(chunk)


def count_plays(store_path: Path) -> int:
    """How many plays the store at ``store_path`` holds."""
    with reading(store_path) as db:
        return int(db.execute("SELECT COUNT(*) FROM plays").fetchone()[0])


def _joined(pieces: Iterator[str]) -> Iterator[str]:
    """Small pieces gathered into chunks of about `CHUNK_CHARS`."""
    held: list[str] = []
    size = 0
    for piece in pieces:
        held.append(piece)
        size += len(piece)
        if size >= CHUNK_CHARS:
            yield "".join(held)
            held, size = [], 0
    if held:
        yield "".join(held)


def _csv(db: sqlite3.Connection, location: str, when: str) -> Iterator[str]:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for play in iter_plays(db):
        when = local_iso(play.played_at)  # once a play: the zone's rules are slow to apply
        for player in play.players:
            writer.writerow(csv_row(play, player, when))
        yield out.getvalue()
        out.seek(0)
        out.truncate()
    yield out.getvalue()


def csv_row(play: Play, player: PlayerResult, when: str | None = None) -> dict[str, Any]:
    """A player's CSV row of a play: winner, start_player and unfinished (saved at Quit) are 1
    or 0, no score is empty
    (``when``: the play's local time, when the caller has it already)."""
    when = when or local_iso(play.played_at)
    return {
        "date": when[:10],
        "game": play.game,
        "player": player.name,
        "seat": player.seat,
        "score": "" if player.score is None else player.score,
        "winner": int(player.winner),
        "start_player": int(player.start_player),
        "played_at": when,
        "play_id": play.id,
        "unfinished": int(play.unfinished),  # saved at Quit: rounds short, nobody won
    }


def _links(db: sqlite3.Connection, location: str, when: str) -> Iterator[str]:
    for play in iter_plays(db):
        yield push_url(play, location=location) + "\n"


def _items(rows: Iterator[Any]) -> Iterator[str]:
    """The items of a JSON list two levels deep, one item per line; the list's closing ``]``
    included ("[]" when it is empty). One line each, not indented over many: json's C encoder
    only writes unindented JSON, and its Python one took two thirds of a long export's time."""
    first = True
    for row in rows:
        yield ("\n    " if first else ",\n    ") + json.dumps(row)
        first = False
    yield "]" if first else "\n  ]"


def _head(data: dict[str, Any], last: str) -> str:
    """``data`` as indented JSON, left open for the list ``last`` to follow."""
    text = json.dumps({**data, last: []}, indent=2)
    return text.removesuffix("[]\n}")


def _backup(db: sqlite3.Connection, location: str, when: str) -> Iterator[str]:
    head = {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "exported_at": when,
        "players": [{"name": p.name, "tag": p.tag, "id": p.id} for p in profiles_of(db)],
        "tags": [{"uid": uid, "kind": kind, "value": value} for uid, kind, value in tags_of(db)],
    }
    yield _head(head, "plays") + "["
    yield from _items(play_to_json(play) for play in iter_plays(db))
    yield "\n}\n"


def _bgsplay(db: sqlite3.Connection, location: str, when: str) -> Iterator[str]:
    file = BgsplayFile(location=location, exported_at=when)
    # An unnamed seat is a player of one play: its rows wait on disk, not in memory.
    with tempfile.TemporaryFile("w+", encoding="utf-8") as seats:
        written = 0

        def spool(entry: dict[str, Any]) -> None:
            nonlocal written
            seats.write(json.dumps(entry) + "\n")
            written += 1

        file.on_seat = spool
        yield _head({"about": ABOUT}, "plays") + "["
        yield from _items(file.row(play) for play in iter_plays(db))
        tables = {"games": list(file.games.values()), "locations": file.locations}
        yield ",\n" + json.dumps(tables, indent=2)[2:].removesuffix("\n}") + ',\n  "players": ['
        seats.seek(0)
        yield from _items(_players(file.players(), seats))
        yield "\n}\n"


def _players(named: list[dict[str, Any]], seats: TextIO) -> Iterator[dict[str, Any]]:
    """The players table by id: the named players (in memory) merged with the spooled seats."""
    pending = iter(named)
    profile = next(pending, None)
    for line in seats:
        seat = json.loads(line)
        while profile is not None and profile["id"] < seat["id"]:
            yield profile
            profile = next(pending, None)
        yield seat
    while profile is not None:
        yield profile
        profile = next(pending, None)


_PIECES: dict[str, Callable[[sqlite3.Connection, str, str], Iterator[str]]] = {
    "csv": _csv,
    "bgstats-url": _links,
    "bgsplay": _bgsplay,
    "json": _backup,
}


def plays_of(store_path: Path, game: str | None = None) -> Iterator[Play]:
    """The plays of the store at ``store_path`` (optionally of one game), oldest first, one
    at a time from a read-only connection of their own."""
    with reading(store_path) as db:
        yield from iter_plays(db, game)
