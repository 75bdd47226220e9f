"""Every sentence the catalogue can produce, for ``mothership voice prepare``.

A line without placeholders is one sentence. A line with placeholders is said once per value
each placeholder can take: player numbers up to the table's seats, rounds and counts (the
device's own), and what the line's game says its placeholders may be (``GameSpec.voice``:
every role as it is addressed, every card scope ("any odd player"), the factions and missions).
Values that cannot be listed (players' names, scores, free text, lists of named seats), and
ripples whose player numbers and scopes multiply past :data:`MOST_PER_LINE` sentences, make
their line "on demand": it is rendered when a game prepares it (on the setup screen, before its
night starts, with the progress bar), and the log says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import catalog
from games.spec import GameSpec
from narration.catalogue import Catalogue

__all__ = ["MOST_PER_LINE", "LineTexts", "every_text"]

MOST_PER_LINE = 150
"""A line that would take more sentences than this is rendered when a night needs it."""


def _domains(seats: int) -> dict[str, tuple[object, ...]]:
    """The device's own placeholders: player numbers, counts and rounds (a game's spec says
    what its other placeholders may be, ``GameSpec.voice``)."""
    numbers = tuple(range(1, seats + 1))
    fewest = min(3, seats)  # a table of two says "2 players" too (its own game's lines)
    return {
        "seat": numbers,
        "x": numbers,
        "y": numbers,
        "z": numbers,
        "number": numbers,
        "count": tuple(range(fewest, seats + 1)),
        "players": tuple(range(fewest, seats + 1)),
        "round": tuple(range(1, 11)),
    }


@dataclass(frozen=True)
class LineTexts:
    """The sentences to prepare, and the lines left to render on demand."""

    texts: tuple[str, ...]
    on_demand: tuple[str, ...]
    """Line ids with a placeholder whose values cannot be listed."""
    said: tuple[tuple[str, dict[str, object]], ...] = ()
    """Each of ``texts`` as a line and its placeholders (the first that says it), in order:
    what a game's start waits for (``device.runtime.line_prep``)."""


def _owners() -> dict[str, GameSpec[Any]]:
    """Each game (or tool) by its key: its lines' ids start with it."""
    return {spec.key: spec for spec in (*catalog.GAMES, *catalog.TOOLS)}


def _values(
    line_id: str,
    name: str,
    domains: Mapping[str, Sequence[object]],
    owners: Mapping[str, GameSpec[Any]],
    seats: int,
) -> Sequence[object]:
    owner = owners.get(line_id.split(".")[0])
    if owner is not None and owner.voice is not None:
        own = owner.voice(line_id, name, seats)
        if own is not None:
            return own
    return domains.get(name, ())


def _possible(params: Mapping[str, object]) -> bool:
    """Whether the values can meet in one sentence: a pair is two different players, named
    in order, and the player told to act is not one of them; the next round follows this one."""
    y, z, x = params.get("y"), params.get("z"), params.get("x")
    if isinstance(y, int) and isinstance(z, int) and y >= z:
        return False
    return x is None or x not in (y, z)


def _expand(
    catalogue: Catalogue,
    line_id: str,
    domains: Mapping[str, Sequence[object]],
    owners: Mapping[str, GameSpec[Any]],
    seats: int,
) -> list[dict[str, object]] | None:
    names = sorted(catalogue.placeholders(line_id) - {"next"})
    choices = [_values(line_id, name, domains, owners, seats) for name in names]
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
    catalogue: Catalogue,
    line_ids: Iterable[str] | None = None,
    *,
    seats: int = 12,
    names: Sequence[str] = (),
) -> LineTexts:
    """Every sentence ``catalogue`` can say (each once), in catalogue order.

    Args:
        catalogue: The lines.
        line_ids: Only these lines (default: all).
        seats: Player numbers go up to this (the table's seats).
        names: The players' names a ``{name}`` may be (none: such a line is on demand).
    """
    domains, owners = _domains(seats), _owners()
    if names:
        domains["name"] = tuple(names)
    texts: dict[str, tuple[str, dict[str, object]]] = {}
    on_demand: list[str] = []
    for line_id in line_ids or catalogue.ids():
        expanded = _expand(catalogue, line_id, domains, owners, seats)
        if expanded is None:
            on_demand.append(line_id)
            continue
        for params in expanded:
            texts.setdefault(catalogue.text(line_id, params), (line_id, params))
    return LineTexts(tuple(texts), tuple(on_demand), tuple(texts.values()))
