"""The in-game screens: night (dark, secret) and day (countdown); the vote is in ballot.py."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from device.ui.canvas import ALIEN, AMBER, DIM, NIGHT_BG, NIGHT_TEXT, PROMINENT_SIZE, TEXT, Canvas
from device.ui.clockface import changed_cells, draw_clock
from device.ui.model import Colour, Control
from device.ui.screens import Screen
from games.events import AnswerTap, Tap
from games.onenight.views import AnswerButtons, DayView, NightView

#: The day clock and the "Paused" / "Time's up!" line under it: all a tick changes.
DAY_CLOCK_AREA = pygame.Rect(0, 96, 800, 272)
IN_PLAY_AREA = pygame.Rect(24, 66, 752, 60)
"""The roles in play, under the title: two lines above the clock's digits."""
DAY_CLOCK_SIZE, DAY_CLOCK_CENTER = 300, (400, 212)
#: The only part of the night screen that may hold anything but near-black: under the answer
#: buttons, room for a long call on three lines.
NIGHT_CAPTION_BAND = pygame.Rect(0, 336, 800, 140)
TAKEN = "Answer taken. Tap again to change it."
"""The night screen's one sign that an answer counted (never which)."""


@dataclass(frozen=True)
class NightScreen(Screen):
    """Secrecy: near-black, one dim caption of the public call (the device's layer draws it in
    ``call_slot``), and nothing else.

    The one exception is an answer window (the Oracle's question): dim Yes/No or number
    buttons while that role is called. They show for every game with that role, whether or not
    the card is in play. A tap lights no button: once an answer is in, one dim line over them
    says so (``TAKEN``), the same whatever the answer, so it gives nothing away.
    """

    answers: AnswerButtons = AnswerButtons.NONE
    players: int = 0
    taken: bool = False
    """An answer is in: said in dim text over the buttons, the same whatever it is."""
    quiet = True

    @classmethod
    def from_view(cls, view: NightView) -> NightScreen:
        """The night screen for ``view``: any answer window (the call is the device's)."""
        return cls(view.answers, view.players, view.taken)

    def call_slot(self) -> pygame.Rect:
        """The caption band, under any answer buttons."""
        return NIGHT_CAPTION_BAND

    def controls(self) -> list[Control]:
        if self.answers is AnswerButtons.YES_NO:
            return [
                Control("Yes", AnswerTap(True), pygame.Rect(150, 160, 220, 110), style="night"),
                Control("No", AnswerTap(False), pygame.Rect(430, 160, 220, 110), style="night"),
            ]
        if self.answers is AnswerButtons.NUMBER and self.players > 0:
            per_row = 6
            size, gap = 96, 14
            out = []
            for n in range(1, self.players + 1):
                row, col = divmod(n - 1, per_row)
                in_row = min(per_row, self.players - row * per_row)
                left = 400 - (in_row * size + (in_row - 1) * gap) // 2
                rect = pygame.Rect(left + col * (size + gap), 110 + row * (size + gap), size, size)
                out.append(Control(str(n), AnswerTap(n), rect, style="night"))
            return out
        return []

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.fill(NIGHT_BG)  # no stars: a bright speck could be mistaken for a signal
        if self.taken and self.answers is not AnswerButtons.NONE:
            canvas.text(TAKEN, 30, NIGHT_TEXT, center=(400, 64), max_width=560)


def format_clock(seconds: float) -> str:
    """``m:ss`` for a countdown, rounding up so 0:00 shows only when time is really up."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass(frozen=True)
class DayScreen(Screen):
    """The discussion timer: big mm:ss, pause/resume, +1 min and vote now."""

    ends_at: float | None
    remaining: float
    paused: bool
    players: int
    roles: str = ""

    @classmethod
    def from_view(cls, view: DayView) -> DayScreen:
        """The day screen for ``view``."""
        return cls(view.ends_at, view.remaining, view.paused, view.players, view.roles)

    def _running(self) -> bool:
        return not self.paused and self.ends_at is not None

    def left(self, now: float) -> float:
        """Seconds left at ``now`` (never negative)."""
        if self._running():
            assert self.ends_at is not None
            return max(0.0, self.ends_at - now)
        return max(0.0, self.remaining)

    def controls(self) -> list[Control]:
        pause = ("Resume", Tap.RESUME) if self.paused else ("Pause", Tap.PAUSE)
        return [
            Control(*pause, pygame.Rect(20, 384, 240, 80)),
            Control("+1 min", Tap.EXTEND, pygame.Rect(280, 384, 240, 80)),
            Control("Vote now", Tap.VOTE, pygame.Rect(540, 384, 240, 80), True),
        ]

    def draw_static(self, canvas: Canvas) -> None:
        canvas.space()
        canvas.text("Day", 60, ALIEN, topleft=(24, 20))
        canvas.text(
            f"{self.players} players - talk it out, then vote",
            32,
            DIM,
            topleft=(130, 34),
            max_width=560,  # clear of Quit
        )
        if self.roles:  # what the table argues over: prominent, on two lines if it must
            line = f"In play: {self.roles}"
            canvas.paragraph([line], PROMINENT_SIZE, TEXT, IN_PLAY_AREA, centred=False)

    def _reading(self, now: float) -> tuple[str, Colour, str]:
        """The clock's text, its colour and the line under it, at ``now``."""
        left = self.left(now)
        colour = AMBER if self.paused or left <= 30 else TEXT
        under = "Paused" if self.paused else "Time's up!" if left <= 0 else ""
        return format_clock(left), colour, under

    def draw_ticking(self, canvas: Canvas, now: float) -> None:
        text, colour, under = self._reading(now)
        draw_clock(canvas, text, DAY_CLOCK_SIZE, colour, DAY_CLOCK_CENTER)
        if under:
            canvas.text(under, 44, AMBER, center=(400, 336))

    def changed_areas(self, before: float, now: float) -> list[pygame.Rect]:
        """The clock's cells that changed (usually one); all of it when more than digits did."""
        (old, *old_look), (new, *new_look) = self._reading(before), self._reading(now)
        cells = changed_cells(old, new, DAY_CLOCK_SIZE, DAY_CLOCK_CENTER)
        return [DAY_CLOCK_AREA] if cells is None or old_look != new_look else cells

    def next_redraw(self, now: float) -> float | None:
        """The instant the shown countdown next ticks over (None when paused or at 0:00)."""
        if not self._running():
            return None
        assert self.ends_at is not None
        left = self.ends_at - now
        if left <= 0:
            return None
        # The clock shows ceil(left); it changes when `left` reaches the next lower integer.
        return self.ends_at - (math.ceil(left) - 1)

    def ticking_area(self) -> pygame.Rect:
        """Only the clock's band changes as it ticks."""
        return DAY_CLOCK_AREA
