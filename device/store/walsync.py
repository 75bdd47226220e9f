"""The checkpoint's durability, off the main loop: the store's ``-wal`` file fsynced behind it.

The store commits the checkpoint with ``synchronous=NORMAL`` so the loop never waits for an
fsync (an SD card's can take tens of ms, docs/performance-alieninjas.md): such a commit
survives a crash of the process but not a power cut. The device's store wakes a
:class:`WalSync` after each commit; its thread fsyncs the ``-wal`` file through its own
read-only descriptor (fsync flushes the file's dirty pages, whoever wrote them), so a committed
checkpoint is on the disk a few milliseconds later. A cut mid-write is safe: SQLite's WAL
frames carry checksums, and recovery keeps the last commit whose frames all arrived.

Only the ``-wal`` file is opened here, never the database or its ``-shm`` (closing a descriptor
drops the process's POSIX locks on that file, and SQLite locks those two, not the ``-wal``).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

STOP_WAIT = 10.0
"""Seconds ``close`` waits for the thread (a dead SD card can hang an fsync: the stop goes on)."""


@dataclass(frozen=True)
class Synced:
    """What one sync put on the disk."""

    wakes: int
    """How many wakes it covered (every commit woken before it started)."""
    size: int | None
    """The ``-wal`` file's size when it was fsynced; None when there was no ``-wal`` file."""
    inode: int | None
    """The ``-wal`` file's inode (a new one after the file was deleted and made again)."""


def wal_sync_for(db: sqlite3.Connection, store_path: Path) -> WalSync | None:
    """A started :class:`WalSync` for the store ``db`` opened at ``store_path``; None when it
    keeps no WAL (another journal mode: nothing to sync behind)."""
    mode = str(db.execute("PRAGMA journal_mode").fetchone()[0]).lower()
    # A store opened alone (a full disk) is in WAL mode still, its index in the process's
    # memory instead of -shm: its -wal file is written, and synced, as usual.
    return WalSync(store_path) if mode == "wal" else None


class WalSync:
    """A thread that fsyncs ``<store>-wal`` after each :meth:`wake`, until :meth:`close`."""

    def __init__(self, store_path: Path) -> None:
        """Start the thread for the store at ``store_path``."""
        self.wal = Path(f"{store_path}-wal")
        self.last = Synced(0, None, None)
        """The newest sync done (for the tests, and to tell a reset WAL)."""
        self._fd: int | None = None
        self._inode: tuple[int, int] | None = None
        self._wakes = 0
        self._stopping = False
        self._failing = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="wal-sync", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        """A commit is in the WAL: sync it soon (called on the loop; never waits for a disk)."""
        with self._changed:
            self._wakes += 1
            self._changed.notify_all()

    def wait_synced(self, timeout: float) -> bool:
        """Wait until every commit woken before this call is synced; whether it was in time."""
        with self._changed:
            wanted = self._wakes
            return self._changed.wait_for(lambda: self.last.wakes >= wanted, timeout)

    def close(self) -> None:
        """Stop the thread after a last sync, and close the ``-wal`` descriptor."""
        with self._changed:
            self._stopping = True
            self._wakes += 1  # the last sync
            self._changed.notify_all()
        self._thread.join(STOP_WAIT)
        if self._thread.is_alive():
            logger.warning("the store's WAL sync did not stop within %.0f s", STOP_WAIT)
            return  # its descriptor is the thread's still
        self._drop()

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._wakes > self.last.wakes or self._stopping)
                wakes, stopping = self._wakes, self._stopping
            synced = self._sync(wakes)  # no lock held: the loop's wake never waits for it
            with self._changed:
                self.last = synced
                self._changed.notify_all()
            if stopping:
                return

    def _sync(self, wakes: int) -> Synced:
        # Never raises: a failing disk is logged once, and the loop and this thread go on.
        try:
            fd = self._open()
            if fd is None:
                return Synced(wakes, None, None)
            size = os.fstat(fd).st_size  # what is written now: fsync puts at least that down
            os.fsync(fd)
        except Exception as error:
            if not self._failing:
                logger.warning("cannot sync the store's WAL %s: %s", self.wal, error)
            self._failing = True
            self._drop()  # open it again next time
            return Synced(wakes, None, None)
        if self._failing:
            logger.warning("the store's WAL %s syncs again", self.wal)
            self._failing = False
        return Synced(wakes, size, self._inode[1] if self._inode else None)

    def _open(self) -> int | None:
        """The descriptor of the current ``-wal`` file; None when there is none."""
        try:
            now = os.stat(self.wal)
        except FileNotFoundError:
            self._drop()  # another journal mode, or the last connection removed it
            return None
        if self._fd is not None and self._inode == (now.st_dev, now.st_ino):
            return self._fd
        # A new -wal file (deleted and made again): its name must reach the disk too, and
        # SQLite syncs its folder only on its own first sync of it, never under NORMAL.
        self._drop()
        try:
            self._fd = os.open(self.wal, os.O_RDONLY | os.O_CLOEXEC)
        except FileNotFoundError:
            return None  # removed since the stat
        opened = os.fstat(self._fd)
        self._inode = (opened.st_dev, opened.st_ino)
        folder = os.open(self.wal.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
        return self._fd

    def _drop(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
        self._fd, self._inode = None, None
