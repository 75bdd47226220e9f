"""The screen that shows each kind of view: ``TouchUI.show`` looks a view's class up here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from device.ui.alieninjas import ReplicasScreen, ScoresScreen
from device.ui.ballot import TallyScreen, VoteScreen
from device.ui.charts.log import PlaysScreen
from device.ui.charts.screens import HistoryScreen, TotalsScreen, WinsScreen
from device.ui.keypad.screen import KeypadScreen
from device.ui.play import DayScreen, NightScreen
from device.ui.players import KeyboardScreen, PlayersScreen
from device.ui.pushqr import PushQrScreen
from device.ui.reveal import RevealScreen
from device.ui.screens import HomeScreen, MessageScreen, Screen
from device.ui.setup import SetupScreen
from device.ui.sheets import SheetScreen
from device.ui.table import TableScreen
from device.ui.who import WhoScreen
from games.alieninjas.views import ReplicasView, ScoresView
from games.onenight.views import DayView, NightView, RevealView, SetupView, TallyView, VoteView
from games.scorelog.views import (
    BgStatsView,
    HistoryView,
    PlaysView,
    TotalsView,
    WhoView,
    WinsView,
)
from games.views import (
    EndView,
    HomeView,
    KeyboardView,
    KeypadView,
    MessageView,
    PlayersView,
    SheetView,
    TableView,
    View,
)

TYPED_SCREENS: dict[type[View], Callable[[Any], Screen]] = {
    NightView: NightScreen.from_view,
    DayView: DayScreen.from_view,
    SetupView: SetupScreen.from_view,
    RevealView: RevealScreen.from_view,
    VoteView: VoteScreen.from_view,
    TallyView: TallyScreen.from_view,
    ReplicasView: ReplicasScreen.from_view,
    ScoresView: ScoresScreen.from_view,
    PlayersView: PlayersScreen.from_view,
    KeyboardView: KeyboardScreen.from_view,
    HomeView: HomeScreen.from_view,
    MessageView: MessageScreen.from_view,
    KeypadView: KeypadScreen.from_view,
    SheetView: SheetScreen.from_view,
    EndView: MessageScreen.end_from_view,
    BgStatsView: PushQrScreen.from_view,
    WhoView: WhoScreen.from_view,
    WinsView: WinsScreen.from_view,
    TotalsView: TotalsScreen.from_view,
    HistoryView: HistoryScreen.from_view,
    PlaysView: PlaysScreen.from_view,
    TableView: TableScreen.from_view,
}
"""The screen for each kind of view (each ``from_view`` takes that view class)."""
