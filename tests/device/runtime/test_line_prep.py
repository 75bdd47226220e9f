"""A night's lines rendered behind the loop: the setup screen says how long they should take at
this machine's pace, and the table may start without waiting ("Start now")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from handbuilt import hand_daemon
from layoutcheck import layout_check
from rendering import held_voice, wait_rendered

from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.parts import catalogues
from device.store.database import Store
from device.ui.actions import DeviceTap
from narration.catalogue import Catalogue
from narration.fake import SlowBackend
from narration.narrator import Narrator
from narration.renderer import Urgency

SECONDS_PER_CHAR = 0.05
"""The pace the tests give the renderer (a Pi 4's Piper is about this)."""


@pytest.fixture
def held() -> Iterator[SlowBackend]:
    """A voice whose lines wait until the test lets them go: a night that is still rendering."""
    with held_voice() as backend:
        yield backend


@pytest.fixture
def daemon(tmp_path: Path, held: SlowBackend) -> Iterator[Daemon]:
    narrator = Narrator(Catalogue.load(*catalogues()), held, tmp_path / "voice")
    narrator.render_behind(fallback=None)
    assert narrator.renderer is not None
    for _ in range(3):  # as if this machine had rendered a few lines already
        narrator.renderer.pace.record("x" * 40, 40 * SECONDS_PER_CHAR)
    config = load_config(system_path=None, overrides={"onenight.day_minutes": 2})
    store = Store(tmp_path / "m.db")
    daemon = hand_daemon(config, store, waits_on_clock=True, narrator=narrator)
    daemon.home()
    try:
        yield daemon
    finally:
        held.let_go()
        narrator.close()
        daemon.ui.close()


def _start_night(daemon: Daemon) -> None:
    for label in ("One Night", "Start night"):
        daemon.ui.tap(label)
        daemon.step()


def test_a_night_still_rendering_says_how_long_it_should_take_here(daemon: Daemon) -> None:
    _start_night(daemon)
    assert daemon.runtime.phase == "setup"  # waiting for its lines
    layer = daemon.shown.layer
    assert layer.progress == 0.0
    lines = daemon.runtime.executor.lines
    narrator = daemon.runtime.executor.out.narrator
    assert isinstance(narrator, Narrator)
    waiting = lines._preparing
    assert waiting is not None
    expected = SECONDS_PER_CHAR * sum(len(t) for t in narrator.unready_texts(waiting))
    assert layer.left == pytest.approx(expected)
    assert expected > 10  # long enough that the table is offered the choice


def test_the_wait_and_start_now_are_legible_beside_each_other(
    daemon: Daemon, monkeypatch: pytest.MonkeyPatch
) -> None:
    with layout_check(monkeypatch) as check:
        _start_night(daemon)
        daemon.ui.redraw(daemon.clock.now())
    assert "setup" in check.screens
    # The rest of the setup screen has its own check (tests/device/ui/test_layout.py).
    ours = [p for p in check.report().splitlines() if "Preparing" in p or "Start now" in p]
    assert not ours, "\n".join(ours)


def test_start_now_begins_the_night_before_its_lines_are_rendered(
    daemon: Daemon, held: SlowBackend
) -> None:
    _start_night(daemon)
    controls = {c.label: c.action for c in daemon.ui.screen_controls()}
    assert controls.get("Start now") is DeviceTap.START_NOW
    assert "Start night" not in controls  # nothing else changes while it prepares
    daemon.ui.tap("Start now")
    daemon.step()
    assert daemon.runtime.phase == "dusk"
    assert daemon.ui.screen == "night"
    assert daemon.runtime.executor.lines.ready() is None  # nothing is waited for any more
    # The night's lines go on rendering, the first first, to be said in the neural voice.
    narrator = daemon.runtime.executor.out.narrator
    assert isinstance(narrator, Narrator) and narrator.renderer is not None
    assert narrator.renderer.pending() > 0
    held.let_go()
    assert wait_rendered(narrator.renderer, Urgency.SOON)


def test_start_now_without_a_night_to_wait_for_does_nothing(daemon: Daemon) -> None:
    assert daemon.runtime.executor.lines.start_now() is None
    daemon.ui.tap("One Night")
    daemon.step()
    assert "Start now" not in {c.label for c in daemon.ui.screen_controls()}
    assert daemon.runtime.phase == "setup"
