"""The score log: a finished game's result as a logged `Play`, written to and read from the store
(plays to and from JSON: ``device.store.playjson``, still importable from here).

Every game ends with a ``LogPlay`` effect: its final record, carrying the result as a typed
`FinalResult`. The store writes the record and logs the play in the same transaction; the play's
name comes from the game's registry entry, its player names from the seats linked to profiles.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import sqlite3
import uuid
from collections.abc import Iterable, Iterator, Mapping
from datetime import UTC, datetime
from typing import Any

from device.store.playjson import BackupError as BackupError  # read from here by many
from device.store.playjson import play_from_json as play_from_json
from device.store.playjson import play_to_json as play_to_json
from games import catalog
from games.catalog import by_key
from games.scorelog.logged import aliases, logged_name, logged_names
from games.scorelog.plays import FinalResult, Play, PlayerResult
from games.scorelog.stats import unnamed


def game_names() -> tuple[str, ...]:
    """The names plays are logged under: each game's, each mission's ("Alieninjas: Memory"),
    and a game of missions' own (its plays of no known mission), as the catalog is now."""
    return logged_names()


def game_named(name: str) -> str:
    """The name plays of a game or mission are logged under, from that name, the game's
    registry key or the mission's key or name (any case); a ValueError naming it, the games
    and a guess otherwise.

    >>> game_named("ENCOUNTERS"), game_named("push_your_luck")
    ('Alien Encounters', 'Alieninjas: Push Your Luck')
    """
    for logged in logged_names():
        if name.casefold() in (alias.casefold() for alias in aliases(logged)):
            return logged
    choices = {c.casefold(): c for logged in logged_names() for c in aliases(logged)}
    close = difflib.get_close_matches(name.casefold(), list(choices), n=1, cutoff=0.5)
    hint = f" (did you mean {choices[close[0]]!r}?)" if close else ""
    raise ValueError(f"unknown game {name!r}; games are: {', '.join(game_names())}{hint}")


def utc_now() -> str:
    """The current time as ISO 8601 UTC, to the second (``2025-01-31T20:15:00Z``)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def play_id(kind: str, data: Mapping[str, Any], start: str | None) -> str:
    """A uuid-like id for the play a final record logs.

    With the game's start record known (its row id and time), the id is derived from it and
    the final record, so a final transition replayed after a crash logs the same play again
    (and is ignored) rather than a second one. Without it, a random id.
    """
    if start is None:
        return str(uuid.uuid4())
    text = json.dumps([start, kind, data], sort_keys=True, default=str)
    return str(uuid.UUID(bytes=hashlib.sha256(text.encode()).digest()[:16], version=4))


def play_of(
    result: FinalResult,
    *,
    names: Mapping[int, str],
    play_id: str,
    played_at: str,
    player_ids: Mapping[int, str] | None = None,
    duration_min: int | None = None,
) -> Play:
    """The play a game's result stands for, named as its registry entry names the game (and
    a game of missions, the mission: "Alieninjas: Memory").

    Args:
        result: what the game handed over as it ended.
        names: profile names linked to seats; other seats are "Player N".
        play_id: the play's id; played_at: when it ended (ISO 8601 UTC).
        player_ids: the linked profiles' stable ids, by seat.
        duration_min: minutes from the game's start to its end, when known.
    """
    spec = by_key(result.game)
    name = logged_name(spec.name, result.board) if spec else result.game
    return result.play(play_id, name, played_at, names, player_ids, duration_min)


def duration_minutes(started: str, ended: str) -> int | None:
    """Whole minutes between two UTC times (SQLite's ``datetime('now')`` or ISO 8601),
    at least 1; None when either cannot be read or the end is before the start.

    >>> duration_minutes("2025-01-31 20:00:10", "2025-01-31T20:12:50Z")
    13
    """
    try:
        start = datetime.fromisoformat(started.replace(" ", "T"))
        end = datetime.fromisoformat(ended.replace(" ", "T"))
    except ValueError:
        return None
    start = start if start.tzinfo else start.replace(tzinfo=UTC)
    end = end if end.tzinfo else end.replace(tzinfo=UTC)
    seconds = (end - start).total_seconds()
    return None if seconds < 0 else max(1, round(seconds / 60))


# -- the plays tables -------------------------------------------------------------------------

_PLAY_COLUMNS = {
    "plays": (
        ("duration_min", "INTEGER"),
        ("board", "TEXT NOT NULL DEFAULT ''"),
        ("comments", "TEXT NOT NULL DEFAULT ''"),
        ("title", "TEXT NOT NULL DEFAULT ''"),
    ),
    "play_results": (
        ("role", "TEXT NOT NULL DEFAULT ''"),
        ("team", "TEXT NOT NULL DEFAULT ''"),
        ("player_id", "TEXT NOT NULL DEFAULT ''"),
    ),
}


def add_play_columns(db: sqlite3.Connection) -> bool:
    """Add the columns a store from before BG Stats links lacks (its plays keep empty ones);
    whether it lacked them (then see `link_old_results`, once profiles have ids)."""
    added = False
    for table, columns in _PLAY_COLUMNS.items():
        have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        for name, kind in columns:
            if name not in have:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
                added = True
    return added


def link_old_results(db: sqlite3.Connection) -> None:
    """Results logged before profiles had ids take the id of the profile of their name, so a
    player's older plays reach BG Stats as the same person as their new ones."""
    db.execute(
        "UPDATE play_results SET player_id = "
        "(SELECT uuid FROM players WHERE players.name = play_results.name) "
        "WHERE player_id = '' AND name IN (SELECT name FROM players)"
    )


def name_missions(db: sqlite3.Connection) -> int:
    """Log plays of a game of missions from before missions were games of their own under
    their mission, when their board names it (the others keep the game's name); how many."""
    named = 0
    for game in (spec.name for spec in catalog.GAMES if spec.missions):
        rows = db.execute("SELECT id, board FROM plays WHERE game = ?", (game,)).fetchall()
        for play, board in rows:
            logged = logged_name(game, str(board))
            if logged != game:
                db.execute("UPDATE plays SET game = ? WHERE id = ?", (logged, play))
                named += 1
    return named


def write_play(db: sqlite3.Connection, play: Play, record: int | None = None) -> bool:
    """Write a play unless one with its id is logged already; whether it was new. A play of
    a game of missions is logged under its mission (a backup from before names the game)."""
    cursor = db.execute(
        "INSERT OR IGNORE INTO plays (id, game, played_at, rounds, record, duration_min, board, "
        "comments, title) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            play.id,
            logged_name(play.game, play.board),
            play.played_at,
            json.dumps(play.rounds),
            record,
            play.duration_min,
            play.board,
            play.comments,
            play.title,
        ),
    )
    if cursor.rowcount == 0:
        return False
    db.executemany(
        "INSERT INTO play_results (play, seat, name, score, winner, start_player, role, team, "
        "player_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (play.id, p.seat, p.name, p.score, p.winner, p.start_player, *_extras(p))
            for p in play.players
        ],
    )
    return True


