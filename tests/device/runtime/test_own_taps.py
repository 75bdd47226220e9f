"""The device's own controls take their taps through one typed dispatch: the first control that
handles a tap carries it out, what the game should see goes through ``feed``, and no tap is
claimed by two controls (so their order never decides silently who gets it)."""

from __future__ import annotations

from device.runtime.app import Daemon
from device.runtime.own_taps import Feed, dispatch
from device.ui.actions import DeviceTap
from games.events import Event, Tap, TouchAction, Touched


class Recorder:
    """A control that handles ``mine`` and forwards each of its taps to the game."""

    def __init__(self, mine: TouchAction) -> None:
        self.mine = mine
        self.taps: list[TouchAction] = []

    def handles(self, action: TouchAction) -> bool:
        return action is self.mine

    def tap(self, action: TouchAction, feed: Feed) -> None:
        self.taps.append(action)
        feed(Touched(action))


def test_the_first_control_that_handles_a_tap_takes_it_and_feeds_the_game() -> None:
    first, second, other = Recorder(Tap.VOTE), Recorder(Tap.VOTE), Recorder(Tap.OK)
    fed: list[Event] = []

    def feed(event: Event) -> bool:
        fed.append(event)
        return True

    assert dispatch((other, first, second), Tap.VOTE, feed)
    assert (first.taps, second.taps, other.taps) == ([Tap.VOTE], [], [])
    assert fed == [Touched(Tap.VOTE)]
    assert not dispatch((other, first), Tap.BACK, feed)  # nobody's: the game's, as any tap
    assert fed == [Touched(Tap.VOTE)]


def test_no_device_tap_is_claimed_by_two_own_controls(daemon: Daemon) -> None:
    claimed = {
        action: [type(c).__name__ for c in daemon.own_controls() if c.handles(action)]
        for action in DeviceTap
    }
    assert {action: names for action, names in claimed.items() if len(names) > 1} == {}
    # The dispatch knows them all: Quit, the keypad, the chip and Start now, at least.
    for action in (DeviceTap.QUIT, DeviceTap.KEYPAD, DeviceTap.AMBIENCE, DeviceTap.START_NOW):
        assert claimed[action], action
