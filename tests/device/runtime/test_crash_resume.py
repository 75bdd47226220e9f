"""A real daemon process killed mid-game resumes the same game in the same phase, and a hung
main loop stops the watchdog pings."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from handbuilt import store_runtime, tick_until

from device.clock import VirtualClock
from device.runtime.sessions import session_for_checkpoint
from device.store.database import Store
from games.events import RevealEntered, Tap, Touched, VoteCast, parse_action
from games.onenight.session import OneNightSession
from games.onenight.setup import OneNightOptions, OneNightSetup, find_preset
from games.onenight.views import RevealView


def start_a_game_in_the_day(db: Path) -> None:
    """Play a game up to 30 s into a 3-minute day and leave it checkpointed in ``db``."""
    setup = OneNightSetup(
        4, find_preset("alien_first_game").roles, 5, OneNightOptions(day_minutes=3)
    )
    clock = VirtualClock()
    store = Store(db)
    runtime = store_runtime(store, clock, log_plays=False)
    runtime.begin(OneNightSession(setup))
    runtime.feed(Touched(Tap.START))
    tick_until(runtime, clock, "day")
    clock.advance_to(clock.now() + 30)
    runtime.tick()
    store.close()


def saved_at(db: Path) -> float:
    checkpoint = Store(db).load_checkpoint()
    assert checkpoint is not None
    return checkpoint.saved_at


def settled_since(db: Path, written: float) -> bool:
    """Whether a daemon resumed the game checkpointed at ``written`` and runs it (its resume
    attempts are back to zero after a whole pass of its loop)."""
    checkpoint = Store(db).load_checkpoint()
    assert checkpoint is not None
    return checkpoint.saved_at != written and checkpoint.attempts == 0


def remaining(db: Path) -> tuple[str, float]:
    checkpoint = Store(db).load_checkpoint()
    assert checkpoint is not None
    state = checkpoint.state
    return state["phase"], state["day_ends_at"] - checkpoint.saved_at


def daemon(tmp_path: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    config = tmp_path / "config.toml"
    config.write_text('[narration]\nbackend = "silent"\n[audio]\nenabled = false\n')
    command = [sys.executable, "-m", "device", "--config", str(config), "run", "--hardware", "mock"]
    return subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)


def wait_for(condition: object, timeout: float = 120.0) -> None:
    # A bound for a loaded machine, not a claim about speed.
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_a_game_killed_with_sigkill_resumes_in_the_same_phase_with_its_time(
    tmp_path: Path,
) -> None:
    state = tmp_path / "state"
    db = state / "mothership" / "mothership.db"
    start_a_game_in_the_day(db)
    assert remaining(db)[0] == "day"
    before = remaining(db)[1]
    env = {**os.environ, "XDG_STATE_HOME": str(state)}
    started = time.monotonic()
    first = daemon(tmp_path, env)
    try:
        # The new process resumed the game and runs it: kill it then.
        written = saved_at(db)
        wait_for(lambda: settled_since(db, written))
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=60)
    finally:
        first.kill()
    written = saved_at(db)
    second = daemon(tmp_path, env)
    try:
        wait_for(lambda: settled_since(db, written))  # in its loop: SIGTERM stops it cleanly
        phase, left = remaining(db)
        assert phase == "day"
        # The timer kept its remaining time: at most the seconds the daemons ran are gone.
        ran = time.monotonic() - started
        assert before - ran - 1 <= left <= before
    finally:
        second.send_signal(signal.SIGTERM)
        assert second.wait(timeout=60) == 0


VOTES = ((1, 3), (2, 3), (3, 2), (4, 3))


def play_into_the_reveal(db: Path) -> Any:
    """Vote, enter seat 1's card, and leave seat 2's half picked on the screen; the state."""
    setup = OneNightSetup(4, find_preset("alien_first_game").roles, 5, OneNightOptions())
    clock = VirtualClock()
    store = Store(db)
    runtime = store_runtime(store, clock)  # its records land in the store, as the daemon's do
    runtime.begin(OneNightSession(setup))
    runtime.feed(Touched(Tap.START))
    tick_until(runtime, clock, "vote")
    for voter, target in VOTES:
        runtime.feed(VoteCast(voter, target))
    runtime.feed(RevealEntered(1, "alien"))
    for action in ("reveal", "seat:2", "card:cow"):
        runtime.feed(Touched(parse_action(action)))
    assert runtime.phase == "reveal"
    store.close()  # the process dies here, between two touches
    return runtime.state


def test_a_game_killed_in_the_reveal_keeps_its_votes_entered_cards_and_picker(
    tmp_path: Path,
) -> None:
    db = tmp_path / "m.db"
    before = play_into_the_reveal(db)
    store = Store(db)
    checkpoint = store.load_checkpoint()
    assert checkpoint is not None
    runtime = store_runtime(store, VirtualClock(5000.0))  # a clock that starts elsewhere
    runtime.resume(
        session_for_checkpoint(checkpoint.game, checkpoint.state),
        checkpoint.state,
        checkpoint.saved_at,
    )
    assert runtime.phase == "reveal"
    state = runtime.state
    for kept in ("ballot", "reveals", "draft"):
        assert getattr(state, kept) == getattr(before, kept)
    assert state.ballot.votes and state.reveals and state.draft
    screen = runtime.executor.shown
    assert screen.screen == "reveal"
    assert isinstance(screen.view, RevealView)
    assert (screen.view.revealed, screen.view.seat, screen.view.card) == ((1,), 2, "cow")
    # The table goes on where it stopped, and the game is kept once, with every input.
    runtime.feed(Touched(Tap.CONFIRM))
    runtime.feed(RevealEntered(3, "psychic"))
    runtime.feed(RevealEntered(4, "rascal"))
    assert runtime.phase == "result"
    games = store.records("onenight.game")
    assert len(games) == 1
    record = games[0][2]
    assert record["votes"] == [[voter, [target]] for voter, target in VOTES]
    assert [entry[:2] for entry in record["reveal"]] == [
        [1, "alien"],
        [2, "cow"],
        [3, "psychic"],
        [4, "rascal"],
    ]
    store.close()


def test_a_hung_main_loop_stops_the_watchdog_pings(tmp_path: Path) -> None:
    address = tmp_path / "notify.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(address))
    listener.settimeout(30)
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "NOTIFY_SOCKET": str(address),
        "WATCHDOG_USEC": "200000",  # a ping every 0.1 s
    }
    process = daemon(tmp_path, env)
    try:
        assert listener.recv(64) == b"READY=1"
        listener.settimeout(1.0)
        assert listener.recv(64) == b"WATCHDOG=1"
        process.send_signal(signal.SIGSTOP)  # the loop hangs
        listener.settimeout(0.3)
        while True:  # drain a ping that was already on its way
            try:
                listener.recv(64)
            except TimeoutError:
                break
        # Silent for 1.5 x the watchdog timeout: systemd would now restart the service.
    finally:
        process.send_signal(signal.SIGCONT)
        process.kill()
        listener.close()
