"""The games the suite plays: the product's catalog and the suite's own example game, Stars.

``tests/conftest.py`` imports this module when the run starts, before any test file, so Stars
(``tests/stargame/``) is registered for the whole run the way a real game is, by its one line
(``spec_of("stargame")`` in ``GAMES``), and meets every test that walks the catalog: the home
screen, setups, the score log, the phone page, the fuzz. Only this process's catalog changes:
``mothership`` run as a command (a benchmark, the chaos test, an installed release) has the
product's games only, ``PRODUCT``.

A game joins the suite by its line in ``EXTRA``; every list of games in the tests is derived
from ``catalog.GAMES`` (``tests/test_suite_games.py`` keeps it so).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games import catalog
from games.spec import GameSpec

PRODUCT: tuple[GameSpec[Any], ...] = catalog.GAMES
"""The product's games, as ``games/catalog.py`` lists them (what a ``mothership`` process has)."""

EXTRA = ("stargame",)
"""The suite's own games, each a package on the tests' path: one line each."""


def register() -> None:
    """Add the suite's games to the catalog once (a second call changes nothing)."""
    known = {spec.key for spec in catalog.GAMES}
    added = tuple(spec for spec in map(catalog.spec_of, EXTRA) if spec.key not in known)
    catalog.GAMES = (*catalog.GAMES, *added)


def suite_only() -> tuple[GameSpec[Any], ...]:
    """The games the suite registered that the product has not got (Stars)."""
    return tuple(spec for spec in catalog.GAMES if spec not in PRODUCT)


def without(key: str) -> tuple[GameSpec[Any], ...]:
    """The catalog without the game ``key``: what the device knows before that game's line."""
    return tuple(spec for spec in catalog.GAMES if spec.key != key)


def sample_files() -> list[Path]:
    """Every registered game's sample scenarios: each JSON file in the folders of its spec's
    samples (a game's spec names its demo; the others lie beside it)."""
    folders = sorted({sample.path.parent for spec in catalog.GAMES for sample in spec.samples})
    return [path for folder in folders for path in sorted(folder.glob("*.json"))]
