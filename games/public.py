"""What a view lets the phone page show by day, as one typed value the view builds.

The companion page (``device.web.snapshot``) reads a running game through ``View.public()``,
never a view's fields by name: renaming a field of a view is a type error where it builds its
``Public``, not a phone page whose day clock silently went blank. Everything here is public
(the table sees it on the device's screen); at night the page shows nothing of the view at all.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["NOTHING_PUBLIC", "Public", "PublicSheet"]


@dataclass(frozen=True)
class PublicSheet:
    """A score table: its headings after the player column, and each seat's cells."""

    columns: tuple[str, ...]
    rows: tuple[tuple[int, tuple[str, ...]], ...]
    """(seat, its cells in the columns' order), the device names the seat."""


@dataclass(frozen=True)
class Public:
    """The parts of a screen a phone may show."""

    clock_ends_at: float | None = None
    """When a running discussion clock runs out, on the game's clock (None: none running)."""
    clock_left: float | None = None
    """Seconds left on a paused clock (None: not paused)."""
    roles: str = ""
    """The cards in play, as the table reads them."""
    votes: tuple[int, int] | None = None
    """(votes cast, voters) while a vote is open."""
    result: tuple[str, ...] = ()
    """A game's end as its screen reads: the title, then its lines."""
    pace: str = ""
    """The game's settings in words (One Night's Options)."""
    sheet: PublicSheet | None = None
    message: str = ""
    """The score sheet's message."""


NOTHING_PUBLIC = Public()
"""A screen with nothing for the phone (home, the night, the keypad...)."""
