"""The score keypad screen: one seat, one field at a time."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from device.ui.canvas import ACCENT, ALIEN, DIM, TEXT, Canvas
from device.ui.model import Control, ViewReader
from device.ui.screens import Screen


@dataclass(frozen=True)
class KeypadScreen(Screen):
    """Digits (or Yes/No, or the choices) for the field being entered, and the seat row."""

    seat: int
    players: int
    field: str
    kind: str
    typed: str
    done: tuple[str, ...]

    @classmethod
    def from_view(cls, view: Mapping[str, object]) -> KeypadScreen:
        """Read seat, players, field, kind, typed and done from the view."""
        r = ViewReader("keypad", view)
        return cls(
            r.integer("seat"), r.integer("players"), r.text("field"), r.text("kind"),
            r.text("typed"), tuple(r.texts("done")),
        )  # fmt: skip

    def controls(self) -> list[Control]:
        out = []
        for n in range(1, self.players + 1):
            rect = pygame.Rect(20 + (n - 1) * 64, 72, 58, 44)
            out.append(Control(f"Seat {n}", f"seat:{n}", rect, n == self.seat))
        if self.kind == "number":
            for i, digit in enumerate("1234567890"):
                row, col = divmod(i, 5)
                rect = pygame.Rect(20 + col * 96, 190 + row * 96, 86, 86)
                out.append(Control(digit, f"digit:{digit}", rect))
            out.append(Control("Del", "del", pygame.Rect(520, 190, 120, 86)))
            out.append(Control("OK", "ok", pygame.Rect(650, 190, 130, 86), True))
        else:
            choices = ("yes", "no") if self.kind == "yes_no" else self.kind[7:].split(",")
            for i, choice in enumerate(choices):
                rect = pygame.Rect(20 + i * 250, 220, 230, 100)
                out.append(Control(choice.title(), f"pick:{choice}", rect, i == 0))
        out.append(Control("Cancel", "cancel", pygame.Rect(650, 392, 130, 72)))
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        canvas.text(f"Seat {self.seat}: {self.field}", 44, ALIEN, topleft=(20, 14))
        if self.kind == "number":
            canvas.text(self.typed or "_", 64, TEXT, center=(660, 140))
        canvas.text("  ".join(self.done), 28, DIM, topleft=(20, 130), max_width=520)
        canvas.text("Tap a seat to enter another player", 24, ACCENT, topleft=(20, 420))
