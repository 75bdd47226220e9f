"""Alieninjas screens: the Replicas round timer ("replicas") and the score table ("scores")."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from device.screenlayer import DeviceSlot
from device.ui.canvas import ALIEN, AMBER, DIM, PROMINENT_SIZE, TEXT, Canvas
from device.ui.clockface import changed_cells, draw_clock
from device.ui.model import Colour, Control
from device.ui.screens import ENTER_SCORES_RECT, Screen
from games.alieninjas.views import ReplicasView, ScoresView
from games.events import Tap

_STAGE_TEXT = {
    "ready": "Shuffle and lay out your grid",
    "countdown": "3, 2, 1...",
    "round": "Replicate the map!",
    "check": "Freeze!",
    "score": "Round over",
}


REPLICAS_CLOCK_AREA = pygame.Rect(0, 110, 800, 180)
"""The round clock: all a tick changes."""
REPLICAS_CLOCK_SIZE, REPLICAS_CLOCK_CENTER = 220, (400, 200)
ROUND_TABLE_AREA = pygame.Rect(24, 76, 752, 256)
"""Between rounds, the closed rounds' table stands where the stopped clock would."""


def format_elapsed(seconds: float) -> str:
    """``m:ss`` of play so far (rounded down: a second shows once it has passed)."""
    whole = max(0, math.floor(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass(frozen=True)
class ReplicasScreen(Screen):
    """The big round clock, the Map side, who buzzed and who is out."""

    round: int
    rounds: int
    map: str
    stage: str
    started_at: float | None
    elapsed: float
    buzzed: int | None
    out: tuple[int, ...]
    totals: tuple[tuple[int, int], ...] = ()
    """(seat, running total), shown on the ready screen between rounds."""
    names: tuple[tuple[int, str], ...] = ()
    """(seat, player name) of the seats linked to players."""
    table: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(seat, points in each closed round): the round table shown between rounds."""

    @classmethod
    def from_view(cls, view: ReplicasView) -> ReplicasScreen:
        """The round screen for ``view`` (its stage is one this screen shows)."""
        return cls(
            view.round,
            view.rounds,
            view.map,
            view.stage,
            view.started_at,
            view.elapsed,
            view.buzzed,
            tuple(sorted(view.out)),
            tuple((row.seat, row.total) for row in view.totals),
            tuple((name.seat, name.name) for name in view.seat_names),
            tuple((row.seat, row.rounds) for row in view.totals),
        )

    @property
    def between_rounds(self) -> bool:
        """The ready screen after a closed round: it shows the round table for a check."""
        return self.stage == "ready" and self.round > 1 and any(r for _, r in self.table)

    def clock(self, now: float) -> float:
        """Seconds of play shown at ``now``."""
        running = 0.0 if self.started_at is None else max(0.0, now - self.started_at)
        return self.elapsed + running

    def controls(self) -> list[Control]:
        if self.stage == "ready":
            return [Control("Go", Tap.GO, pygame.Rect(260, 384, 280, 80), True)]
        if self.stage == "check":
            return [
                Control("Yes", Tap.YES, pygame.Rect(120, 384, 260, 80), True),
                Control("No", Tap.NO, pygame.Rect(420, 384, 260, 80)),
            ]
        return []

    def draw_static(self, canvas: Canvas) -> None:
        canvas.space()
        canvas.text(f"Replicas - round {self.round} of {self.rounds}", 44, ALIEN, topleft=(24, 20))
        canvas.text(f"Map side {self.map}", 44, AMBER, topleft=(460, 20))
        message = _STAGE_TEXT[self.stage]
        if self.between_rounds:
            message = "Check the scores, shuffle, then Go"
        checking = self.stage == "check" and self.buzzed is not None
        who = dict(self.names).get(self.buzzed or 0, f"player {self.buzzed}")
        if checking:
            message = f"{who[:1].upper()}{who[1:]} says ALIENINJAS!"
        y = 300 if checking else 352 if self.between_rounds else 318
        canvas.text(message, 44, TEXT, center=(400, y), max_width=760)
        if checking:  # the question the Yes and No under it answer, as it was said
            question = f"Did {who} replicate the map correctly?"
            canvas.text(question, 32, AMBER, center=(400, 340), max_width=760)
        if self.out:
            out = ", ".join(str(seat) for seat in self.out)
            y = 366 if checking else 360
            # Who may not press again this round: the table must see it at a glance.
            line = f"Out this round: {out}"
            canvas.text(line, PROMINENT_SIZE, TEXT, center=(400, y), max_width=760)
        if self.between_rounds:
            for text, centre, colour in self.table_cells():
                canvas.text(text, 32, colour, center=centre, max_width=120)

    def table_cells(self) -> list[tuple[str, tuple[int, int], Colour]]:
        """(text, centre, colour) of each cell of the round table: a row per seat, a column
        per closed round and the total; past five seats, two blocks side by side."""
        blocks = 1 if len(self.table) <= 5 else 2
        per_block = math.ceil(len(self.table) / blocks)
        width = ROUND_TABLE_AREA.width // blocks
        step = min(44, ROUND_TABLE_AREA.height // (per_block + 1))
        played = max(len(points) for _, points in self.table)
        heads = ["Seat", *(f"R{n}" for n in range(1, played + 1)), "Total"]
        column = (width - 16) // len(heads)
        names = dict(self.names)
        cells: list[tuple[str, tuple[int, int], Colour]] = []
        for block in range(blocks):
            left = ROUND_TABLE_AREA.left + block * width + 8
            xs = [left + column * i + column // 2 for i in range(len(heads))]
            top = ROUND_TABLE_AREA.top + step // 2
            cells += [(head, (x, top), DIM) for head, x in zip(heads, xs, strict=True)]
            rows = self.table[block * per_block : (block + 1) * per_block]
            for i, (seat, points) in enumerate(rows, start=1):
                texts = [names.get(seat, str(seat)), *map(str, points), str(sum(points))]
                colours = [TEXT] * (len(texts) - 1) + [AMBER]
                cells += list(zip(texts, ((x, top + i * step) for x in xs), colours, strict=True))
        return cells

    def draw_ticking(self, canvas: Canvas, now: float) -> None:
        if self.between_rounds:
            return  # the round table stands where the stopped clock would
        colour = AMBER if self.stage == "check" else TEXT
        reading = format_elapsed(self.clock(now))
        draw_clock(canvas, reading, REPLICAS_CLOCK_SIZE, colour, REPLICAS_CLOCK_CENTER)

    def changed_areas(self, before: float, now: float) -> list[pygame.Rect]:
        """The clock's cells that changed (usually one)."""
        old, new = format_elapsed(self.clock(before)), format_elapsed(self.clock(now))
        cells = changed_cells(old, new, REPLICAS_CLOCK_SIZE, REPLICAS_CLOCK_CENTER)
        return [REPLICAS_CLOCK_AREA] if cells is None else cells

    def next_redraw(self, now: float) -> float | None:
        """The instant the shown clock next ticks over (None while it is stopped)."""
        if self.started_at is None:
            return None
        second = math.floor(self.clock(now)) + 1
        # The instant itself, not now plus what is left: that sum could round back to now, and
        # the loop then woke at once for ever. Nudged past any rounding that still shows less.
        due = max(self.started_at + (second - self.elapsed), math.nextafter(now, math.inf))
        while self.clock(due) < second:
            due = math.nextafter(due, math.inf)
        return due

    def ticking_area(self) -> pygame.Rect:
        """Only the round clock's band changes as it ticks."""
        return REPLICAS_CLOCK_AREA


@dataclass(frozen=True)
class ScoresScreen(Screen):
    """The score table: each seat's last round and total, and who has entered this round."""

    title: str
    players: int
    entered: tuple[int, ...]
    rows: tuple[tuple[int, int, int, int | None], ...]
    """(seat, last round's points, total, this round's points once entered)."""
    grabbed: int | None = None
    """Speed grab mode: who grabbed the stack last (until the grab re-arms)."""
    starter: int | None = None
    """Who started this round, as the rules name them (None: the table chose)."""

    def slot(self, part: DeviceSlot) -> pygame.Rect | None:
        """Room for "Enter scores", left of Quit."""
        return ENTER_SCORES_RECT if part is DeviceSlot.ENTER_SCORES else None

    marked: int | None = None
    """Who starts the next round, once an entry says so."""
    names: tuple[tuple[int, str], ...] = ()
    """(seat, player name) of the seats linked to players."""

    @classmethod
    def from_view(cls, view: ScoresView) -> ScoresScreen:
        """The score table for ``view``."""
        rows = tuple((row.seat, row.last, row.total, row.entered_points) for row in view.rows)
        entered = tuple(sorted(view.entered))
        names = tuple((name.seat, name.name) for name in view.seat_names)
        return cls(
            view.title, view.players, entered, rows, view.grabbed, view.starter, view.marked, names
        )

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        # Left of the "Enter scores" and Quit controls; each header over its column.
        canvas.text(self.title, 44, ALIEN, center=(260, 30), max_width=480)
        columns = (("Seat", 140), ("This round", 310), ("Last round", 480), ("Total", 640))
        for header, x in columns:
            canvas.text(header, 30, DIM, center=(x, 96))
        step = min(40, 360 // max(1, len(self.rows)))
        for i, (seat, last, total, points) in enumerate(self.rows):
            colour = ALIEN if seat in self.entered else TEXT
            y = 140 + i * step
            given = "in" if points is None else str(points)
            label = dict(self.names).get(seat, str(seat))
            cells = (label, given if seat in self.entered else "-", str(last), str(total))
            for cell, (_, x) in zip(cells, columns, strict=True):
                canvas.text(cell, 32, colour, center=(x, y), max_width=160)
        done = len(set(self.entered))
        footer, colour = f"{done} of {self.players} entered", DIM
        if self.starter is not None:
            footer += f" - {self._player(self.starter)} started this round"
        if self.marked is not None:
            footer += f" - {self._player(self.marked)} starts the next"
        if self.grabbed is not None:
            grabbed = self._player(self.grabbed)
            footer = f"{grabbed[:1].upper()}{grabbed[1:]} grabbed it first!  ({footer})"
            colour = AMBER
        canvas.text(footer, 30, colour, center=(400, 456), max_width=760)

    def _player(self, seat: int) -> str:
        """A seat in a sentence: its player's name, else "player N"."""
        return dict(self.names).get(seat, f"player {seat}")
