"""Score log charts: wins per player ("wins"), running totals of one game ("totals") and one
player's score history ("history").

Like every screen they lay out a typed view (``games.scorelog.views``), checked when built;
``device.ui.charts.plot`` turns a score log into these views and renders them to PNG files with
the same code. An empty chart says so in words.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from device.ui.actions import Valued
from device.ui.canvas import (
    ACCENT,
    ALIEN,
    AMBER,
    DIM,
    MIN_SIZE,
    PANEL,
    TEXT,
    Canvas,
    text_size,
)
from device.ui.charts.frame import (
    Axis,
    draw_empty,
    draw_title,
    home_controls,
    nav_controls,
    nice_ticks,
)
from device.ui.model import Colour, Control
from device.ui.screens import Screen
from device.wording import counted
from games.events import ValueTap
from games.scorelog.views import HistoryView, TotalsView, WinsView

SERIES: tuple[Colour, ...] = (
    ACCENT,
    ALIEN,
    AMBER,
    (255, 120, 190),
    (190, 150, 255),
    (255, 110, 90),
    (240, 235, 110),
    (120, 240, 230),
    (255, 255, 255),
    (170, 200, 120),
    (255, 160, 60),
    (140, 170, 255),
)
"""Line colours, one per player (in the view's order), chosen to be told apart at a glance."""
BAR = ACCENT
LEADER_BAR = AMBER
"""The bar of whoever has the most wins."""
WON = ALIEN
LOST: Colour = (110, 125, 175)

WINS_CHART = pygame.Rect(76, 120, 700, 250)
"""Where the wins bars stand (feet on the bottom edge; names and records below)."""
MAX_BARS = 10
TOTALS_CHART = pygame.Rect(76, 116, 500, 292)
LEGEND_LEFT = 600
HISTORY_CHART = pygame.Rect(76, 116, 700, 266)


# -- wins -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class WinsScreen(Screen):
    """Wins per player as bars, leader(s) in amber; under each bar the name and the record."""

    title: str
    bars: tuple[tuple[str, int, int], ...]
    """(name, wins, plays), in the order drawn."""
    nav: tuple[Control, ...] = ()
    """The score log's tabs (the view's ``nav``)."""

    @classmethod
    def from_view(cls, view: WinsView) -> WinsScreen:
        """Lay out a ``WinsView`` (only the first ``MAX_BARS`` fit; a note counts the rest)."""
        bars = tuple((bar.name, bar.wins, bar.plays) for bar in view.bars)
        return cls(view.title, bars, nav_controls(view.nav))

    def controls(self) -> list[Control]:
        # Each name opens that player's plays (drawn over the name the chart draws, so the
        # PNG of ``plot``, which has no controls, still names every bar).
        slot = WINS_CHART.width // max(1, len(self.shown()))
        names = [
            Control(
                name,
                ValueTap(Valued.LOG_PLAYER, name),
                pygame.Rect(rect.centerx - slot // 2 + 3, WINS_CHART.bottom + 2, slot - 6, 48),
                style="tab",
                size=30,
            )
            for name, rect in self.bar_rects()
        ]
        return [*home_controls(), *self.nav, *names]

    def shown(self) -> tuple[tuple[str, int, int], ...]:
        """The bars that fit on the chart."""
        return self.bars[:MAX_BARS]

    def _axis(self) -> Axis:
        return Axis(WINS_CHART, nice_ticks(0, max([w for _, w, _ in self.bars] + [1]), 4))

    def bar_rects(self) -> list[tuple[str, pygame.Rect]]:
        """(name, rect) of every shown bar; a player without wins gets a zero-height bar."""
        shown = self.shown()
        if not shown:
            return []
        axis = self._axis()
        slot = WINS_CHART.width // len(shown)
        width = min(96, slot * 3 // 5)
        out = []
        for i, (name, wins, _) in enumerate(shown):
            top = axis.y(wins)
            x = WINS_CHART.left + i * slot + (slot - width) // 2
            out.append((name, pygame.Rect(x, top, width, WINS_CHART.bottom - top)))
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        draw_title(canvas, self.title, self.nav)
        shown = self.shown()
        if not shown:
            lines = ["No wins of named players yet.", "Name who played after a game, or"]
            draw_empty(canvas, [*lines, "link players to seats before it."])
            return
        self._axis().draw(canvas)
        best = max(wins for _, wins, _ in shown)
        slot = WINS_CHART.width // len(shown)
        for (name, rect), (_, wins, plays) in zip(self.bar_rects(), shown, strict=True):
            colour = LEADER_BAR if wins == best and best > 0 else BAR
            if rect.height:
                pygame.draw.rect(
                    canvas.surface,
                    colour,
                    rect,
                    border_top_left_radius=6,
                    border_top_right_radius=6,
                )
            canvas.text(
                str(wins), 40, colour if wins else DIM, center=(rect.centerx, rect.top - 20)
            )
            canvas.text(
                name, 32, TEXT, center=(rect.centerx, WINS_CHART.bottom + 24), max_width=slot - 6
            )
            percent = round(100 * wins / plays) if plays else 0
            record = f"{wins}/{plays} ({percent}%)"
            if text_size(record, MIN_SIZE)[0] > slot - 6:  # ten bars: the count, whole
                record = f"{wins}/{plays}"
            where = (rect.centerx, WINS_CHART.bottom + 64)
            canvas.text(record, MIN_SIZE, DIM, center=where, max_width=slot - 6)
        note = "Amber: most wins. Tap a name for their plays."
        if len(self.bars) > len(shown):
            note = f"Top {len(shown)} of {len(self.bars)} players. " + note
        canvas.text(note, MIN_SIZE, DIM, topleft=(20, 446), max_width=760)


# -- running totals -------------------------------------------------------------------------


@dataclass(frozen=True)
class TotalsScreen(Screen):
    """One game's running totals: a line per player over the rounds, a legend by total."""

    title: str
    lines: tuple[tuple[str, tuple[int, ...]], ...]
    """(label, total after each round) per player, in seat order."""
    nav: tuple[Control, ...] = ()

    @classmethod
    def from_view(cls, view: TotalsView) -> TotalsScreen:
        """Lay out a ``TotalsView`` (no lines or no rounds: a message)."""
        lines = tuple((line.name, line.totals) for line in view.lines)
        return cls(view.title, lines, nav_controls(view.nav))

    def controls(self) -> list[Control]:
        return [*home_controls(), *self.nav]

    @property
    def rounds(self) -> int:
        """How many rounds the lines cover."""
        return len(self.lines[0][1]) if self.lines else 0

    def points(self) -> list[tuple[str, list[tuple[int, int]]]]:
        """(name, pixel points) per line, starting at 0 before round 1."""
        values = [v for _, totals in self.lines for v in totals]
        axis = Axis(TOTALS_CHART, nice_ticks(min([0, *values]), max([1, *values])))
        step = TOTALS_CHART.width / self.rounds
        return [
            (
                name,
                [
                    (round(TOTALS_CHART.left + i * step), axis.y(value))
                    for i, value in enumerate((0, *totals))
                ],
            )
            for name, totals in self.lines
        ]

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        draw_title(canvas, self.title, self.nav)
        if not self.lines or not self.rounds:
            draw_empty(canvas, ["No round scores for this game yet."])
            return
        values = [v for _, totals in self.lines for v in totals]
        Axis(TOTALS_CHART, nice_ticks(min([0, *values]), max([1, *values]))).draw(canvas)
        every = max(1, math.ceil(self.rounds / 10))
        step = TOTALS_CHART.width / self.rounds
        for r in range(every, self.rounds + 1, every):
            x = round(TOTALS_CHART.left + r * step)
            canvas.text(f"R{r}", MIN_SIZE, DIM, center=(x, TOTALS_CHART.bottom + 20))
        where = (TOTALS_CHART.left, TOTALS_CHART.bottom + 36)
        canvas.text("after round", MIN_SIZE, DIM, topleft=where)
        colours = {name: SERIES[i % len(SERIES)] for i, (name, _) in enumerate(self.lines)}
        for name, points in self.points():
            pygame.draw.lines(canvas.surface, colours[name], False, points, 5)
            for point in points[1:]:
                pygame.draw.circle(canvas.surface, colours[name], point, 6)
        ranked = sorted(self.lines, key=lambda line: -line[1][-1])
        row = min(52, (480 - 124) // len(ranked))
        size = min(34, row - 6)
        for i, (name, totals) in enumerate(ranked):
            y = 124 + i * row + row // 2
            pygame.draw.circle(canvas.surface, colours[name], (LEGEND_LEFT + 12, y), 10)
            width = 800 - LEGEND_LEFT - 100
            canvas.text(
                name, size, TEXT, topleft=(LEGEND_LEFT + 30, y - size // 3), max_width=width
            )
            label = str(totals[-1])
            right = 790 - text_size(label, size)[0]
            canvas.text(label, size, colours[name], topleft=(right, y - size // 3))


# -- score history --------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryScreen(Screen):
    """One player's scores over their plays, oldest first: wins green, the average dashed."""

    title: str
    player: str
    points: tuple[tuple[str, int | None, bool], ...]
    """(label under the point, score or None if unscored, won), oldest first."""
    nav: tuple[Control, ...] = ()

    @classmethod
    def from_view(cls, view: HistoryView) -> HistoryScreen:
        """Lay out a ``HistoryView`` (no scored points: a message)."""
        points = tuple((p.label, p.score, p.winner) for p in view.points)
        return cls(view.title, view.player, points, nav_controls(view.nav))

    def controls(self) -> list[Control]:
        return [*home_controls(), *self.nav]

    def scored(self) -> list[tuple[int, int, bool]]:
        """(index, score, won) of the points with a score."""
        return [(i, s, won) for i, (_, s, won) in enumerate(self.points) if s is not None]

    def _axis(self) -> Axis:
        scores = [s for _, s, _ in self.scored()]
        return Axis(HISTORY_CHART, nice_ticks(min([0, *scores]), max([1, *scores])))

    def _x(self, index: int) -> int:
        n = len(self.points)
        if n == 1:
            return HISTORY_CHART.centerx
        return round(HISTORY_CHART.left + 20 + (HISTORY_CHART.width - 40) * index / (n - 1))

    def dots(self) -> list[tuple[tuple[int, int], bool]]:
        """(pixel centre, won) of each scored point."""
        axis = self._axis()
        return [((self._x(i), axis.y(s)), won) for i, s, won in self.scored()]

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        draw_title(canvas, self.title, self.nav)
        scored = self.scored()
        if not scored:
            draw_empty(canvas, [f"No scores for {self.player} yet."])
            return
        axis = self._axis()
        axis.draw(canvas)
        scores = [s for _, s, _ in scored]
        average = sum(scores) / len(scores)
        y = axis.y(average)
        for x in range(HISTORY_CHART.left, HISTORY_CHART.right, 24):  # a dashed average line
            pygame.draw.line(
                canvas.surface, AMBER, (x, y), (min(x + 12, HISTORY_CHART.right), y), 3
            )
        dots = self.dots()
        if len(dots) > 1:
            pygame.draw.lines(canvas.surface, PANEL, False, [p for p, _ in dots], 8)
            pygame.draw.lines(canvas.surface, LOST, False, [p for p, _ in dots], 2)
        radius = 9 if len(dots) <= 30 else 6
        for pos, won in dots:
            pygame.draw.circle(canvas.surface, WON if won else LOST, pos, radius)
        every = max(1, math.ceil(len(self.points) / 6))
        for i in range(0, len(self.points), every):
            label = self.points[i][0]
            canvas.text(
                label, MIN_SIZE, DIM, center=(self._x(i), HISTORY_CHART.bottom + 20), max_width=110
            )
        pygame.draw.circle(canvas.surface, WON, (30, 448), 9)
        canvas.text("won", 28, TEXT, topleft=(46, 439))
        pygame.draw.circle(canvas.surface, LOST, (120, 448), 9)
        canvas.text("lost", 28, TEXT, topleft=(136, 439))
        pygame.draw.line(canvas.surface, AMBER, (206, 448), (236, 448), 3)
        canvas.text(f"average {average:.1f}", 28, AMBER, topleft=(244, 439))
        canvas.text(self.summary(), 28, TEXT, topleft=(440, 439), max_width=350)

    def summary(self) -> str:
        """The footer's count of what is drawn: "1 play, 1 win, best 12" (singular for one)."""
        scored = self.scored()
        wins = sum(1 for _, _, won in scored if won)
        best = max((score for _, score, _ in scored), default=0)
        return f"{counted(len(scored), 'play')}, {counted(wins, 'win')}, best {best}"
