"""The SQLite store: the session checkpoint, game records, the score log and player profiles.

One file in the state directory, in WAL mode, readable by its owner only. The checkpoint is
rewritten after every session transition so that a crash or power cut loses nothing that was
confirmed; a finished game is committed with a full sync, its final record and its logged play
in one transaction.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from device.scorelog import is_final, play_from_record, play_id, prefix, utc_now
from games.scorelog.plays import Play, PlayerResult

logger = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS checkpoint (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    game TEXT NOT NULL,
    state TEXT NOT NULL,
    saved_at REAL NOT NULL,
    updated TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS tags (
    uid TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('seat', 'player', 'role')),
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS records (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    tag TEXT UNIQUE
);
CREATE TABLE IF NOT EXISTS seat_players (
    seat INTEGER PRIMARY KEY,
    player INTEGER NOT NULL REFERENCES players (id)
);
CREATE TABLE IF NOT EXISTS plays (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    played_at TEXT NOT NULL,
    rounds TEXT NOT NULL DEFAULT '[]',
    record INTEGER REFERENCES records (id)
);
CREATE TABLE IF NOT EXISTS play_results (
    play TEXT NOT NULL REFERENCES plays (id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    score INTEGER,
    winner INTEGER NOT NULL,
    start_player INTEGER NOT NULL,
    PRIMARY KEY (play, seat)
);
"""


@dataclass(frozen=True)
class Profile:
    """A player profile: a name and, optionally, the uid of their player card."""

    name: str
    tag: str | None = None


@dataclass(frozen=True)
class Checkpoint:
    """A saved session: its game, its state as JSON data, and the clock time it was saved at."""

    game: str
    state: dict[str, Any]
    saved_at: float


