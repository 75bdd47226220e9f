"""The Players screens: the profile list and the on-screen keyboard.

They show ``games.views.PlayersView`` and ``KeyboardView``, which the players session builds.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.ui.canvas import ALIEN, AMBER, DIM, MIN_SIZE, PANEL, TEXT, Canvas
from device.ui.model import Control
from device.ui.screens import Screen
from games.events import KeyTap, PickTap, Tap
from games.scorelog.players import SHIFT, SPACE
from games.views import KeyboardView, PlayersView

NAME_COLUMNS, NAME_ROWS = 3, 4
KEY_W, KEY_H, KEY_GAP = 72, 64, 6
KEY_LEFT, KEY_TOP = 13, 168


@dataclass(frozen=True)
class PlayersScreen(Screen):
    """The profile list: a button per name, New player and Done."""

    title: str
    names: tuple[str, ...]
    picked: str
    seats: tuple[tuple[int, str], ...]
    message: str

    @classmethod
    def from_view(cls, view: PlayersView) -> PlayersScreen:
        """The profile list for ``view``."""
        seats = tuple((row.seat, row.name) for row in view.seats)
        return cls(view.title, view.names, view.picked, seats, view.message)

    def controls(self) -> list[Control]:
        width, height, gap = 244, 62, 12
        out = []
        for i, name in enumerate(self.names[: NAME_COLUMNS * NAME_ROWS]):
            row, col = divmod(i, NAME_COLUMNS)
            rect = pygame.Rect(24 + col * (width + gap), 118 + row * (height + gap), width, height)
            out.append(Control(name, PickTap(name), rect, lit=name == self.picked, size=34))
        out.append(Control("New player", Tap.NEW, pygame.Rect(24, 404, 360, 64)))
        out.append(Control("Done", Tap.DONE, pygame.Rect(416, 404, 360, 64), primary=True))
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        canvas.text(self.title, 48, ALIEN, topleft=(24, 12), max_width=360)
        if self.seats:
            seats = "  ".join(f"P{seat} {name}" for seat, name in self.seats)
            canvas.text(seats, MIN_SIZE, TEXT, topleft=(400, 24), max_width=376)
        canvas.text(self.message, 30, AMBER, center=(400, 88), max_width=752)


QWERTY = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")
"""The letter keys, row by row, as on a phone."""


@dataclass(frozen=True)
class KeyboardScreen(Screen):
    """Type a name: letters, space, delete, back and OK."""

    title: str
    text: str
    most: int
    message: str
    capitals: bool = True
    """The letter keys show, and type, capitals."""
    shift: bool = False
    """Shift is on (lit)."""

    @classmethod
    def from_view(cls, view: KeyboardView) -> KeyboardScreen:
        """The keyboard for ``view``."""
        return cls(view.title, view.text, view.most, view.message, view.capitals, view.shift)

    def controls(self) -> list[Control]:
        out = []
        # What a key shows is what it types: its tap carries the letter in the case shown.
        for row, letters in enumerate(QWERTY):
            for col, letter in enumerate(letters):
                shown = letter if self.capitals else letter.lower()
                out.append(Control(shown, KeyTap(shown), _key(row, col), size=34))
        # A chip's narrower margin: "Space" whole at the legible size on one key's width.
        out.append(Control("Space", KeyTap(SPACE), _key(1, 9), style="chip", size=MIN_SIZE))
        out.append(Control("Shift", KeyTap(SHIFT), _key(3, 4, 2), lit=self.shift))
        out.append(Control("Del", Tap.DEL, _key(2, 7, 3)))
        out.append(Control("Back", Tap.BACK, _key(3, 0, 4)))
        out.append(Control("OK", Tap.OK, _key(3, 6, 4), primary=True))
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        canvas.text(self.title, 44, ALIEN, topleft=(24, 10), max_width=500)
        canvas.text(f"{len(self.text)}/{self.most}", 28, DIM, center=(730, 34))
        box = pygame.Rect(24, 62, 752, 60)
        pygame.draw.rect(canvas.surface, PANEL, box, border_radius=10)
        canvas.text(self.text + "_", 44, TEXT, center=box.center, max_width=720)
        canvas.text(self.message, MIN_SIZE, AMBER, center=(400, 146), max_width=752)


def _key(row: int, col: int, span: int = 1) -> pygame.Rect:
    x = KEY_LEFT + col * (KEY_W + KEY_GAP)
    y = KEY_TOP + row * (KEY_H + KEY_GAP) + (8 if row == 3 else 0)
    return pygame.Rect(x, y, span * KEY_W + (span - 1) * KEY_GAP, KEY_H)
