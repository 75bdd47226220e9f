"""The screen of a game's own views: draws any ``GameView`` from the layout it describes.

A game with screens of its own (``games.layout``) ships no drawing code: its view says what
the screen shows in typed blocks, and this one screen lays them out. The top band is left to
the device (its Quit and notices); the title sits in it, clear of Quit's corner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from device.ui.canvas import ALIEN, DIM, NIGHT_BG, NIGHT_TEXT, TEXT, Canvas
from device.ui.model import Control, UiError
from device.ui.play import NIGHT_CAPTION_BAND, format_clock
from device.ui.screens import QUIT_RECT, Screen
from games.layout import Block, Countdown, Figure, GameView, Layout, Text, Title

TOP_BAND = 56
"""The height along the top kept for the title and the device's Quit and notices."""
BODY_LEFT, BODY_RIGHT = 24, 776
BUTTON_ROW = pygame.Rect(20, 384, 760, 80)
"""Where a layout's buttons go, side by side."""
BUTTON_GAP = 16
FIGURE_WEIGHT, TEXT_WEIGHT = 3, 2
"""A row's share of the body: figures and countdowns 3, a paragraph 2."""


@dataclass(frozen=True)
class LaidOutScreen(Screen):
    """A game's own screen, drawn from its view's ``Layout``."""

    layout: Layout
    quiet: bool = False

    @classmethod
    def from_view(cls, view: GameView) -> LaidOutScreen:
        """The screen for ``view``: its layout, dark for closed eyes."""
        layout = view.layout()
        if not isinstance(layout, Layout):
            raise UiError(f"{type(view).__name__}.layout() must give a Layout, not {layout!r}")
        return cls(layout, layout.dark)

    def controls(self) -> list[Control]:
        buttons = self.layout.buttons
        if not buttons:
            return []
        width = (BUTTON_ROW.width - BUTTON_GAP * (len(buttons) - 1)) // len(buttons)
        style = "night" if self.quiet else "button"
        return [
            Control(
                button.label,
                button.action,
                pygame.Rect(BUTTON_ROW.x + i * (width + BUTTON_GAP), BUTTON_ROW.y, width, 80),
                button.primary,
                style=style,
            )
            for i, button in enumerate(buttons)
        ]

    def call_slot(self) -> pygame.Rect | None:
        """A dark layout's caption band, under its body (above any buttons): the device shows
        the public call just said there, as on the night screen."""
        if not self.quiet:
            return None
        if self.layout.buttons:
            return pygame.Rect(0, BUTTON_ROW.top - 88, 800, 84)
        return NIGHT_CAPTION_BAND

    def rows(self) -> list[tuple[pygame.Rect, tuple[Block, ...]]]:
        """The body's rows, top to bottom, and the blocks in each: figures and countdowns
        next to each other share a row, a paragraph has one of its own."""
        groups: list[tuple[Block, ...]] = []
        for block in self.layout.blocks:
            if isinstance(block, Title):
                continue
            side_by_side = isinstance(block, Figure | Countdown)
            if side_by_side and groups and isinstance(groups[-1][0], Figure | Countdown):
                groups[-1] = (*groups[-1], block)
            else:
                groups.append((block,))
        bottom = BUTTON_ROW.top - 8 if self.layout.buttons else 470
        call = self.call_slot()
        if call is not None:
            bottom = call.top - 4
        body = pygame.Rect(BODY_LEFT, TOP_BAND + 8, BODY_RIGHT - BODY_LEFT, bottom - TOP_BAND - 8)
        weights = [TEXT_WEIGHT if isinstance(g[0], Text) else FIGURE_WEIGHT for g in groups]
        out, top = [], body.top
        for group, weight in zip(groups, weights, strict=True):
            height = body.height * weight // sum(weights)
            out.append((pygame.Rect(body.left, top, body.width, height), group))
            top += height
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        if self.quiet:
            canvas.fill(NIGHT_BG)  # no stars: a bright speck could be mistaken for a signal
        else:
            canvas.space()
        title = next((b for b in self.layout.blocks if isinstance(b, Title)), None)
        if title is not None:
            colour = NIGHT_TEXT if self.quiet else ALIEN
            room = QUIT_RECT.left - 16 - BODY_LEFT
            canvas.text(title.text, 48, colour, topleft=(BODY_LEFT, 6), max_width=room)
        for rect, blocks in self.rows():
            if isinstance(blocks[0], Text):
                colour = NIGHT_TEXT if self.quiet else TEXT
                canvas.paragraph(list(blocks[0].lines), 40, colour, rect, centred=True)
                continue
            width = rect.width // len(blocks)
            for i, block in enumerate(blocks):
                cell = pygame.Rect(rect.x + i * width, rect.y, width, rect.height)
                self._figure(canvas, cell, *self._reading(block, now))

    def _reading(self, block: Block, now: float) -> tuple[str, str]:
        if isinstance(block, Countdown):
            return format_clock(block.ends_at - now), block.caption
        assert isinstance(block, Figure)
        return block.value, block.caption

    def _figure(self, canvas: Canvas, cell: pygame.Rect, value: str, caption: str) -> None:
        colour, under = (NIGHT_TEXT, NIGHT_TEXT) if self.quiet else (TEXT, DIM)
        value_room = cell.height - (40 if caption else 0)
        size = min(150, int(value_room * 0.8))
        centre = (cell.centerx, cell.top + value_room // 2)
        canvas.text(value, size, colour, center=centre, max_width=cell.width - 16)
        if caption:
            where = (cell.centerx, cell.bottom - 20)
            canvas.text(caption, 28, under, center=where, max_width=cell.width - 16)

    def next_redraw(self, now: float) -> float | None:
        """When a countdown next ticks over (None: none is running)."""
        ticks = [
            block.ends_at - (math.ceil(block.ends_at - now) - 1)
            for block in self.layout.blocks
            if isinstance(block, Countdown) and block.ends_at > now
        ]
        return min(ticks, default=None)
