"""The screen that shows each kind of view: ``TouchUI.show`` looks a view's class up here.

Both sides are named, not imported: a screen's module (and its view's) loads the first time
such a view is shown, so the first screen does not wait for the charts, the QR codes or every
game's screens to load. A game's own views (``GameSpec.views``) are all drawn by one screen,
from the layout each describes (``LAID_OUT``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from device.ui.screens import Screen
from games.views import View

__all__ = ["SCREENS", "screen_for", "view_kinds"]

SCREENS: dict[str, str] = {
    "games.onenight.views:NightView": "device.ui.play:NightScreen.from_view",
    "games.onenight.views:DayView": "device.ui.play:DayScreen.from_view",
    "games.onenight.views:SetupView": "device.ui.setup:SetupScreen.from_view",
    "games.onenight.views:RevealView": "device.ui.reveal:RevealScreen.from_view",
    "games.onenight.views:VoteView": "device.ui.ballot:VoteScreen.from_view",
    "games.onenight.views:TallyView": "device.ui.ballot:TallyScreen.from_view",
    "games.alieninjas.views:ReplicasView": "device.ui.alieninjas:ReplicasScreen.from_view",
    "games.alieninjas.views:ScoresView": "device.ui.alieninjas:ScoresScreen.from_view",
    "games.views:PlayersView": "device.ui.players:PlayersScreen.from_view",
    "games.views:KeyboardView": "device.ui.players:KeyboardScreen.from_view",
    "games.views:HomeView": "device.ui.screens:HomeScreen.from_view",
    "games.views:MessageView": "device.ui.screens:MessageScreen.from_view",
    "games.views:KeypadView": "device.ui.keypad.screen:KeypadScreen.from_view",
    "games.views:SheetView": "device.ui.sheets:SheetScreen.from_view",
    "games.views:EndView": "device.ui.screens:MessageScreen.end_from_view",
    "games.views:TableView": "device.ui.table:TableScreen.from_view",
    "games.scorelog.views:BgStatsView": "device.ui.pushqr:PushQrScreen.from_view",
    "games.scorelog.views:WhoView": "device.ui.who:WhoScreen.from_view",
    "games.scorelog.views:WinsView": "device.ui.charts.screens:WinsScreen.from_view",
    "games.scorelog.views:TotalsView": "device.ui.charts.screens:TotalsScreen.from_view",
    "games.scorelog.views:HistoryView": "device.ui.charts.screens:HistoryScreen.from_view",
    "games.scorelog.views:PlaysView": "device.ui.charts.log:PlaysScreen.from_view",
}
"""``module:View`` -> ``module:Screen.factory``: the screen for each kind of view (each
factory takes a view of that class)."""
LAID_OUT = "device.ui.laidout:LaidOutScreen.from_view"
"""The screen of every view a game declares as its own (a ``games.layout.GameView``)."""

_found: dict[type[View], Callable[[Any], Screen]] = {}


def _load(path: str) -> Any:
    """The object ``module:name.attribute`` names, its module imported now."""
    module, _, name = path.partition(":")
    found: Any = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part)
    return found


def screen_for(kind: type[View]) -> Callable[[Any], Screen] | None:
    """What builds the screen for views of class ``kind`` (None: no screen shows them)."""
    typed = _found.get(kind)
    if typed is None:
        path = SCREENS.get(f"{kind.__module__}:{kind.__qualname__}")
        if path is None:
            # Asked each time, not kept: a game's views are shown while it is registered.
            return _load(LAID_OUT) if kind in games_views() else None
        typed = _found[kind] = _load(path)
    return typed


def games_views() -> list[type[View]]:
    """The games' own views, as their specs declare them (``GameSpec.views``): each drawn
    from its layout by ``LAID_OUT``."""
    from games import catalog  # the games' specs: not before a view no screen above names

    return [kind for spec in catalog.GAMES for kind in spec.own_views()]


def view_kinds() -> list[type[View]]:
    """Every class of view a screen shows (loads them all: for messages about a wrong one)."""
    return [*(_load(path) for path in SCREENS), *games_views()]
