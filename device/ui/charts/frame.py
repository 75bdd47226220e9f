"""What every score log chart draws around its data: its title, its page and game tabs, Home,
the value axis with round-numbered ticks, and the words of an empty chart.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from device.ui.actions import Valued, value_of
from device.ui.canvas import ALIEN, DIM, MIN_SIZE, TEXT, Canvas
from device.ui.model import Colour, Control
from games.events import Tap
from games.scorelog.views import Tab

HOME_RECT = pygame.Rect(664, 10, 124, 52)
TITLE_WIDTH = 630
AXIS: Colour = (60, 70, 120)
"""Grid lines and axes: visible on the dark sky, quieter than any data."""


def home_controls() -> list[Control]:
    """The Home control every chart has, top right."""
    return [Control("Home", Tap.HOME, HOME_RECT, True)]


NAV_TOP = 66
NAV_HEIGHT = 48
"""The row of score log game tabs under a chart's title (when its view has a ``nav``): a
finger's height, their names at the legible size (36 px tabs held 13 px text)."""
PAGE_TABS = pygame.Rect(356, 10, 300, 48)
"""The page tabs (Wins, Scores, Plays) share the title's row, left of Home, so the game tabs
below have the row to themselves."""


def nav_controls(nav: Sequence[Tab]) -> tuple[Control, ...]:
    """A view's tabs as controls: its pages beside the title, its games in a row under it
    (no tabs: none)."""
    pages = [tab for tab in nav if value_of(tab.action, Valued.LOG_PAGE) is not None]
    games = [tab for tab in nav if value_of(tab.action, Valued.LOG_PAGE) is None]
    below = pygame.Rect(20, NAV_TOP, 760, NAV_HEIGHT)
    return (*_tab_row(pages, PAGE_TABS), *_tab_row(games, below))


def _tab_row(tabs: Sequence[Tab], area: pygame.Rect) -> tuple[Control, ...]:
    gap = 6
    width = (area.width - gap * (len(tabs) - 1)) // max(1, len(tabs))
    return tuple(
        Control(
            tab.label,
            tab.action,
            pygame.Rect(area.left + i * (width + gap), area.top, width, area.height),
            style="tab",
            lit=tab.lit,
            size=MIN_SIZE,
        )
        for i, tab in enumerate(tabs)
    )


def title_width(nav: Sequence[Control]) -> int:
    """How wide a chart's title may be: to Home, or to the page tabs when they are up."""
    return PAGE_TABS.left - 28 if any(c.rect.colliderect(PAGE_TABS) for c in nav) else TITLE_WIDTH


def draw_title(canvas: Canvas, title: str, nav: Sequence[Control]) -> None:
    """A chart's title, top left: on two lines rather than shrunk past the legible size."""
    area = pygame.Rect(20, 8, title_width(nav), 58)
    canvas.paragraph([title], 40, ALIEN, area, centred=False)


def nice_ticks(low: float, high: float, target: int = 5) -> list[int]:
    """Round-numbered axis ticks covering ``low``..``high`` (about ``target`` of them)."""
    low, high = math.floor(low), math.ceil(high)
    if high <= low:
        high = low + 1
    raw = (high - low) / target
    magnitude = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    step = max(1, int(step))
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return list(range(first, last + step, step))


class Axis:
    """Maps values to y pixels in ``area`` over the ticks' range."""

    def __init__(self, area: pygame.Rect, ticks: Sequence[int]) -> None:
        self.area = area
        self.ticks = list(ticks)
        self.low, self.high = self.ticks[0], self.ticks[-1]

    def y(self, value: float) -> int:
        """The pixel row of ``value``."""
        span = self.high - self.low
        return round(self.area.bottom - self.area.height * (value - self.low) / span)

    def draw(self, canvas: Canvas) -> None:
        """A grid line per tick (the zero line bolder) with its value left of the area."""
        for value in self.ticks:
            y = self.y(value)
            width = 3 if value == 0 else 1
            pygame.draw.line(canvas.surface, AXIS, (self.area.left, y), (self.area.right, y), width)
            canvas.text(str(value), MIN_SIZE, DIM, center=(self.area.left - 30, y), max_width=56)


def draw_empty(canvas: Canvas, lines: list[str]) -> None:
    """An empty chart says so in words, where its data would be."""
    canvas.paragraph(lines, 48, TEXT, pygame.Rect(60, 120, 680, 260), centred=True)
