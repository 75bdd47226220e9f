"""The touchscreen's score log: a game filter and three pages (wins, a score history, the
plays), and each play's BG Stats QR code.

`ScoreLog` keeps what is chosen (the game, the page, a player, how far back the plays list is)
and turns a tap on one of its ``log:`` controls into the next screen and its view. Every page
carries its tabs as the view's ``nav``; the chart screens draw them along the top. The game tabs
are the games with plays (each Alieninjas mission its own), at most `GAME_TABS` at a time, and
"More" for the rest. A name in the wins chart opens that player's plays and scores.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from device.store.scorelog import game_named as find_game
from device.store.stats import LogStats
from device.ui.actions import DeviceTap, Valued, value_of
from device.ui.canvas import DIM, MIN_SIZE, Canvas
from device.ui.charts.frame import draw_title, nav_controls
from device.ui.charts.plot import day_labels, view
from device.ui.model import Control
from device.ui.pushqr import scannable_push_url
from device.ui.screens import Screen
from device.ui.who import unnamed_seats
from games.events import Tap, TouchAction, ValueTap
from games.scorelog.logged import logged_names, short_name
from games.scorelog.plays import Play
from games.scorelog.stats import played_time
from games.scorelog.views import MAX_PLAY_ROWS, BgStatsView, ChartView, PlayRow, PlaysView, Tab
from games.views import ScreenName

PAGES = (("Wins", "wins"), ("Scores", "history"), ("Plays", "plays"))
"""The score log's pages: (tab label, screen)."""
SCREENS = (ScreenName.WINS, ScreenName.TOTALS, ScreenName.HISTORY, ScreenName.PLAYS)
"""The screens the score log shows (the daemon leaves them up between games)."""
GAME_TABS = 3
"""Game tabs shown at a time (besides All and More): eight tabs in all, as many as before."""
ROWS = MAX_PLAY_ROWS
"""Plays listed per page of the plays list."""


