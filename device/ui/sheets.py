"""The score-sheet screen: per-seat rows of scores and totals, a round tracker and a message.

Alienation and Alien Encounters both use it; it shows a ``games.views.SheetView``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pygame

from device.screenlayer import DeviceSlot, Ending
from device.ui.actions import DeviceTap
from device.ui.canvas import ALIEN, AMBER, DIM, MIN_SIZE, PANEL, TEXT, Canvas
from device.ui.model import Control
from device.ui.screens import ENTER_SCORES_RECT, Screen
from games.events import SeatTap, TouchAction
from games.views import SheetRow, SheetView

SEAT_WIDTH = 110
TABLE = pygame.Rect(20, 84, 760, 236)


@dataclass(frozen=True)
class SheetScreen(Screen):
    """A score sheet: a table of seats, an optional round tracker, a message, some buttons."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    message: str
    round: int
    rounds: int
    buttons: tuple[tuple[str, TouchAction, bool], ...]
    notes: tuple[str, ...] = ()
    names: tuple[tuple[int, str], ...] = ()
    """(seat, player name) of the seats linked to players."""

    def slot(self, part: DeviceSlot) -> pygame.Rect | None:
        """Room for "Enter scores", left of Quit."""
        return ENTER_SCORES_RECT if part is DeviceSlot.ENTER_SCORES else None

    @classmethod
    def from_view(cls, view: SheetView) -> SheetScreen:
        """The sheet for ``view`` (its rows already match its columns)."""
        buttons = tuple((b.label, b.action, b.primary) for b in view.controls)
        return cls(
            view.title,
            view.columns,
            view.rows,
            view.message,
            view.round,
            view.rounds,
            buttons,
            view.notes,
            tuple((name.seat, name.name) for name in view.seat_names),
        )

    def around(self, ending: Ending) -> SheetScreen:
        """A final sheet with a BG Stats button once its play's link is known (and Who
        played? while the play has unnamed seats)."""
        if not ending.link:
            return self
        more: list[tuple[str, TouchAction, bool]] = [("BG Stats", DeviceTap.BGSTATS, False)]
        if ending.who:
            more.append(("Who played?", DeviceTap.WHO, False))
        return dataclasses.replace(self, buttons=(*self.buttons, *more))

    def controls(self) -> list[Control]:
        n = len(self.buttons)
        if n == 0:
            return []
        gap = 12
        width = min(280, (760 - gap * (n - 1)) // n)
        left = 400 - (n * width + (n - 1) * gap) // 2
        return [
            Control(
                label,
                action,
                pygame.Rect(left + i * (width + gap), 392, width, 76),
                primary,
                caption=self._named(label, action),
            )
            for i, (label, action, primary) in enumerate(self.buttons)
        ]

    def _named(self, label: str, action: TouchAction) -> str:
        """What a seat's button shows for a named seat: "Ada" for "Player 1" (the friendliest
        question), "First: Ada" for "First 1" (the Firsties); "" (its label) otherwise. The
        label stays, so a tap still finds "Player 1"."""
        names = dict(self.names)
        if not isinstance(action, SeatTap) or action.seat not in names:
            return ""
        word = label.removesuffix(f" {action.seat}")
        if word == label:
            return ""
        return names[action.seat] if word == "Player" else f"{word}: {names[action.seat]}"

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        canvas.text(self.title, 48, ALIEN, topleft=(24, 16), max_width=752)
        self._draw_table(canvas)
        if self.rounds > 0:
            self._draw_tracker(canvas)
        if self.notes:
            self._draw_notes(canvas)
        canvas.text(self.message, 34, AMBER, center=(400, 364), max_width=760)

    def _draw_notes(self, canvas: Canvas) -> None:
        # Under the last row, above the message; skipped when the rows fill the table.
        height = min(48, TABLE.height // (len(self.rows) + 1))
        top = TABLE.top + (len(self.rows) + 1) * height + 8
        area = pygame.Rect(TABLE.left, top, TABLE.width, 340 - top)
        if area.height >= 30:
            canvas.paragraph(list(self.notes), 30, TEXT, area, centred=True)

    def _draw_table(self, canvas: Canvas) -> None:
        count = len(self.columns)
        width = (TABLE.width - SEAT_WIDTH) // max(1, count)
        height = min(48, TABLE.height // (len(self.rows) + 1))
        top = TABLE.top
        for i, heading in enumerate(self.columns):
            centre = (TABLE.left + SEAT_WIDTH + i * width + width // 2, top + height // 2)
            canvas.text(heading, 30, DIM, center=centre, max_width=width - 8)
        for n, row in enumerate(self.rows, start=1):
            y = top + n * height
            band = pygame.Rect(TABLE.left, y + 2, TABLE.width, height - 4)
            pygame.draw.rect(canvas.surface, PANEL, band, border_radius=8)
            colour = ALIEN if row.lit else TEXT
            seat = dict(self.names).get(row.seat, f"P{row.seat}") + (" *" if row.lit else "")
            centre = (TABLE.left + SEAT_WIDTH // 2, band.centery)
            canvas.text(seat, 34, colour, center=centre, max_width=SEAT_WIDTH - 8)
            for i, cell in enumerate(row.cells):
                centre = (TABLE.left + SEAT_WIDTH + i * width + width // 2, band.centery)
                canvas.text(cell, 34, colour, center=centre, max_width=width - 8)

    def _draw_tracker(self, canvas: Canvas) -> None:
        # The tracker sits in the right of the title band when the table is short.
        size, gap = 34, 6  # between the title and the table; numbers at the legible size
        left = 780 - self.rounds * (size + gap)
        for step in range(1, self.rounds + 1):
            centre = (left + (step - 1) * (size + gap) + size // 2, 66)
            canvas.chip(centre, size // 2, str(step), step <= self.round, MIN_SIZE)
