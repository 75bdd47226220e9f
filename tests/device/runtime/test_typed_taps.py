"""A tap's typed action travels from the control to the session unchanged: the very object the
screen built is what the game matches, never text taken apart on the way; the device's own
controls never reach the game."""

from __future__ import annotations

import pytest

from device.runtime.app import Daemon
from device.ui.actions import DeviceTap
from device.ui.model import Control
from games.events import ChipKind, ChipTap, Event, SeatRole, SeatTap, Tap, Touched


@pytest.fixture
def fed(daemon: Daemon, monkeypatch: pytest.MonkeyPatch) -> list[Event]:
    """What the daemon hands the running session, in order."""
    given: list[Event] = []
    feed = daemon.guard.feed

    def recording(event: Event) -> bool:
        given.append(event)
        return feed(event)

    monkeypatch.setattr(daemon.guard, "feed", recording)
    return given


def control(daemon: Daemon, label: str) -> Control:
    (found,) = [c for c in daemon.ui.screen_controls() if c.label == label]
    return found


def tap(daemon: Daemon, label: str) -> None:
    daemon.ui.tap(label)
    daemon.step()


def test_a_seat_chip_of_a_games_sheet_reaches_the_session_as_the_same_seat_tap(
    daemon: Daemon, fed: list[Event]
) -> None:
    tap(daemon, "Alienation")  # the table size first: the device's own screen
    tap(daemon, "Start")
    assert fed == []  # the home button and Start were the device's
    chip = control(daemon, "Player 2")
    assert chip.action == SeatTap(SeatRole.FRIENDLIEST, 2)
    tap(daemon, "Player 2")
    (touched,) = fed
    assert isinstance(touched, Touched) and touched.action is chip.action
    assert daemon.runtime.state.start == 2  # the game took it: seat 2 starts round 1


def test_a_setup_chip_and_start_reach_the_session_as_built(
    daemon: Daemon, fed: list[Event]
) -> None:
    tap(daemon, "One Night")
    chip, start = control(daemon, "Cow"), control(daemon, "Start night")
    assert chip.action == ChipTap(ChipKind.ROLE, "cow") and start.action is Tap.START
    tap(daemon, "Cow")
    (touched,) = [event for event in fed if isinstance(event, Touched)]
    assert touched.action is chip.action


def test_the_devices_own_controls_never_reach_the_game(daemon: Daemon, fed: list[Event]) -> None:
    tap(daemon, "One Night")
    assert control(daemon, "Quit").action is DeviceTap.QUIT
    tap(daemon, "Quit")
    tap(daemon, "Keep playing")
    assert fed == []
