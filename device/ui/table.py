"""The table size screen: how many players, before a game a home button opened starts; then,
while the game's lines are rendered before it starts, how far (with Start now and Home)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.ui.actions import DeviceTap, Valued
from device.ui.canvas import ALIEN, DIM, MIN_SIZE, TEXT, Canvas
from device.ui.model import Control
from device.ui.screens import Screen
from games.events import Tap, ValueTap
from games.views import TableView

PROGRESS_SLOT = pygame.Rect(40, 250, 720, 96)
"""Where the device shows how far the game's lines are prepared, above Home and Start now."""


@dataclass(frozen=True)
class TableScreen(Screen):
    """The game's name, - and + around the number of players, Start and Home."""

    title: str
    players: int
    fewest: int
    most: int
    scores: str = ""
    """The score log's game its Scores button opens (empty: no button)."""
    preparing: bool = False
    """The game's lines are being rendered before it starts (``progress_slot``)."""
    voice: str = ""
    """How much of the voice is ready ("": all), above the bottom row."""
    prepares = "the voice"

    @classmethod
    def from_view(cls, view: TableView) -> TableScreen:
        """The screen for ``view``."""
        return cls(
            view.title,
            view.players,
            view.fewest,
            view.most,
            view.scores,
            view.preparing,
            view.voice,
        )

    def progress_slot(self) -> pygame.Rect | None:
        """Above the bottom row, while the game's lines are prepared."""
        return PROGRESS_SLOT if self.preparing else None

    def controls(self) -> list[Control]:
        if self.preparing:
            # The count is chosen; the wait can be cut short (a line not rendered at its turn
            # is then said in the fallback voice), or the table can go home.
            return [
                Control("Home", Tap.HOME, pygame.Rect(20, 384, 220, 80)),
                Control("Start now", DeviceTap.START_NOW, pygame.Rect(500, 384, 280, 80), True),
            ]
        out = [
            Control("Home", Tap.HOME, pygame.Rect(20, 384, 220, 80)),
            Control("Start", DeviceTap.TABLE_START, pygame.Rect(500, 384, 280, 80), True),
        ]
        if self.scores:  # this game's own tab of the score log
            out.append(
                Control(
                    "Scores", ValueTap(Valued.LOG_GAME, self.scores), pygame.Rect(260, 384, 220, 80)
                )
            )
        if self.fewest < self.most:
            out += [
                Control("-", DeviceTap.TABLE_FEWER, pygame.Rect(200, 170, 100, 100), size=64),
                Control("+", DeviceTap.TABLE_MORE, pygame.Rect(500, 170, 100, 100), size=64),
            ]
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        canvas.text(self.title, 64, ALIEN, center=(400, 56), max_width=760)
        if self.preparing:
            canvas.text(f"{self.players} players", 48, TEXT, center=(400, 150))
            why = "Readying every line first, so the game speaks in one voice"
            canvas.text(why, MIN_SIZE, DIM, center=(400, 206), max_width=760)
            return
        canvas.text("How many players?", 36, TEXT, center=(400, 126))
        canvas.text(str(self.players), 110, TEXT, center=(400, 222))
        if self.fewest == self.most:
            note = f"Always {self.most} players"
        else:
            note = f"{self.fewest} to {self.most} players"
        canvas.text(note, 30, DIM, center=(400, 310))
        if self.voice:
            canvas.text(self.voice, MIN_SIZE, DIM, center=(400, 352), max_width=760)
