"""Score log charts as pictures: turn plays into chart views and draw them to a PNG.

The pictures are the touchscreen's own chart screens (``device.ui.charts.screens``) drawn on an
off-screen 800x480 surface, so a PNG looks exactly like the screen. Drawing needs no display:
only ``pygame.font`` is started, so ``plot`` works headless (the CLI may still call
``device.runtime.parts.go_headless()`` first, as every headless entry point does).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from device.store.scorelog import game_named as find_game
from device.store.stats import LogStats
from device.ui.canvas import Canvas
from device.ui.charts.screens import HistoryScreen, TotalsScreen, WinsScreen
from device.ui.model import DESIGN_SIZE
from device.ui.screens import Screen
from games.scorelog.plays import Play
from games.scorelog.stats import played_time, running_totals
from games.scorelog.views import (
    ChartView,
    HistoryPoint,
    HistoryView,
    TotalsLine,
    TotalsView,
    WinsBar,
    WinsView,
)

HISTORY_POINTS = 60
"""Plays a score history shows (a player's latest): what fits the chart's width."""
KINDS = ("wins", "totals", "history")
"""The charts ``plot`` draws (and the screen names that show them)."""

_SCREENS: dict[type[ChartView], Callable[[Any], Screen]] = {
    WinsView: WinsScreen.from_view,
    TotalsView: TotalsScreen.from_view,
    HistoryView: HistoryScreen.from_view,
}
"""The screen that draws each chart's view (each ``from_view`` takes that view class)."""


def _did_you_mean(word: str, choices: Sequence[str]) -> str:
    """A hint naming the choice closest to ``word`` (case aside), or "" if none is close."""
    by_fold = {choice.casefold(): choice for choice in choices}
    close = difflib.get_close_matches(word.casefold(), list(by_fold), n=1, cutoff=0.5)
    return f" (did you mean {by_fold[close[0]]!r}?)" if close else ""


def check_kind(kind: str) -> str:
    """``kind`` if it is a chart; otherwise a ValueError naming it, the kinds and a guess."""
    if kind not in KINDS:
        listed = ", ".join(KINDS)
        raise ValueError(
            f"unknown chart {kind!r}; charts are: {listed}{_did_you_mean(kind, KINDS)}"
        )
    return kind


def _day(play: Play, with_year: bool) -> str:
    when = played_time(play)
    return f"{when.day} {when:%b %Y}" if with_year else f"{when.day} {when:%b}"


def day_labels(plays: Sequence[Play]) -> list[str]:
    """A distinct, readable date label per play (in order): "3 Mar", with the year when the
    plays span years, and the time ("3 Mar 20:15") for plays sharing a day."""
    with_year = len({played_time(play).year for play in plays}) > 1
    days = [_day(play, with_year) for play in plays]
    labels = [
        f"{day} {played_time(play):%H:%M}" if days.count(day) > 1 else day
        for play, day in zip(plays, days, strict=True)
    ]
    # Two plays in the same minute: number them, so no two labels are the same.
    return [
        f"{label} #{labels[:i].count(label) + 1}" if labels.count(label) > 1 else label
        for i, label in enumerate(labels)
    ]


def of_game(plays: Sequence[Play], game: str | None) -> list[Play]:
    """The plays of ``game`` (a display name; None: every play)."""
    return list(plays) if game is None else [play for play in plays if play.game == game]


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' if n != 1 else ''}"


def wins_view(stats: LogStats, game: str | None = None) -> WinsView:
    """The "wins" view: every player's wins and plays (of ``game``, or of every game), most
    wins first; the title names the game and counts the plays the bars count (not those
    saved at Quit)."""
    bars = tuple(WinsBar(s.name, s.wins, s.plays) for s in stats.standings(game))
    which = game or "All games"
    count = stats.count(game, finished=True)
    title = f"Wins: {which} - {_count(count, 'play')}" if count else f"Wins: {which}"
    return WinsView(title=title, bars=bars)


def totals_view(stats: LogStats, game: str | None = None) -> TotalsView:
    """The "totals" view: the running totals of the most recent play (of ``game``) with
    round scores."""
    play = stats.latest_with_rounds(game)
    if play is None:
        return TotalsView(title=f"Running totals: {game}" if game else "Running totals", lines=())
    by_seat = sorted(running_totals(play), key=lambda item: item[0].seat)
    lines = tuple(TotalsLine(result.name, tuple(totals)) for result, totals in by_seat)
    return TotalsView(title=f"{play.game}, {_day(play, True)}", lines=lines)


def history_view(
    stats: LogStats, player: str | None = None, game: str | None = None
) -> HistoryView:
    """The "history" view: ``player``'s scores in one game over their latest
    `HISTORY_POINTS` plays, oldest first.

    Scores of different games are never shown (or averaged) together: no ``game`` means the
    game with scores ``player`` played most. No ``player``: whoever played most (of that game).
    A name not in the log is a ValueError with a guess.
    """
    if player is None:
        player = stats.most_played(game)
        if player is None:
            title = f"Score history: {game}" if game else "Score history"
            return HistoryView(title=title, player="anyone", points=())
    names = stats.players()
    if player not in names:
        known = ", ".join(names) if names else "none yet"
        raise ValueError(
            f"no player {player!r} in the score log{_did_you_mean(player, names)}; players: {known}"
        )
    if game is None:
        game = stats.most_scored_game(player)
    history = stats.history(player, game, HISTORY_POINTS)
    dated = [Play(point.play_id, game or "", point.played_at, ()) for point in history]
    points = tuple(
        HistoryPoint(label, point.score, point.winner)
        for label, point in zip(day_labels(dated), history, strict=True)
    )
    title = f"{player}: {game}" if game else f"{player}'s scores"
    return HistoryView(title=title, player=player, points=points)


def view(
    kind: str, stats: LogStats, *, player: str | None = None, game: str | None = None
) -> ChartView:
    """The view of chart ``kind`` for the score log ``stats`` asks (``player``: whose
    history; ``game``: which game's plays, a display name or key; None: every game, or for a
    history the player's most scored game)."""
    check_kind(kind)
    name = None if game is None else find_game(game)
    if kind == "wins":
        return wins_view(stats, name)
    if kind == "totals":
        return totals_view(stats, name)
    return history_view(stats, player, name)


def render(kind: str, chart_view: ChartView) -> pygame.Surface:
    """Chart ``kind`` drawn from ``chart_view`` on a new 800x480 surface (controls left off)."""
    if chart_view.screen != check_kind(kind):
        raise ValueError(f"the {kind!r} chart takes a {kind} view, not a {chart_view.screen} one")
    screen = _SCREENS[type(chart_view)](chart_view)
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(DESIGN_SIZE)
    screen.draw(Canvas(surface), 0.0)
    return surface


def plot(
    kind: str,
    stats: LogStats,
    out: Path,
    *,
    player: str | None = None,
    game: str | None = None,
) -> Path:
    """Draw chart ``kind`` ("wins", "totals" or "history") of the log ``stats`` asks to the
    PNG ``out``.

    ``game`` (a name or key) keeps that game's plays. "totals" shows the most recent play with
    round scores; "history" shows ``player`` (default: whoever played most) in one game
    (default: the one they have most scores in). An empty log gives a chart that says so.
    The file is a PNG (the command line refuses another suffix); missing folders are made.
    Returns ``out``.
    """
    surface = render(kind, view(kind, stats, player=player, game=game))
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as file:
        pygame.image.save(surface, file, "chart.png")
    return out
