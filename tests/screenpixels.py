"""The open screen's pixels and the lines drawn on it, for the tests that look at what was
drawn."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

if TYPE_CHECKING:
    from device.ui import TouchUI


def display() -> pygame.Surface:
    """The display surface; the touch UI must be open."""
    surface = pygame.display.get_surface()
    assert surface is not None, "no display: open the TouchUI first"
    return surface


def brightest(path: Path) -> int:
    """The brightest channel of a saved screenshot, sampled every 4 pixels: a dark screen is
    dim all over."""
    picture = pygame.image.load(str(path))
    width, height = picture.get_size()
    return max(
        max(picture.get_at((x, y))[:3]) for x in range(0, width, 4) for y in range(0, height, 4)
    )


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line the canvas draws from now on (the text each ``Canvas.text`` is asked to
    draw, before any fitting), in order; drawn as before."""
    from device.ui.canvas import Canvas

    drawn: list[str] = []
    text = Canvas.text

    def recorded(self: Canvas, line: str, size: int, colour: Any, **where: Any) -> Any:
        drawn.append(line)
        return text(self, line, size, colour, **where)

    monkeypatch.setattr(Canvas, "text", recorded)
    return drawn


def saved_png(ui: TouchUI, path: Path) -> None:
    """Redraw the screen and save it to ``path``: a real 800x480 PNG."""
    ui.redraw(0.0)
    ui.save_png(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pygame.image.load(str(path)).get_size() == (800, 480)
