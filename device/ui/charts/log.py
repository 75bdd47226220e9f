"""The touchscreen's score log: a game filter and three pages (wins, a score history, the
plays), and each play's BG Stats QR code.

`ScoreLog` keeps what is chosen (the game, the page, how far back the plays list is) and turns
a tap on one of its ``log:`` controls into the next screen and its view. Every page carries
its tabs as the view's ``nav``; the chart screens draw them along the top.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from device.store.stats import LogStats
from device.ui.actions import DeviceTap, Valued, value_of
from device.ui.canvas import ALIEN, DIM, Canvas
from device.ui.charts.plot import day_labels, game_names, view
from device.ui.charts.screens import nav_controls
from device.ui.model import Control
from device.ui.pushqr import scannable_push_url
from device.ui.screens import Screen
from device.ui.who import unnamed_seats
from games.events import Tap, TouchAction, ValueTap
from games.scorelog.plays import Play
from games.scorelog.stats import played_time
from games.scorelog.views import MAX_PLAY_ROWS, BgStatsView, ChartView, PlayRow, PlaysView, Tab
from games.views import ScreenName

PAGES = (("Wins", "wins"), ("Scores", "history"), ("Plays", "plays"))
"""The score log's pages: (tab label, screen)."""
SCREENS = (ScreenName.WINS, ScreenName.TOTALS, ScreenName.HISTORY, ScreenName.PLAYS)
"""The screens the score log shows (the daemon leaves them up between games)."""
SHORT = {"Alien Encounters": "Encounters"}
"""Tab labels for names too long for a tab."""
ROWS = MAX_PLAY_ROWS
"""Plays listed per page of the plays list."""


class ScoreLog:
    """What the score log shows; `tap` moves it and says what to show next."""

    def __init__(self, location: str = "") -> None:
        self.location = location
        self.game: str | None = None
        """The game shown (a display name; None: every game)."""
        self.page = "wins"
        self.back = 0
        """How many plays the plays list skips (the newest first)."""

    @staticmethod
    def handles(action: TouchAction) -> bool:
        """Whether a tap belongs to the score log."""
        kinds = (Valued.LOG_GAME, Valued.LOG_PAGE, Valued.LOG_PLAY)
        paging = action is DeviceTap.LOG_NEWER or action is DeviceTap.LOG_OLDER
        return paging or (isinstance(action, ValueTap) and action.kind in kinds)

    def open(self, stats: LogStats) -> ChartView | PlaysView:
        """The score log from the home screen: every game's wins."""
        self.game, self.page, self.back = None, "wins", 0
        return self.current(stats)

    def tap(self, action: TouchAction, stats: LogStats) -> ChartView | PlaysView | BgStatsView:
        """The screen after a tap on ``action`` (a game or page tab, Older, Newer, a play)."""
        kept = (self.game, self.page, self.back)
        try:
            return self._tap(action, stats)
        except Exception:
            self.game, self.page, self.back = kept  # a bad tap leaves the log as it was
            raise

    def _tap(self, action: TouchAction, stats: LogStats) -> ChartView | PlaysView | BgStatsView:
        pages = [page for _, page in PAGES]
        if (game := value_of(action, Valued.LOG_GAME)) is not None:
            self.game = None if game == "all" else game
            self.back = 0
        elif (page := value_of(action, Valued.LOG_PAGE)) is not None and page in pages:
            self.page = page
        elif action is DeviceTap.LOG_OLDER:
            self.back += ROWS
        elif action is DeviceTap.LOG_NEWER:
            self.back = max(0, self.back - ROWS)
        elif (played := value_of(action, Valued.LOG_PLAY)) is not None:
            play = stats.play(played)
            if play is not None:
                return self.play_view(play)
        return self.current(stats)

    def nav(self) -> tuple[Tab, ...]:
        """The tabs: every game (and All), then the pages."""
        games = [("All", "all", self.game is None)] + [
            (SHORT.get(name, name), name, self.game == name) for name in game_names()
        ]
        tabs = [Tab(label, ValueTap(Valued.LOG_GAME, value), lit) for label, value, lit in games]
        tabs += [
            Tab(label, ValueTap(Valued.LOG_PAGE, page), self.page == page) for label, page in PAGES
        ]
        return tuple(tabs)

    def current(self, stats: LogStats) -> ChartView | PlaysView:
        """The chosen page for the chosen game."""
        if self.page == "plays":
            return self.plays_view(stats)
        if self.page == "history" and self.game is None:
            # A score history is of one game: show the most played game's (the tabs say which).
            counts = {name: stats.count(name) for name in game_names()}
            self.game = max(counts, key=lambda name: counts[name]) if any(counts.values()) else None
        chart = view(self.page, stats, game=self.game)
        return replace(chart, nav=self.nav())

    def plays_view(self, stats: LogStats) -> PlaysView:
        """The plays list: the newest plays of the chosen game, ``ROWS`` at a time (one page
        is read from the store, not the log)."""
        count = stats.count(self.game)
        self.back = min(self.back, max(0, count - 1))
        page = stats.latest(ROWS, self.back, self.game)
        labels = day_labels(list(reversed(page)))[::-1]
        rows = tuple(
            PlayRow(f"{label}  {play.game}: {_result(play)}", ValueTap(Valued.LOG_PLAY, play.id))
            for label, play in zip(labels, page, strict=True)
        )
        first, last = self.back + 1, self.back + len(page)
        counted = f"Plays {first}-{last} of {count}" if page else "No plays yet"
        return PlaysView(
            title=f"Plays: {self.game or 'All games'}",
            rows=rows,
            footer=f"{counted}. Tap a play for its BG Stats code.",
            older=self.back + ROWS < count,
            newer=self.back > 0,
            nav=self.nav(),
        )

    def play_view(self, play: Play) -> BgStatsView:
        """A play's BG Stats QR code screen, back to the plays list."""
        when = played_time(play).astimezone()
        return BgStatsView(
            title=play.game,
            lines=(
                f"{when.day} {when:%b %Y, %H:%M}",
                _result(play),
                "Played by " + ", ".join(result.name for result in play.players),
            ),
            bgstats=scannable_push_url(play, self.location),
            back=ValueTap(Valued.LOG_PAGE, "plays"),
            who=ValueTap(Valued.LOG_WHO, play.id) if unnamed_seats(play) else None,
        )


