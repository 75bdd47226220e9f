"""What a session lets the device read about its table, as one typed value the game owns.

The device's score keypad reads a running game through this, never its setup by attribute
name: a game whose setup named its seats otherwise (or had none) silently lost "Enter scores",
and mypy checks a declaration, not a guess.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["NOTHING_DECLARED", "Declared"]


@dataclass(frozen=True)
class Declared:
    """A session's table as the device may read it."""

    players: int = 0
    """The seats in play, which the score keypad asks in turn (0: no keypad)."""
    mission: str | None = None
    """The mission being played, whose fields the keypad asks (None: the game has one sheet)."""

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise TypeError(f"players must be a whole number, got {self.players!r}")
        if self.players < 0:
            raise ValueError(f"players cannot be negative, got {self.players}")


NOTHING_DECLARED = Declared()
"""A session with no table for the device to read (the players' tool)."""
