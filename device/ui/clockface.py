"""Big clock readings, a character per cell, so a tick redraws only the cells it changed.

Digits share one cell width (tabular figures), so a reading never shifts sideways as its
digits change, and two readings of the same length have the same cells: going from 4:59 to
4:58 changes one cell, about a fifth of the clock, instead of the whole of it.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from device.ui.canvas import Canvas, rendered, text_size
from device.ui.model import Colour

DIGITS = "0123456789"


@lru_cache(maxsize=64)
def clock_cells(text: str, size: int, center: tuple[int, int]) -> tuple[pygame.Rect, ...]:
    """The cell of each character of ``text`` at font ``size``, centred as a whole on
    ``center``: one width for every digit, a character's own width otherwise."""
    digit = max(text_size(d, size)[0] for d in DIGITS)
    widths = [digit if ch in DIGITS else text_size(ch, size)[0] for ch in text]
    height = text_size(text, size)[1]
    left, top = center[0] - sum(widths) // 2, center[1] - height // 2
    cells = []
    for width in widths:
        cells.append(pygame.Rect(left, top, width, height))
        left += width
    return tuple(cells)


def draw_clock(
    canvas: Canvas, text: str, size: int, colour: Colour, center: tuple[int, int]
) -> None:
    """Draw a clock reading, each character centred in its cell (glyphs are cached)."""
    for char, cell in zip(text, clock_cells(text, size, center), strict=True):
        glyph = rendered(char, size, colour)
        canvas.surface.blit(glyph, glyph.get_rect(center=cell.center))


def changed_cells(
    before: str, after: str, size: int, center: tuple[int, int]
) -> list[pygame.Rect] | None:
    """The cells whose character differs from ``before`` to ``after``; None when the two are
    laid out differently (a digit more, say), so the whole clock must be drawn again."""
    shape_before = [char in DIGITS for char in before]
    if shape_before != [char in DIGITS for char in after]:
        return None
    cells = clock_cells(after, size, center)
    return [cell for old, new, cell in zip(before, after, cells, strict=True) if old != new]
