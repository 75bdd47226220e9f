"""Automatic backups of the store: a SQLite snapshot a night, and a journal of the plays since.

A copy of the whole log after every play would grow with the log (a JSON backup of 100,000
plays took 10 s and 287 MB each time, and 14 of them 2.5 GB of SD card). Instead, an
incremental scheme:

* a **snapshot** ``mothership-<time>.db`` is a copy of the store made with SQLite's online
  backup API (page by page, memory flat, consistent while the device writes). It is written to
  a temporary name, synced and then renamed, so a power cut or a full disk never leaves a
  truncated or empty backup under a backup's name. One is made by the first play of a UTC day
  (a game night), after `JOURNAL_MOST` plays since the last one, and by ``backup now``;
* every other play is appended, as one JSON line (the play and its players' profiles), to the
  newest snapshot's **journal** ``mothership-<time>.plays.jsonl``, and synced: a cost that does
  not depend on the log's length.

Restoring a snapshot imports its plays, profiles and tags, then its journal's plays, keeping
what the store has (nothing is duplicated). JSON backups from before (``mothership-*.json``)
are still listed and restored. The newest `BACKUPS_KEPT` snapshots are kept, each with its
journal; every file is the owner's only (0600, the folder 0700).
"""

from __future__ import annotations

import errno
import json
import logging
import os
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from device.store.database import Store
from device.store.exports import reading
from device.store.players import Profile, profiles_of, tags_of
from device.store.scorelog import BackupError, iter_plays, play_from_json, play_to_json
from games.scorelog.plays import Play

logger = logging.getLogger(__name__)

BACKUPS_KEPT = 14
"""Snapshots kept (with their journals); older ones are removed as new ones are made."""
JOURNAL_MOST = 200
"""Plays a journal takes before the next play makes a new snapshot instead."""
BACKUP_FOLDER = "backups"
PREFIX = "mothership-"
SNAPSHOT, JOURNAL, OLD_JSON = ".db", ".plays.jsonl", ".json"
SQLITE_HEADER = b"SQLite format 3\x00"
PRIVATE = 0o600


def backup_dir(store_path: Path) -> Path:
    """Where the backups of the store at ``store_path`` go: ``backups/`` beside it."""
    return store_path.parent / BACKUP_FOLDER


def list_backups(folder: Path) -> list[Path]:
    """The snapshots and old JSON backups in ``folder``, oldest first (names sort by time)."""
    if not folder.is_dir():
        return []
    found = [*folder.glob(f"{PREFIX}*{SNAPSHOT}"), *folder.glob(f"{PREFIX}*{OLD_JSON}")]
    return sorted(path for path in found if path.is_file())


def journal_of(snapshot: Path) -> Path:
    """The journal of plays logged after ``snapshot`` was made."""
    return snapshot.with_name(snapshot.name.removesuffix(SNAPSHOT) + JOURNAL)


