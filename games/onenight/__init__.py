"""One Night Ultimate Alien, Vampire and Werewolf: roles, wake order, script and session.

``SPEC`` is what the device knows of the game. It names the rules without loading them: the
session, setup and state modules load on the first setup, session or resume.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.onenight.config import ONENIGHT, RULINGS
from games.spec import BgStats, GameSpec, Sample, Settings

if TYPE_CHECKING:
    from games.onenight.setup import OneNightSetup
    from games.onenight.state import OneNightState
    from games.session import Session


def _setup(block: Mapping[str, Any], settings: Settings) -> OneNightSetup:
    from games.onenight.setup import setup_from_block

    return setup_from_block(block, settings)


def _session(setup: OneNightSetup) -> Session[Any]:
    from games.onenight.session import OneNightSession

    return OneNightSession(setup)


def _resume(data: Mapping[str, Any]) -> Session[Any]:
    from games.onenight.state import setup_from_json

    return _session(setup_from_json(data["setup"]))


def _again(state: OneNightState) -> Mapping[str, object]:
    """The same cards, table, night pace, discussion and vote mode as played; a new seed, so
    the app's instructions are new."""
    setup = state.setup
    roles = [role.value for role in setup.roles]
    options = setup.options
    kept = {
        "role_seconds": options.role_seconds,
        "day_minutes": options.day_minutes,
        "vote_mode": str(options.vote_mode),
    }
    block = {"game": "onenight", "roles": roles, "players": setup.players}
    return {**block, "seed": setup.seed + 1, "options": kept}


def _box(bgg_id: int, source_id: str = "") -> BgStats:
    """A One Night box as BG Stats sees it: winners only, no points."""
    return BgStats(bgg_id, highest_wins=False, no_points=True, source_id=source_id)


def _voice(line_id: str, name: str, seats: int) -> Sequence[object] | None:
    from games.onenight.voice import values

    return values(line_id, name, seats)


SAMPLES = Path(__file__).parent / "samples"

SPEC: GameSpec[OneNightSetup] = GameSpec(
    "onenight",
    "One Night",
    _setup,
    _session,
    _resume,
    aliases=("one night", "one night ultimate alien", "one night ultimate vampire", "onu", "onuw"),
    setup_keys=frozenset({"players", "seed", "roles", "preset", "options"}),
    home={"preset": "alien_first_game"},
    again=_again,
    sections=(ONENIGHT, RULINGS),
    config=("narration",),
    lines=("onenight", "onenight_app"),
    # BoardGameGeek's ids of the four One Night boxes (public game tables agree on them). The
    # Alien box keeps the id "onenight" its plays always had, so BG Stats matches them still.
    bgstats=_box(204431),
    titles={
        "One Night Ultimate Alien": _box(204431),
        "One Night Ultimate Werewolf": _box(147949, "onenight-werewolf"),
        "One Night Ultimate Werewolf: Daybreak": _box(163166, "onenight-daybreak"),
        "One Night Ultimate Vampire": _box(180956, "onenight-vampire"),
    },
    untitled="One Night Ultimate Alien",  # a play before plays named their box: the Alien box
    samples=(
        Sample("onenight", SAMPLES / "demo.json"),
        Sample("daybreak", SAMPLES / "onenight-daybreak.json"),
    ),
    voice=_voice,
)
