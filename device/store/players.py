"""The store's players, seats and learned tags tables (part of the ``Store``)."""

from __future__ import annotations

import json
import sqlite3
import uuid
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Profile:
    """A player profile: a name and, optionally, the uid of their player card."""

    name: str
    tag: str | None = None
    id: str = field(default="", compare=False)
    """The profile's stable id (a uuid), kept through renames and backups; BG Stats matches
    players by it. Empty: a new one is made when the profile is stored. Profiles compare by
    name and tag only."""


def add_profile_ids(db: sqlite3.Connection) -> None:
    """Give every profile a stable id (a store from before BG Stats links has none)."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(players)")}
    if "uuid" not in columns:
        db.execute("ALTER TABLE players ADD COLUMN uuid TEXT")
    for (row,) in db.execute("SELECT id FROM players WHERE uuid IS NULL").fetchall():
        db.execute("UPDATE players SET uuid = ? WHERE id = ?", (new_profile_id(), row))


def new_profile_id() -> str:
    """A new profile id."""
    return str(uuid.uuid4())


class PlayerTables:
    """Player profiles, the seats they sit at, and the tags the device learned."""

    _db: sqlite3.Connection

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
        return tags_of(self._db)

    # -- the score log --------------------------------------------------------------------

    def add_player(self, name: str, tag: str | None = None) -> None:
        """Add a player profile (a name, and the uid of their card if they have one)."""
        name = name.strip()
        if not name:
            raise ValueError("a player needs a name")
        try:
            self._db.execute(
                "INSERT INTO players (name, tag, uuid) VALUES (?, ?, ?)",
                (name, tag.upper() if tag else None, new_profile_id()),
            )
        except sqlite3.IntegrityError:
            message = f"there is a player named {name!r} or with tag {tag!r} already"
            raise ValueError(message) from None

    def players(self) -> list[Profile]:
        """Every player profile, in the order they were added."""
        return profiles_of(self._db)

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
        for name, record in latest_plays_of(self._db, self.player_names()).items():
            last[name] = max(last.get(name, 0), record)
        profiles = list(enumerate(p.name for p in self.players()))
        profiles.sort(key=lambda item: (last.get(item[1], 0), item[0]), reverse=True)
        return [name for _, name in profiles]

    def seat_names(self) -> dict[int, str]:
        """The player names linked to seats (the Players screen's links), by seat."""
        rows = self._db.execute(
            "SELECT seat, name FROM seat_players JOIN players ON players.id = player"
        )
        return {int(seat): str(name) for seat, name in rows}

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


def profiles_of(db: sqlite3.Connection) -> list[Profile]:
    """Every player profile in the store ``db``, in the order they were added."""
    rows = db.execute("SELECT name, tag, uuid FROM players ORDER BY id")
    return [Profile(str(name), tag, str(uid or "")) for name, tag, uid in rows]


def tags_of(db: sqlite3.Connection) -> list[tuple[str, str, str]]:
    """Every tag learned in the store ``db`` as (uid, kind, value), by uid."""
    rows = db.execute("SELECT uid, kind, value FROM tags ORDER BY uid")
    return [(str(uid), str(kind), str(value)) for uid, kind, value in rows]


RECENT_PLAYS = 2000
"""Plays `latest_plays_of` walks back through before asking for the names it has not met."""


def latest_plays_of(db: sqlite3.Connection, names: set[str]) -> dict[str, int]:
    """Per name, the record of the latest play the device logged with it (names never in one
    are left out). The newest plays are walked first (an index on ``plays.record``), so an
    active group costs a few rows whatever the log's length; only the names not met in the
    last `RECENT_PLAYS` plays are looked up one by one."""
    found: dict[str, int] = {}
    rows = db.execute(
        "SELECT r.name, p.record FROM plays p JOIN play_results r ON r.play = p.id "
        "WHERE p.record IS NOT NULL ORDER BY p.record DESC LIMIT ?",
        (RECENT_PLAYS * 4,),
    )
    for name, record in rows:
        if name in names and name not in found:
            found[str(name)] = int(record)
            if len(found) == len(names):
                return found
    for name in names - set(found):
        row = db.execute(
            "SELECT MAX(p.record) FROM play_results r JOIN plays p ON p.id = r.play "
            "WHERE r.name = ?",
            (name,),
        ).fetchone()
        if row[0] is not None:
            found[name] = int(row[0])
    return found
