"""Who called first, through the daemon's loop: a busy loop cannot change it."""

from __future__ import annotations

from concurrent.futures import Future
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from device.clock import VirtualClock
from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.inbox import Call
from device.runtime.parts import Wiring, open_daemon
from device.runtime.sessions import home_session
from device.runtime.wiring import Recording
from games.events import Control, ControlPressed, SeatPressed


def replicas_round(tmp_path: Path, stack: ExitStack) -> tuple[Daemon[Any], VirtualClock]:
    """A daemon on mock pins and a virtual clock, its Replicas round just started."""
    config = load_config(
        system_path=None, overrides={"narration.backend": "silent", "audio.enabled": False}
    )
    clock = VirtualClock()
    wiring = Wiring(
        clock=clock,
        store_path=tmp_path / "m.db",
        hardware="mock",
        audio=False,
        recording=Recording(keep_transcript=True),
    )
    daemon = open_daemon(config, wiring, stack)
    setup = {"game": "alieninjas", "mission": "replicas", "players": 4}
    daemon.runtime.begin(home_session(setup, config, tuple))
    daemon.inbox.put(ControlPressed(Control.GO, clock.now()))
    daemon.step(until=clock.now())
    clock.advance_to(clock.now() + 10.0)
    daemon.step(until=clock.now())
    assert daemon.runtime.phase == "round"
    return daemon, clock


def test_a_press_queued_while_the_loop_was_busy_is_judged_by_its_edge(tmp_path: Path) -> None:
    with ExitStack() as stack:
        daemon, clock = replicas_round(tmp_path, stack)
        edge = clock.now()
        daemon.inbox.put(SeatPressed(3, edge + 0.004))  # the later edge reaches the loop first
        daemon.step(until=clock.now())
        # The loop is busy for 25 ms (past the 20 ms window): the earlier press waits in the
        # inbox, and the loop's next pass feeds it before the window's tick.
        daemon.inbox.put(SeatPressed(2, edge + 0.001))
        clock.advance_to(edge + 0.025)
        daemon.step(until=clock.now())
        assert daemon.runtime.phase == "check"
        buzzes = [entry["buzz"] for entry in daemon.transcript.entries if "buzz" in entry]
        assert buzzes == [{"seat": 2, "at": edge + 0.001}]


def test_a_press_that_came_while_the_pass_was_held_is_read_before_the_window_closes(
    tmp_path: Path,
) -> None:
    """Issue 34: the later press reaches the loop first; the pass is then held past the
    window, and the earlier press lands in the inbox meanwhile (after the pass read it). The
    window's tick must not close before that press is read: it goes to the earlier edge."""
    with ExitStack() as stack:
        daemon, clock = replicas_round(tmp_path, stack)
        edge = clock.now()

        def held(_daemon: object) -> None:
            # The pass is held 25 ms (past the 20 ms window); the earlier press is queued
            # while it is, after the pass read its inbox.
            clock.advance_to(edge + 0.025)
            daemon.inbox.put(SeatPressed(2, edge + 0.001))

        daemon.inbox.put(SeatPressed(3, edge + 0.004))  # the later edge reaches the loop first
        daemon.inbox.put(Call(held, Future()))
        daemon.step(until=clock.now())
        daemon.step(until=clock.now())
        assert daemon.runtime.phase == "check"
        buzzes = [entry["buzz"] for entry in daemon.transcript.entries if "buzz" in entry]
        assert buzzes == [{"seat": 2, "at": edge + 0.001}]
