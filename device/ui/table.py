"""The table size screen: how many players, before a game a home button opened starts."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.ui.actions import DeviceTap, Valued
from device.ui.canvas import ALIEN, DIM, TEXT, Canvas
from device.ui.model import Control
from device.ui.screens import Screen
from games.events import Tap, ValueTap
from games.views import TableView


@dataclass(frozen=True)
class TableScreen(Screen):
    """The game's name, - and + around the number of players, Start and Home."""

    title: str
    players: int
    fewest: int
    most: int
    scores: str = ""
    """The score log's game its Scores button opens (empty: no button)."""

    @classmethod
    def from_view(cls, view: TableView) -> TableScreen:
        """The screen for ``view``."""
        return cls(view.title, view.players, view.fewest, view.most, view.scores)

    def controls(self) -> list[Control]:
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
        canvas.text("How many players?", 36, TEXT, center=(400, 126))
        canvas.text(str(self.players), 110, TEXT, center=(400, 222))
        if self.fewest == self.most:
            note = f"Always {self.most} players"
        else:
            note = f"{self.fewest} to {self.most} players"
        canvas.text(note, 30, DIM, center=(400, 318))
