"""The home screen, with no game running: a button per game, mission and tool, then Scores.

A tap opens the table size screen first (``TableSetup``), the score log, or starts its game;
the go button starts the first game, so a device without a working touchscreen can still play.
A game with Play again (``GameSpec.again``) keeps its last table for its home button.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol

from device.config import Config
from device.runtime.screen_state import ScreenState
from device.runtime.session import Runtime
from device.runtime.sessions import home_session
from device.runtime.table_setup import TableSetup
from device.ui.actions import Valued, value_of
from device.ui.charts.log import ScoreLog
from games.catalog import by_key, home_buttons
from games.events import Control, ControlPressed, Tap, Touched
from games.views import HomeView, ScreenName, View

SCORES = "Scores"
"""The home button that is no session: the score log's wins chart (its Home control comes back)."""


def home_games() -> dict[str, Mapping[str, object]]:
    """What each home-screen button starts, by label: the registry's games, missions and tools
    (``games.catalog``), each with its default setup; One Night's setup screen then edits it."""
    return {button.label: button.setup for button in home_buttons()}


def home_view() -> HomeView:
    """The home screen: a button per ``home_games`` entry, then Scores."""
    buttons = home_buttons()
    captions = tuple(button.caption for button in buttons)
    return HomeView(title="Mothership", games=(*home_games(), SCORES), captions=captions)


class DaemonForHome(Protocol):
    """The daemon as the home screen sees it (``device.runtime.app.Daemon``): the game it
    starts, the screen, the table size screen and the score log it opens, and the way home."""

    runtime: Runtime
    shown: ScreenState
    config: Config
    table: TableSetup
    scorelog: ScoreLog

    def home(self) -> None: ...


class HomeScreen:
    """The home screen's taps, and the table a game keeps for its home button."""

    def __init__(self, daemon: DaemonForHome) -> None:
        self.daemon = daemon

    def tap(self, event: Any) -> None:
        """A tap or the go button with no game running."""
        daemon = self.daemon
        go = isinstance(event, ControlPressed) and event.control is Control.GO
        action = event.action if isinstance(event, Touched) else None
        chosen = "" if action is None else value_of(action, Valued.GAME) or ""
        games = home_games()
        buttons = {button.label: button for button in home_buttons()}
        store = daemon.runtime.store
        if action is not None and daemon.table.handles(action):
            daemon.table.tap(action)
        elif chosen in buttons and buttons[chosen].players is not None:
            daemon.table.open(buttons[chosen])  # how many players first
        elif chosen == SCORES or (action is not None and ScoreLog.handles(action)):
            if store is None:
                return
            stats = store.stats()
            game = None if action is None else value_of(action, Valued.LOG_GAME)
            shown: View
            if daemon.shown.screen is ScreenName.TABLE and game is not None:
                shown = daemon.scorelog.open(stats, game)  # a game's own Scores: its tab
            elif action is None or chosen == SCORES:
                shown = daemon.scorelog.open(stats)
            else:
                shown = daemon.scorelog.tap(action, stats)
            daemon.shown.show(shown)
        elif go or chosen in games:
            setup = games[chosen] if chosen in games else next(iter(games.values()))
            kept = store.setting(f"again:{setup['game']}") if store is not None else None
            if kept is not None and "mission" not in setup:
                setup = json.loads(kept)  # the last table of a game with Play again
            profiles = store.recent_players if store is not None else tuple
            daemon.runtime.begin(home_session(setup, daemon.config, profiles))
        elif event == Touched(Tap.HOME):
            daemon.table.cancel()  # a game waiting for its lines, if any, does not start
            daemon.home()

    def keep_table(self, *, again: bool) -> None:
        """At a game's end (Home or Play again): keep its table for its home button next time
        (``GameSpec.again``), and with Play again start it now."""
        runtime = self.daemon.runtime
        session, store = runtime.session, runtime.store
        spec = by_key(session.game) if session is not None else None
        if spec is None or spec.again is None or self.daemon.shown.screen is not ScreenName.END:
            return
        block = dict(spec.again(runtime.state))
        if store is not None:
            store.save_setting(f"again:{spec.key}", json.dumps(block))
        if again:
            runtime.end()
            profiles = store.recent_players if store is not None else tuple
            runtime.begin(home_session(block, self.daemon.config, profiles))
