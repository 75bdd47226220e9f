"""The score log's views: what the device's own screens show of the logged plays.

The device builds these (from its store), not a game; like every view they are checked when
built, so the screens only lay them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.events import Tap, TouchAction
from games.views import Checked, ScreenName, View, ViewError


@dataclass(frozen=True)
class BgStatsView(View):
    """A logged play's BG Stats push link as a QR code, full height, with what the play was."""

    screen: ClassVar[ScreenName] = ScreenName.BGSTATS
    title: str
    """The play (its game)."""
    lines: tuple[str, ...]
    """Its result, when."""
    bgstats: str
    """The push link the code shows."""
    back: TouchAction = Tap.HOME
    """The action of the Back button."""
    who: TouchAction | None = None
    """The action of a "Who played?" button, for a play with unnamed seats (None: none)."""


@dataclass(frozen=True)
class WhoView(View):
    """ "Who played?": naming one unnamed seat of a logged play."""

    screen: ClassVar[ScreenName] = ScreenName.WHO
    title: str
    message: str
    names: tuple[str, ...]
    """The profiles offered, recent first."""


MAX_PLAY_ROWS = 5
"""Plays listed per page of the plays list (what fits on the screen)."""


@dataclass(frozen=True)
class Tab(Checked):
    """One of the score log's tabs along the top of its pages."""

    label: str
    action: TouchAction
    lit: bool = False
    """Whether it is the tab chosen."""


@dataclass(frozen=True)
class WinsBar(Checked):
    """One player's bar: wins of plays."""

    name: str
    wins: int
    plays: int

    def __post_init__(self) -> None:
        super().__post_init__()
        if not 0 <= self.wins <= self.plays:
            raise ViewError(
                f"WinsBar {self.name!r} needs 0 <= wins <= plays, got {self.wins} of {self.plays}"
            )


@dataclass(frozen=True)
class WinsView(View):
    """The score log's wins per player, in the order drawn (the first ten fit)."""

    screen: ClassVar[ScreenName] = ScreenName.WINS
    title: str
    bars: tuple[WinsBar, ...]
    nav: tuple[Tab, ...] = ()


@dataclass(frozen=True)
class TotalsLine(Checked):
    """One player's total after each round."""

    name: str
    totals: tuple[int, ...]


@dataclass(frozen=True)
class TotalsView(View):
    """One play's running totals, a line per player in seat order, every line as long."""

    screen: ClassVar[ScreenName] = ScreenName.TOTALS
    title: str
    lines: tuple[TotalsLine, ...]
    nav: tuple[Tab, ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        lengths = {len(line.totals) for line in self.lines}
        if len(lengths) > 1:
            raise ViewError(f"TotalsView: every line needs as many totals, got {sorted(lengths)}")


@dataclass(frozen=True)
class HistoryPoint(Checked):
    """One play in a score history: its label, the score (None: unscored) and a win."""

    label: str
    score: int | None
    winner: bool


@dataclass(frozen=True)
class HistoryView(View):
    """One player's scores over their plays of one game, oldest first."""

    screen: ClassVar[ScreenName] = ScreenName.HISTORY
    title: str
    player: str
    points: tuple[HistoryPoint, ...]
    nav: tuple[Tab, ...] = ()


@dataclass(frozen=True)
class PlayRow(Checked):
    """One play in the plays list: its button's label and action."""

    label: str
    action: TouchAction


@dataclass(frozen=True)
class PlaysView(View):
    """A page of the score log's plays, newest first."""

    screen: ClassVar[ScreenName] = ScreenName.PLAYS
    title: str
    rows: tuple[PlayRow, ...]
    footer: str
    older: bool
    """Whether there are older plays (an Older button)."""
    newer: bool
    nav: tuple[Tab, ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.rows) > MAX_PLAY_ROWS:
            raise ViewError(f"PlaysView: at most {MAX_PLAY_ROWS} rows fit, got {len(self.rows)}")


ChartView = WinsView | TotalsView | HistoryView
"""A score log chart's view."""
