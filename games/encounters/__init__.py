"""Alien Encounters: the round tracker and end-of-game judge for two Negotiators.

The device keeps count of the ten rounds, reminds the players to draw back up to five cards,
calls for an Event card after rounds 3, 5 and 7, then takes each side's Intention and War and
Peace tokens and works out who won.

``SPEC`` is what the device knows of the game; the rules load on the first session.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.encounters.fields import FIELDS
from games.spec import BgStats, GameSpec, Sample, Settings

if TYPE_CHECKING:
    from games.encounters.rules import EncountersSetup
    from games.session import Session


def _setup(block: Mapping[str, Any], settings: Settings) -> EncountersSetup:
    from games.encounters.rules import EncountersSetup

    return EncountersSetup.from_block(block)


def _session(setup: EncountersSetup) -> Session[Any]:
    from games.encounters.session import EncountersSession

    return EncountersSession(setup)


def _resume(data: Mapping[str, Any]) -> Session[Any]:
    from games.encounters.session import state_from_json

    return _session(state_from_json(data).setup)


def _voice(line_id: str, name: str, seats: int) -> Sequence[object] | None:
    """Its lines' own placeholders: the factions, the end's War and neutral counts, the
    opening hand (so the lines its start says can be rendered before it)."""
    from games.encounters.rules import FACTIONS, OPENING_CARD, OPENING_DRAW

    factions = tuple(FACTIONS.values())
    own: dict[str, tuple[object, ...]] = {
        "faction": factions,
        "one": factions,
        "two": factions,
        "war": (2,),
        "neutral": (5,),
        "card": (OPENING_CARD,),
        "drawn": (OPENING_DRAW,),
        "hand": (OPENING_DRAW + 1,),
    }
    return own.get(name)


SAMPLES = Path(__file__).parent / "samples"

SPEC: GameSpec[EncountersSetup] = GameSpec(
    "encounters",
    "Alien Encounters",
    _setup,
    _session,
    _resume,
    aliases=("alien encounters",),
    fields=FIELDS,
    home={"players": 2},
    players=(2, 2),  # always two: the setup screen still says so before the game starts
    lines=("encounters",),
    # No public source we could check gives a BoardGameGeek id: left out.
    bgstats=BgStats(highest_wins=False, no_points=True),
    samples=(Sample("encounters", SAMPLES / "encounters.json"),),
    voice=_voice,
)
