"""The score keypad screen: one seat, one field at a time."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.ui.actions import DeviceTap, Valued
from device.ui.canvas import ACCENT, ALIEN, MIN_SIZE, TEXT, Canvas
from device.ui.model import Control
from device.ui.screens import Screen
from device.ui.seats import seat_caption
from games.events import PickTap, SeatRole, SeatTap, Tap, ValueTap
from games.views import KeypadView

DONE_AREA = pygame.Rect(20, 382, 620, 90)
"""Under the keys, left of Cancel: the values entered, on up to three lines."""
SEAT_WORD_WIDTH = 80
"""The narrowest seat chip that still says "Seat 10" at a legible size."""


@dataclass(frozen=True)
class KeypadScreen(Screen):
    """Digits (or Yes/No, or the choices) for the field being entered, and the seat row.

    A ``cards:N`` field takes a list of cards: digits, "x" before a card's Score Multiplier,
    "Next card", then OK.
    """

    seat: int
    players: int
    field: str
    kind: str
    typed: str
    done: tuple[str, ...]
    prompt: str = ""
    """What is asked (optional in the view; the field's name when absent)."""
    names: tuple[tuple[int, str], ...] = ()
    """(seat, player's name) of the named seats: the title and the chips say the name."""

    @classmethod
    def from_view(cls, view: KeypadView) -> KeypadScreen:
        """The keypad for ``view``."""
        prompt = view.prompt or view.field
        names = tuple((name.seat, name.name) for name in view.seat_names)
        return cls(
            view.seat, view.players, view.field, view.kind, view.typed, view.done, prompt, names
        )

    @property
    def typing(self) -> bool:
        """Whether the field is typed on the digits (a number or a list of cards)."""
        return self.kind == "number" or self.kind.startswith("cards:")

    def controls(self) -> list[Control]:
        out = []
        gap = 6
        width = min(96, (760 - gap * (self.players - 1)) // max(1, self.players))
        for n in range(1, self.players + 1):
            rect = pygame.Rect(20 + (n - 1) * (width + gap), 68, width, 56)
            # A named seat by its player ("1 Ada", the number is the button to press); else
            # "Seat 1" where it fits at a legible size, or the number alone.
            caption = f"Seat {n}" if width >= SEAT_WORD_WIDTH else str(n)
            if n in dict(self.names):
                caption = seat_caption(n, dict(self.names))
            out.append(
                Control(
                    f"Seat {n}", SeatTap(SeatRole.SEAT, n), rect, n == self.seat, caption=caption
                )
            )
        if self.typing:
            for i, digit in enumerate("1234567890"):
                row, col = divmod(i, 5)
                rect = pygame.Rect(20 + col * 96, 190 + row * 96, 86, 86)
                out.append(Control(digit, ValueTap(Valued.DIGIT, digit), rect))
            out.append(Control("Del", Tap.DEL, pygame.Rect(520, 190, 120, 86)))
            out.append(Control("OK", Tap.OK, pygame.Rect(650, 190, 130, 86), True))
            if self.kind.startswith("cards:"):
                out.append(Control("x", DeviceTap.TIMES, pygame.Rect(520, 286, 120, 86)))
                out.append(Control("Next card", DeviceTap.ADD, pygame.Rect(650, 286, 130, 86)))
        else:
            choices = ("yes", "no") if self.kind == "yes_no" else self.kind[7:].split(",")
            for i, choice in enumerate(choices):
                rect = pygame.Rect(20 + i * 250, 220, 230, 100)
                out.append(Control(choice.title(), PickTap(choice), rect, i == 0))
        out.append(Control("Cancel", DeviceTap.CANCEL, pygame.Rect(650, 392, 130, 72)))
        return out

    def notice_rect(self) -> pygame.Rect:
        """Under the seat row, left of the typed number: the title (the seat and what to
        enter) stays readable while a refusal shows, on two lines if it must."""
        return pygame.Rect(8, 126, 496, 60)

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        who = dict(self.names).get(self.seat, f"Seat {self.seat}")
        canvas.text(f"{who}: {self.prompt}", 44, ALIEN, topleft=(20, 14), max_width=760)
        if self.kind == "number":
            canvas.text(self.typed or "_", 64, TEXT, center=(660, 140))
        elif self.typing:
            canvas.text(self.typed or "_", 48, TEXT, center=(660, 140), max_width=260)
        canvas.text("Tap a seat to enter another player", MIN_SIZE, ACCENT, topleft=(20, 140))
        # What is entered so far (or was, on a re-opened seat) under the keys, wrapped: up to
        # three lines at the legible size, never shrunk or cut.
        canvas.paragraph(["  ".join(self.done)], MIN_SIZE, TEXT, DONE_AREA, centred=False)
