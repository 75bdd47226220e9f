"""Alienation: the score sheet for three rounds of drafting alien real estate.

The device stands in for the score cards: it picks the first start player, says the draft
direction and the easily forgotten rules each round, takes each player's round score and
Sunnies, keeps the running totals and names the winner after round 3.

``SPEC`` is what the device knows of the game; the rules load on the first session.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.alienation.config import ALIENATION
from games.alienation.fields import FIELDS, MAX_PLAYERS, MIN_PLAYERS
from games.spec import GameSpec, Sample, Settings

if TYPE_CHECKING:
    from games.alienation.rules import AlienationSetup
    from games.session import Session


def _setup(block: Mapping[str, Any], settings: Settings) -> AlienationSetup:
    from games.alienation.rules import AlienationSetup

    section = settings.section("alienation")
    names = ("friendliest", "friendliest_seconds")
    defaults = {key: section[key] for key in names if key in section}
    return AlienationSetup.from_block(block, **defaults)


def _session(setup: AlienationSetup) -> Session[Any]:
    from games.alienation.session import AlienationSession

    return AlienationSession(setup)


def _resume(data: Mapping[str, Any]) -> Session[Any]:
    from games.alienation.state import state_from_json

    return _session(state_from_json(data).setup)


def _voice(line_id: str, name: str, seats: int) -> Sequence[object] | None:
    """Its lines' own placeholders: the draft direction, the three rounds."""
    return {"direction": ("left", "right"), "round": (1, 2, 3), "rounds": (3,)}.get(name)


SAMPLES = Path(__file__).parent / "samples"

SPEC: GameSpec[AlienationSetup] = GameSpec(
    "alienation",
    "Alienation",
    _setup,
    _session,
    _resume,
    fields=FIELDS,
    home={"players": 4},
    players=(MIN_PLAYERS, MAX_PLAYERS),
    sections=(ALIENATION,),
    lines=("alienation",),
    samples=(Sample("alienation", SAMPLES / "alienation.json"),),
    voice=_voice,
)
