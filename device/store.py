"""The SQLite store: the session checkpoint and game records.

One file in the state directory, in WAL mode, readable by its owner only. The checkpoint is
rewritten after every session transition so that a crash or power cut loses nothing that was
confirmed; a finished game is committed with a full sync.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
"""


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
        """Append a game record."""
        self._db.execute(
            "INSERT INTO records (game, kind, data) VALUES (?, ?, ?)",
            (game, kind, json.dumps(data)),
        )

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

    def close(self) -> None:
        """Close the database."""
        self._db.close()


def file_mode(path: Path) -> int:
    """The permission bits of a file (for checks and tests)."""
    return os.stat(path).st_mode & 0o777
