"""One Night's setup screen Options: a question over the screen with the night's seconds per
role, the discussion's minutes and the vote mode, each changed in place.

A tap on an answer goes to the game (``games.onenight.pace.PACE_TAPS``), which keeps the
values in the setup's options: the kept table remembers them as it does a phone's. While the
companion page's pairing is locked, the question also offers "Open pairing" (the table need not
leave its game for the home screen to open it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from device.ui.actions import DeviceTap
from device.ui.canvas import MIN_SIZE
from device.ui.model import Control
from games.events import Tap, TouchAction, Touched
from games.onenight.pace import PACE_TAPS
from games.onenight.views import SetupView
from games.views import ScreenName

if TYPE_CHECKING:
    from device.runtime.own_taps import Feed
    from device.runtime.ports import TouchScreen
    from device.runtime.screen_state import ScreenState


def answers(pairing_locked: bool = False) -> list[Control]:
    """The question's controls: - and + for the night and the talk, the vote mode, Done (and
    Open pairing between them while pairing is locked)."""
    width, gap, left = 122, 10, 140
    steps = [
        ("Night -", Tap.ROLE_SECONDS_LESS),
        ("Night +", Tap.ROLE_SECONDS_MORE),
        ("Talk -", Tap.DAY_MINUTES_LESS),
        ("Talk +", Tap.DAY_MINUTES_MORE),
    ]
    out = [
        Control(label, action, pygame.Rect(left + i * (width + gap), 254, width, 52), size=28)
        for i, (label, action) in enumerate(steps)
    ]
    # Vote mode and Done share the last row (Open pairing between them, at the legible size).
    row = [("Vote mode", Tap.VOTE_MODE, 28), ("Done", DeviceTap.OPTIONS_DONE, 0)]
    if pairing_locked:
        row = [
            ("Vote mode", Tap.VOTE_MODE, MIN_SIZE),
            ("Open pairing", DeviceTap.OPEN_PAIRING, MIN_SIZE),
            ("Done", DeviceTap.OPTIONS_DONE, MIN_SIZE),
        ]
    cell = (4 * width + 3 * gap - (len(row) - 1) * gap) // len(row)
    for i, (label, action, size) in enumerate(row):
        place = pygame.Rect(left + i * (cell + gap), 314, cell, 52)
        out.append(Control(label, action, place, action is DeviceTap.OPTIONS_DONE, size=size))
    return out


class SetupOptions:
    """The Options question of One Night's setup screen."""

    def __init__(self, ui: TouchScreen, shown: ScreenState) -> None:
        self.ui = ui
        self.shown = shown
        self.open = False
        self.asked: tuple[str, bool] | None = None
        """The values the question on show says, and whether it offers Open pairing."""
        self.pairing_locked: Callable[[], bool] = lambda: False
        """Whether the companion page's pairing is locked (its part sets this)."""

    def handles(self, action: TouchAction) -> bool:
        """Whether a tap is Options, or one of its question's answers."""
        answer = action is DeviceTap.OPTIONS_DONE or action in PACE_TAPS
        return action is DeviceTap.OPTIONS or (self.open and answer)

    def tap(self, action: TouchAction, feed: Feed) -> None:
        """Open or close the question; a changing answer goes to the game, and the question
        is asked again with the values it changed."""
        if action is DeviceTap.OPTIONS_DONE:
            self._close()
        elif action is DeviceTap.OPTIONS:
            self.open, self.asked = True, None
        else:
            feed(Touched(action))
        self.offer()

    def _close(self) -> None:
        self.open = False
        self.ui.dismiss()

    def offer(self) -> None:
        """Ask again with the values on show; take the question down once the screen has gone."""
        if not self.open:
            return
        view = self.shown.view
        if not isinstance(view, SetupView) or self.shown.screen is not ScreenName.SETUP:
            self._close()  # the game went
        elif not view.pace or view.preparing:
            self._close()  # the night started, or the game went
        elif (view.pace, self.pairing_locked()) != self.asked:
            self.asked = (view.pace, self.pairing_locked())
            self.ui.ask(view.pace, answers(self.pairing_locked()))