def _stamp(now: datetime | None) -> str:
    return (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S%fZ")


def _sync_dir(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def write_backup(store: Store, folder: Path, now: datetime | None = None) -> Path:
    """A new snapshot of the store in ``folder`` (SQLite's backup API, written under a
    temporary name, synced, then renamed), then only the newest `BACKUPS_KEPT` are kept."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = folder / f"{PREFIX}{_stamp(now)}{SNAPSHOT}"
    partial = path.with_name(path.name + ".partial")
    for stale in folder.glob(f"{PREFIX}*.partial"):  # left by a power cut: never a backup
        stale.unlink(missing_ok=True)
    os.close(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE))
    try:
        target = sqlite3.connect(partial)
        try:
            if store.alone:  # a second connection would wait for ever on the store's lock
                store.copy_into(target)
            else:
                _copy(store.path, target)
            target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        finally:
            target.close()
        with partial.open("rb+") as file:
            os.fsync(file.fileno())
        os.replace(partial, path)
        _sync_dir(folder)
    finally:
        partial.unlink(missing_ok=True)
    snapshots = [p for p in list_backups(folder) if p.suffix == SNAPSHOT]
    for old in snapshots[:-BACKUPS_KEPT]:
        old.unlink(missing_ok=True)
        journal_of(old).unlink(missing_ok=True)
    return path


BUSY_MOST = 40
"""Steps a snapshot waits on a store another process holds (SQLite sleeps 0.25 s each)."""


def _copy(store: Path, target: sqlite3.Connection) -> None:
    """Copy the store at ``store`` into ``target`` with SQLite's backup API, a bounded wait on
    a lock: the API itself retries a busy store for ever, and a store held by a process that
    opened it alone (on a full disk) is never let go."""
    waits = 0

    def progress(status: int, _remaining: int, _total: int) -> None:
        nonlocal waits
        if status in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            waits += 1
            if waits > BUSY_MOST:
                raise sqlite3.OperationalError(
                    f"the store {store} is locked by another process (a mothership started "
                    "on a full disk holds it until it restarts): free space on its disk, "
                    "restart it (sudo systemctl restart mothership) and try again"
                )

    source = sqlite3.connect(store)
    try:
        source.backup(target, pages=256, progress=progress)
    finally:
        source.close()


def _snapshot_due(snapshot: Path | None, now: datetime) -> bool:
    if snapshot is None:
        return True
    made = snapshot.name.removeprefix(PREFIX)[:8]
    if made != now.strftime("%Y%m%d"):
        return True
    journal = journal_of(snapshot)
    if not journal.exists():
        return False
    with journal.open("rb") as lines:
        return sum(1 for _ in lines) >= JOURNAL_MOST


def append_play(journal: Path, play: Play) -> None:
    """Append ``play`` (with its named players' profiles) to ``journal`` as one JSON line,
    synced before returning."""
    profiles = [{"name": p.name, "id": p.player_id} for p in play.players if p.player_id]
    line = json.dumps({"play": play_to_json(play), "players": profiles}) + "\n"
    descriptor = os.open(journal, os.O_WRONLY | os.O_CREAT | os.O_APPEND, PRIVATE)
    size = os.fstat(descriptor).st_size
    try:
        os.write(descriptor, line.encode())
        os.fsync(descriptor)
    except OSError:
        os.ftruncate(descriptor, size)  # a full disk leaves no half line for the next play
        raise
    finally:
        os.close(descriptor)


_SNAPSHOTTING = threading.Lock()
"""Held while a snapshot is written behind the loop: one at a time."""


def backup_after_play(
    store: Store, folder: Path, now: datetime | None = None, *, behind: bool = False
) -> Path | None:
    """The automatic backup after a logged play: a line in the newest snapshot's journal, or
    a new snapshot when one is due. A failure is logged, never raised, so a full disk does not
    stop the game (the play itself is already in the store); returns the file written (with
    ``behind``, the journal the play went to while the snapshot is written, or None for the
    first snapshot of all, which has no journal before it).

    ``behind`` (the device): the snapshot is written on a thread of its own, so a long log's
    copy never holds up the result screen; the play also goes to the previous snapshot's
    journal, which a restore of the new snapshot reads too (`restore_backup`), so a play
    logged while the copy runs is never in neither."""
    moment = now or datetime.now(UTC)
    play = store.last_logged
    if store.unsaved:  # the play itself waits for the disk: no backup can hold it yet
        logger.warning(
            "no backup after this play: the store %s cannot be written (the play waits in "
            "memory); free space on its disk (df -h %s)",
            store.path,
            store.path.parent,
        )
        return None
    try:
        snapshots = [p for p in list_backups(folder) if p.suffix == SNAPSHOT]
        newest = snapshots[-1] if snapshots else None
        due = newest is None or play is None or _snapshot_due(newest, moment)
        if due and behind:
            if newest is not None and play is not None:
                append_play(journal_of(newest), play)
            if store.alone:  # only the loop's own connection can read it: not behind it
                logger.warning(
                    "no new snapshot in %s: the store %s is open for this process alone (the "
                    "disk was full at start); free space on its disk and restart (sudo "
                    "systemctl restart mothership)",
                    folder,
                    store.path,
                )
            elif _SNAPSHOTTING.acquire(blocking=False):  # else one is being written already
                threading.Thread(
                    target=_snapshot_behind, args=(store, folder, moment), daemon=True
                ).start()
            return None if newest is None or play is None else journal_of(newest)
        if due:
            path = write_backup(store, folder, moment)
        else:
            assert newest is not None and play is not None
            path = journal_of(newest)
            append_play(path, play)
    except (OSError, ValueError, sqlite3.Error) as error:
        logger.warning("automatic backup into %s failed: %s", folder, failure(error, folder))
        return None
    logger.info("backup written: %s", path)
    return path


def _snapshot_behind(store: Store, folder: Path, moment: datetime) -> None:
    try:
        path = write_backup(store, folder, moment)
    except (OSError, ValueError, sqlite3.Error) as error:
        logger.warning("automatic backup into %s failed: %s", folder, failure(error, folder))
    else:
        logger.info("backup written: %s", path)
    finally:
        _SNAPSHOTTING.release()


def failure(error: Exception, folder: Path) -> str:
    """Why a backup into ``folder`` failed, with the fix when it is a full disk."""
    full = isinstance(error, OSError) and error.errno == errno.ENOSPC
    if full or "disk is full" in str(error):
        return f"{error}; free space on its disk (df -h {folder})"
    return str(error)


def wait_for_snapshot(timeout: float = 60.0) -> bool:
    """Wait until no snapshot is being written behind the loop; whether none is now."""
    if not _SNAPSHOTTING.acquire(timeout=timeout):
        return False
    _SNAPSHOTTING.release()
    return True


@dataclass(frozen=True)
class Restored:
    """What a restore did: plays new to the store, and plays in the backup."""

    added: int
    total: int


def restore_backup(store: Store, path: Path) -> Restored:
    """Import the backup ``path`` (a snapshot and its journal, or an old JSON backup) into
    ``store`` without duplicating anything; a `BackupError` says what is wrong with it."""
    if path.suffix == OLD_JSON:
        from device.store.jsonbackup import import_backup

        added, total = import_backup(store, path.read_text(encoding="utf-8"))
        return Restored(added, total)
    if not readable(path):
        raise BackupError(f"{path.name} is not a Mothership snapshot (empty or not SQLite)")
    try:
        with tempfile.TemporaryDirectory(prefix="mothership-restore-") as scratch:
            # A copy, brought up to this version's tables (a snapshot of an older store lacks
            # some columns); the backup itself is never written.
            copy = Path(scratch) / "snapshot.db"
            shutil.copyfile(path, copy)
            Store(copy).close()
            with reading(copy) as db:
                total = int(db.execute("SELECT COUNT(*) FROM plays").fetchone()[0])
                added = store.restore(iter_plays(db), profiles_of(db), tags_of(db))
                journaled: set[str] = set()  # a journal holds 200 plays at most
                for journal in _journals_of(path):
                    for play, profiles in journal_plays(journal):
                        added += store.restore([play], profiles)
                        known = db.execute("SELECT 1 FROM plays WHERE id = ?", (play.id,))
                        total += known.fetchone() is None and play.id not in journaled
                        journaled.add(play.id)
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path.name} cannot be read: {error}") from None
    return Restored(added, total)


def _journals_of(snapshot: Path) -> list[Path]:
    """The journals a restore of ``snapshot`` reads: its own, and the previous snapshot's (a
    play logged while ``snapshot`` was written behind the loop went there)."""
    snapshots = [p for p in list_backups(snapshot.parent) if p.suffix == SNAPSHOT]
    earlier = [p for p in snapshots if p.name < snapshot.name]
    return [journal_of(p) for p in earlier[-1:]] + [journal_of(snapshot)]


def journal_plays(journal: Path) -> Iterator[tuple[Play, list[Profile]]]:
    """The plays in a journal with their profiles; a last line cut short by a power cut is
    skipped, any other bad line is a `BackupError` naming it."""
    if not journal.exists():
        return
    with journal.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.endswith("\n"):
                logger.warning("%s: line %d was cut short; skipped", journal.name, number)
                return
            try:
                data = json.loads(line)
                play = play_from_json(data["play"], f"{journal.name} line {number}")
                profiles = [Profile(p["name"], None, p["id"]) for p in data["players"]]
            except (ValueError, KeyError, TypeError) as error:
                raise BackupError(f"{journal.name} line {number}: {error}") from None
            yield play, profiles


def readable(path: Path) -> bool:
    """Whether ``path`` looks like a backup that can be restored (not empty; a snapshot
    starts as SQLite files do)."""
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError:
        return False
    if path.suffix == SNAPSHOT:
        return head == SQLITE_HEADER
    return bool(head.strip())


def plays_in(path: Path) -> int | None:
    """How many plays a backup holds (a snapshot's and its journal's); None if unreadable."""
    if not readable(path):
        return None
    try:
        if path.suffix == OLD_JSON:
            return len(json.loads(path.read_text(encoding="utf-8")).get("plays", []))
        with reading(path) as db:
            count = int(db.execute("SELECT COUNT(*) FROM plays").fetchone()[0])
        return count + sum(1 for _ in journal_plays(journal_of(path)))
    except (OSError, ValueError, AttributeError, sqlite3.Error):
        return None
