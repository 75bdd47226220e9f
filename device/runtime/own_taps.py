"""The device's own controls as the loop hands them their taps: one typed list, in order.

Every control the device puts on the screen (Quit, a question's answers, the keypad, the
ambience chip, Start now, Open pairing...) is a part that says which taps are its own
(``handles``) and carries one out (``tap``), handing on to the game through ``feed`` what the
game should see. The daemon asks its parts in the order of ``Daemon.own_controls``: a new
control is one more part there, and mypy checks that it has both methods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from device.ui.actions import DeviceTap
from games.events import Event, LinesReady, TouchAction

Feed = Callable[[Event], bool]
"""Hands an event to the game as any input is (whether it was taken; False: refused)."""


class OwnControl(Protocol):
    """One of the device's own controls, as the loop hands it its taps."""

    def handles(self, action: TouchAction) -> bool:
        """Whether ``action`` is this control's (its question's answers too, while it is up)."""
        ...

    def tap(self, action: TouchAction, feed: Feed) -> None:
        """Carry out ``action``; what the game should see of it goes through ``feed``."""
        ...


class EventTaker(Protocol):
    """A part that takes some events before the game sees them (the BG Stats link, "Who
    played?", the score log): whether ``event`` was its own."""

    def tap(self, event: Event) -> bool:
        """Carry out ``event`` if it is this part's; whether it was."""
        ...


class Lines(Protocol):
    """The lines the night waits for (``device.runtime.line_prep.LinePrep``)."""

    def start_now(self) -> LinesReady | None:
        """Stop waiting: what is ready now (None: nothing was waited for)."""
        ...


class StartNow:
    """Start now: the table would rather not wait for the voice to render the night."""

    def __init__(self, lines: Lines, ready: Callable[[LinesReady], None]) -> None:
        self.lines = lines
        self.ready = ready
        """What starts the game or the night on the lines ready (``Daemon._lines_ready``)."""

    @staticmethod
    def handles(action: TouchAction) -> bool:
        """Whether a tap is Start now."""
        return action is DeviceTap.START_NOW

    def tap(self, action: TouchAction, feed: Feed) -> None:
        """Begin with the lines ready now (the rest are said by the fallback voice)."""
        del action, feed  # the lines' readiness goes to the game as the daemon's own event
        ready = self.lines.start_now()
        if ready is not None:
            self.ready(ready)


def dispatch(controls: Iterable[OwnControl], action: TouchAction, feed: Feed) -> bool:
    """Hand ``action`` to the first of ``controls`` that handles it; whether one did."""
    for control in controls:
        if control.handles(action):
            control.tap(action, feed)
            return True
    return False


def offer_events(takers: Iterable[EventTaker], event: Event) -> bool:
    """Hand ``event`` to each of ``takers`` in turn until one takes it; whether one did."""
    return any(taker.tap(event) for taker in takers)
