"""The open screen's pixels, for the tests that look at what was drawn."""

from __future__ import annotations

import pygame


def display() -> pygame.Surface:
    """The display surface; the touch UI must be open."""
    surface = pygame.display.get_surface()
    assert surface is not None, "no display: open the TouchUI first"
    return surface
