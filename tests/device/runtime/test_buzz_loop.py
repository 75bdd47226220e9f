"""Who called first, through the daemon's loop: a busy loop cannot change it."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from device.clock import VirtualClock
from device.config import load_config
from device.runtime.parts import Wiring, open_daemon
from device.runtime.sessions import home_session
from games.events import Control, ControlPressed, SeatPressed


def test_a_press_queued_while_the_loop_was_busy_is_judged_by_its_edge(tmp_path: Path) -> None:
    config = load_config(
        system_path=None, overrides={"narration.backend": "silent", "audio.enabled": False}
    )
    clock = VirtualClock()
    wiring = Wiring(
        clock=clock,
        store_path=tmp_path / "m.db",
        hardware="mock",
        audio=False,
        keep_transcript=True,
    )
    with ExitStack() as stack:
        daemon = open_daemon(config, wiring, stack)
        setup = {"game": "alieninjas", "mission": "replicas", "players": 4}
        daemon.runtime.begin(home_session(setup, config, tuple))
        daemon.inbox.put(ControlPressed(Control.GO, clock.now()))
        daemon.step(until=clock.now())
        clock.advance_to(clock.now() + 10.0)
        daemon.step(until=clock.now())
        assert daemon.runtime.phase == "round"
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
