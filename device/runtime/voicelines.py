"""Every sentence the catalogue can produce, for ``mothership voice prepare``.

A line without placeholders is one sentence. A line with placeholders is said once per value
each placeholder can take: player numbers up to the table's seats, rounds and counts, every role
as it is addressed, every card scope ("any odd player"), the factions and missions. Values that
cannot be listed (players' names, scores, free text, lists of named seats), and ripples whose
player numbers and scopes multiply past :data:`MOST_PER_LINE` sentences, make their line "on
demand": it is rendered when a game prepares it (on the setup screen, before its night starts,
with the progress bar), and the log says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.alieninjas.setup import MISSION_NAMES
from games.encounters.rules import FACTIONS
from games.onenight.instructions.common import GROUPS, Scope, Target, phrase
from games.onenight.roles import Role
from narration.catalogue import Catalogue

__all__ = ["MOST_PER_LINE", "LineTexts", "every_text"]

MOST_PER_LINE = 150
"""A line that would take more sentences than this is rendered when a night needs it."""
_ROUNDS = tuple(range(1, 11))
_GAME_ROUNDS = {"alienation": (1, 2, 3), "alieninjas": (1, 2, 3), "encounters": _ROUNDS}
_MINUTES = ("one minute", *(f"{n} minutes" for n in range(2, 31)))


def _role_words() -> tuple[str, ...]:
    plural = ("Aliens", "Werewolves", "Vampires", "Masons")
    return tuple(dict.fromkeys([*(role.addressed for role in Role), *plural]))


def _scopes(*, start: bool) -> tuple[str, ...]:
    return tuple(phrase(Target(scope), start=start) for scope in Scope if scope is not Scope.NAMED)


def _domains(seats: int) -> dict[str, tuple[object, ...]]:
    groups = tuple(
        phrase(Target(scope), start=True) for scope in GROUPS if scope is not Scope.NAMED
    )
    numbers = tuple(range(1, seats + 1))
    return {
        "seat": numbers,
        "x": numbers,
        "y": numbers,
        "z": numbers,
        "number": numbers,
        "count": tuple(range(3, seats + 1)),
        "players": tuple(range(3, seats + 1)),
        "round": _ROUNDS,
        "rounds": (3,),
        "n": tuple(range(4, 11)),
        "length": _MINUTES,
        "group": groups,
        "faction": tuple(FACTIONS.values()),
        "one": tuple(FACTIONS.values()),
        "two": tuple(FACTIONS.values()),
        "mission": tuple(MISSION_NAMES.values()),
        "side": ("A", "B"),
        "direction": ("left", "right"),
        "war": (2,),
        "neutral": (5,),
        "most": (12, 16, 20),
    }


def _role_values(line_id: str) -> tuple[str, ...]:
    """Who a ``{role}`` line may address: its own role (or the Doppelganger for her copy)."""
    parts = line_id.split(".")
    if len(parts) > 2 and parts[1] == "app":
        owner = next((role for role in Role if role.value == parts[2]), None)
        if owner is not None:
            return (owner.addressed, Role.DOPPELGANGER.addressed)
    if line_id == "onenight.doppelganger.again":
        return tuple(dict.fromkeys(role.definite for role in Role))
    return _role_words()


def _who_values(line_id: str) -> tuple[str, ...]:
    if line_id.startswith("onenight.join."):
        return ("Doppelganger", "Copycat", "Doppelganger or Copycat")
    return _scopes(start=False)


@dataclass(frozen=True)
class LineTexts:
    """The sentences to prepare, and the lines left to render on demand."""

    texts: tuple[str, ...]
    on_demand: tuple[str, ...]
    """Line ids with a placeholder whose values cannot be listed."""


def _values(line_id: str, name: str, domains: Mapping[str, Sequence[object]]) -> Sequence[object]:
    if name == "role":
        return _role_values(line_id)
    if name == "who":
        return _who_values(line_id)
    if name == "round":
        return _GAME_ROUNDS.get(line_id.split(".")[0], _ROUNDS)
    return domains.get(name, ())


def _possible(params: Mapping[str, object]) -> bool:
    """Whether the values can meet in one sentence: a pair is two different players, named
    in order, and the player told to act is not one of them; the next round follows this one."""
    y, z, x = params.get("y"), params.get("z"), params.get("x")
    if isinstance(y, int) and isinstance(z, int) and y >= z:
        return False
    return x is None or x not in (y, z)


def _expand(
    catalogue: Catalogue, line_id: str, domains: Mapping[str, Sequence[object]]
) -> list[dict[str, object]] | None:
    names = sorted(catalogue.placeholders(line_id) - {"next"})
    choices = [_values(line_id, name, domains) for name in names]
    if any(not values for values in choices):
        return None
    found = []
    for combination in itertools.product(*choices):
        params: dict[str, object] = dict(zip(names, combination, strict=True))
        if "next" in catalogue.placeholders(line_id):
            params["next"] = int(str(params["round"])) + 1
        if _possible(params):
            found.append(params)
        if len(found) > MOST_PER_LINE:
            return None
    return found


def every_text(
    catalogue: Catalogue, line_ids: Iterable[str] | None = None, *, seats: int = 12
) -> LineTexts:
    """Every sentence ``catalogue`` can say (each once), in catalogue order.

    Args:
        catalogue: The lines.
        line_ids: Only these lines (default: all).
        seats: Player numbers go up to this (the table's seats).
    """
    domains = _domains(seats)
    texts: dict[str, None] = {}
    on_demand: list[str] = []
    for line_id in line_ids or catalogue.ids():
        expanded = _expand(catalogue, line_id, domains)
        if expanded is None:
            on_demand.append(line_id)
            continue
        for params in expanded:
            texts[catalogue.text(line_id, params)] = None
    return LineTexts(tuple(texts), tuple(on_demand))
