"""Seat rows, seat chips and view checks shared by the vote, tally and reveal screens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from device.ui.canvas import ACCENT, CHIP_ON, DIM, PANEL, Canvas
from device.ui.model import Colour, Control
from games.events import SeatRole, SeatTap

MAX_SEATS = 12
"""The most seats a game has (the lobby's MAX_PLAYERS): the layouts fit this many."""

VOTED_TINT = CHIP_ON
"""A seat whose vote is in (or whose card is revealed): green, as on the seat ring."""
CURRENT_TINT = ACCENT
"""The seat being entered: blue."""


def seat_row(count: int, area: pygame.Rect, gap: int = 6, widest: int = 88) -> list[pygame.Rect]:
    """``count`` equal boxes in one row, centred in ``area`` and no wider than ``widest``."""
    if count <= 0:
        return []
    width = min(widest, (area.width - gap * (count - 1)) // count)
    left = area.centerx - (count * width + (count - 1) * gap) // 2
    return [
        pygame.Rect(left + i * (width + gap), area.top, width, area.height) for i in range(count)
    ]


def seat_chips(
    label: str,
    role: SeatRole,
    rects: list[pygame.Rect],
    tints: Mapping[int, Colour],
    *,
    size: int,
    skip: int | None = None,
    names: Mapping[int, str] | None = None,
) -> list[Control]:
    """A chip per seat in ``rects`` (seat 1 first): labelled "Seat 3", tapping
    ``SeatTap(role, 3)``, showing "3" (or "3 Ada" for a seat in ``names``), lit in its colour
    from ``tints`` when listed there; ``skip`` gets no chip."""
    return [
        Control(
            f"{label} {seat}",
            SeatTap(role, seat),
            rect,
            style="chip",
            lit=seat in tints,
            caption=seat_caption(seat, names or {}),
            tint=tints.get(seat),
            size=size,
        )
        for seat, rect in enumerate(rects, start=1)
        if seat != skip
    ]


def seat_caption(seat: int, names: Mapping[int, str]) -> str:
    """What a seat's chip shows: "3 Ada" for a named seat (the number is the lamp button to
    press), else "3"."""
    return f"{seat} {names[seat]}" if seat in names else str(seat)


def ghost(canvas: Canvas, rect: pygame.Rect, text: str, size: int = 30) -> None:
    """A dim outline with dim text where a control is not available now."""
    pygame.draw.rect(canvas.surface, PANEL, rect, border_radius=12)
    pygame.draw.rect(canvas.surface, DIM, rect, width=1, border_radius=12)
    canvas.text(text, size, DIM, center=rect.center, max_width=rect.width - 8)


def seats_text(seats: Sequence[object]) -> str:
    """``2, 5 and 6`` (or any other things listed the same way)."""
    listed = [str(seat) for seat in seats]
    if len(listed) < 2:
        return "".join(listed)
    return f"{', '.join(listed[:-1])} and {listed[-1]}"
