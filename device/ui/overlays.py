"""What the touchscreen draws over any screen: the notice banner and a question with its answers.

``TouchUI`` decides when they show; these draw them, and find where a notice goes
(``NoticePlace``: the screen's own place, else where it covers nothing drawn).
"""

from __future__ import annotations

import pygame

from device.ui.canvas import MIN_SIZE, NIGHT_TEXT, PANEL, TEXT, Canvas
from device.ui.freespace import notice_band
from device.ui.model import DESIGN_SIZE, Control
from device.ui.screens import Screen

NOTICE_BG = (120, 70, 10)
NOTICE_TEXT = (255, 230, 190)
NIGHT_PANEL = (12, 13, 20)
"""Under a question at night: darker than the dim night buttons on it."""


class NoticePlace:
    """Where the notice goes on a screen, found on a whole redraw and kept while only a clock
    ticks under it (finding a free band reads the screen's pixels)."""

    def __init__(self) -> None:
        """No place found yet."""
        self._band: tuple[object, pygame.Rect] | None = None
        """Where the notice was put, and on what (the screen, its text, controls, question)."""

    def find(
        self,
        canvas: Canvas,
        screen: Screen,
        text: str,
        controls: list[Control],
        modal: tuple[str, list[Control]] | None,
    ) -> pygame.Rect:
        """The screen's own place for ``text``, else where it covers nothing drawn
        (``freespace``); the same band as last time when nothing it depends on changed."""
        key = (screen, text, tuple(tuple(c.rect) for c in controls), modal)
        if self._band is None or self._band[0] != key:
            band = screen.notice_rect()
            if band is None:
                rects = [c.rect for c in controls]
                fallback = screen.notice_fallback()
                band = notice_band(canvas.surface, screen.quit_rect(), text, rects, fallback)
            self._band = (key, band)
        return self._band[1]

    @property
    def last(self) -> pygame.Rect | None:
        """A copy of the band last found (None: none yet)."""
        return None if self._band is None else self._band[1].copy()


def draw_notice(canvas: Canvas, text: str, band: pygame.Rect) -> None:
    """The warning banner: ``text`` centred on its colour in ``band``."""
    pygame.draw.rect(canvas.surface, NOTICE_BG, band)
    area = band.inflate(-20, -4)
    canvas.paragraph([text], MIN_SIZE, NOTICE_TEXT, area, centred=True)


def draw_question(canvas: Canvas, question: str, answers: list[Control], quiet: bool) -> None:
    """Shade the screen and put ``question`` on a panel with its ``answers``; darker on a
    ``quiet`` (night) screen."""
    shade = pygame.Surface(DESIGN_SIZE, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 235 if quiet else 170))
    canvas.surface.blit(shade, (0, 0))
    panel = pygame.Rect(120, 110, 560, 260)
    pygame.draw.rect(canvas.surface, NIGHT_PANEL if quiet else PANEL, panel, border_radius=20)
    colour = NIGHT_TEXT if quiet else TEXT
    canvas.paragraph([question], 40, colour, pygame.Rect(140, 130, 520, 120), centred=True)
    for control in answers:
        canvas.button(control)