def name_seat(db: sqlite3.Connection, play_id: str, seat: int, name: str) -> Play:
    """Name an unnamed seat of a logged play after the profile ``name`` (see
    ``Store.name_seat``); the play as logged now."""
    row = db.execute("SELECT uuid FROM players WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise ValueError(f"no player named {name!r}")
    play = read_play(db, play_id)
    if play is None:
        raise ValueError(f"no play {play_id!r} in the score log")
    result = next((p for p in play.players if p.seat == seat), None)
    if result is None:
        raise ValueError(f"play {play_id!r} has no seat {seat}")
    if not unnamed(result):
        raise ValueError(f"seat {seat} of play {play_id!r} is {result.name!r} already")
    if any(p.name == name for p in play.players):
        raise ValueError(f"{name!r} is in play {play_id!r} already")
    db.execute(
        "UPDATE play_results SET name = ?, player_id = ? WHERE play = ? AND seat = ?",
        (name, str(row[0]), play_id, seat),
    )
    named = read_play(db, play_id)
    assert named is not None  # it was there a moment ago, in this transaction
    return named


def _extras(player: PlayerResult) -> tuple[str, str, str]:
    return player.role, player.team, player.player_id


_PLAY_QUERY = (
    "SELECT plays.id, game, played_at, rounds, duration_min, board, comments, title, seat, name, "
    "score, winner, start_player, role, team, player_id FROM plays "
    "LEFT JOIN play_results ON play_results.play = plays.id"
)


def iter_plays(
    db: sqlite3.Connection, game: str | None = None, *, where: str = "", args: tuple[Any, ...] = ()
) -> Iterator[Play]:
    """The logged plays (optionally of one game), oldest first, one at a time: the rows are
    read as they are needed, so memory does not grow with the log (see ``schema.INDEXES``).

    ``where`` narrows the plays further (an SQL condition on ``plays`` with ``args``)."""
    conditions, values = ([where], list(args)) if where else ([], [])
    if game is not None:
        conditions.append("game = ?")
        values.append(game)
    query = _PLAY_QUERY + (" WHERE " + " AND ".join(conditions) if conditions else "")
    rows = db.execute(query + " ORDER BY played_at, plays.rowid, seat", values)
    yield from _grouped(rows)


def _grouped(rows: Iterable[tuple[Any, ...]]) -> Iterator[Play]:
    """Plays from the rows of `_PLAY_QUERY`, whose rows come play by play, seat by seat."""
    head: tuple[Any, ...] | None = None
    players: list[PlayerResult] = []
    for row in rows:
        if head is None or row[0] != head[0]:
            if head is not None:
                yield _play(head, players)
            head, players = row[:8], []
        seat, name, score, winner, first, role, team, player_id = row[8:]
        if seat is not None:
            flags = bool(winner), bool(first)
            players.append(PlayerResult(name, int(seat), score, *flags, role, team, player_id))
    if head is not None:
        yield _play(head, players)


def _play(head: tuple[Any, ...], players: list[PlayerResult]) -> Play:
    id, game, played_at, rounds, duration, board, comments, title = head
    return Play(
        id,
        game,
        played_at,
        tuple(players),
        tuple(tuple(points) for points in json.loads(rounds)),
        duration,
        board,
        comments,
        title,
    )


def read_plays(db: sqlite3.Connection, game: str | None = None) -> list[Play]:
    """Every logged play (optionally of one game), oldest first (small logs and tests:
    everything else reads them with `iter_plays`)."""
    return list(iter_plays(db, game))


def read_play(db: sqlite3.Connection, play_id: str) -> Play | None:
    """The logged play ``play_id``, or None."""
    return next(iter_plays(db, where="plays.id = ?", args=(play_id,)), None)
