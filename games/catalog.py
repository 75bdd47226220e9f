"""The registry: the games (``GAMES``) and tool sessions (``TOOLS``), each a package's ``SPEC``.

Adding a game is one new package in ``games/`` exporting its ``SPEC`` and one entry in
``GAMES``: the device reads everything it knows of a game from its spec. This module only lists
them, as python-chess's ``VARIANTS`` lists its board classes, and importing it loads no game's
rules: each spec loads them on first use. ``find_game`` looks a game up the way a scenario or the
command line names it, as python-chess's ``find_variant`` does.
"""

from __future__ import annotations

import difflib
import importlib
from typing import Any

from games.errors import UnknownGameError
from games.spec import GameSpec, HomeButton

__all__ = [
    "GAMES",
    "TOOLS",
    "by_key",
    "find_game",
    "home_buttons",
    "score_keys",
    "setup_keys",
]


def spec_of(package: str, name: str = "SPEC") -> GameSpec[Any]:
    """The ``GameSpec`` a game's package exports (as ``SPEC``, or ``name``)."""
    spec = getattr(importlib.import_module(package), name, None)
    if not isinstance(spec, GameSpec):
        raise TypeError(f"{package}.{name} is not a GameSpec (a game exports its SPEC)")
    return spec


GAMES: tuple[GameSpec[Any], ...] = tuple(
    spec_of(package)
    for package in (
        "games.onenight",
        "games.alieninjas",
        "games.alienation",
        "games.encounters",
    )
)
"""The games, in the home screen's order: one line per game, its package."""
TOOLS: tuple[GameSpec[Any], ...] = (spec_of("games.scorelog", "PLAYERS"),)
"""Sessions that are not games (no scenario plays them): names player profiles and their seats."""


# -- Lookups ------------------------------------------------------------------------------------


def find_game(name: str) -> GameSpec[Any]:
    """Look a game up by key, display name or alias (case-insensitive).

    >>> find_game("One Night Ultimate Alien").key
    'onenight'
    >>> find_game("alienatoin")
    Traceback (most recent call last):
    ...
    games.errors.UnknownGameError: unsupported game: 'alienatoin'; did you mean 'alienation'?
    """
    wanted = name.strip().lower()
    for game in GAMES:
        if wanted in (game.key, game.name.lower(), *game.aliases):
            return game
    close = difflib.get_close_matches(wanted, [game.key for game in GAMES], n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise UnknownGameError(f"unsupported game: {name!r}{hint}")


def by_key(key: str) -> GameSpec[Any] | None:
    """The game or tool whose sessions have ``game == key`` (a checkpoint's), if any."""
    for spec in (*GAMES, *TOOLS):
        if spec.key == key:
            return spec
    return None


def home_buttons() -> tuple[HomeButton, ...]:
    """The home screen's buttons: every game's (and mission's), then the tools'."""
    return tuple(button for spec in (*GAMES, *TOOLS) for button in spec.home_buttons())


def score_keys() -> frozenset[str]:
    """Every key a scenario's ``score`` entry may carry besides ``seat``, in any game (each
    game's session refuses those it cannot use)."""
    return frozenset({"points"}).union(*({f.name for f in spec.all_fields()} for spec in GAMES))


def setup_keys() -> frozenset[str]:
    """Every key a scenario's setup block may carry, in any game."""
    return frozenset({"game"}).union(*(spec.setup_keys for spec in GAMES))
