"""The players' names where a game names a seat: a game says "Player 3", the table hears and
reads the name the Players screen linked to seat 3.

The games know only seats. The device puts the linked names in at the last moment: into every
text of a view it shows ("Player 3 wins with 12" becomes "Ada wins with 12"), into a view's
``seat_names`` (a sheet's row labels), and into a spoken line that has a named twin in the catalogue
(``alienation.winner`` and ``alienation.winner.named``). A seat with no name stays "Player N".
The night is left alone: its caption is the spoken call, which names no one. So is the score
log: a logged play keeps the names it was played under ("Player 4" of an unnamed play is not
whoever sits at seat 4 today).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Container, Mapping
from typing import Any, TypeVar

from games.effects import Say
from games.views import ScreenName, SeatName

PLAYER_N = re.compile(r"\b[Pp]layer (\d+)\b")
"""A seat as the games write it in a sentence."""
PLAYERS_N = re.compile(r"\b([Pp])layers (\d+(?:, \d+)*(?: and \d+)?)\b")
"""Seats as a list: "players 2, 3 and 5"."""
NAMED = ".named"
"""The suffix of a line's twin that says ``{name}`` where the line says ``player {seat}``."""
UNNAMED_SCREENS = frozenset(
    {
        ScreenName.NIGHT,
        ScreenName.KEYBOARD,
        *(ScreenName.WINS, ScreenName.TOTALS, ScreenName.HISTORY, ScreenName.PLAYS),
        *(ScreenName.BGSTATS, ScreenName.WHO),
    }
)
"""Screens whose texts are never rewritten: the night's call, a name being typed, and the
score log's pages, which show each play under the names it was logged with."""

KEPT_FIELDS = frozenset({"label", "action"})
"""A control's label and action stay as the game wrote them: a tap finds it by its label."""

T = TypeVar("T")


def name_text(text: str, names: Mapping[int, str]) -> str:
    """``text`` with each "Player N" of a named seat replaced by its name, also in a list.

    >>> name_text("Player 3 wins; player 1 and Player 2 share second.", {3: "Ada", 1: "Ben"})
    'Ada wins; Ben and Player 2 share second.'
    >>> name_text("Winners: players 2, 3 and 5.", {2: "Ben"})
    'Winners: Ben, player 3 and player 5.'
    """
    if not any(str(seat) in text for seat in names):
        return text
    text = PLAYERS_N.sub(lambda match: _listed(match, names), text)
    return PLAYER_N.sub(lambda match: names.get(int(match[1]), match[0]), text)


def _listed(match: re.Match[str], names: Mapping[int, str]) -> str:
    """A list of seats with the named ones by name, the others as "player N"."""
    seats = [int(seat) for seat in re.findall(r"\d+", match[2])]
    if not any(seat in names for seat in seats):
        return match[0]
    words = [names.get(seat, f"player {seat}") for seat in seats]
    if match[1] == "P" and words[0].startswith("player"):
        words[0] = "P" + words[0][1:]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def name_view(view: T, names: Mapping[int, str]) -> T:
    """A view (a frozen dataclass, maybe nested) with its texts named, and its ``seat_names``,
    if it has one, set to the linked seats. A dict view is left as it is."""
    if not names or not dataclasses.is_dataclass(view) or isinstance(view, type):
        return view
    changes: dict[str, Any] = {}
    for field in dataclasses.fields(view):
        if field.name in KEPT_FIELDS:
            continue
        value = getattr(view, field.name)
        if field.name == "seat_names" and isinstance(value, tuple):
            named = tuple(SeatName(seat, name) for seat, name in sorted(names.items()))
            changes[field.name] = named
            continue
        new = _named(value, names)
        if new is not value:
            changes[field.name] = new
    return dataclasses.replace(view, **changes) if changes else view


def _named(value: Any, names: Mapping[int, str]) -> Any:
    if isinstance(value, str):
        new = name_text(value, names)
        return value if new == value else new
    if isinstance(value, tuple):
        items = tuple(_named(item, names) for item in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return name_view(value, names)
    return value


def name_say(say: Say, names: Mapping[int, str], lines: Container[str]) -> Say:
    """The named twin of a line that names a linked seat, when ``lines`` (a catalogue) has one;
    else ``say`` itself."""
    params = say.param_map()
    seat = params.get("seat")
    twin = say.line + NAMED
    if not isinstance(seat, int) or seat not in names or twin not in lines:
        return say
    del params["seat"]  # the twin says the name instead
    return Say.of(twin, **params, name=names[seat])
