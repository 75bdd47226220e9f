"""QR codes on the screen (segno): a phone scans one to open a play's BG Stats push link.

The code is drawn black on white with its quiet zone, each module a whole number of pixels
(blurred half-pixels make a dense code unreadable), filling the square it is given: modules
one pixel apart in width where the square is not a whole multiple, so a phone sees modules as
big as the screen allows.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise

import pygame

QUIET_ZONE = 2
"""Modules of white around the code. The standard asks for 4; on a dark screen 2 scan well
and leave the modules bigger."""
BLACK = (0, 0, 0)
WHITE = (255, 255, 255)


@lru_cache(maxsize=16)
def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of ``text`` as rows of dark (True) and light modules, without a border.
    Cached: a screen asks for it on every redraw."""
    # A fixed mask: choosing the best of eight takes most of the time (a second for a long
    # link on a Pi) and any mask scans.
    import segno  # here: with its urllib and ssl, a tenth of a start's CPU, for no first screen

    code = segno.make(text, error="l", micro=False, mask=0)
    return tuple(tuple(bool(bit) for bit in row) for row in code.matrix)


def module_edges(text: str, size: int) -> list[int]:
    """Where each module of ``text``'s code (quiet zone included) starts across a square of
    ``size`` pixels, and where the last ends: whole pixels, widths differing by at most one,
    so the code fills the square (a version 25 code in 472 px: modules of 3 and 4 px, 3.9 on
    average, where whole 3 px modules left a quarter of the square unused)."""
    modules = len(qr_matrix(text)) + 2 * QUIET_ZONE
    side = max(size, modules)
    return [i * side // modules for i in range(modules + 1)]


@lru_cache(maxsize=8)
def qr_surface(text: str, size: int) -> pygame.Surface:
    """``text`` as a QR code on a white square of ``size`` pixels, each module a block of
    whole pixels (see `module_edges`; a blurred half-pixel makes a dense code unreadable).
    Cached: screens redraw often."""
    rows = qr_matrix(text)
    edges = module_edges(text, size)
    widths = [end - start for start, end in pairwise(edges)]
    light, dark = bytes(WHITE), bytes(BLACK)
    blank_row = (False,) * len(rows)
    lines = []
    for i, width in enumerate(widths):
        inside = QUIET_ZONE <= i < QUIET_ZONE + len(rows)
        row = rows[i - QUIET_ZONE] if inside else blank_row
        cells = (False,) * QUIET_ZONE + row + (False,) * QUIET_ZONE
        line = b"".join((dark if d else light) * w for d, w in zip(cells, widths, strict=True))
        lines.append(line * width)
    return pygame.image.frombytes(b"".join(lines), (edges[-1], edges[-1]), "RGB")


def draw_qr(surface: pygame.Surface, text: str, area: pygame.Rect) -> pygame.Rect:
    """Draw ``text``'s QR code centred in ``area`` (as large as fits); the rect it covers."""
    code = qr_surface(text, min(area.width, area.height))
    placed = code.get_rect(center=area.center)
    surface.blit(code, placed)
    return placed


def module_pixels(text: str, size: int) -> int:
    """How many pixels wide the narrowest module of ``text``'s code is when drawn in ``size``
    pixels."""
    return max(1, size // (len(qr_matrix(text)) + 2 * QUIET_ZONE))
