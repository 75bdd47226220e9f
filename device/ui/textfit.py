"""Text at a legible size: the bundled font, how big its glyphs are drawn, and fitting a line
or a chip's words into the room they have (shrinking no further than ``MIN_SIZE``, then wrapping
or, for a long name only, cutting short).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

MIN_GLYPH = 18
"""The project's floor: no glyph drawn shorter than this, in pixels from a capital's top to a
descender's foot (``glyph_height``), so a 7" screen reads from a metre."""
MIN_SIZE = 28
"""The smallest font size whose glyphs are ``MIN_GLYPH`` px tall in the bundled font (size 18,
the old floor, draws 12 px glyphs); text shrinks to fit no further than this.
``tests/device/ui/test_layout.py`` measures it."""

PROMINENT_SIZE = 34
"""What the table must read first (press your seat button, the roles in play, who is out):
22 px glyphs in full-contrast ``TEXT``, a step above the floor and never dim."""

_fonts: dict[int, pygame.font.Font] = {}


def clear_fitting() -> None:
    """Forget the cached text sizes, fits and wraps."""
    text_size.cache_clear()
    fit_size.cache_clear()
    fit_text.cache_clear()
    _wrap.cache_clear()
    glyph_height.cache_clear()


def font(size: int) -> pygame.font.Font:
    """The bundled default font at ``size`` (cached; pygame.font must be initialised)."""
    if size not in _fonts:
        _fonts[size] = pygame.font.Font(None, size)
    return _fonts[size]


@lru_cache(maxsize=4096)
def text_size(text: str, size: int) -> tuple[int, int]:
    """The (width, height) of ``text`` at font ``size`` (cached)."""
    width, height = font(size).size(text)
    return width, height


@lru_cache(maxsize=128)
def glyph_height(size: int) -> int:
    """How tall the glyphs of font ``size`` are drawn, in pixels: measured from the rendered
    pixels of "Hg", a capital's top to a descender's foot (the nominal size says little: the
    bundled font draws size 18 as 12 px)."""
    return int(font(size).render("Hg", True, (255, 255, 255)).get_bounding_rect().height)


@lru_cache(maxsize=2048)
def fit_size(text: str, size: int, max_width: int, min_size: int = MIN_SIZE) -> int:
    """The largest font size up to ``size`` (never below ``min_size``, nor below ``size``
    itself when that is smaller) at which ``text`` fits in ``max_width``."""
    floor = min(size, min_size)
    while size > floor and text_size(text, size)[0] > max_width:
        size = max(floor, size - 2)  # never below the smallest legible size
    return size


ELLIPSIS = "\u2026"


@lru_cache(maxsize=2048)
def fit_text(text: str, size: int, max_width: int) -> tuple[str, int]:
    """``text`` and the font size it fits ``max_width`` at (``fit_size``); when even the
    smallest size is too wide, cut short with an ellipsis ("Zoë Ångström-Łuk…")."""
    size = fit_size(text, size, max_width)
    if text_size(text, size)[0] <= max_width:
        return text, size
    cut = text
    while cut and text_size(cut.rstrip() + ELLIPSIS, size)[0] > max_width:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS, size


def wrap(text: str, size: int, width: int) -> list[str]:
    """Word-wrap ``text`` to lines no wider than ``width`` at font ``size``.

    A number is not left at the head of a line away from the word it counts ("player" /
    "5."), and a short last word is not left alone on the last line: the word before it comes
    down with it, where that still fits."""
    return list(_wrap(text, size, width))


def _stranded(before: str, word: str, last: bool) -> bool:
    """Whether ``word`` reads badly at a line's head, away from ``before``: a number the word
    before counts ("player" / "5."; a list of numbers may break anywhere), or a short last
    word ("win")."""
    counted = word[:1].isdigit() and not before[:1].isdigit()
    return counted or (last and len(word) <= 3)


HYPHENS = {
    "Doppelganger": "Doppel- ganger",
    "Troublemaker": "Trouble- maker",
    "Nostradamus": "Nostra- damus",
    "Investigator": "Investi- gator",
    "Transformation": "Transfor- mation",
}
"""Where a name too long for a narrow chip at the legible size breaks, hyphenated, rather than
being cut short ("Doppelgan…")."""


def chip_lines(text: str, size: int, width: int, height: int) -> list[str]:
    """``text`` wrapped for a chip: a word too wide broken where ``HYPHENS`` says, as many
    lines as its height holds (at least two: the rest on the last, cut short there, as a long
    name is: "3 Zoë" "Ångstr…")."""
    words = [
        HYPHENS.get(word, word) if text_size(word, size)[0] > width else word
        for word in text.split()
    ]
    lines = wrap(" ".join(words), size, width)
    most = max(2, height // font(size).get_linesize())
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :])]
    # A hyphenated word whose halves met on one line is whole again.
    return [line.replace("- ", "") if line.replace("- ", "") in text else line for line in lines]


def two_lines(text: str, size: int, width: int, height: int) -> tuple[list[str], int]:
    """``text`` on at most two lines and the largest size up to ``size`` (down to
    ``MIN_SIZE``) at which each line fits ``width`` and both fit ``height``."""
    while True:
        lines = wrap(text, size, width)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        fits = all(text_size(line, size)[0] <= width for line in lines)
        if size <= MIN_SIZE or (fits and font(size).get_linesize() * len(lines) <= height):
            return lines, size
        size = max(MIN_SIZE, size - 2)


@lru_cache(maxsize=1024)
def _wrap(text: str, size: int, width: int) -> tuple[str, ...]:
    lines: list[list[str]] = []
    current: list[str] = []
    for word in text.split():
        if current and text_size(" ".join([*current, word]), size)[0] > width:
            lines.append(current)
            current = [word]
        else:
            current.append(word)
    if current:
        lines.append(current)
    for i in range(1, len(lines)):
        before, line = lines[i - 1], lines[i]
        lone = i == len(lines) - 1 and len(line) == 1
        if len(before) > 1 and _stranded(before[-1], line[0], lone):
            moved = [before[-1], *line]
            if text_size(" ".join(moved), size)[0] <= width:
                lines[i - 1], lines[i] = before[:-1], moved
    return tuple(" ".join(line) for line in lines) or ("",)
