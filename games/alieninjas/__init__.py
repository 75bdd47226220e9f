"""Alieninjas: the five missions' score sheets, and the Replicas round timer with its buzzer.

``setup`` reads a setup block, ``scoring`` holds every mission's scoring rule and the final
ranking, ``buzz`` decides who buzzed first, and ``session`` is the pure state machine.
``SPEC`` is what the device knows of the game; the rules load on the first session.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.alieninjas.fields import MISSION_FIELDS, POINTS
from games.alieninjas.setup import MAP_CARDS, MAX_PLAYERS, MIN_PLAYERS, MISSION_NAMES
from games.spec import GameSpec, Mission, Sample, Settings

if TYPE_CHECKING:
    from games.alieninjas.setup import AlieninjasSetup
    from games.session import Session

FOUR = {"players": 4}
"""A mission's table until its setup screen changes it."""


def _setup(block: Mapping[str, Any], settings: Settings) -> AlieninjasSetup:
    from games.alieninjas.setup import parse_setup

    setup = parse_setup(block)
    settings.check_seats(setup.players)
    return setup


def _session(setup: AlieninjasSetup) -> Session[Any]:
    from games.alieninjas.session import AlieninjasSession

    return AlieninjasSession(setup)


def _resume(data: Mapping[str, Any]) -> Session[Any]:
    from games.alieninjas.state import state_from_json

    return _session(state_from_json(data).setup)


def _mission(key: str, players: tuple[int, int] | None = None) -> Mission:
    return Mission(key, MISSION_NAMES[key], MISSION_FIELDS[key], FOUR, players)


def _voice(line_id: str, name: str, seats: int) -> Sequence[object] | None:
    """Its lines' own placeholders: the mission, the Map side, the three rounds."""
    return {
        "mission": tuple(MISSION_NAMES.values()),
        "side": ("A", "B"),
        "round": (1, 2, 3),
    }.get(name)


SAMPLES = Path(__file__).parent / "samples"

SPEC: GameSpec[AlieninjasSetup] = GameSpec(
    "alieninjas",
    "Alieninjas",
    _setup,
    _session,
    _resume,
    setup_keys=frozenset({"mission", "players", "seed", "options"}),
    fields=(POINTS,),
    players=(MIN_PLAYERS, MAX_PLAYERS),
    missions=(
        _mission("speed"),
        _mission("memory"),
        _mission("replicas", (MIN_PLAYERS, MAP_CARDS)),  # one Map card each
        _mission("collection"),
        _mission("push_your_luck"),
    ),
    lines=("alieninjas",),
    samples=(Sample("replicas", SAMPLES / "replicas-demo.json"),),
    voice=_voice,
)
