""" "Who played?": after a game with unnamed seats, the table names them, seat by seat.

The game's last screen (the end screen, or a final score sheet) offers a "Who played?" button
when the play just logged has unnamed seats. `WhoPrompt` walks those seats: for each it shows
the ``who`` screen with the profiles (recent players first), and a pick names that seat in the
logged play; New player types a new profile's name for it (``device.runtime.who_played``);
Skip leaves a seat unnamed (it stays nobody in particular), Done stops. An unnamed seat is never
merged with anyone: only a pick names it.

The ``who`` screen shows a ``games.scorelog.views.WhoView``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from device.ui.actions import DeviceTap, Valued
from device.ui.canvas import ALIEN, DIM, MIN_SIZE, Canvas
from device.ui.model import Control
from device.ui.screens import Screen
from games.events import ValueTap
from games.scorelog.plays import Play
from games.scorelog.stats import unnamed
from games.scorelog.views import WhoView

COLUMNS, ROWS = 3, 4
"""Up to twelve names fit: the twelve most recent players."""


def unnamed_seats(play: Play) -> tuple[int, ...]:
    """The seats of ``play`` no profile played."""
    return tuple(result.seat for result in play.players if unnamed(result))


@dataclass
class WhoPrompt:
    """Naming a logged play's unnamed seats, one after the other."""

    play: Play
    names: Sequence[str]
    """The profiles to offer, recent first."""
    seats: list[int] = field(default_factory=list)
    """The seats still to name, the current one first."""

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = list(unnamed_seats(self.play))

    @property
    def seat(self) -> int | None:
        """The seat being named (None: all done)."""
        return self.seats[0] if self.seats else None

    def offered(self) -> list[str]:
        """The names to offer: profiles not already in the play, recent first."""
        taken = {result.name for result in self.play.players if not unnamed(result)}
        return [name for name in self.names if name not in taken][: COLUMNS * ROWS]

    def view(self) -> WhoView:
        """The ``who`` screen for the current seat."""
        left = len(self.seats)
        return WhoView(
            title=f"Who played seat {self.seat}?",
            message=f"{self.play.game}: recent players first. "
            f"{left} unnamed seat{'s' * (left != 1)} left; Skip leaves this one unnamed.",
            names=tuple(self.offered()),
        )

    def named(self, play: Play) -> None:
        """The current seat got a name (``play`` is the play as logged now): on to the next."""
        self.play = play
        self.seats.pop(0)

    def skip(self) -> None:
        """Leave the current seat unnamed."""
        self.seats.pop(0)


@dataclass(frozen=True)
class WhoScreen(Screen):
    """One button per profile, Skip, New player and Done."""

    title: str
    message: str
    names: tuple[str, ...]

    @classmethod
    def from_view(cls, view: WhoView) -> WhoScreen:
        """The ``who`` screen for ``view`` (checked when built)."""
        return cls(view.title, view.message, view.names)

    def controls(self) -> list[Control]:
        width, height, gap = 244, 62, 12
        out = []
        for i, name in enumerate(self.names[: COLUMNS * ROWS]):
            row, col = divmod(i, COLUMNS)
            rect = pygame.Rect(24 + col * (width + gap), 118 + row * (height + gap), width, height)
            out.append(Control(name, ValueTap(Valued.WHO_PICK, name), rect, size=34))
        out.append(Control("Skip", DeviceTap.WHO_SKIP, pygame.Rect(24, 404, 236, 64)))
        out.append(Control("New player", DeviceTap.WHO_NEW, pygame.Rect(282, 404, 236, 64)))
        out.append(
            Control("Done", DeviceTap.WHO_DONE, pygame.Rect(540, 404, 236, 64), primary=True)
        )
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        canvas.text(self.title, 52, ALIEN, center=(400, 40), max_width=760)
        # Between the title and the names, on two lines if it must, at the legible size.
        canvas.paragraph([self.message], MIN_SIZE, DIM, pygame.Rect(20, 62, 760, 54), centred=True)
        if not self.names:
            canvas.text(
                "No other player profiles: tap New player to add one.",
                30,
                DIM,
                center=(400, 250),
                max_width=740,
            )
