"""No game's bug, corrupt checkpoint, full disk or second daemon ends a game night."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from handbuilt import Broken, make_daemon, said

from device.clock import VirtualClock
from device.runtime.app import RESUME_FAILED, Daemon
from device.runtime.guard import GAVE_UP, SORRY, TICK_TRIES
from device.runtime.lock import StoreLockedError, lock_path, lock_store
from device.store.checkpoints import RESUME_ATTEMPTS, CheckpointError
from device.store.database import Store
from games.events import Control, ControlPressed, Tap, Touched
from games.onenight.session import OneNightSession


def into_setup(daemon: Daemon) -> None:
    daemon.inbox.put(ControlPressed(Control.GO, 0.0))
    daemon.step()
    assert daemon.runtime.phase == "setup"


def test_a_bug_on_an_input_keeps_the_last_good_state_and_apologises(
    daemon: Daemon, monkeypatch: pytest.MonkeyPatch
) -> None:
    into_setup(daemon)
    store = daemon.runtime.store
    assert store is not None
    before = store.load_checkpoint()
    state = daemon.runtime.state

    def broken(*_: Any) -> Any:
        raise Broken("planted")

    monkeypatch.setattr(OneNightSession, "handle", broken)
    daemon.inbox.put(Touched(Tap.START))
    daemon.step()  # does not raise
    assert daemon.running and daemon.runtime.state is state
    assert store.load_checkpoint() == before
    assert "common.sorry" in said(daemon)
    assert daemon.ui._notice is not None and daemon.ui._notice[0] == SORRY


def test_a_deadline_that_keeps_failing_sets_the_game_aside_after_a_few_tries(
    daemon: Daemon, monkeypatch: pytest.MonkeyPatch
) -> None:
    into_setup(daemon)
    daemon.inbox.put(Touched(Tap.START))
    daemon.step()
    assert daemon.runtime.phase == "dusk"

    def broken(*_: Any) -> Any:
        raise Broken("planted")

    monkeypatch.setattr(OneNightSession, "handle", broken)
    clock = daemon.clock
    assert isinstance(clock, VirtualClock)
    for _ in range(50):  # each try waits a second before the next
        clock.advance_to(clock.now() + daemon.sleep_seconds())
        daemon.step()
        if daemon.runtime.session is None:
            break
    assert daemon.runtime.session is None
    store = daemon.runtime.store
    assert store is not None and store.load_checkpoint() is None
    assert [(game, reason) for game, reason, _ in store.set_aside()] == [
        ("onenight", f"a deadline failed {TICK_TRIES} times")
    ]
    assert said(daemon).count("common.sorry") == 1
    assert daemon.ui.screen == "home" and daemon.ui._notice is not None
    assert daemon.ui._notice[0] == GAVE_UP


def corrupt(db: Path, state: str) -> None:
    store = Store(db)
    store.save_checkpoint("onenight", {"phase": "day"}, 1.0)
    store._db.execute("UPDATE checkpoint SET state = ?", (state,))
    store.close()


@pytest.mark.parametrize(
    ("state", "error"),
    [
        (
            "{not json",
            "the saved game is not valid JSON: Expecting property name enclosed in "
            "double quotes: line 1 column 2 (char 1)",
        ),
        ("[1, 2]", "the saved game is not an object: list"),
    ],
)
def test_an_unreadable_checkpoint_is_named(tmp_path: Path, state: str, error: str) -> None:
    corrupt(tmp_path / "m.db", state)
    with pytest.raises(CheckpointError) as raised:
        Store(tmp_path / "m.db").load_checkpoint()
    assert str(raised.value) == error


def test_a_corrupt_checkpoint_is_set_aside_and_the_device_starts_at_home(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    corrupt(db, "{not json")
    daemon = make_daemon(db)
    daemon.resume_or_home(daemon.runtime.store)  # type: ignore[arg-type]
    store = daemon.runtime.store
    assert store is not None and store.load_checkpoint() is None
    assert store.set_aside()[0][1].startswith("the saved game is not valid JSON")
    assert daemon.ui.screen == "home" and daemon.notices == [RESUME_FAILED]
    assert "common.resume_failed" in said(daemon)
    kept = store._db.execute("SELECT state FROM set_aside").fetchone()[0]
    assert kept == "{not json"  # as it was written, for the bug report
    daemon.ui.close()


def test_a_checkpoint_that_keeps_failing_to_resume_is_tried_twice_only(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    daemon = make_daemon(db)
    into_setup(daemon)
    daemon.ui.close()
    for attempt in range(1, RESUME_ATTEMPTS + 1):
        # A start that dies before one whole pass of its loop (no resume_settled).
        daemon = make_daemon(db)
        daemon.resume_or_home(daemon.runtime.store)  # type: ignore[arg-type]
        assert daemon.runtime.phase == "setup"
        checkpoint = Store(db).load_checkpoint()
        assert checkpoint is not None and checkpoint.attempts == attempt
        daemon.ui.close()
    daemon = make_daemon(db)
    daemon.resume_or_home(daemon.runtime.store)  # type: ignore[arg-type]
    assert daemon.runtime.session is None and daemon.notices == [RESUME_FAILED]
    assert Store(db).set_aside()[0][1] == f"it failed to resume {RESUME_ATTEMPTS} times"
    daemon.ui.close()


def test_a_resumed_game_that_runs_a_whole_pass_starts_its_tries_over(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    daemon = make_daemon(db)
    into_setup(daemon)
    daemon.ui.close()
    for _ in range(RESUME_ATTEMPTS + 2):
        daemon = make_daemon(db)
        daemon.resume_or_home(daemon.runtime.store)  # type: ignore[arg-type]
        daemon.ui.wake()  # one pass, without waiting out the idle sleep in real time
        daemon.step()
        assert daemon.runtime.phase == "setup"
        daemon.ui.close()
    checkpoint = Store(db).load_checkpoint()
    assert checkpoint is not None and checkpoint.attempts == 0


def fill(store: Store) -> None:
    """Make SQLite refuse to grow the file: SQLITE_FULL, as on a full disk."""
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")


def test_on_a_full_disk_the_game_goes_on_and_is_saved_once_writing_works(
    tmp_path: Path,
) -> None:
    db = tmp_path / "m.db"
    daemon = make_daemon(db)
    daemon.home()
    store = daemon.runtime.store
    assert store is not None
    fill(store)
    big = {"note": "x" * 200_000}  # a record larger than the file may grow
    store.add_record("onenight", "onenight.note", big)
    into_setup(daemon)  # its checkpoint waits behind the record, in order
    assert store.unsaved and store.load_checkpoint() is None  # the game lives in memory
    assert daemon.ui._notice is not None
    assert daemon.ui._notice[0].startswith("Cannot save to the disk (it is full or read-only)")
    daemon.ui._notice = None
    clock = daemon.clock
    assert isinstance(clock, VirtualClock)
    clock.advance_to(clock.now() + 6)
    daemon.step()  # the retry fails quietly: one warning, not one per try
    assert store.unsaved and daemon.ui._notice is None
    store._db.execute("PRAGMA max_page_count = 1073741823")
    clock.advance_to(clock.now() + 6)
    daemon.step()
    assert not store.unsaved
    checkpoint = store.load_checkpoint()
    assert checkpoint is not None and checkpoint.state["phase"] == "setup"
    assert [kind for _, kind, _ in store.records("onenight.note")] == ["onenight.note"]
    daemon.ui.close()


def test_a_command_on_a_full_disk_gets_the_real_error_and_changes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    fill(store)
    with pytest.raises(sqlite3.OperationalError) as raised:
        store.add_record("onenight", "onenight.note", {"note": "x" * 200_000})
    assert str(raised.value) == "database or disk is full"
    assert store.records() == [] and not store.unsaved


def test_a_second_daemon_on_the_same_store_is_refused_with_the_first_ones_pid(
    tmp_path: Path,
) -> None:
    db = tmp_path / "m.db"
    held = lock_store(db)
    other = subprocess.run(
        [
            sys.executable,
            "-c",
            "from device.runtime.lock import lock_store; import sys; "
            f"lock_store(__import__('pathlib').Path({str(db)!r}))",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    import os

    assert other.returncode == 1
    assert f"StoreLockedError: another mothership (PID {os.getpid()}) is using the store {db}" in (
        other.stderr
    )
    with pytest.raises(StoreLockedError):
        lock_store(db)  # another open file in the same process is refused too
    held.close()
    lock_store(db).close()  # released: the next daemon gets it
    assert oct(lock_path(db).stat().st_mode & 0o777) == "0o600"
