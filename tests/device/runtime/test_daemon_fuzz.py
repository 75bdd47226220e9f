"""Random taps on the daemon itself: the home screen, every game's screens, the keypad, the score
log, the end link and "Who played?", by touch, with seat presses, time passing and junk taps.

The session fuzz (``bench/fuzz.py``) drives the games; this drives the device's own handlers
around them. A tap on a control the screen shows must never hit a bug (no apology); a junk tap
may be apologised for; nothing ever escapes the loop.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.clock import VirtualClock
from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.executor import Executor, Outputs
from device.runtime.inbox import Inbox
from device.runtime.session import Runtime
from device.store.database import Store
from device.transcript import Transcript
from device.ui import TouchUI
from device.ui.actions import DeviceTap, Valued
from device.ui.model import UiError
from games.events import PickTap, SeatPressed, SeatRole, SeatTap, ValueTap

STEPS = 300
JUNK = (
    ValueTap(Valued.LOG_GAME, "Zzz"),
    ValueTap(Valued.LOG_PLAY, "nope"),
    ValueTap(Valued.WHO_PICK, "Nobody"),
    PickTap("zz"),
    SeatTap(SeatRole.SEAT, 99),
    DeviceTap.KEYPAD,
    ValueTap(Valued.GAME, "x"),
)


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon]:
    config = load_config(system_path=None, overrides={"narration.backend": "silent"})
    clock = VirtualClock()
    ui = TouchUI()
    ui.open()
    outputs = Outputs(transcript=Transcript(clock), screen=ui, now=clock.now)
    runtime = Runtime(clock, Executor(outputs), Store(tmp_path / "m.db"))
    daemon = Daemon(config, clock, runtime, ui, Inbox(wake=ui.wake))
    daemon.home()
    yield daemon
    ui.close()


def sorry_count(daemon: Daemon) -> int:
    entries = daemon.runtime.executor.out.transcript.entries
    return sum(1 for entry in entries if entry.get("line") == "common.sorry")


@pytest.mark.parametrize("seed", [1, 2])
def test_random_taps_never_escape_the_loop(daemon: Daemon, seed: int) -> None:
    rng = random.Random(seed)
    clock = daemon.clock
    assert isinstance(clock, VirtualClock)
    screens = set()
    for step in range(STEPS):
        controls = daemon.ui.controls()
        roll = rng.random()
        junk = roll < 0.05
        if junk:
            daemon.ui.add_control("Junk", rng.choice(JUNK), (0, 0, 30, 30))
            try:
                daemon.ui.tap("Junk")
            except UiError:  # under a dialog that covers the screen
                junk = False
        elif roll < 0.75 and controls:
            label = rng.choice(controls)[0]
            junk = label == "Junk"  # left on a screen that a junk tap did not change
            daemon.ui.tap(label)
        elif roll < 0.9:
            daemon.inbox.put(SeatPressed(rng.randint(1, 6), clock.now()))
        else:
            clock.advance_to(clock.now() + rng.choice((1.0, 10.0, 60.0)))
        before = sorry_count(daemon)
        daemon.step(until=clock.now())  # raises if anything escapes; never waits
        assert daemon.running
        screens.add(daemon.ui.screen)
        if not junk:
            assert sorry_count(daemon) == before, f"step {step}: a bug behind a real control"
    names = {getattr(screen, "value", screen) for screen in screens}
    assert {"home", "keypad", "wins", "sheet"} <= names  # it got around: keypad, score log
