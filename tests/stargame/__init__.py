"""Stars, a made-up game that lives in this folder only: the example of adding a game.

A small timer game: Go closes everyone's eyes for a few seconds (a dark phase: the device shows
only the public call, the phone page only "Night"), then each seat enters its points and the
stars it counted; the highest total wins and the play goes to the score log. Registered by one
line (``games.catalog.spec_of("stargame")`` in ``GAMES``), it needs no file outside this folder:
its rules (``session``), its score fields (``fields``), its config section (``config``), its own
screen (``views``: the count, drawn by the device from the layout it describes), its lines
(``lines.toml``), its sample (``samples/stars.json``) and what BG Stats is told are all here.
docs/architecture.md walks through it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.spec import BgStats, GameSpec, Sample, Settings
from stargame.config import STARS
from stargame.fields import FIELDS

if TYPE_CHECKING:
    from games.session import Session
    from stargame.session import StarsSetup

HERE = Path(__file__).parent


def _setup(block: Mapping[str, Any], settings: Settings) -> StarsSetup:
    from stargame.session import stars_setup

    return stars_setup(block, settings)


def _session(setup: StarsSetup) -> Session[Any]:
    from stargame.session import StarsSession

    return StarsSession(setup)


def _resume(data: Mapping[str, Any]) -> Session[Any]:
    from stargame.session import StarsSetup

    return _session(StarsSetup(**data["setup"]))


def _voice(line_id: str, name: str, seats: int) -> Sequence[object] | None:
    """The levels its welcome line may say."""
    return (1, 2, 3) if name == "level" else None


SPEC: GameSpec[StarsSetup] = GameSpec(
    "stars",
    "Stars",
    _setup,
    _session,
    _resume,
    setup_keys=frozenset({"players", "seed", "level", "seconds"}),
    sections=(STARS,),
    fields=FIELDS,
    views=("stargame.views:CountView",),
    home={"players": 2, "level": 3},
    players=(2, 6),
    lines=(str(HERE / "lines.toml"),),
    voice=_voice,
    bgstats=BgStats(bgg_id=4242, highest_wins=True),
    samples=(Sample("stars", HERE / "samples" / "stars.json"),),
)
