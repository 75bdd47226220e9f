"""Alienation rules the score sheet needs: setup, draft direction, entries, totals, winners.

Rulings (our reading of the rules):

- "For the first round, the friendliest player is the start player": the table chooses that
  player (``friendliest = "table"``, the default) by their seat button or the touchscreen; Go or
  the screen's Random asks the device to draw one. If nobody chooses within
  ``friendliest_seconds`` the device draws, so a game (or scenario) that never chooses still
  reaches round 1. ``friendliest = "random"`` skips the question and draws at once. The draw
  comes from the game's seed. Later rounds start with whoever took Firsties; when nobody took
  it, the start player stays the same.
- Cards are passed to the left in round 1. With more than two players the direction alternates
  every round (left, right, left); with two it makes no difference and stays left.
- A round score is the points the system scored this round (0 or more); totals accumulate.
- ``sunnies`` is the player's Sunnies total on their sun track after the round (0 or more). It
  is kept between rounds for the players' reminder and the record; it is not added to the
  points (the round score already counts whatever the system scored).
- After round 3 the highest total wins; players level on the highest total share the win.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.alienation.fields import EXTRA, MAX_PLAYERS, MIN_PLAYERS
from games.errors import RulesError, SetupError
from games.scoresheet import leaders

ROUNDS = 3
"""The game is three rounds long."""
FRIENDLIEST = ("table", "random")
"""How the first start player is found: chosen by the table, or drawn by the device."""
FRIENDLIEST_SECONDS = 120.0
"""How long the table has to choose the friendliest player before the device draws one."""


class ScoreEntryError(RulesError):
    """A round entry that cannot be right (a negative score, an unknown seat...)."""


@dataclass(frozen=True)
class AlienationSetup:
    """Who plays, and how the first start player (the friendliest) is found."""

    players: int
    seed: int = 0
    """The seed a drawn start player comes from."""
    friendliest: str = "table"
    """``"table"``: the players choose (the device draws on request or after the wait);
    ``"random"``: the device draws at once."""
    friendliest_seconds: float = FRIENDLIEST_SECONDS
    """How long the table may take to choose before the device draws."""

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise SetupError(f"setup.players: expected a whole number, got {self.players!r}")
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise SetupError(
                f"{self.players} players: Alienation is for {MIN_PLAYERS} to {MAX_PLAYERS}"
            )
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SetupError(f"setup.seed: expected a whole number, got {self.seed!r}")
        if self.friendliest not in FRIENDLIEST:
            raise SetupError(
                f"setup.options.friendliest: expected 'table' or 'random', got {self.friendliest!r}"
            )
        wait = self.friendliest_seconds
        if isinstance(wait, bool) or not isinstance(wait, int | float) or not 1 <= wait <= 3600:
            raise SetupError(
                f"setup.options.friendliest_seconds: expected 1 to 3600 seconds, got {wait!r}"
            )

    @classmethod
    def from_block(
        cls,
        block: Mapping[str, Any],
        *,
        friendliest: str = "table",
        friendliest_seconds: float = FRIENDLIEST_SECONDS,
    ) -> AlienationSetup:
        """The setup a scenario's (or the touchscreen's) setup block describes.

        ``friendliest`` and ``friendliest_seconds`` are the defaults (the device's settings);
        the block's ``options`` may override either.
        """
        options = block.get("options", {})
        if not isinstance(options, Mapping):
            raise SetupError(f"setup.options: expected an object, got {options!r}")
        unknown = sorted(set(options) - {"friendliest", "friendliest_seconds"})
        if unknown:
            raise SetupError(
                f"setup.options.{unknown[0]}: unknown option; "
                "options are friendliest, friendliest_seconds"
            )
        return cls(
            players=block.get("players", 2),
            seed=block.get("seed", 0),
            friendliest=options.get("friendliest", friendliest),
            friendliest_seconds=options.get("friendliest_seconds", friendliest_seconds),
        )


def draft_direction(round_number: int, players: int) -> str:
    """``"left"`` or ``"right"``: which way cards are passed in this round's draft.

    >>> [draft_direction(r, 3) for r in (1, 2, 3)]
    ['left', 'right', 'left']
    >>> [draft_direction(r, 2) for r in (1, 2, 3)]
    ['left', 'left', 'left']
    """
    if players > 2 and round_number % 2 == 0:
        return "right"
    return "left"


@dataclass(frozen=True)
class RoundEntry:
    """One player's entry for a round: the points scored and their Sunnies total."""

    seat: int
    points: int
    sunnies: int = 0
    first: bool = False


def _count(seat: int, key: str, value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoreEntryError(f"seat {seat} entered {key} {value!r}: {what} is a whole number")
    if value < 0:
        raise ScoreEntryError(f"seat {seat} entered {value} {key}: {what} is 0 or more")
    return value


def check_entry(seat: int, points: object, extra: Mapping[str, object], players: int) -> RoundEntry:
    """A checked ``RoundEntry``; raises ``ScoreEntryError`` naming the bad input."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= players:
        raise ScoreEntryError(f"seat {seat!r} entered a score: this game has seats 1 to {players}")
    unknown = sorted(set(extra) - set(EXTRA))
    if unknown:
        raise ScoreEntryError(
            f"seat {seat} entered {unknown[0]!r}: an Alienation entry has points, "
            + ", ".join(EXTRA)
        )
    if points is None:
        raise ScoreEntryError(f"seat {seat} entered no points: a round score is needed")
    if isinstance(points, int) and not isinstance(points, bool) and points < 0:
        raise ScoreEntryError(f"seat {seat} scored {points}: a round score is 0 or more")
    score = _count(seat, "points", points, "a round score")
    sunnies = _count(seat, "sunnies", extra.get("sunnies", 0), "a Sunnies total")
    first = extra.get("first", False)
    if not isinstance(first, bool):
        raise ScoreEntryError(f"seat {seat} entered first {first!r}: first is true or false")
    return RoundEntry(seat, score, sunnies, first)


def totals(rounds: tuple[tuple[int, ...], ...], players: int) -> dict[int, int]:
    """Each seat's running total over the closed rounds (each round: points by seat order)."""
    return {seat: sum(r[seat - 1] for r in rounds) for seat in range(1, players + 1)}


def winners(final: Mapping[int, int]) -> tuple[int, ...]:
    """The seats with the highest total (more than one: they share the win).

    >>> winners({1: 40, 2: 52, 3: 52})
    (2, 3)
    """
    return leaders(final)
