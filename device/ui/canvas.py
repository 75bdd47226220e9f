"""Drawing helpers and the colour theme: big, high-contrast text on a dark space background.

Redraws are cheap because nothing that stays the same is worked out twice: the star field's
positions are drawn by lot once per size, text is rendered once per (text, size, colour) and
kept in a size-bounded LRU cache, and button and chip shapes are kept as colour-keyed surfaces.
Every cached piece lands exactly where and as it would have been drawn, so the screens look the
same pixel for pixel.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache

import pygame

from device.ui.model import DESIGN_SIZE, Colour, Control
from device.ui.textfit import ELLIPSIS as ELLIPSIS
from device.ui.textfit import MIN_GLYPH as MIN_GLYPH
from device.ui.textfit import MIN_SIZE as MIN_SIZE
from device.ui.textfit import PROMINENT_SIZE as PROMINENT_SIZE
from device.ui.textfit import chip_lines, clear_fitting, two_lines
from device.ui.textfit import fit_size as fit_size
from device.ui.textfit import fit_text as fit_text
from device.ui.textfit import font as font
from device.ui.textfit import glyph_height as glyph_height
from device.ui.textfit import text_size as text_size
from device.ui.textfit import wrap as wrap

BG: Colour = (8, 10, 30)
STAR: Colour = (70, 80, 120)
TEXT: Colour = (236, 240, 255)
DIM: Colour = (150, 160, 200)
ACCENT: Colour = (110, 210, 255)
ALIEN: Colour = (120, 255, 150)
AMBER: Colour = (255, 190, 80)
BUTTON: Colour = (28, 38, 84)
BUTTON_PRIMARY: Colour = (22, 110, 80)
PANEL: Colour = (18, 24, 56)
LIT: Colour = (30, 84, 120)
CHIP_OFF: Colour = (34, 40, 70)
CHIP_ON: Colour = (120, 255, 150)
NIGHT_BG: Colour = (3, 3, 6)
NIGHT_TEXT: Colour = (58, 60, 78)
NIGHT_BUTTON: Colour = (24, 26, 40)

TEXT_CACHE_BYTES = 8 * 1024 * 1024
"""Pixels of rendered text kept for reuse. The day clock at 300 px is about 350 KB a string, so
this holds the labels of any screen plus the last couple of dozen clock readings."""
SHAPE_CACHE_BYTES = 4 * 1024 * 1024
"""Pixels of button and chip shapes kept for reuse (a setup screen's worth is about 1.5 MB)."""


class SurfaceCache:
    """Surfaces by key; once they pass ``max_bytes`` the least recently used are dropped."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface kept under ``key``, made (and kept, if it fits) on a miss."""
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
            return surface
        surface = make()
        size = _bytes(surface)
        if size <= self.max_bytes:
            self._items[key] = surface
            self.bytes += size
            while self.bytes > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self.bytes -= _bytes(dropped)
        return surface

    def clear(self) -> None:
        """Forget every surface."""
        self._items.clear()
        self.bytes = 0


def _bytes(surface: pygame.Surface) -> int:
    return int(surface.get_pitch() * surface.get_height())


_texts = SurfaceCache(TEXT_CACHE_BYTES)
_shapes = SurfaceCache(SHAPE_CACHE_BYTES)


def clear_caches() -> None:
    """Forget the cached star field, texts, text sizes and shapes (redraws start afresh)."""
    _texts.clear()
    _shapes.clear()
    _star_field.cache_clear()
    clear_fitting()


def rendered(text: str, size: int, colour: Colour) -> pygame.Surface:
    """``text`` rendered (antialiased) at ``size`` in ``colour``; cached, so never draw on it."""
    key = (text, size, tuple(colour))
    return _texts.get(key, lambda: font(size).render(text, True, colour))


@lru_cache(maxsize=4)
def _star_field(
    width: int, height: int
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The stars of a ``width`` x ``height`` sky: every star's pixel, and the few drawn as discs.

    A fixed seed, so every screen and every redraw shows the same sky and nothing flickers.
    """
    rng = random.Random(7)
    dots: list[tuple[int, int]] = []
    discs: list[tuple[int, int]] = []
    for _ in range(70):
        point = rng.randrange(width), rng.randrange(height)
        dots.append(point)
        if rng.random() < 0.15:
            discs.append(point)
    return tuple(dots), tuple(discs)


def _key_colour(*used: Colour | None) -> Colour:
    """A colour key that none of the ``used`` colours is, for a shape's transparent corners."""
    for candidate in ((255, 0, 255), (0, 255, 255), (255, 255, 0)):
        if all(candidate != (tuple(c) if c is not None else None) for c in used):
            return candidate
    raise AssertionError("unreachable: three candidates, at most two colours in use")


class Canvas:
    """A design-sized (800x480) surface with the drawing operations the screens share."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.width, self.height = DESIGN_SIZE

    def fill(self, colour: Colour) -> None:
        """Paint the whole canvas one colour."""
        self.surface.fill(colour)

    def space(self) -> None:
        """The shared backdrop: dark navy with a fixed scatter of dim stars."""
        # A fill and 70 dots: cheaper than blitting a pre-rendered 800x480 backdrop, which
        # reads 1.5 MB as well as writing it (about 0.2 ms against 0.28 ms right after a sleep).
        surface = self.surface
        surface.fill(BG)
        dots, discs = _star_field(self.width, self.height)
        for point in dots:
            surface.set_at(point, STAR)
        for point in discs:
            pygame.draw.circle(surface, STAR, point, 2)

    def _shape(
        self, kind: str, size: tuple[int, int], fill: Colour, border: Colour | None, **how: int
    ) -> pygame.Surface:
        """A rounded rect (``kind`` "rect") or a circle ("circle") filling ``size``, with an
        optional ``border``; cached, with its corners colour-keyed so they blit as nothing.

        Drawing it at (0, 0) of its own surface and blitting it to a rect's top-left sets
        exactly the pixels that drawing it straight onto the canvas would.
        """
        surface = self.surface
        layout = (surface.get_bitsize(), surface.get_masks())
        key = (kind, size, fill, border, tuple(sorted(how.items())), layout)

        def make() -> pygame.Surface:
            shape = pygame.Surface(size, 0, surface)
            transparent = _key_colour(fill, border)
            shape.fill(transparent)
            shape.set_colorkey(transparent)
            rect = shape.get_rect()
            width = how.get("width", 0)
            if kind == "circle":
                radius = how["radius"]
                pygame.draw.circle(shape, fill, (radius, radius), radius)
                if border is not None:
                    pygame.draw.circle(shape, border, (radius, radius), radius, width=width)
            else:
                radius = how["radius"]
                pygame.draw.rect(shape, fill, rect, border_radius=radius)
                if border is not None:
                    pygame.draw.rect(shape, border, rect, width=width, border_radius=radius)
            return shape

        return _shapes.get(key, make)

    def text(
        self,
        text: str,
        size: int,
        colour: Colour,
        *,
        center: tuple[int, int] | None = None,
        topleft: tuple[int, int] | None = None,
        max_width: int | None = None,
    ) -> pygame.Rect:
        """Draw one line, shrinking the font until it fits ``max_width`` (cut short with an
        ellipsis past the smallest size); returns its rect."""
        if max_width is not None:
            text, size = fit_text(text, size, max_width)
        image = rendered(text, size, colour)
        rect = image.get_rect()
        if center is not None:
            rect.center = center
        elif topleft is not None:
            rect.topleft = topleft
        self.surface.blit(image, rect)
        return rect

    def paragraph(
        self, lines: list[str], size: int, colour: Colour, area: pygame.Rect, *, centred: bool
    ) -> None:
        """Wrap ``lines`` into ``area``, shrinking the font if needed so all of it fits."""
        while True:
            wrapped = [part for line in lines for part in wrap(line, size, area.width)]
            step = font(size).get_linesize() + 4
            if len(wrapped) * step <= area.height or size <= MIN_SIZE:
                break
            size -= 2
        wrapped = wrapped[: max(1, area.height // step)]
        # Centred text also sits in the middle of the area, not stuck to its top.
        y = area.top + (area.height - len(wrapped) * step) // 2 if centred else area.top
        for line in wrapped:
            if centred:
                # A word wider than the area (a long name) shrinks or is cut, as any line.
                centre = (area.centerx, y + step // 2)
                self.text(line, size, colour, center=centre, max_width=area.width)
            else:
                self.text(line, size, colour, topleft=(area.left, y), max_width=area.width)
            y += step

    def button(self, control: Control) -> None:
        """A rounded button with its text as large as fits (chips and tabs: see ``chip``)."""
        if control.style in ("chip", "tab"):
            self.chip_button(control)
            return
        if control.style == "night":
            # Just visible to the one player whose eyes are open; nothing bright at night.
            shape = self._shape("rect", control.rect.size, NIGHT_BUTTON, None, radius=16)
            self.surface.blit(shape, control.rect)
            size = control.size or min(56, int(control.rect.height * 0.6))
            self.text(control.text, size, NIGHT_TEXT, center=control.rect.center)
            return
        fill = BUTTON_PRIMARY if control.primary else LIT if control.lit else BUTTON
        border = ALIEN if control.primary or control.lit else ACCENT
        shape = self._shape("rect", control.rect.size, fill, border, width=3, radius=18)
        self.surface.blit(shape, control.rect)
        size = control.size or min(72, int(control.rect.height * 0.85))
        width = control.rect.width - 24
        if fit_text(control.text, size, width)[0] != control.text and " " in control.text:
            # Cut short on one line: on two instead ("Who" / "played?"), as large as fits.
            lines, size = two_lines(control.text, size, width, control.rect.height - 8)
            self._lines(lines, size, TEXT, control.rect, width)
            return
        self.text(control.text, size, TEXT, center=control.rect.center, max_width=width)

    def chip_button(self, control: Control) -> None:
        """A compact role chip or tab: lit ones filled with their tint, dark text on top.

        Text too wide for one line goes on two, at the same size, so a row of chips reads
        evenly; only a single word too wide for the chip is shrunk.
        """
        tint = control.tint or CHIP_ON
        rect = control.rect
        if control.lit:
            shape = self._shape("rect", rect.size, tint, None, radius=12)
            colour = BG
        else:
            shape = self._shape("rect", rect.size, CHIP_OFF, DIM, width=2, radius=12)
            colour = TEXT
        self.surface.blit(shape, rect)
        width = rect.width - 10
        size = control.size or 30
        if text_size(control.text, size)[0] <= width:
            self.text(control.text, size, colour, center=rect.center)
            return
        lines = chip_lines(control.text, size, width, rect.height)
        self._lines(lines, size, colour, rect, width)

    def _lines(
        self, lines: list[str], size: int, colour: Colour, rect: pygame.Rect, width: int
    ) -> None:
        """``lines`` one under the other, centred in ``rect`` (each shrunk or cut to ``width``
        as any line)."""
        step = font(size).get_linesize()
        top = rect.centery - step * len(lines) // 2
        for i, line in enumerate(lines):
            centre = (rect.centerx, top + step * i + step // 2)
            self.text(line, size, colour, center=centre, max_width=width)

    def chip(
        self, center: tuple[int, int], radius: int, label: str, lit: bool, label_size: int = 0
    ) -> None:
        """A round seat marker, like one of the device's lamp buttons (its label at
        ``label_size``, or as large as the radius allows)."""
        fill, border = (CHIP_ON, ALIEN) if lit else (CHIP_OFF, DIM)
        size = (2 * radius, 2 * radius)
        shape = self._shape("circle", size, fill, border, width=2, radius=radius)
        self.surface.blit(shape, (center[0] - radius, center[1] - radius))
        colour = BG if lit else TEXT
        # Never under the legible floor: an 11- or 12-seat ring's numbers drew 17 px glyphs.
        self.text(label, label_size or max(MIN_SIZE, int(radius * 1.3)), colour, center=center)

    def bar(self, rect: pygame.Rect, fraction: float) -> None:
        """A progress bar filled to ``fraction`` (clamped to 0..1)."""
        fraction = min(1.0, max(0.0, fraction))
        pygame.draw.rect(self.surface, PANEL, rect, border_radius=12)
        inner = rect.inflate(-8, -8)
        inner.width = int(inner.width * fraction)
        if inner.width > 0:
            pygame.draw.rect(self.surface, ALIEN, inner, border_radius=8)
        pygame.draw.rect(self.surface, ACCENT, rect, width=2, border_radius=12)
