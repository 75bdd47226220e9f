"""The BG Stats button of a game's last screen (the end screen, or a final score sheet whose
session waits for Home): the play's QR code full height, whose Back shows that screen again.

The screen left for the code is kept here (``left``), and "Who played?" comes back to it too,
its code then naming who played.
"""

from __future__ import annotations

from typing import Any

from device.runtime.last_screen import LAST_SCREENS
from device.runtime.screen_state import ScreenState
from device.screenlayer import Ending
from device.ui.actions import DeviceTap
from games.events import Tap, Touched
from games.scorelog.views import BgStatsView
from games.views import EndView, ScreenName, SheetView


class EndLink:
    """A game's last screen's BG Stats button and its Back."""

    def __init__(self, shown: ScreenState) -> None:
        self.shown = shown
        self.left: tuple[EndView | SheetView, Ending] | None = None
        """The last screen of a game left for its BG Stats code, and what the device offered
        on it (its Back comes back to them)."""

    def tap(self, event: Any) -> bool:
        """Show the code, or the screen again; whether ``event`` was that button or that Back."""
        if not isinstance(event, Touched) or event.action not in (DeviceTap.BGSTATS, Tap.BACK):
            return False
        shown = self.shown
        if event.action is Tap.BACK:
            if shown.screen is not ScreenName.BGSTATS or self.left is None:
                return False
            shown.show(*self.left)
            return True
        last, link = shown.view, shown.layer.ending.link
        if shown.screen not in LAST_SCREENS:
            return False
        if not isinstance(last, EndView | SheetView) or not link:
            return False
        self.left = (last, shown.layer.ending)
        shown.show(BgStatsView(title=last.title, lines=(), bgstats=link, back=Tap.BACK))
        return True
