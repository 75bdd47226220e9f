"""One Night's setup screen Options: a question over the screen with the night's seconds per
role, the discussion's minutes and the vote mode, each changed in place.

A tap on an answer goes to the game (``pace:...``, ``games.onenight.pace``), which keeps the
values in the setup's options: the kept table remembers them as it does a phone's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.ui.model import Control
from device.ui.setup import OPTIONS
from games.onenight.views import SetupView
from games.views import ScreenName

if TYPE_CHECKING:
    from device.runtime.ports import TouchScreen
    from device.runtime.screen_state import ScreenState

DONE = "options:done"
PACE = "pace:"


def answers() -> list[Control]:
    """The question's controls: - and + for the night and the talk, the vote mode, Done."""
    width, gap, left = 122, 10, 140
    steps = [
        ("Night -", "pace:role:-1"),
        ("Night +", "pace:role:+1"),
        ("Talk -", "pace:day:-1"),
        ("Talk +", "pace:day:+1"),
    ]
    out = [
        Control(label, action, pygame.Rect(left + i * (width + gap), 254, width, 52), size=28)
        for i, (label, action) in enumerate(steps)
    ]
    half = (4 * width + 3 * gap - gap) // 2
    out.append(Control("Vote mode", "pace:vote", pygame.Rect(left, 314, half, 52), size=28))
    out.append(Control("Done", DONE, pygame.Rect(left + half + gap, 314, half, 52), True))
    return out


class SetupOptions:
    """The Options question of One Night's setup screen."""

    def __init__(self, ui: TouchScreen, shown: ScreenState) -> None:
        self.ui = ui
        self.shown = shown
        self.open = False
        self.asked = ""
        """The values the question on show says ("" : none asked yet)."""

    def handles(self, action: str) -> bool:
        """Whether a tap is Options, or one of its question's answers."""
        return action == OPTIONS or (self.open and (action == DONE or action.startswith(PACE)))

    def tap(self, action: str) -> str | None:
        """Open or close the question; a changing answer is handed back, for the game."""
        if action == DONE:
            self._close()
            return None
        if action == OPTIONS:
            self.open, self.asked = True, ""
            self.offer()
            return None
        return action

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
        elif view.pace != self.asked:
            self.asked = view.pace
            self.ui.ask(view.pace, answers())