class ScoreLog:
    """What the score log shows; `tap` moves it and says what to show next."""

    def __init__(self, location: str = "") -> None:
        self.location = location
        self.game: str | None = None
        """The game shown (a display name; None: every game)."""
        self.player: str | None = None
        """Whose plays and scores are shown (None: everyone's)."""
        self.page = "wins"
        self.back = 0
        """How many plays the plays list skips (the newest first)."""

    @staticmethod
    def handles(action: TouchAction) -> bool:
        """Whether a tap belongs to the score log."""
        kinds = (Valued.LOG_GAME, Valued.LOG_PAGE, Valued.LOG_PLAY, Valued.LOG_PLAYER)
        paging = action is DeviceTap.LOG_NEWER or action is DeviceTap.LOG_OLDER
        return paging or (isinstance(action, ValueTap) and action.kind in kinds)

    def open(self, stats: LogStats, game: str | None = None) -> ChartView | PlaysView:
        """The score log's wins: of ``game`` (a logged name: the game a screen shows), or
        from the home screen every game's."""
        self.game, self.player, self.page, self.back = game, None, "wins", 0
        return self.current(stats)

    def tap(self, action: TouchAction, stats: LogStats) -> ChartView | PlaysView | BgStatsView:
        """The screen after a tap on ``action`` (a game or page tab, Older, Newer, a play)."""
        kept = (self.game, self.player, self.page, self.back)
        try:
            return self._tap(action, stats)
        except Exception:
            self.game, self.player, self.page, self.back = kept  # a bad tap changes nothing
            raise

    def _tap(self, action: TouchAction, stats: LogStats) -> ChartView | PlaysView | BgStatsView:
        pages = [page for _, page in PAGES]
        if (game := value_of(action, Valued.LOG_GAME)) is not None:
            # Looked up here, not only by the charts: the plays list never looks it up, and a
            # game it kept that no chart knows broke every other tab after it.
            self.game = None if game == "all" else find_game(game)
            self.back = 0
        elif (player := value_of(action, Valued.LOG_PLAYER)) is not None:
            self.player, self.page, self.back = player, "plays", 0
        elif (page := value_of(action, Valued.LOG_PAGE)) is not None and page in pages:
            if page == "wins":
                self.player = None  # the wins are everyone's: back to all players
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

    def game_tabs(self, stats: LogStats) -> tuple[list[str], str | None]:
        """The games whose tabs show (the chosen one among them) and the game "More" opens
        (None: every game has its tab). Games with plays, in the home screen's order."""
        order = {name: i for i, name in enumerate(logged_names())}
        played = sorted(stats.games(), key=lambda name: (order.get(name, len(order)), name))
        if self.game is not None and self.game not in played:
            played.insert(0, self.game)  # opened on a game with no plays yet
        if len(played) <= GAME_TABS + 1:
            return played, None
        start = played.index(self.game) // GAME_TABS * GAME_TABS if self.game in played else 0
        shown = played[start : start + GAME_TABS]
        return shown, played[(start + GAME_TABS) % len(played)]

    def nav(self, stats: LogStats) -> tuple[Tab, ...]:
        """The tabs: All, the games (see `game_tabs`), then the pages."""
        shown, more = self.game_tabs(stats)
        games = [("All", "all", self.game is None)] + [
            (short_name(name), name, self.game == name) for name in shown
        ]
        if more is not None:
            games.append(("More", more, False))
        tabs = [Tab(label, ValueTap(Valued.LOG_GAME, value), lit) for label, value, lit in games]
        tabs += [
            Tab(label, ValueTap(Valued.LOG_PAGE, page), self.page == page) for label, page in PAGES
        ]
        return tuple(tabs)

    def current(self, stats: LogStats) -> ChartView | PlaysView:
        """The chosen page for the chosen game (and player)."""
        if self.page == "plays":
            return self.plays_view(stats)
        if self.page == "history" and self.game is None:
            # A score history is of one game: the player's most scored, else the most played.
            counts = {name: stats.count(name) for name in stats.games()}
            most = max(counts, key=lambda name: counts[name]) if counts else None
            if self.player is not None:
                most = stats.most_scored_game(self.player) or most
            self.game = most
        player = self.player if self.page == "history" else None
        chart = view(self.page, stats, game=self.game, player=player)
        return replace(chart, nav=self.nav(stats))

    def plays_view(self, stats: LogStats) -> PlaysView:
        """The plays list: the newest plays of the chosen game (and player), ``ROWS`` at a
        time (one page is read from the store, not the log); a play saved at Quit says so."""
        count = stats.count(self.game, player=self.player)
        self.back = min(self.back, max(0, count - 1))
        page = stats.latest(ROWS, self.back, self.game, self.player)
        labels = day_labels(list(reversed(page)))[::-1]
        rows = tuple(
            PlayRow(f"{label}  {play.game}: {_result(play)}", ValueTap(Valued.LOG_PLAY, play.id))
            for label, play in zip(labels, page, strict=True)
        )
        first, last = self.back + 1, self.back + len(page)
        counted = f"Plays {first}-{last} of {count}" if page else "No plays yet"
        whose = f"{self.player}, " if self.player is not None else ""
        return PlaysView(
            title=f"Plays: {whose}{self.game or 'All games'}",
            rows=rows,
            footer=f"{counted}. Tap a play for its BG Stats code.",
            older=self.back + ROWS < count,
            newer=self.back > 0,
            nav=self.nav(stats),
        )

    def play_view(self, play: Play) -> BgStatsView:
        """A play's BG Stats QR code screen, back to the plays list."""
        when = played_time(play).astimezone()
        return BgStatsView(
            title=play.game,
            lines=(
                f"{when.day} {when:%b %Y, %H:%M}",
                play.comments if play.unfinished else _result(play),
                "Played by " + ", ".join(result.name for result in play.players),
            ),
            bgstats=scannable_push_url(play, self.location),
            back=ValueTap(Valued.LOG_PAGE, "plays"),
            who=ValueTap(Valued.LOG_WHO, play.id) if unnamed_seats(play) else None,
        )


def _result(play: Play) -> str:
    """Who won, or for a play saved at Quit that it is unfinished (nobody won it)."""
    if play.unfinished:
        return "unfinished, " + play.comments.split(":", 1)[1].strip().rstrip(".")
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
        out = [Control("Home", Tap.HOME, pygame.Rect(664, 10, 124, 52), True), *self.nav]
        for i, (label, action) in enumerate(self.rows):
            place = pygame.Rect(20, 116 + i * 60, 760, 52)
            out.append(Control(label, action, place, size=MIN_SIZE))
        if self.newer:
            out.append(Control("Newer", DeviceTap.LOG_NEWER, pygame.Rect(20, 420, 150, 52)))
        if self.older:
            out.append(Control("Older", DeviceTap.LOG_OLDER, pygame.Rect(630, 420, 150, 52)))
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        draw_title(canvas, self.title, self.nav)
        if not self.rows:
            canvas.text("No plays in the score log yet.", 40, DIM, center=(400, 260))
        # Between Newer and Older, on two lines rather than cut.
        footer = pygame.Rect(180, 420, 440, 52)
        canvas.paragraph([self.footer], MIN_SIZE, DIM, footer, centred=True)
