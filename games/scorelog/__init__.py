"""Score log: play shape, stats and charts (pure), and the players tool.

``PLAYERS`` is the players tool's spec (a session that is no game: it names player profiles
and their seats); its session loads on first use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from games.spec import GameSpec, Settings

if TYPE_CHECKING:
    from games.session import Session

PlayersSetup = tuple[tuple[str, ...], int]
"""The profiles to list, most recent first, and the device's seats."""


def _setup(block: Mapping[str, Any], settings: Settings) -> PlayersSetup:
    return tuple(settings.profiles()), settings.seats


def _session(setup: PlayersSetup) -> Session[Any]:
    from games.scorelog.players import PlayersSession

    return PlayersSession(*setup)


def _resume(data: Mapping[str, Any]) -> Session[Any]:
    from games.scorelog.players import PlayersSession, state_from_json

    state = state_from_json(data)
    return PlayersSession(state.profiles, state.players)


def _voice(line_id: str, name: str, seats: int) -> Sequence[object] | None:
    """The most profiles the list screen shows, as its line says it."""
    return (12, 16, 20) if name == "most" else None


PLAYERS: GameSpec[PlayersSetup] = GameSpec(
    "players",
    "Players",
    _setup,
    _session,
    _resume,
    setup_keys=frozenset(),
    home={},
    lines=("players",),
    voice=_voice,
)