class Store:
    """The device's database."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not path.exists():
            # Create it private before SQLite opens it: the checkpoint holds hidden roles.
            path.touch(mode=0o600)
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)

    def save_checkpoint(self, game: str, state: dict[str, Any], saved_at: float) -> None:
        """Replace the checkpoint with this session state."""
        self._db.execute(
            "INSERT OR REPLACE INTO checkpoint (id, game, state, saved_at) VALUES (1, ?, ?, ?)",
            (game, json.dumps(state), saved_at),
        )

    def load_checkpoint(self) -> Checkpoint | None:
        """The saved session, or None when there is none."""
        row = self._db.execute(
            "SELECT game, state, saved_at FROM checkpoint WHERE id = 1"
        ).fetchone()
        if row is None:
            return None
        return Checkpoint(row[0], json.loads(row[1]), float(row[2]))

    def clear_checkpoint(self) -> None:
        """Forget the saved session (the game ended or was abandoned), durably."""
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("DELETE FROM checkpoint")
        self._db.execute("PRAGMA synchronous=NORMAL")

    def add_record(self, game: str, kind: str, data: dict[str, Any]) -> None:
        """Append a game record. A game's final record also logs its play, in the same
        transaction, committed with a full sync: a confirmed play survives a crash."""
        text = json.dumps(data)
        if not is_final(kind):
            self._db.execute(
                "INSERT INTO records (game, kind, data) VALUES (?, ?, ?)", (game, kind, text)
            )
            self._apply_players_record(kind, data)
            return
        self._db.execute("PRAGMA synchronous=FULL")
        try:
            with self._transaction():
                cursor = self._db.execute(
                    "INSERT INTO records (game, kind, data) VALUES (?, ?, ?)", (game, kind, text)
                )
                self._log_play(kind, json.loads(text), cursor.lastrowid)
        finally:
            self._db.execute("PRAGMA synchronous=NORMAL")

    def _apply_players_record(self, kind: str, data: dict[str, Any]) -> None:
        """The Players screen's records: a new profile, or a seat linked to a player."""
        try:
            if kind == "players.add" and str(data["name"]) not in self.player_names():
                self.add_player(str(data["name"]))
            elif kind == "players.link":
                name = data["name"]
                self.link_seat(int(data["seat"]), None if name is None else str(name))
        except (KeyError, TypeError, ValueError) as error:
            logger.warning("could not apply %s record: %s", kind, error)

    def _log_play(self, kind: str, data: dict[str, Any], record: int | None) -> None:
        game = prefix(kind)
        start = self._db.execute(
            "SELECT id, created FROM records WHERE kind = ? ORDER BY id DESC LIMIT 1",
            (f"{game}.start",),
        ).fetchone()
        # The game's records since its start (none without one: older games' are not its).
        since = int(start[0]) if start is not None else record or 0
        rows = self._db.execute(
            "SELECT kind, data FROM records WHERE id >= ? AND id < ? AND kind LIKE ? ORDER BY id",
            (since, record or 0, f"{game}.%"),
        )
        history = [(k, json.loads(d)) for k, d in rows]
        names = {
            int(seat): str(name)
            for seat, name in self._db.execute(
                "SELECT seat, name FROM seat_players JOIN players ON players.id = player"
            )
        }
        anchor = None if start is None else f"{start[0]}@{start[1]}"
        play = play_from_record(
            kind,
            data,
            history,
            names=names,
            play_id=play_id(kind, data, anchor),
            played_at=utc_now(),
        )
        self._insert_play(play, record)

    def _insert_play(self, play: Play, record: int | None = None) -> bool:
        """Write a play unless one with its id is logged already; whether it was new."""
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO plays (id, game, played_at, rounds, record) "
            "VALUES (?, ?, ?, ?, ?)",
            (play.id, play.game, play.played_at, json.dumps(play.rounds), record),
        )
        if cursor.rowcount == 0:
            return False
        self._db.executemany(
            "INSERT INTO play_results (play, seat, name, score, winner, start_player) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(play.id, p.seat, p.name, p.score, p.winner, p.start_player) for p in play.players],
        )
        return True

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def records(self, kind: str | None = None) -> list[tuple[str, str, dict[str, Any]]]:
        """All records (optionally of one kind), oldest first, as (game, kind, data)."""
        query = "SELECT game, kind, data FROM records"
        rows = (
            self._db.execute(query + " WHERE kind = ? ORDER BY id", (kind,))
            if kind
            else self._db.execute(query + " ORDER BY id")
        )
        return [(game, k, json.loads(data)) for game, k, data in rows]

    def learn_tag(self, uid: str, kind: str, value: str) -> None:
        """Remember what a tag stands for: a seat's number token, a player's card, a role tile."""
        self._db.execute(
            "INSERT OR REPLACE INTO tags (uid, kind, value) VALUES (?, ?, ?)",
            (uid.upper(), kind, value),
        )

    def tag(self, uid: str) -> tuple[str, str] | None:
        """What a tag stands for, as (kind, value), or None for a tag never learned."""
        row = self._db.execute(
            "SELECT kind, value FROM tags WHERE uid = ?", (uid.upper(),)
        ).fetchone()
        return None if row is None else (str(row[0]), str(row[1]))

    def forget_tag(self, uid: str) -> bool:
        """Forget a tag; whether there was one to forget."""
        cursor = self._db.execute("DELETE FROM tags WHERE uid = ?", (uid.upper(),))
        return cursor.rowcount > 0

    def tags(self) -> list[tuple[str, str, str]]:
        """Every learned tag as (uid, kind, value), by uid."""
        rows = self._db.execute("SELECT uid, kind, value FROM tags ORDER BY uid")
        return [(str(uid), str(kind), str(value)) for uid, kind, value in rows]

    # -- the score log --------------------------------------------------------------------

    def plays(self, game: str | None = None) -> list[Play]:
        """Every logged play (optionally of one game), oldest first."""
        query = "SELECT id, game, played_at, rounds FROM plays"
        args: tuple[str, ...] = ()
        if game is not None:
            query, args = query + " WHERE game = ?", (game,)
        plays = self._db.execute(query + " ORDER BY played_at, rowid", args).fetchall()
        results: dict[str, list[PlayerResult]] = {}
        for play, seat, name, score, winner, first in self._db.execute(
            "SELECT play, seat, name, score, winner, start_player FROM play_results "
            "ORDER BY play, seat"
        ):
            results.setdefault(play, []).append(
                PlayerResult(name, int(seat), score, bool(winner), bool(first))
            )
        return [
            Play(
                id,
                game,
                played_at,
                tuple(results.get(id, ())),
                tuple(tuple(points) for points in json.loads(rounds)),
            )
            for id, game, played_at, rounds in plays
        ]

    def add_play(self, play: Play) -> bool:
        """Log a play (made elsewhere, or restored); False when its id is logged already."""
        with self._transaction():
            return self._insert_play(play)

    def add_player(self, name: str, tag: str | None = None) -> None:
        """Add a player profile (a name, and the uid of their card if they have one)."""
        name = name.strip()
        if not name:
            raise ValueError("a player needs a name")
        try:
            self._db.execute(
                "INSERT INTO players (name, tag) VALUES (?, ?)",
                (name, tag.upper() if tag else None),
            )
        except sqlite3.IntegrityError:
            message = f"there is a player named {name!r} or with tag {tag!r} already"
            raise ValueError(message) from None

    def players(self) -> list[Profile]:
        """Every player profile, in the order they were added."""
        rows = self._db.execute("SELECT name, tag FROM players ORDER BY id")
        return [Profile(str(name), tag) for name, tag in rows]

    def player_names(self) -> set[str]:
        """The names of every profile."""
        return {str(name) for (name,) in self._db.execute("SELECT name FROM players")}

    def recent_players(self) -> list[str]:
        """Every profile's name, the most recently added, linked to a seat or played first."""
        last: dict[str, int] = {}
        rows = self._db.execute(
            "SELECT id, data FROM records WHERE kind IN ('players.add', 'players.link')"
        )
        for record, data in rows:
            name = json.loads(data).get("name")
            if isinstance(name, str):
                last[name] = max(last.get(name, 0), int(record))
        played = self._db.execute(
            "SELECT name, record FROM play_results JOIN plays ON plays.id = play "
            "WHERE record IS NOT NULL"
        )
        for name, record in played:
            last[str(name)] = max(last.get(str(name), 0), int(record))
        profiles = list(enumerate(p.name for p in self.players()))
        profiles.sort(key=lambda item: (last.get(item[1], 0), item[0]), reverse=True)
        return [name for _, name in profiles]

    def link_seat(self, seat: int, name: str | None) -> None:
        """Name a seat's player in plays logged from now on (None: back to "Player N")."""
        if name is None:
            self._db.execute("DELETE FROM seat_players WHERE seat = ?", (seat,))
            return
        row = self._db.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise ValueError(f"no player named {name!r}")
        self._db.execute(
            "INSERT OR REPLACE INTO seat_players (seat, player) VALUES (?, ?)", (seat, row[0])
        )

    def restore(
        self,
        plays: Sequence[Play],
        players: Sequence[Profile] = (),
        tags: Sequence[tuple[str, str, str]] = (),
    ) -> int:
        """Add a backup's plays, players and tags in one transaction, keeping what is here
        (plays by id, players by name, tags by uid); returns how many plays were new."""
        with self._transaction():
            for profile in players:
                self._db.execute(
                    "INSERT OR IGNORE INTO players (name, tag) VALUES (?, ?)",
                    (profile.name, profile.tag),
                )
            self._db.executemany(
                "INSERT OR IGNORE INTO tags (uid, kind, value) VALUES (?, ?, ?)",
                [(uid.upper(), kind, value) for uid, kind, value in tags],
            )
            return sum(self._insert_play(play) for play in plays)

    def close(self) -> None:
        """Close the database."""
        self._db.close()


def file_mode(path: Path) -> int:
    """The permission bits of a file (for checks and tests)."""
    return os.stat(path).st_mode & 0o777
