"""Taps that cannot be taken back ask first: "Vote now" ends the discussion for good.

The tap puts a question over the screen; its first answer does what the tap would have done,
its second takes the question down and leaves everything as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.ui.model import Control

if TYPE_CHECKING:
    from device.runtime.ports import TouchScreen
    from device.runtime.screen_state import ScreenState
    from games.views import ScreenId

ASKED: dict[str, tuple[str, str, str]] = {
    "vote": ("End the discussion and vote now? The timer stops for good.", "Vote now", "Not yet"),
}
"""Per action: the question, the answer that goes ahead, the one that does not."""
GO_AHEAD, NOT_YET = "confirm:", "confirm:no"


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

    def handles(self, action: str) -> bool:
        """Whether a tap is one that asks first, or an answer to it."""
        return action in ASKED or action.startswith(GO_AHEAD)

    def tap(self, action: str) -> str | None:
        """Ask, or take the question down; the action to carry out now (None: none)."""
        if action in ASKED:
            question, yes, no = ASKED[action]
            self.asked_on = self.shown.screen
            self.ui.ask(
                question,
                [
                    Control(yes, GO_AHEAD + action, pygame.Rect(150, 272, 240, 80), True),
                    Control(no, NOT_YET, pygame.Rect(410, 272, 240, 80)),
                ],
            )
            return None
        self.ui.dismiss()
        self.asked_on = None
        return None if action == NOT_YET else action.removeprefix(GO_AHEAD)
