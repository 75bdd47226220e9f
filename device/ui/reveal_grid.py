"""Where the reveal screen's chips go: the cards' grid, then the Marks' and the Artifacts',
sharing one area of the 800x480 screen (:mod:`device.ui.reveal` draws them)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

GUTTER = 100
"""Where the chips start; the section headings sit left of it."""
SECTIONS = pygame.Rect(GUTTER, 112, 784 - GUTTER, 280)
"""The cards' and marks' grids share this."""
SECTION_GAP = 14
CHIP_GAP = 4


def chip_grids(
    count: int, marks: Sequence[str], arts: int
) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """The rects of ``count`` card chips and, below them, of the Marks named ``marks`` then of
    ``arts`` Artifact chips (the Artifacts start a row of their own), sharing ``SECTIONS``."""
    # Five cards to a row, more when a copier card's choices would need a fourth row; four
    # Marks to a row, seven beside the Artifacts.
    card_cols = min(count, max(5, math.ceil(count / 3)))
    # The Doppelganger's own Marks start a row of their own, under the originals (up to
    # eight to a row then, so that both sets fit).
    doppel = sum(mark.startswith("doppel_") for mark in marks)
    plain = len(marks) - doppel
    lower_cols = 7 if arts else 4
    if doppel and not arts:
        lower_cols = max(lower_cols, min(8, max(plain, doppel)))
    card_rows = math.ceil(count / card_cols) if card_cols else 0
    plain_rows = math.ceil(plain / lower_cols)
    mark_rows = plain_rows + math.ceil(doppel / lower_cols)
    art_rows = math.ceil(arts / lower_cols)
    rows = card_rows + mark_rows + art_rows
    if rows == 0:
        return [], []
    between = SECTION_GAP - CHIP_GAP if card_rows and mark_rows + art_rows else 0
    height = min(84, (SECTIONS.height - CHIP_GAP * (rows - 1) - between) // rows)
    cards = _grid(count, card_cols, SECTIONS.top, height)
    mark_top = SECTIONS.top + card_rows * (height + CHIP_GAP) + between
    if doppel:
        doppel_top = mark_top + plain_rows * (height + CHIP_GAP)
        rects = _grid(plain, lower_cols, mark_top, height)
        rects += _grid(doppel, lower_cols, doppel_top, height)
    else:
        rects = _grid(len(marks), min(len(marks), lower_cols), mark_top, height)
    art_top = mark_top + mark_rows * (height + CHIP_GAP)
    return cards, rects + _grid(arts, min(arts, lower_cols), art_top, height)


def chip_font(rect: pygame.Rect, size: int) -> int:
    """A chip's font: ``size`` for a compact chip, a little larger when there is room."""
    return size + 6 if rect.height >= 64 else size


def _grid(count: int, columns: int, top: int, height: int) -> list[pygame.Rect]:
    """``count`` chips in rows of ``columns`` across ``SECTIONS``, from ``top`` down."""
    if count == 0:
        return []
    width = (SECTIONS.width - CHIP_GAP * (columns - 1)) // columns
    rects = []
    for i in range(count):
        row, col = divmod(i, columns)
        x = SECTIONS.left + col * (width + CHIP_GAP)
        rects.append(pygame.Rect(x, top + row * (height + CHIP_GAP), width, height))
    return rects
