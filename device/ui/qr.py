"""QR codes on the screen (segno): a phone scans one to open a play's BG Stats push link.

The code is drawn black on white with its quiet zone, each module a whole number of pixels
(blurred half-pixels make a dense code unreadable), centred in the space it is given.
"""

from __future__ import annotations

from functools import lru_cache

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


@lru_cache(maxsize=8)
def qr_surface(text: str, size: int) -> pygame.Surface:
    """``text`` as a QR code on a white square of at most ``size`` pixels (whole-pixel
    modules, so the square may come out a little smaller). Cached: screens redraw often."""
    rows = qr_matrix(text)
    modules = len(rows) + 2 * QUIET_ZONE
    scale = max(1, size // modules)
    light, dark = bytes(WHITE), bytes(BLACK)
    margin = light * QUIET_ZONE
    blank = light * modules * QUIET_ZONE
    lines = [margin + b"".join(dark if d else light for d in row) + margin for row in rows]
    pixels = b"".join([blank, *lines, blank])
    # One pixel per module, then scaled up whole (nearest neighbour keeps the edges sharp).
    small = pygame.image.frombytes(pixels, (modules, modules), "RGB")
    return pygame.transform.scale(small, (modules * scale, modules * scale))


def draw_qr(surface: pygame.Surface, text: str, area: pygame.Rect) -> pygame.Rect:
    """Draw ``text``'s QR code centred in ``area`` (as large as fits); the rect it covers."""
    code = qr_surface(text, min(area.width, area.height))
    placed = code.get_rect(center=area.center)
    surface.blit(code, placed)
    return placed


def module_pixels(text: str, size: int) -> int:
    """How many pixels wide each module of ``text``'s code is when drawn in ``size`` pixels."""
    return max(1, size // (len(qr_matrix(text)) + 2 * QUIET_ZONE))