def _result(play: Play) -> str:
    won = [p.name for p in play.players if p.winner]
    return "won by " + (" and ".join(won) if won else "nobody")


@dataclass(frozen=True)
class PlaysScreen(Screen):
    """The score log's plays: one button per play (its date, game and winners), pages of them,
    and the tabs."""

    title: str
    rows: tuple[tuple[str, TouchAction], ...]
    """(label, action) per play, newest first."""
    footer: str
    older: bool
    newer: bool
    nav: tuple[Control, ...] = ()

    @classmethod
    def from_view(cls, view: PlaysView) -> PlaysScreen:
        """Lay out a ``PlaysView``."""
        rows = tuple((row.label, row.action) for row in view.rows)
        nav = nav_controls(view.nav)
        return cls(view.title, rows, view.footer, view.older, view.newer, nav)

    def controls(self) -> list[Control]:
        out = [Control("Home", Tap.HOME, pygame.Rect(664, 10, 124, 58), True), *self.nav]
        for i, (label, action) in enumerate(self.rows):
            out.append(Control(label, action, pygame.Rect(20, 116 + i * 60, 760, 52), size=26))
        if self.newer:
            out.append(Control("Newer", DeviceTap.LOG_NEWER, pygame.Rect(20, 420, 150, 52)))
        if self.older:
            out.append(Control("Older", DeviceTap.LOG_OLDER, pygame.Rect(630, 420, 150, 52)))
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        canvas.text(self.title, 48, ALIEN, topleft=(20, 18), max_width=630)
        if not self.rows:
            canvas.text("No plays in the score log yet.", 40, DIM, center=(400, 260))
        canvas.text(self.footer, 24, DIM, center=(400, 446), max_width=440)
