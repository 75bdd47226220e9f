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


AROUND = {"home", "keypad", "wins", "scores"}
"""Screens a walk must reach besides the home screen: the keypad and the score log."""
MOST_STEPS = 3000
"""A walk that has not been around by then fails: bounded by progress, not by its seed's luck
(a new home button moves every later random choice)."""


@pytest.mark.parametrize("seed", [1, 2])
def test_random_taps_never_escape_the_loop(daemon: Daemon[TouchUI], seed: int) -> None:
    rng = random.Random(seed)
    sorries = Sorries(daemon)
    screens: set[str] = set()
    index = 0
    while index < STEPS or not screens >= AROUND:
        assert index < MOST_STEPS, f"not around in {index} steps: only {sorted(screens)}"
        step = random_step(daemon, rng, sorries)
        assert daemon.running
        screen = daemon.ui.screen
        screens.add(str(getattr(screen, "value", screen)))
        assert not step.bug, f"step {index} ({step}): a bug behind a real control"
        index += 1


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
