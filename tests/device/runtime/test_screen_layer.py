"""The device's layer over a game's view (``ScreenState.layer``): the public call and the
night's preparation are drawn in the slots a screen reserves, and never patch the view."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from device.clock import VirtualClock
from device.runtime.ports import Outputs
from device.runtime.screen_state import ScreenState
from device.screenlayer import NO_LAYER, DeviceLayer
from device.transcript import Transcript
from device.ui import TouchUI
from games.onenight.lobby import Lobby
from games.onenight.views import AnswerButtons, DayView, NightView

CALL = "Aliens, wake up and look for other aliens."


@pytest.fixture
def shown(tmp_path: Path) -> Iterator[ScreenState]:
    ui = TouchUI()
    ui.open()
    try:
        clock = VirtualClock()
        yield ScreenState(Outputs(transcript=Transcript(clock), screen=ui, shot_dir=tmp_path))
    finally:
        ui.close()


def test_a_call_said_at_night_goes_in_the_layer_and_the_view_stays_the_games(
    shown: ScreenState,
) -> None:
    night = NightView(AnswerButtons.YES_NO, 5)
    shown.show(night)
    shown.said(CALL)
    assert shown.view is night  # not patched
    assert shown.layer == DeviceLayer(call=CALL)
    shown.show(NightView())  # the game's next view: the call said over the last one is gone
    assert shown.layer == NO_LAYER


def test_a_line_said_on_a_screen_without_a_call_slot_changes_nothing(
    shown: ScreenState,
) -> None:
    shown.show(DayView(ends_at=100.0, remaining=0.0, paused=False, players=5))
    shown.save_screenshot()
    shown.said("Discuss.")
    assert shown.layer == NO_LAYER
    assert shown.pictured  # nothing new to picture


def test_a_new_call_needs_a_new_picture(shown: ScreenState, tmp_path: Path) -> None:
    shown.show(NightView())
    shown.said(CALL)  # the first line: pictured
    assert shown.pictured
    shown.said("Aliens, close your eyes.")
    assert not shown.pictured
    assert [shot.name for shot in sorted(tmp_path.glob("*.png"))] == ["01-night.png"]


def test_the_preparation_shows_only_while_the_setup_screen_says_it_prepares(
    shown: ScreenState,
) -> None:
    lobby = Lobby(players=5)
    shown.show(lobby.view())
    shown.preparing(3, 10)
    assert shown.layer.progress is None  # no bar on a setup screen that is not preparing
    shown.show(lobby.view(preparing=True))
    shown.preparing(3, 10)
    assert shown.layer.progress == 0.3
    shown.show(lobby.view(preparing=True))  # the same screen again: the bar stays
    assert shown.layer.progress == 0.3
    shown.show(NightView())  # another screen: nothing of the last one's preparation
    assert shown.layer == NO_LAYER
