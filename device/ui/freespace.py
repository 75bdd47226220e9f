"""Where a notice goes without covering anything the screen drew.

A banner along the top hid One Night setup's status line and the top of its - and +, and the
Replicas title. A notice now goes in the first band of the picture's own background (the star
field, or a dark screen's black) big enough for its text at the legible size, found from the
pixels already drawn (the screen, the device's layer and the controls): along the top clear of
Quit when that is free, else the top-most free band, nearest the middle. A screen with no such
room at all (One Night's setup on the Vampire tab: 14 chips and the ambience chip fill the grid)
gets it where the screen says a notice may cover text (``Screen.notice_fallback``: there, the
roles line, which the lit chips and the tabs' counts repeat; never the status line), else over
text but clear of every control.
"""

from __future__ import annotations

import pygame

from device.ui.canvas import BG, MIN_SIZE, NIGHT_BG, STAR, font, text_size, wrap

BACKGROUNDS = (BG, STAR, NIGHT_BG)
"""The colours a screen leaves where it drew nothing."""
MARGIN = 6
"""Background kept free around a notice, so it never touches a text's or a control's edge."""
STEP_X, STEP_Y = 8, 4
TOP_HEIGHT = 44


def busy_mask(surface: pygame.Surface) -> pygame.mask.Mask:
    """The pixels of ``surface`` that are not background: what a notice must not cover."""
    free = pygame.mask.Mask(surface.get_size())
    for colour in BACKGROUNDS:
        free.draw(pygame.mask.from_threshold(surface, colour, (3, 3, 3, 255)), (0, 0))
    free.invert()
    return free


def fits_free(busy: pygame.mask.Mask, rect: pygame.Rect) -> bool:
    """Whether ``rect`` and its margin cover only background."""
    outer = rect.inflate(2 * MARGIN, 2 * MARGIN).clip(pygame.Rect((0, 0), busy.get_size()))
    block = pygame.mask.Mask(outer.size, fill=True)
    return outer.size == (0, 0) or busy.overlap(block, outer.topleft) is None


def notice_size(text: str) -> tuple[int, int]:
    """The band ``text`` needs at ``MIN_SIZE``: one line, or two when one would pass 756 px."""
    step = font(MIN_SIZE).get_linesize() + 4
    width = text_size(text, MIN_SIZE)[0]
    if width <= 756:
        return width + 24, step + 8
    lines = wrap(text, MIN_SIZE, min(756, width // 2 + 40))
    return max(text_size(line, MIN_SIZE)[0] for line in lines) + 24, 2 * step + 8


def top_band(quit_rect: pygame.Rect, screen_width: int) -> pygame.Rect:
    """Along the top, clear of the corner where a game's Quit sits."""
    if quit_rect.centerx > screen_width // 2:
        return pygame.Rect(0, 0, quit_rect.left - 8, TOP_HEIGHT)
    return pygame.Rect(quit_rect.right + 8, 0, screen_width - quit_rect.right - 8, TOP_HEIGHT)


def notice_band(
    surface: pygame.Surface,
    quit_rect: pygame.Rect,
    text: str,
    controls: list[pygame.Rect],
    fallback: pygame.Rect | None = None,
) -> pygame.Rect:
    """Where ``text`` goes over what ``surface`` shows (see the module's docstring); where
    nothing is free, the middle of ``fallback`` (the text a notice may cover for a while),
    else the top-most place clear of every control in ``controls``."""
    width, height = surface.get_size()
    size = notice_size(text)
    top = top_band(quit_rect, width)
    top.height = max(top.height, size[1])
    busy = busy_mask(surface)
    if fits_free(busy, top):
        return top
    # Top-most first, then nearest the middle; the margin stays on the screen.
    block = pygame.mask.Mask((size[0] + 2 * MARGIN, size[1] + 2 * MARGIN), fill=True)
    xs = range(0, width - block.get_size()[0] + 1, STEP_X)
    middle = sorted(xs, key=lambda x: abs(x + block.get_size()[0] // 2 - width // 2))
    for y in range(0, height - block.get_size()[1] + 1, STEP_Y):
        for x in middle:
            if busy.overlap(block, (x, y)) is None:
                return pygame.Rect((x + MARGIN, y + MARGIN), size)
    if fallback is not None:
        band = pygame.Rect((0, 0), (min(size[0], fallback.width), size[1]))
        band.center = fallback.center
        return band
    # No room: over text rather than over a control (a tap must still reach what it sees).
    for y in range(0, height - block.get_size()[1] + 1, STEP_Y):
        for x in middle:
            band = pygame.Rect((x + MARGIN, y + MARGIN), size)
            if band.inflate(2 * MARGIN, 2 * MARGIN).collidelist(controls) < 0:
                return band
    return top
