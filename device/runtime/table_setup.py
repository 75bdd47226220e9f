"""Before a game a home button opened: how many players, within the game's range.

The range is the home button's (``games.spec.HomeButton.players``), capped at the device's
seats; the count chosen for each button is kept for the next time it is opened.

Start waits for the lines the game can say at that table when the voice renders behind the
loop and some are missing (``LinePreparation.start``): the screen shows how far, with Start
now and Home, and the game begins once they are there, so a round is never said half in the
fallback voice.
"""

from __future__ import annotations

from typing import Any

from device.config import Config
from device.runtime.screen_state import ScreenState
from device.runtime.session import Runtime
from device.runtime.sessions import home_session
from device.ui.actions import DeviceTap
from games.events import TouchAction
from games.scorelog.logged import logged_for
from games.spec import HomeButton
from games.views import ScreenName, TableView

STEPS = {DeviceTap.TABLE_FEWER: -1, DeviceTap.TABLE_MORE: 1}
"""The - and + taps: how they change the count."""


class TableSetup:
    """The table size screen of one home button at a time."""

    def __init__(self, runtime: Runtime, shown: ScreenState, config: Config) -> None:
        self.runtime, self.shown, self.config = runtime, shown, config
        self.button: HomeButton | None = None
        self.players = 0
        self.chosen: dict[str, int] = {}
        """The last count started per home button."""
        self.waiting: dict[str, Any] | None = None
        """The setup started, while its game waits for its lines (``begin`` starts it)."""

    def _range(self) -> tuple[int, int]:
        assert self.button is not None and self.button.players is not None
        fewest, most = self.button.players
        return fewest, max(fewest, min(most, self.config.hardware.seats))

    def open(self, button: HomeButton) -> None:
        """Show the screen for ``button``, on its last count (else its setup's)."""
        self.button = button
        fewest, most = self._range()
        given = button.setup.get("players", fewest)
        start = self.chosen.get(button.label, given if isinstance(given, int) else fewest)
        self.players = min(most, max(fewest, start))
        self._show()

    @staticmethod
    def handles(action: TouchAction) -> bool:
        """Whether a tap is this screen's - , + or Start."""
        return action in STEPS or action is DeviceTap.TABLE_START

    def cancel(self) -> None:
        """Home: a game waiting for its lines does not start (they go on rendering)."""
        if self.waiting is not None:
            self.waiting, self.button = None, None
            self.runtime.executor.lines.forget()

    def tap(self, action: TouchAction) -> None:
        """Change the count, or start the game with it."""
        if self.button is None or self.shown.screen is not ScreenName.TABLE:
            return
        if self.waiting is not None:
            return  # the count is chosen: only Start now or Home
        fewest, most = self._range()
        if isinstance(action, DeviceTap) and action in STEPS:
            self.players = min(most, max(fewest, self.players + STEPS[action]))
            self._show()
        elif action is DeviceTap.TABLE_START:
            self.chosen[self.button.label] = self.players
            self.waiting = {**self.button.setup, "players": self.players}
            store = self.runtime.store
            names = store.seat_names().values() if store is not None else ()
            lines = self.runtime.executor.lines
            if lines.start(str(self.waiting["game"]), self.players, names):
                self._show(preparing=True)
            else:
                self.begin()

    def begin(self) -> bool:
        """Start the game waiting for its lines (they are there, or the table chose Start
        now); whether one was waiting."""
        setup, self.waiting, self.button = self.waiting, None, None
        if setup is None:
            return False
        store = self.runtime.store
        profiles = store.recent_players if store is not None else tuple
        self.runtime.begin(home_session(setup, self.config, profiles))
        return True

    def _show(self, *, preparing: bool = False) -> None:
        assert self.button is not None
        fewest, most = self._range()
        title = self.button.caption or self.button.label
        scores = logged_for(self.button.setup) or ""
        view = TableView(title, self.players, fewest, most, scores, preparing)
        self.shown.show(view)
