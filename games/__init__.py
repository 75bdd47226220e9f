"""Pure game rules and flows. Standard library only: no I/O, no clock, no global randomness.

``GAMES`` is the registry of supported games; ``find_game`` looks one up by key or alias.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from games.errors import UnknownGameError


@dataclass(frozen=True)
class GameInfo:
    """One supported game."""

    key: str
    """The scenario name (``setup.game``)."""
    name: str
    """The name shown on screen."""
    aliases: tuple[str, ...] = ()
    """Other names that find it."""


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "onenight",
        "One Night",
        ("one night", "one night ultimate alien", "one night ultimate vampire", "onu", "onuw"),
    ),
    GameInfo("alieninjas", "Alieninjas"),
    GameInfo("alienation", "Alienation"),
    GameInfo("encounters", "Alien Encounters", ("alien encounters",)),
)


def find_game(name: str) -> GameInfo:
    """Look a game up by key, display name or alias (case-insensitive).

    >>> find_game("One Night Ultimate Alien").key
    'onenight'
    """
    wanted = name.strip().lower()
    for game in GAMES:
        if wanted in (game.key, game.name.lower(), *game.aliases):
            return game
    close = difflib.get_close_matches(wanted, [game.key for game in GAMES], n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise UnknownGameError(f"unsupported game: {name!r}{hint}")
