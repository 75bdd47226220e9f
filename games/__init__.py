"""Pure game rules and flows. Standard library only: no I/O, no clock, no global randomness.

The registry of supported games is ``games.catalog`` (``GAMES``, ``find_game``). It is loaded
on first use of those names here, so importing one game's module does not import every game.
"""

from __future__ import annotations

from typing import Any

__all__ = ["GAMES", "find_game"]


def __getattr__(name: str) -> Any:
    """``games.GAMES`` and ``games.find_game``, from ``games.catalog`` (PEP 562)."""
    if name in __all__:
        from games import catalog

        return getattr(catalog, name)
    raise AttributeError(f"module 'games' has no attribute {name!r}")
