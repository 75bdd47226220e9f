"""Taps that cannot be taken back ask first: "Vote now" ends the discussion for good.

The tap puts a question over the screen; its first answer does what the tap would have done,
its second takes the question down and leaves everything as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.ui.actions import DeviceTap
from device.ui.model import Control
from games.events import Tap, TouchAction, Touched

if TYPE_CHECKING:
    from device.runtime.own_taps import Feed
    from device.runtime.ports import TouchScreen
    from device.runtime.screen_state import ScreenState
    from games.views import ScreenId

ASKED: dict[TouchAction, tuple[str, str, str, DeviceTap]] = {
    Tap.VOTE: (
        "End the discussion and vote now? The timer stops for good.",
        "Vote now",
        "Not yet",
        DeviceTap.VOTE_NOW,
    ),
}
"""Per action: the question, the answer that goes ahead, the one that does not, and the go-ahead
answer's action."""
GONE_AHEAD = {go_ahead: action for action, (*_, go_ahead) in ASKED.items()}
"""Per go-ahead answer, the action it carries out."""


class Confirm:
    """Asks before the taps in ``ASKED`` act."""

    def __init__(self, ui: TouchScreen, shown: ScreenState) -> None:
        self.ui = ui
        self.shown = shown
        self.asked_on: ScreenId | None = None
        """The screen a question of ours was asked on (None: none is up)."""

    def offer(self) -> None:
        """Take our question down once its screen has gone (the day ran out meanwhile)."""
        if self.asked_on is not None and self.shown.screen is not self.asked_on:
            self.asked_on = None
            self.ui.dismiss()

    def handles(self, action: TouchAction) -> bool:
        """Whether a tap is one that asks first, or an answer to it."""
        return action in ASKED or action in GONE_AHEAD or action is DeviceTap.NOT_YET

    def tap(self, action: TouchAction, feed: Feed) -> None:
        """Ask, or take the question down; a go-ahead's action goes to the game."""
        if action in ASKED:
            question, yes, no, go_ahead = ASKED[action]
            self.asked_on = self.shown.screen
            self.ui.ask(
                question,
                [
                    Control(yes, go_ahead, pygame.Rect(150, 272, 240, 80), True),
                    Control(no, DeviceTap.NOT_YET, pygame.Rect(410, 272, 240, 80)),
                ],
            )
            return
        self.ui.dismiss()
        self.asked_on = None
        confirmed = GONE_AHEAD.get(action) if isinstance(action, DeviceTap) else None
        if confirmed is not None:
            feed(Touched(confirmed))
