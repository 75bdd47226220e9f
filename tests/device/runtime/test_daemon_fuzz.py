"""Random taps on the daemon itself: the home screen, every game's screens, the keypad, the score
log, the end link and "Who played?", by touch, with seat presses, time passing and junk taps.

The session fuzz (``bench/fuzz.py``) drives the games; this drives the device's own handlers
around them (``tests/devicefuzz.py``, which ``bench/device_fuzz.py`` runs by the thousand). A
tap on a control the screen shows must never hit a bug (no apology); a junk tap may be
apologised for; nothing ever escapes the loop. The companion page's requests join in the last
test, in-process (its pages rendered, its changes run by the loop), as a phone would make them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from devicefuzz import Phone, Sorries, close_daemon, fuzz_daemon, random_step

from device.runtime.app import Daemon
from device.ui import TouchUI

STEPS = 300


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon[TouchUI]]:
    daemon = fuzz_daemon(tmp_path)
    yield daemon
    close_daemon(daemon)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_taps_never_escape_the_loop(daemon: Daemon[TouchUI], seed: int) -> None:
    rng = random.Random(seed)
    sorries = Sorries(daemon)
    screens = set()
    for index in range(STEPS):
        step = random_step(daemon, rng, sorries)
        assert daemon.running
        screen = daemon.ui.screen
        screens.add(str(getattr(screen, "value", screen)))
        assert not step.bug, f"step {index} ({step}): a bug behind a real control"
    names = {getattr(screen, "value", screen) for screen in screens}
    assert {"home", "keypad", "wins", "scores"} <= names  # it got around: keypad, score log


@pytest.mark.parametrize("seed", [3])
def test_the_page_and_the_screen_at_once_never_hit_a_bug(tmp_path: Path, seed: int) -> None:
    daemon = fuzz_daemon(tmp_path, page=True)
    rng = random.Random(seed)
    sorries, phone = Sorries(daemon), Phone(daemon, rng)
    kinds: set[str] = set()
    try:
        for index in range(STEPS):
            step = random_step(daemon, rng, sorries, phone)
            kinds.add(step.kind)
            assert not step.bug, f"step {index} ({step}): {step.error!r}"
    finally:
        close_daemon(daemon)
    assert "page" in kinds
