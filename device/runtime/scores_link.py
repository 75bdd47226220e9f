"""Scores from a running game: the score log on the game being set up or just ended, and
Back to where the table was.

One Night's setup screen has a slot for it (``DeviceSlot.SCORES``, offered here each pass as
the ambience chip is); a game's end screen offers it with its play's link (``Ending.scores``).
Both carry the home screen's own tap for a game's Scores (``Valued.LOG_GAME``): the score log
opens on that game's tab. While a game runs, the score log's Home reads Back and shows the
screen left again, as it was (a game's Home would end the game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from device.runtime.screen_state import ScreenState
from device.runtime.session import Runtime
from device.screenlayer import DeviceSlot, Ending
from device.ui.actions import Valued, value_of
from device.ui.charts.log import SCREENS, ScoreLog
from device.ui.model import Control
from games.events import Tap, Touched, ValueTap
from games.scorelog.logged import logged_for
from games.views import ScreenName, View

if TYPE_CHECKING:
    from device.runtime.ports import TouchScreen

OPENED_FROM = (ScreenName.SETUP, ScreenName.END)
"""The game screens with Scores."""
LOG_SCREENS = (*SCREENS, ScreenName.BGSTATS)
"""The score log's screens (a play's BG Stats code among them)."""


class ScoresLink:
    """A running game's Scores, the score log's taps while it is open, and its Back."""

    def __init__(
        self, runtime: Runtime, shown: ScreenState, ui: TouchScreen, scorelog: ScoreLog
    ) -> None:
        self.runtime, self.shown, self.ui, self.scorelog = runtime, shown, ui, scorelog
        self.left: tuple[View, Ending] | None = None
        """The game's screen left for the score log, and what the device offered on it."""

    @property
    def open(self) -> bool:
        """Whether the score log is up over a running game."""
        up = self.shown.screen in LOG_SCREENS and self.runtime.session is not None
        return up and self.left is not None

    def offer(self) -> None:
        """Put Scores where the screen has room for it (One Night's setup) while a game runs,
        and on the score log over a game its Home as Back."""
        ui = self.ui
        session, store = self.runtime.session, self.runtime.store
        if self.open:
            for control in ui.screen_controls():
                if control.action is Tap.HOME and control.label != "Back":
                    ui.replace_control(Control("Back", Tap.HOME, control.rect, True))
            return
        rect = ui.slot(DeviceSlot.SCORES)
        game = logged_for({"game": session.game}) if session is not None else None
        if rect is None or game is None or store is None:
            return
        action = ValueTap(Valued.LOG_GAME, game)
        if not any(control.action == action for control in ui.screen_controls()):
            ui.replace_control(Control("Scores", action, rect))

    def tap(self, event: Any) -> bool:
        """Open the score log from a game's screen, move it, or go Back; whether ``event``
        was one of those."""
        store = self.runtime.store
        if not isinstance(event, Touched) or self.runtime.session is None or store is None:
            return False
        action, shown = event.action, self.shown
        game = value_of(action, Valued.LOG_GAME)
        if shown.screen in OPENED_FROM and game is not None and shown.view is not None:
            self.left = (shown.view, shown.layer.ending)
            shown.show(self.scorelog.open(store.stats(), game))
            return True
        if not self.open:
            return False
        if action is Tap.HOME:
            assert self.left is not None
            view, ending = self.left
            self.left = None
            shown.show(view, ending)
            return True
        if ScoreLog.handles(action):
            shown.show(self.scorelog.tap(action, store.stats()))
            return True
        return False
