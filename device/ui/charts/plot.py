"""Score log charts as pictures: turn plays into chart views and draw them to a PNG.

The pictures are the touchscreen's own chart screens (``device.ui.charts.screens``) drawn on an
off-screen 800x480 surface, so a PNG looks exactly like the screen. Drawing needs no display:
only ``pygame.font`` is started, so ``plot`` works headless (the CLI may still call
``device.runtime.parts.go_headless()`` first, as every headless entry point does).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pygame

from device.ui.canvas import Canvas
from device.ui.charts.screens import HistoryScreen, TotalsScreen, WinsScreen
from device.ui.model import DESIGN_SIZE
from device.ui.screens import Screen
from games.scorelog.plays import Play
from games.scorelog.stats import (
    latest_with_rounds,
    leaderboard,
    most_played,
    played_time,
    player_stats,
    running_totals,
    score_history,
)

KINDS = ("wins", "totals", "history")
"""The charts ``plot`` draws (and the screen names that show them)."""

_SCREENS: dict[str, Callable[[Mapping[str, object]], Screen]] = {
    "wins": WinsScreen.from_view,
    "totals": TotalsScreen.from_view,
    "history": HistoryScreen.from_view,
}


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


def wins_view(plays: Sequence[Play]) -> dict[str, object]:
    """The "wins" view: every player's wins and plays, most wins first."""
    bars = [{"name": s.name, "wins": s.wins, "plays": s.plays} for s in leaderboard(plays)]
    count = len(plays)
    title = f"Wins - {count} play{'s' if count != 1 else ''}" if plays else "Wins"
    return {"title": title, "bars": bars}


def totals_view(plays: Sequence[Play]) -> dict[str, object]:
    """The "totals" view: the running totals of the most recent play with round scores."""
    play = latest_with_rounds(plays)
    if play is None:
        return {"title": "Running totals", "lines": []}
    by_seat = sorted(running_totals(play), key=lambda item: item[0].seat)
    lines = [{"name": result.name, "totals": list(totals)} for result, totals in by_seat]
    return {"title": f"{play.game}, {_day(play, True)}", "lines": lines}


def history_view(plays: Sequence[Play], player: str | None = None) -> dict[str, object]:
    """The "history" view: ``player``'s scores over their plays, oldest first.

    No ``player``: whoever played most. A name not in the log is a ValueError with a guess.
    """
    if player is None:
        player = most_played(plays)
        if player is None:
            return {"title": "Score history", "player": "anyone", "points": []}
    names = list(player_stats(plays))
    if player not in names:
        known = ", ".join(names) if names else "none yet"
        raise ValueError(
            f"no player {player!r} in the score log{_did_you_mean(player, names)}; players: {known}"
        )
    by_id = {play.id: play for play in plays}
    history = score_history(plays, player)
    years = {played_time(by_id[point.play_id]).year for point in history}
    points = [
        {
            "label": _day(by_id[point.play_id], len(years) > 1),
            "score": point.score,
            "winner": point.winner,
        }
        for point in history
    ]
    return {"title": f"{player}'s scores", "player": player, "points": points}


def view(kind: str, plays: Sequence[Play], *, player: str | None = None) -> dict[str, object]:
    """The view of chart ``kind`` for ``plays`` (``player``: whose history)."""
    check_kind(kind)
    if kind == "wins":
        return wins_view(plays)
    if kind == "totals":
        return totals_view(plays)
    return history_view(plays, player)


def render(kind: str, chart_view: Mapping[str, object]) -> pygame.Surface:
    """Chart ``kind`` drawn from ``chart_view`` on a new 800x480 surface (controls left off)."""
    screen = _SCREENS[check_kind(kind)](chart_view)
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(DESIGN_SIZE)
    screen.draw(Canvas(surface), 0.0)
    return surface


def plot(kind: str, plays: Sequence[Play], out: Path, *, player: str | None = None) -> Path:
    """Draw chart ``kind`` ("wins", "totals" or "history") of ``plays`` to the PNG ``out``.

    "totals" shows the most recent play with round scores; "history" shows ``player`` (default:
    whoever played most). An empty log gives a chart that says so. The file is always a PNG,
    whatever its suffix; missing folders are made. Returns ``out``.
    """
    surface = render(kind, view(kind, plays, player=player))
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as file:
        pygame.image.save(surface, file, "chart.png")
    return out
