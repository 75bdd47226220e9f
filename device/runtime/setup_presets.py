"""One Night's setup screen Presets: a tab with more presets than its row holds at a legible
size (Daybreak's six) shows one Presets button, and this question lists them over the screen.

Six presets in the row left of Start night left each about 85 px: their names shrank to 13 px
glyphs and were cut ("Evil Transfor…"). Listed two by two over the screen, each name is read
whole. A tapped preset goes to the game as the row's own chip would, and the question closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from device.ui.actions import DeviceTap
from device.ui.canvas import ACCENT, MIN_SIZE
from device.ui.model import Control
from games.events import ChipKind, ChipTap, TouchAction, Touched
from games.onenight.views import SetupView
from games.views import ScreenName

if TYPE_CHECKING:
    from device.runtime.own_taps import Feed
    from device.runtime.ports import TouchScreen
    from device.runtime.screen_state import ScreenState

COLUMNS = 2
ROWS = 3


def answers(view: SetupView) -> list[Control]:
    """The tab's presets two by two over the question's panel (the chosen one lit), and
    Close under them."""
    width, height, gap, left, top = 256, 52, 8, 136, 126
    out = []
    for i, preset in enumerate(view.presets[: COLUMNS * ROWS]):
        row, col = divmod(i, COLUMNS)
        place = pygame.Rect(left + col * (width + gap), top + row * (height + gap), width, height)
        action = ChipTap(ChipKind.PRESET, preset.key)
        lit = preset.key == view.preset
        out.append(Control(preset.name, action, place, style="tab", lit=lit, tint=ACCENT))
    close = pygame.Rect(300, top + ROWS * (height + gap), 200, height)
    out.append(Control("Close", DeviceTap.PRESETS_CLOSE, close, size=MIN_SIZE + 4))
    return out


class SetupPresets:
    """The Presets question of One Night's setup screen."""

    def __init__(self, ui: TouchScreen, shown: ScreenState) -> None:
        self.ui = ui
        self.shown = shown
        self.open = False

    def handles(self, action: TouchAction) -> bool:
        """Whether a tap is Presets, or one of its question's answers."""
        if action is DeviceTap.PRESETS:
            return True
        answer = action is DeviceTap.PRESETS_CLOSE or (
            isinstance(action, ChipTap) and action.kind is ChipKind.PRESET
        )
        return self.open and answer

    def tap(self, action: TouchAction, feed: Feed) -> None:
        """Open or close the question; a chosen preset closes it and goes to the game."""
        if action is DeviceTap.PRESETS:
            view = self.shown.view
            if isinstance(view, SetupView):
                self.open = True
                self.ui.ask("", answers(view))
            return
        self.open = False
        self.ui.dismiss()
        if action is not DeviceTap.PRESETS_CLOSE:
            feed(Touched(action))

    def offer(self) -> None:
        """Take the question down once the setup screen has gone or the night is prepared."""
        if not self.open:
            return
        view = self.shown.view
        if self.shown.screen is not ScreenName.SETUP or not isinstance(view, SetupView):
            self.open = False  # the game went
            self.ui.dismiss()
        elif view.preparing:  # the night started: nothing can change
            self.open = False
            self.ui.dismiss()
