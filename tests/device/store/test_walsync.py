"""The checkpoint's WAL is fsynced behind the loop: after each commit, through a reset WAL, with
no WAL at all, and joined with a last sync when the store closes."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from device.store.database import Store
from device.store.walsync import WalSync

WAIT = 30.0  # generous: a busy box; no test measures time


@pytest.fixture
def fsynced(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every fsync the WAL sync makes, as (the file's path, its size then); the real fsync
    still runs."""
    calls: list[tuple[str, int]] = []
    real = os.fsync

    def spy(fd: int) -> None:
        calls.append((os.readlink(f"/proc/self/fd/{fd}"), os.fstat(fd).st_size))
        real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    return calls


def device_store(path: Path) -> tuple[Store, WalSync]:
    store = Store(path)
    store.sync_wal_behind()
    assert store.wal_sync is not None
    return store, store.wal_sync


def test_a_checkpoint_commit_is_fsynced_behind_the_loop(
    tmp_path: Path, fsynced: list[tuple[str, int]]
) -> None:
    store, sync = device_store(tmp_path / "m.db")
    wal = tmp_path / "m.db-wal"
    store.save_checkpoint("alieninjas", {"phase": "score"}, 1.0)
    committed = wal.stat()
    assert sync.wait_synced(WAIT)
    assert sync.last.size == committed.st_size > 0
    assert sync.last.inode == committed.st_ino
    assert (str(wal), committed.st_size) in fsynced
    store.close()


def test_a_store_that_is_not_told_makes_no_sync(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    store.sync_wal_behind(False)  # the simulator's wiring
    assert store.wal_sync is None
    store.save_checkpoint("alieninjas", {"phase": "score"}, 1.0)
    store.close()


def test_it_follows_a_reset_and_a_remade_wal(
    tmp_path: Path, fsynced: list[tuple[str, int]]
) -> None:
    store, sync = device_store(tmp_path / "m.db")
    wal = tmp_path / "m.db-wal"
    store.save_checkpoint("alieninjas", {"phase": "rounds", "pad": "x" * 20000}, 1.0)
    assert sync.wait_synced(WAIT)
    first = sync.last
    # SQLite's checkpoint empties the WAL (same file); the next commit starts it again.
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert wal.stat().st_size == 0
    store.save_checkpoint("alieninjas", {"phase": "score"}, 2.0)
    assert sync.wait_synced(WAIT)
    assert sync.last.wakes > first.wakes
    assert sync.last.size == wal.stat().st_size
    assert sync.last.size is not None and first.size is not None and sync.last.size < first.size
    # Another journal mode removes the -wal; back in WAL mode it is a new file.
    store._db.execute("PRAGMA journal_mode=DELETE")
    assert not wal.exists()
    store.save_checkpoint("alieninjas", {"phase": "end"}, 3.0)
    assert sync.wait_synced(WAIT)
    assert sync.last.size is None
    store._db.execute("PRAGMA journal_mode=WAL")
    store.save_checkpoint("alieninjas", {"phase": "again"}, 4.0)
    assert sync.wait_synced(WAIT)
    assert sync.last.inode == wal.stat().st_ino
    assert (str(wal), wal.stat().st_size) in fsynced
    # Removed and made again between two syncs: the held descriptor is the old file's.
    held = sync.last.inode
    store._db.execute("PRAGMA journal_mode=DELETE")
    store._db.execute("PRAGMA journal_mode=WAL")
    store.save_checkpoint("alieninjas", {"phase": "once more"}, 5.0)
    assert sync.wait_synced(WAIT)
    assert sync.last.inode == wal.stat().st_ino != held
    assert fsynced[-1] == (str(wal), wal.stat().st_size)
    store.close()


def test_no_wal_file_is_fine(tmp_path: Path) -> None:
    sync = WalSync(tmp_path / "none.db")
    sync.wake()
    assert sync.wait_synced(WAIT)
    assert sync.last.size is None
    sync.close()
    assert not sync._thread.is_alive()


def test_a_store_in_another_journal_mode_gets_no_sync(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    store._db.execute("PRAGMA journal_mode=DELETE")
    store.sync_wal_behind()
    assert store.wal_sync is None
    store.close()


def test_a_failing_fsync_is_logged_once_and_the_store_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    store, sync = device_store(tmp_path / "m.db")
    for n in range(3):
        store.save_checkpoint("alieninjas", {"n": n}, float(n))
        assert sync.wait_synced(WAIT)
    assert sync.last.size is None
    assert [r.message for r in caplog.records].count(
        f"cannot sync the store's WAL {tmp_path / 'm.db-wal'}: [Errno 5] Input/output error"
    ) == 1
    assert store.load_checkpoint() is not None
    store.close()
    assert not sync._thread.is_alive()


def test_close_joins_the_thread_after_a_last_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fsynced: list[tuple[str, int]]
) -> None:
    store, sync = device_store(tmp_path / "m.db")
    wal = tmp_path / "m.db-wal"
    # Hold the thread in a sync, so the commit below is synced only by close's last sync.
    held, release = threading.Event(), threading.Event()
    spy = os.fsync  # the fixture's

    def slow(fd: int) -> None:
        held.set()
        assert release.wait(WAIT)
        spy(fd)

    monkeypatch.setattr(os, "fsync", slow)
    store.save_checkpoint("alieninjas", {"phase": "rounds"}, 1.0)
    assert held.wait(WAIT)
    store.save_checkpoint("alieninjas", {"phase": "score", "pad": "x" * 20000}, 2.0)
    last = wal.stat().st_size
    closing = threading.Thread(target=store.close)
    closing.start()
    release.set()
    closing.join(WAIT)
    assert not closing.is_alive()
    assert not sync._thread.is_alive()
    assert sync.last.wakes >= 3  # two commits and the stop
    assert (str(wal), last) in fsynced
