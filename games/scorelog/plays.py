"""The play shape shared by the score log store and the stats/charts.

Pure stdlib: a `Play` is one finished game, with one `PlayerResult` per seat.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerResult:
    """One seat's result in a play."""

    name: str
    seat: int
    score: int | None
    winner: bool
    start_player: bool = False


@dataclass(frozen=True)
class Play:
    """One finished game.

    `id` is stable uuid-like text, `game` the display name ("One Night",
    "Alieninjas", "Alienation", "Alien Encounters"), `played_at` ISO 8601 UTC,
    `rounds` per round the points per seat (for running-total charts).
    """

    id: str
    game: str
    played_at: str
    players: tuple[PlayerResult, ...]
    rounds: tuple[tuple[int, ...], ...] = ()
