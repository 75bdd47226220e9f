"""Shared pieces of the app's random instructions: who an instruction points at, and JSON.

An instruction names the cards or players it is about with a :class:`Target`: a :class:`Scope`
("any odd-numbered player", "both your neighbours", "everyone with an even number") plus, for named
players, their seat numbers. :func:`phrase` renders a target as the words a narrator says, and
the catalogue lines put them in their ``{who}`` or ``{group}`` placeholder.

Players hold number tokens 1..N, numbered in a circle (reference section 2). "Left" and "right"
are the players' own left and right, so they cannot be worked out from the numbers.
"""

from __future__ import annotations

import dataclasses
import enum
import random
import types
import typing
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from games.errors import RulesError
from games.onenight.roles import Box, Role, Team

MIN_PLAYERS = 3
MAX_PLAYERS = 12


class InstructionError(RulesError):
    """A bad input to the random instructions: players, rate, answer, or stored JSON."""


class Scope(enum.Enum):
    """Who or which cards an instruction points at (reference section 2, identifiers)."""

    ANY = "any"
    EVEN = "even"
    ODD = "odd"
    HIGHER = "higher"
    LOWER = "lower"
    NEIGHBOUR = "neighbour"
    LEFT = "left"
    RIGHT = "right"
    SELF = "self"
    CENTRE = "centre"
    NAMED = "named"
    """The players whose seats are listed (1 to 3 of them)."""
    ANY_TWO = "any_two"
    TWO_EVEN = "two_even"
    TWO_ODD = "two_odd"
    TWO_HIGHER = "two_higher"
    TWO_LOWER = "two_lower"
    TWO_LEFT = "two_left"
    TWO_RIGHT = "two_right"
    BOTH_NEIGHBOURS = "both_neighbours"
    EVERYONE = "everyone"
    ODD_PLAYERS = "odd_players"
    """A group: everyone holding an odd number."""
    EVEN_PLAYERS = "even_players"
    """A group: everyone holding an even number."""


_PHRASES: dict[Scope, str] = {
    Scope.ANY: "any player",
    Scope.EVEN: "any even-numbered player",
    Scope.ODD: "any odd-numbered player",
    Scope.HIGHER: "any player with a number higher than yours",
    Scope.LOWER: "any player with a number lower than yours",
    Scope.NEIGHBOUR: "one of your neighbours",
    Scope.LEFT: "your left neighbour",
    Scope.RIGHT: "your right neighbour",
    Scope.SELF: "yourself",
    Scope.CENTRE: "the middle",
    Scope.ANY_TWO: "any two players",
    Scope.TWO_EVEN: "any two even-numbered players",
    Scope.TWO_ODD: "any two odd-numbered players",
    Scope.TWO_HIGHER: "any two players with numbers higher than yours",
    Scope.TWO_LOWER: "any two players with numbers lower than yours",
    Scope.TWO_LEFT: "the two players on your left",
    Scope.TWO_RIGHT: "the two players on your right",
    Scope.BOTH_NEIGHBOURS: "both your neighbours",
    Scope.EVERYONE: "everyone",
    Scope.ODD_PLAYERS: "everyone with an odd number",
    Scope.EVEN_PLAYERS: "everyone with an even number",
}


@dataclass(frozen=True)
class Target:
    """A scope, with the seat numbers when it names players."""

    scope: Scope
    seats: tuple[int, ...] = ()
    """Sorted seat numbers, only for :attr:`Scope.NAMED`."""


def seat_list(seats: Sequence[int]) -> str:
    """``"player 3"``, ``"players 3 and 7"``, ``"players 2, 5 and 9"``."""
    if not seats:
        raise InstructionError(f"no seats to name: {tuple(seats)!r}")
    if len(seats) == 1:
        return f"player {seats[0]}"
    head = ", ".join(str(seat) for seat in seats[:-1])
    return f"players {head} and {seats[-1]}"


def phrase(target: Target, *, start: bool = False) -> str:
    """The words for ``target``: ``"any odd-numbered player"``, ``"players 3 and 7"``,
    ``"yourself"``.

    With ``start`` the first letter is a capital, for a target that opens the sentence
    (``"Everyone with an odd number, hold out a fist."``).
    """
    words = seat_list(target.seats) if target.scope is Scope.NAMED else _PHRASES[target.scope]
    return words[:1].upper() + words[1:] if start else words


NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


# -- role groups ------------------------------------------------------------------------------

ALIENS: frozenset[Role] = frozenset(role for role in Role if "1-A" in role.info.wakes)
"""The roles that wake as aliens at 1-A (Alien, Synthetic, Groob, Zerb, Body Snatcher)."""


def aliens_selected(roles: Collection[Role]) -> bool:
    """Whether any role that wakes with the aliens is selected."""
    return not ALIENS.isdisjoint(roles)


def ripples_possible(roles: Collection[Role]) -> bool:
    """Whether the night can end in a ripple: an Alien-box role or an alien is selected."""
    return any(role.info.box is Box.ALIEN or role in ALIENS for role in roles)


def alien_team_selected(roles: Collection[Role]) -> bool:
    """Whether a role that starts on the alien team is selected."""
    return any(role.info.team is Team.ALIEN for role in roles)


# -- drawing ------------------------------------------------------------------------------------

T = TypeVar("T")


def pick(rng: random.Random, options: Sequence[T]) -> T:
    """One of ``options``, uniformly (``options`` is never empty by construction)."""
    return options[rng.randrange(len(options))]


def named(rng: random.Random, players: int) -> Target:
    """One to three named players, drawn among seats 1..players."""
    count = rng.randint(1, 3)
    return Target(Scope.NAMED, tuple(sorted(rng.sample(range(1, players + 1), count))))


TWO_PLAYER_SCOPES = frozenset(
    {
        Scope.ANY_TWO,
        Scope.TWO_EVEN,
        Scope.TWO_ODD,
        Scope.TWO_HIGHER,
        Scope.TWO_LOWER,
        Scope.TWO_LEFT,
        Scope.TWO_RIGHT,
        Scope.BOTH_NEIGHBOURS,
    }
)
"""Scopes that name two players."""

_AROUND = frozenset(
    {
        Scope.NEIGHBOUR,
        Scope.LEFT,
        Scope.RIGHT,
        Scope.TWO_LEFT,
        Scope.TWO_RIGHT,
        Scope.BOTH_NEIGHBOURS,
    }
)
"""Scopes counted around the circle: any other player is on some side."""


def scope_pool(scope: Scope, players: int, actors: Collection[int] = ()) -> tuple[int, ...] | None:
    """The seats ``scope`` may point at, other than the ``actors`` it is said to.

    None when the seat numbers alone do not say: the middle, yourself, named players and groups,
    a side of the table, and "higher" or "lower" when nobody's seat is known.
    """
    others = tuple(seat for seat in range(1, players + 1) if seat not in actors)
    if scope in (Scope.ANY, Scope.ANY_TWO):
        return others
    if scope in (Scope.EVEN, Scope.TWO_EVEN):
        return tuple(seat for seat in others if seat % 2 == 0)
    if scope in (Scope.ODD, Scope.TWO_ODD):
        return tuple(seat for seat in others if seat % 2 == 1)
    if actors and scope in (Scope.HIGHER, Scope.TWO_HIGHER):
        return tuple(seat for seat in others if seat > max(actors))
    if actors and scope in (Scope.LOWER, Scope.TWO_LOWER):
        return tuple(seat for seat in others if seat < min(actors))
    if actors and scope in _AROUND:
        # Whichever way the numbers run round the table, a side holds every other player.
        return others
    return None


def fits(scope: Scope, players: int, actors: Collection[int] = ()) -> bool:
    """Whether ``scope`` names enough players (two for a two-player set).

    Said to players whose seats are known (``actors``: a ripple's X, or Y and Z), it must name
    enough players other than them: player 1 has no lower numbers, the top seat no higher ones.
    With no known seat only the player count matters: two even seats need 4 players.
    """
    pool = scope_pool(scope, players, actors)
    return pool is None or len(pool) >= (2 if scope in TWO_PLAYER_SCOPES else 1)


