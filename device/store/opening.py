"""Opening the store's SQLite file: on a full disk, and when the file is damaged.

WAL mode needs a shared-memory file beside the store; on a full disk it cannot be made and
SQLite says "disk I/O error", so the daemon would not start. Then the store is opened in
exclusive locking mode, where SQLite keeps that index in the process's memory: the daemon
starts, queues what it cannot write (``device.store.pending``), and no other process may open
the store until it restarts.

A file that is not a database (or whose pages are broken) is not the daemon's to repair: it
raises ``StoreDamagedError``, which the commands complete with the newest backup that can be
read and the commands that restore it (``device.commands.damaged``).
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

logger = logging.getLogger(__name__)


class StoreDamagedError(Exception):
    """The store's file cannot be read as a database (``device.commands.damaged`` says how to
    restore it)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"the store {path} is damaged ({reason})")
        self.path, self.reason = path, reason


class StoreMissingError(Exception):
    """A command that reads the store was given one that is not there (it creates none)."""


CHECK = "check --store (or store.path in the config)"


def existing(path: Path) -> Path:
    """``path``, a store file that is there; else ``StoreMissingError`` naming it, so a command
    that only reads (``scores``, ``export``...) never makes a folder or an empty store of a
    mistyped path."""
    if path.is_dir():
        raise StoreMissingError(f"the store {path} is a folder, not a store file: {CHECK}")
    if not path.exists():
        raise StoreMissingError(f"the store {path} does not exist: {CHECK}")
    return path


def connect(path: Path) -> sqlite3.Connection:
    """A connection to the store at ``path`` in WAL mode (exclusive when the disk is full);
    ``StoreDamagedError`` if the file is not a sound database, ``StoreMissingError`` if it is a
    folder (SQLite would say only "unable to open database file")."""
    if path.is_dir():
        raise StoreMissingError(f"the store {path} is a folder, not a store file: {CHECK}")
    try:
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return db
        except sqlite3.OperationalError as error:
            db.close()
            logger.warning(
                "the store's WAL index cannot be made beside %s (%s; is the disk full?): the "
                "store is opened for this process alone until the daemon restarts; free space "
                "on its disk (df -h %s), then restart it (sudo systemctl restart mothership)",
                path,
                error,
                path.parent,
            )
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA locking_mode=EXCLUSIVE")
        db.execute("PRAGMA journal_mode=WAL")
        return db
    except sqlite3.DatabaseError as error:
        if isinstance(error, sqlite3.OperationalError):
            raise
        raise StoreDamagedError(path, str(error)) from None


def alone(db: sqlite3.Connection) -> bool:
    """Whether ``db`` holds its store for this process alone (opened on a full disk): then no
    other connection, even this process's own, can read the store while ``db`` is open."""
    return str(db.execute("PRAGMA locking_mode").fetchone()[0]).lower() == "exclusive"


def damage_found(path: Path, error: sqlite3.DatabaseError) -> StoreDamagedError | None:
    """``error`` as the store's damage, when the store at ``path`` is damaged indeed (a broken
    page found only when a table is read, after the store opened: SQLite's message names no
    file); None when the store checks sound, or cannot be checked (``error`` was elsewhere)."""
    if isinstance(error, sqlite3.OperationalError):
        return None  # locked, full, missing: not a damaged file
    return pages_damaged(path, str(error))


def pages_damaged(path: Path, reason: str = "") -> StoreDamagedError | None:
    """The damage ``PRAGMA quick_check`` finds in the store at ``path`` (``reason``: what to
    say it is, else SQLite's first finding); None when it is sound or cannot be read now."""
    if not path.is_file():
        return None
    try:
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            verdict = str(db.execute("PRAGMA quick_check").fetchone()[0])
        finally:
            db.close()
    except sqlite3.OperationalError:
        return None  # locked or unreadable now: not known to be damaged
    except sqlite3.DatabaseError as found:
        return StoreDamagedError(path, reason or str(found))
    if verdict == "ok":
        return None
    return StoreDamagedError(path, reason or verdict.strip().splitlines()[0][:120])
