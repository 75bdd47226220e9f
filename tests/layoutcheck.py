"""A layout check over every picture the touchscreen draws: legible from a metre away on a 7"
screen, and every control reachable.

While installed, each full redraw of the UI is checked as it is drawn:

- no glyphs under ``MIN_GLYPH`` (18) px tall, measured from the pixels the font draws at the
  size the text is finally drawn at, after any shrinking to fit (``textfit.glyph_height``: a
  capital's top to a descender's foot; the nominal size 18 draws 12 px glyphs);
- no text cut short with an ellipsis, unless the check is told names may be (``cuts``), and
  none wider than the room it was given (``max_width``);
- no text outside the screen, and no control's text outside its control;
- no control smaller than ``MIN_CONTROL`` x ``MIN_CONTROL`` px;
- no two reachable controls overlapping;
- no paragraph cut short (wrapped at the smallest size, it still has more lines than fit).

Problems are collected by screen (a set, so a screen redrawn a hundred times reports once).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from device.ui import canvas as canvas_module
from device.ui.canvas import (
    ELLIPSIS,
    MIN_GLYPH,
    MIN_SIZE,
    Canvas,
    fit_text,
    font,
    glyph_height,
    wrap,
)
from device.ui.model import DESIGN_SIZE, Control
from device.ui.touch import TouchUI

MIN_CONTROL = 48
SLACK = 2
"""Pixels a text's box may pass its control's edge by (the font's own padding)."""


class LayoutCheck:
    """The problems found so far, by screen, and the screens seen."""

    def __init__(self, cuts: bool = False) -> None:
        self.cuts = cuts
        """Whether a text may be cut short with an ellipsis (a name too long for its seat)."""
        self.problems: dict[str, set[str]] = defaultdict(set)
        self.screens: set[str] = set()
        self._screen = ""
        self._control: Control | None = None

    def text(self, text: str, size: int, rect: pygame.Rect, cut: bool = False) -> None:
        """One line of text drawn at font ``size`` in ``rect`` (``cut``: with an ellipsis)."""
        if not text.strip():
            return
        where = f"{text!r} in {self._control.label!r}" if self._control else repr(text)
        drawn = glyph_height(size)
        if drawn < MIN_GLYPH:
            self.problems[self._screen].add(f"text {where} {drawn} px tall (size {size})")
        if cut and not self.cuts:
            self.problems[self._screen].add(f"text {where} cut short")
        if not pygame.Rect((0, 0), DESIGN_SIZE).contains(rect):
            self.problems[self._screen].add(f"text {where} off the screen at {tuple(rect)}")
        if self._control is not None:
            box = self._control.rect.inflate(2 * SLACK, 2 * SLACK)
            if not box.contains(rect):
                self.problems[self._screen].add(
                    f"text {where} outside its control {tuple(self._control.rect)}"
                )

    def controls(self, controls: list[Control]) -> None:
        """The controls a tap can reach on the picture just drawn."""
        for control in controls:
            if control.rect.width < MIN_CONTROL or control.rect.height < MIN_CONTROL:
                self.problems[self._screen].add(
                    f"control {control.label!r} is {control.rect.width}x{control.rect.height}"
                )
        for i, first in enumerate(controls):
            for second in controls[i + 1 :]:
                if first.rect.colliderect(second.rect):
                    self.problems[self._screen].add(
                        f"controls {first.label!r} and {second.label!r} overlap"
                    )

    def report(self) -> str:
        """Every problem, screen by screen."""
        return "\n".join(
            f"{screen}: {problem}"
            for screen in sorted(self.problems)
            for problem in sorted(self.problems[screen])
        )


@contextmanager
def layout_check(monkeypatch: pytest.MonkeyPatch, cuts: bool = False) -> Iterator[LayoutCheck]:
    """Check every full redraw while the block runs (``cuts``: names may be cut short)."""
    check = LayoutCheck(cuts)
    text, button, draw, paragraph = Canvas.text, Canvas.button, TouchUI._draw, Canvas.paragraph

    def checked_paragraph(
        self: Canvas, lines: list[str], size: int, colour: Any, area: pygame.Rect, **how: Any
    ) -> None:
        while True:  # as Canvas.paragraph shrinks it
            wrapped = [part for line in lines for part in wrap(line, size, area.width)]
            step = font(size).get_linesize() + 4
            if len(wrapped) * step <= area.height or size <= MIN_SIZE:
                break
            size -= 2
        if len(wrapped) * step > area.height:
            check.problems[check._screen].add(f"paragraph {lines!r} cut to fit {tuple(area)}")
        paragraph(self, lines, size, colour, area, **how)

    def checked_text(self: Canvas, line: str, size: int, colour: Any, **where: Any) -> Any:
        rect = text(self, line, size, colour, **where)
        width = where.get("max_width")
        drawn, drawn_size = (line, size) if width is None else fit_text(line, size, width)
        cut = drawn != line and drawn.endswith(ELLIPSIS)
        check.text(drawn, drawn_size, rect, cut)
        if width is not None and rect.width > width + SLACK:
            check.problems[check._screen].add(f"text {line!r} is {rect.width} px in {width}")
        return rect

    def checked_button(self: Canvas, control: Control) -> None:
        check._control = control
        try:
            button(self, control)
        finally:
            check._control = None

    def checked_draw(self: TouchUI, now: float, areas: Any) -> None:
        check._screen = str(self.screen or "")
        if areas is None and self.screen is not None:
            check.screens.add(check._screen)
            draw(self, now, areas)
            check.controls(self.screen_controls())
        else:
            draw(self, now, areas)

    monkeypatch.setattr(Canvas, "text", checked_text)
    monkeypatch.setattr(Canvas, "button", checked_button)
    monkeypatch.setattr(Canvas, "paragraph", checked_paragraph)
    monkeypatch.setattr(TouchUI, "_draw", checked_draw)
    assert canvas_module.Canvas is Canvas
    yield check