def draw_target(
    rng: random.Random, scopes: Sequence[Scope], players: int, actors: Collection[int] = ()
) -> Target:
    """A target drawn uniformly among the ``scopes`` that fit (see :func:`fits`)."""
    scope = pick(rng, [scope for scope in scopes if fits(scope, players, actors)])
    return named(rng, players) if scope is Scope.NAMED else Target(scope)


ONE_CARD: tuple[Scope, ...] = (
    Scope.ANY,
    Scope.EVEN,
    Scope.ODD,
    Scope.HIGHER,
    Scope.LOWER,
    Scope.NEIGHBOUR,
    Scope.LEFT,
    Scope.RIGHT,
)
"""One other player's card, picked by the actor."""

TWO_CARDS: tuple[Scope, ...] = (
    Scope.ANY_TWO,
    Scope.TWO_EVEN,
    Scope.TWO_ODD,
    Scope.TWO_HIGHER,
    Scope.TWO_LOWER,
    Scope.TWO_LEFT,
    Scope.TWO_RIGHT,
    Scope.BOTH_NEIGHBOURS,
)
"""Two other players' cards."""

GROUPS: tuple[Scope, ...] = (Scope.EVERYONE, Scope.ODD_PLAYERS, Scope.EVEN_PLAYERS, Scope.NAMED)
"""A group of players (1 to 3 named players for NAMED)."""


def check_players(players: int) -> None:
    """Refuse a player count outside 3..12."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise InstructionError(f"players must be a whole number, got {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InstructionError(
            f"{players} players: instructions are drawn for {MIN_PLAYERS} to {MAX_PLAYERS}"
        )


# -- JSON ---------------------------------------------------------------------------------------


def encode(value: object) -> Any:
    """A frozen dataclass tree (enums, tuples, numbers, text, None) as JSON-able data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: encode(getattr(value, field.name)) for field in dataclasses.fields(value)
        }
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [encode(item) for item in value]
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(kind: Any, data: Any, where: str = "instructions") -> Any:
    """Rebuild a value of type ``kind`` from :func:`encode` output, naming bad data."""
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        present = [option for option in options if option is not type(None)]
        if len(present) == 1:
            return decode(present[0], data, where)
        for option in present:
            try:
                return decode(option, data, where)
            except InstructionError:
                continue
        raise InstructionError(f"{where}: {data!r} is not a valid {kind}")
    if origin is tuple:
        args = typing.get_args(kind)
        if not isinstance(data, list | tuple):
            raise InstructionError(f"{where}: expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], item, f"{where}[{i}]") for i, item in enumerate(data))
        if len(args) != len(data):
            raise InstructionError(f"{where}: expected {len(args)} items, got {data!r}")
        return tuple(
            decode(arg, item, f"{where}[{i}]")
            for i, (arg, item) in enumerate(zip(args, data, strict=True))
        )
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(data)
        except ValueError:
            raise InstructionError(f"{where}: {data!r} is not a {kind.__name__}") from None
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _decode_dataclass(kind, data, where)
    return _decode_scalar(kind, data, where)


def _decode_dataclass(kind: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise InstructionError(f"{where}: expected an object, got {data!r}")
    hints = _hints(kind)
    names = {field.name for field in dataclasses.fields(kind)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise InstructionError(f"{where}: unknown field {unknown[0]!r} in {data!r}")
    values = {name: decode(hints[name], value, f"{where}.{name}") for name, value in data.items()}
    try:
        return kind(**values)
    except TypeError as exc:
        raise InstructionError(f"{where}: {data!r} does not fit {kind.__name__}: {exc}") from None


def _decode_scalar(kind: Any, data: Any, where: str) -> Any:
    if kind is bool:
        ok = isinstance(data, bool)
    elif kind is int:
        ok = isinstance(data, int) and not isinstance(data, bool)
    elif kind is float:
        ok = isinstance(data, int | float) and not isinstance(data, bool)
        data = float(data) if ok else data
    elif kind is str:
        ok = isinstance(data, str)
    else:
        raise InstructionError(f"{where}: cannot read a {kind!r}")
    if not ok:
        raise InstructionError(f"{where}: expected {getattr(kind, '__name__', kind)}, got {data!r}")
    return data
