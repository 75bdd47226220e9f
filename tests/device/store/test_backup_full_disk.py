"""A full disk at the end of a game: the backup after the play never waits on the store's own
lock, on a real small tmpfs (``tests/fulldisk.py``; skipped, with the reason, without root).

A store opened on a full disk is held by its process alone (``device/store/opening.py``): a
second connection, even the same process's, waits on it for ever, and SQLite's backup API
retries a busy store for ever. The device froze at the end of its game that way, and
``mothership backup now`` hung (issue 34)."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from chaos_daemon import DaemonProcess
from chaos_driver import _config, _simulate
from fulldisk import small_disk, store_on_a_full_disk

from device.clock import VirtualClock
from device.commands.cli import main
from device.runtime.executor import Executor, Outputs
from device.store.backups import backup_dir, list_backups
from device.store.database import Store
from device.transcript import Transcript
from games.effects import LogPlay, Record
from games.scorelog.plays import FinalResult, Play, PlayerResult

T = TypeVar("T")
HANG = 60.0
"""A bound for a hang, not a timing check: each call here takes well under a second."""
PLAY = Play("play-a", "Alienation", "2025-01-31T20:15:00Z", (PlayerResult("Ada", 1, 30, True),))
FINAL = {"winners": [1], "totals": {1: 4, 2: 2}, "case": "hostile_win", "tallies": {}}


def returns(call: Callable[[], T]) -> T:
    """``call()``'s result; fails if it never returns (a hang), instead of hanging the suite."""
    done = threading.Event()
    result: list[T] = []

    def run() -> None:
        try:
            result.append(call())
        finally:
            done.set()

    threading.Thread(target=run, daemon=True).start()
    assert done.wait(HANG), f"{call} hung: it waits on a lock nobody lets go"
    assert result, f"{call} raised (see the thread's traceback above)"
    return result[0]


def end_a_game(store: Store, *, behind: bool) -> None:
    """An Alien Encounters game's last records, run by the executor as the device runs them."""
    outputs = Outputs(
        transcript=Transcript(VirtualClock()),
        store=store,
        backups=backup_dir(store.path),
        backups_behind=behind,
    )
    Executor(outputs, "encounters").run(
        [
            Record("encounters.start", {"seed": 0, "first": 2}),
            LogPlay("encounters.final", FINAL, result=FinalResult("encounters", (4, 2), (1,), 2)),
        ]
    )


def opened_alone(tmp_path: Path) -> tuple[Path, Path]:
    """A store on a small disk that was full when the store was opened; (store, filler)."""
    path = tmp_path / "disk" / "m.db"
    Store(path).close()
    return path, store_on_a_full_disk(path)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MB tmpfs at ``tmp_path / "disk"``."""
    with small_disk(tmp_path / "disk") as mount:
        yield mount


@pytest.mark.parametrize("behind", [True, False], ids=["device", "commands"])
def test_a_play_ended_on_a_full_disk_is_kept_and_its_backup_never_hangs(
    tmp_path: Path, disk: Path, behind: bool, caplog: pytest.LogCaptureFixture
) -> None:
    path, filler = opened_alone(tmp_path)
    store = Store(path, on_write_error=lambda _text: None)
    assert store.alone
    returns(lambda: end_a_game(store, behind=behind))
    assert store.unsaved  # the play waits in memory for the disk
    assert f"the store {path} cannot be written" in caplog.text
    assert f"free space on its disk (df -h {path.parent})" in caplog.text
    filler.unlink()
    assert store.flush()
    assert [play.game for play in store.plays()] == ["Alien Encounters"]
    store.close()


def test_a_store_opened_alone_is_backed_up_through_its_own_connection(
    tmp_path: Path, disk: Path
) -> None:
    path, filler = opened_alone(tmp_path)
    store = Store(path, on_write_error=lambda _text: None)
    filler.unlink()  # room again, but the store stays this process's alone until it restarts
    returns(lambda: end_a_game(store, behind=False))
    (snapshot,) = list_backups(backup_dir(path))
    store.close()
    assert [play.game for play in Store(snapshot).plays()] == ["Alien Encounters"]


def test_the_device_writes_no_snapshot_behind_a_store_opened_alone(
    tmp_path: Path, disk: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path, filler = opened_alone(tmp_path)
    store = Store(path, on_write_error=lambda _text: None)
    filler.unlink()
    returns(lambda: end_a_game(store, behind=True))
    assert [play.game for play in store.plays()] == ["Alien Encounters"]
    assert list_backups(backup_dir(path)) == []
    assert f"the store {path} is open for this process alone" in caplog.text
    assert "sudo systemctl restart mothership" in caplog.text
    store.close()


def test_backup_now_on_a_full_disk_names_the_folder_and_the_fix(
    tmp_path: Path, disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "disk" / "m.db"
    store = Store(path)
    store.add_play(PLAY)
    store.close()
    store_on_a_full_disk(path)
    assert returns(lambda: main(["backup", "now", "--store", str(path)])) == 1
    err = capsys.readouterr().err
    assert f"cannot back up the store {path} into {backup_dir(path)}" in err, err
    assert f"free space on its disk (df -h {backup_dir(path)})" in err, err


ALIENATION = {"game": "alienation", "players": 3, "seed": 4}
ROUNDS = [
    [(12, 2, True), (9, 0, False), (10, 1, False)],
    [(5, 0, False), (14, 0, True), (10, 0, False)],
    [(8, 1, False), (4, 0, False), (2, 0, True)],
]


def score(seat: int, points: int, sunnies: int, first: bool) -> dict[str, object]:
    entry = {"seat": seat, "points": points, "sunnies": sunnies}
    return {"score": entry | ({"first": True} if first else {})}


def handled(inputs: Path, name: str, event: dict[str, object], daemon: DaemonProcess) -> bool:
    """Hand ``event`` to the daemon's test input folder; whether a pass of its loop took it
    (False: the loop stopped)."""
    (inputs / f"{name}.tmp").write_text(json.dumps(event), encoding="utf-8")
    (inputs / f"{name}.tmp").rename(inputs / f"{name}.json")
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        if (inputs / f"{name}.done").exists():
            return True
        assert not (inputs / f"{name}.error").exists(), (inputs / f"{name}.error").read_text()
        daemon.check_alive()
        time.sleep(0.02)
    return False


def test_the_daemon_started_on_a_full_disk_ends_its_game_keeps_the_play_and_stops(
    tmp_path: Path, disk: Path
) -> None:
    path = tmp_path / "disk" / "m.db"
    config = _config(tmp_path / "run")
    events: list[dict[str, object]] = [{"until": "phase", "is": "friendliest"}, {"press": 2}]
    for entries in ROUNDS:
        events.append({"until": "phase", "is": "score"})
        events += [score(seat, *entry) for seat, entry in enumerate(entries, 1)]
    _simulate({"setup": ALIENATION, "events": events[:-1]}, path, config)
    filler = store_on_a_full_disk(path)
    daemon = DaemonProcess(tmp_path / "run", path, tmp_path / "inputs", config)
    daemon.start()
    try:
        assert handled(daemon.inputs, "001", events[-1], daemon), "the loop froze at the end"
        assert handled(daemon.inputs, "002", {"press": 1}, daemon), "the loop froze after it"
        filler.unlink()
        daemon.stop()  # SIGTERM: exits 0, else DaemonGone
    finally:
        if daemon.process is not None:
            daemon.kill()
    log = daemon.log_path.read_text()
    assert f"the store {path} cannot be written" in log
    with sqlite3.connect(path) as db:
        games = [row[0] for row in db.execute("SELECT game FROM plays")]
    assert games == ["Alienation"]
