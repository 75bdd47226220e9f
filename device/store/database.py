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
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from device.store.checkpoints import RESUME_ATTEMPTS as RESUME_ATTEMPTS  # still read from here
from device.store.checkpoints import Checkpoint as Checkpoint
from device.store.checkpoints import CheckpointError as CheckpointError
from device.store.checkpoints import CheckpointTable
from device.store.opening import StoreDamagedError, alone, connect
from device.store.pending import PendingWrites
from device.store.players import PlayerTables, Profile, add_profile_ids, new_profile_id
from device.store.schema import INDEXES, SCHEMA, TRIGGERS
from device.store.scorelog import (
    add_play_columns,
    duration_minutes,
    iter_plays,
    link_old_results,
    name_missions,
    name_seat,
    play_id,
    play_of,
    read_plays,
    utc_now,
    write_play,
)
from device.store.settings import SettingsTable, add_settings_table
from device.store.stats import LogStats
from device.store.walsync import WalSync, wal_sync_for
from games.scorelog.plays import FinalResult, Play

logger = logging.getLogger(__name__)


class Store(CheckpointTable, PlayerTables, SettingsTable):
    """The device's database (its session checkpoint: :class:`CheckpointTable`; its players and
    tags tables: :class:`PlayerTables`; its device settings: :class:`SettingsTable`)."""

    def __init__(self, path: Path, *, on_write_error: Callable[[str], None] | None = None) -> None:
        """Open (or create) the store at ``path``.

        With ``on_write_error`` (the daemon), a write the disk refuses does not raise: it is
        queued and retried by ``flush``, and ``on_write_error`` gets a sentence for the screen.
        Without it (the commands), a refused write raises as usual.
        """
        self.path = path
        self.on_write_error = on_write_error
        self.pending = PendingWrites()
        self.last_logged: Play | None = None
        self._stats: LogStats | None = None
        """The play logged last since the store was opened (the end screen's BG Stats link)."""
        self.wal_sync: WalSync | None = None
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not path.exists():
            # Create it private before SQLite opens it: the checkpoint holds hidden roles.
            path.touch(mode=0o600)
        self._db = connect(path)
        self.alone = alone(self._db)
        """Opened for this process alone (a full disk at start): a backup reads this connection."""
        try:
            self._set_up()
        except sqlite3.DatabaseError as error:
            self._db.close()
            if isinstance(error, sqlite3.OperationalError):
                raise
            raise StoreDamagedError(path, str(error)) from None

    def sync_wal_behind(self, device: bool = True) -> None:
        """On the ``device``, fsync the WAL after each write off the loop (``WalSync``), so a
        checkpoint survives a power cut too; the simulator and the commands make none."""
        if device and self.wal_sync is None:
            self.wal_sync = wal_sync_for(self._db, self.path)

    def _set_up(self) -> None:
        """The tables, and what older stores lack."""
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(checkpoint)")}
        if "attempts" not in columns:  # a store from before resume attempts were counted
            self._db.execute(
                "ALTER TABLE checkpoint ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0"
            )
        old_plays = add_play_columns(self._db)
        add_profile_ids(self._db)
        add_settings_table(self._db)
        if old_plays:
            link_old_results(self._db)
        name_missions(self._db)  # a store from before each mission was a game of its own
        self._db.executescript(INDEXES)
        self._db.executescript(TRIGGERS)

    def _write(self, queue: Callable[[PendingWrites], None]) -> None:
        """Queue a write and make every pending one; on the daemon, a refusal only warns."""
        queue(self.pending)
        if self.on_write_error is None:
            try:
                self.flush()
            finally:
                self.pending = PendingWrites()
            return
        self.flush()

    def flush(self) -> bool:
        """Make the writes a full or read-only disk refused earlier; whether all are in."""
        if not self.pending:
            return True
        failing = bool(self.pending.error)
        if self.pending.replay(
            self._add_record, self._save_checkpoint, self._clear_checkpoint, self._save_setting
        ):
            if self.wal_sync is not None:
                self.wal_sync.wake()  # the NORMAL commits reach the disk behind the loop
            if failing:
                logger.warning("the store is writable again; the game is saved")
            return True
        if self.on_write_error is None:
            raise sqlite3.OperationalError(self.pending.error)
        if not failing:
            logger.warning("cannot write the store %s: %s", self.path, self.pending.error)
            self.on_write_error(
                "Cannot save to the disk (it is full or read-only). The game goes on and is "
                "saved as soon as the disk takes it again."
            )
        return False

    @property
    def unsaved(self) -> bool:
        """Whether some writes wait for the disk."""
        return bool(self.pending)

    def add_record(
        self, game: str, kind: str, data: dict[str, Any], result: FinalResult | None = None
    ) -> None:
        """Append a game record. A game's final record comes with its ``result`` (see
        ``LogPlay``): its play is logged in the same transaction, committed with a full sync,
        so a confirmed play survives a crash."""
        self._write(lambda pending: pending.records.append((game, kind, data, result)))

    def _add_record(
        self, game: str, kind: str, data: dict[str, Any], result: FinalResult | None = None
    ) -> None:
        text = json.dumps(data, allow_nan=False)
        if result is None:
            with self._transaction():
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
                self._log_play(kind, json.loads(text), result, cursor.lastrowid)
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

    def _log_play(
        self, kind: str, data: dict[str, Any], result: FinalResult, record: int | None
    ) -> None:
        """Log the play of a final record (row ``record``) and the result it carries."""
        # The game's start record only anchors the play's id, so a replayed final is kept once.
        start = self._db.execute(
            "SELECT id, created FROM records WHERE kind = ? ORDER BY id DESC LIMIT 1",
            (f"{result.game}.start",),
        ).fetchone()
        linked = self._db.execute(
            "SELECT seat, name, uuid FROM seat_players JOIN players ON players.id = player"
        ).fetchall()
        names = {int(seat): str(name) for seat, name, _ in linked}
        ids = {int(seat): str(uid) for seat, _, uid in linked}
        anchor = None if start is None else f"{start[0]}@{start[1]}"
        played_at = utc_now()
        play = play_of(
            result,
            names=names,
            play_id=play_id(kind, data, anchor),
            played_at=played_at,
            player_ids=ids,
            duration_min=None if start is None else duration_minutes(str(start[1]), played_at),
        )
        if self._insert_play(play, record):
            self.last_logged = play

    def _insert_play(self, play: Play, record: int | None = None) -> bool:
        """Write a play unless one with its id is logged already; whether it was new."""
        return write_play(self._db, play, record)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            # SQLite may have rolled back already (a full disk does): keep the real error.
            if self._db.in_transaction:
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

    def plays(self, game: str | None = None) -> list[Play]:
        """Every logged play (optionally of one game), oldest first: for small logs and tests;
        a long log is read with `iter_plays` or asked with `device.store.stats`."""
        return read_plays(self._db, game)

    def iter_plays(self, game: str | None = None) -> Iterator[Play]:
        """The logged plays (optionally of one game), oldest first, read one at a time."""
        return iter_plays(self._db, game)

    def stats(self) -> LogStats:
        """The score log's queries on this store's connection (for the main loop)."""
        if self._stats is None:
            # Its own writes, and other connections' (an import while the device runs).
            self._stats = LogStats(self._db, self._version)
        return self._stats.fresh()

    def _version(self) -> tuple[int, int]:
        other = self._db.execute("PRAGMA data_version").fetchone()[0]
        return self._db.total_changes, int(other)

    def play_count(self) -> int:
        """How many plays are logged."""
        return int(self._db.execute("SELECT COUNT(*) FROM plays").fetchone()[0])

    def name_seat(self, play_id: str, seat: int, name: str) -> Play:
        """Name an unnamed seat of a logged play after a profile ("Who played?"); the play as
        logged now. A ValueError names a play, seat or profile that is not there, or a seat
        already named (a name is never overwritten here)."""
        with self._transaction():
            named = name_seat(self._db, play_id, seat, name)
        if self.last_logged is not None and self.last_logged.id == play_id:
            self.last_logged = named
        return named

    def add_play(self, play: Play) -> bool:
        """Log a play (made elsewhere, or restored); False when its id is logged already."""
        with self._transaction():
            return self._insert_play(play)

    def restore(
        self,
        plays: Iterable[Play],
        players: Iterable[Profile] = (),
        tags: Iterable[tuple[str, str, str]] = (),
    ) -> int:
        """Add a backup's plays, players and tags in one transaction, keeping what is here
        (plays by id, players by name, tags by uid); returns how many plays were new."""
        with self._transaction():
            for profile in players:
                self._db.execute(
                    "INSERT OR IGNORE INTO players (name, tag, uuid) VALUES (?, ?, ?)",
                    (profile.name, profile.tag, profile.id or new_profile_id()),
                )
            self._db.executemany(
                "INSERT OR IGNORE INTO tags (uid, kind, value) VALUES (?, ?, ?)",
                [(uid.upper(), kind, value) for uid, kind, value in tags],
            )
            return sum(self._insert_play(play) for play in plays)

    def own_reader(self) -> sqlite3.Connection | None:
        """This store's connection when it holds the store alone (no other can read it)."""
        return self._db if self.alone else None

    def copy_into(self, target: sqlite3.Connection) -> None:
        """Copy the store into ``target`` through its own connection: a store opened alone
        can be read by no other, not even this process's."""
        self._db.backup(target, pages=256)

    def close(self) -> None:
        """Close the database, after a last try at the writes the disk refused (a play ended
        on a full disk is kept if room was made before the stop)."""
        if self.pending and not self.flush():
            logger.error(
                "the store %s took not every write before the stop: what the disk refused is "
                "lost; free space on its disk (df -h %s)",
                self.path,
                self.path.parent,
            )
        if self.wal_sync is not None:
            self.wal_sync.close()  # its last sync: what close's flush wrote
        self._db.close()


def file_mode(path: Path) -> int:
    """The permission bits of a file (for checks and tests)."""
    return os.stat(path).st_mode & 0o777
