"""The names plays are logged, listed and counted under: a game's, or a mission's.

A game with missions (Alieninjas) logs each mission as a game of its own ("Alieninjas:
Memory"): the missions score on different scales, so their plays are never counted, averaged
or charted together. The mission comes from the play's board ("Memory", "Replicas, Map sides
A, B"), so plays logged before this are named the same way; a play whose board names no
mission keeps the game's own name ("Alieninjas"), and is listed under it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import catalog
from games.spec import GameSpec


def mission_name(game: str, mission: str) -> str:
    """The name plays of one mission of ``game`` are logged under.

    >>> mission_name("Alieninjas", "Push Your Luck")
    'Alieninjas: Push Your Luck'
    """
    return f"{game}: {mission}"


def logged_name(game: str, board: str) -> str:
    """The name a play of ``game`` (its display name) on ``board`` is logged under: its
    mission's when the board names one of the game's missions, else ``game`` as it is.

    >>> logged_name("Alieninjas", "Replicas, Map sides A, B, A")
    'Alieninjas: Replicas'
    >>> logged_name("Alieninjas", ""), logged_name("Alienation", "Memory")
    ('Alieninjas', 'Alienation')
    """
    spec = next((spec for spec in catalog.GAMES if spec.name == game), None)
    if spec is None or not spec.missions:
        return game
    head = board.split(",", 1)[0].strip().casefold()
    for mission in spec.missions:
        if head == mission.name.casefold():
            return mission_name(spec.name, mission.name)
    return game


def logged_for(setup: Mapping[str, object]) -> str | None:
    """The name plays of the game a setup block starts are logged under (its mission's when
    it names one), or None for no game of the catalog.

    >>> logged_for({"game": "alieninjas", "mission": "push_your_luck"})
    'Alieninjas: Push Your Luck'
    """
    spec = next((spec for spec in catalog.GAMES if spec.key == setup.get("game")), None)
    if spec is None:
        return None
    for mission in spec.missions:
        if mission.key == setup.get("mission"):
            return mission_name(spec.name, mission.name)
    return spec.name


def logged_names() -> tuple[str, ...]:
    """Every name plays are logged under, in the home screen's order: each game's; for a
    game with missions, each mission's, then the game's own (plays of no known mission)."""
    names: list[str] = []
    for spec in catalog.GAMES:
        names += [mission_name(spec.name, mission.name) for mission in spec.missions]
        names.append(spec.name)
    return tuple(names)


def spec_logged_as(name: str) -> GameSpec[Any] | None:
    """The game whose plays are logged under ``name`` (a game's or a mission's), if any."""
    for spec in catalog.GAMES:
        if name == spec.name or any(
            name == mission_name(spec.name, mission.name) for mission in spec.missions
        ):
            return spec
    return None


def short_name(name: str) -> str:
    """A logged name as a tab says it: a mission by its own name, "Alien Encounters" as
    "Encounters".

    >>> short_name("Alieninjas: Push Your Luck"), short_name("Alien Encounters")
    ('Push Your Luck', 'Encounters')
    """
    spec = spec_logged_as(name)
    if spec is not None and name != spec.name:
        return name.removeprefix(f"{spec.name}: ")
    return {"Alien Encounters": "Encounters"}.get(name, name)


def aliases(name: str) -> tuple[str, ...]:
    """What a command line may call the logged name ``name`` (case aside): the name itself,
    a mission's key and name ("push_your_luck", "Push Your Luck"), a game's key."""
    spec = spec_logged_as(name)
    if spec is None:
        return (name,)
    if name == spec.name:
        return (name, spec.key)
    for mission in spec.missions:
        if name == mission_name(spec.name, mission.name):
            return (name, mission.key, mission.name, f"{spec.key} {mission.key}")
    return (name,)
