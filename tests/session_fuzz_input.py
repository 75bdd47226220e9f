"""What the session fuzz feeds: where its choices come from (``Pick``), what a kind of session
is (``Kind``), and the input every session may get (seats it has or not, any entry value a file
may hold, garbage touch actions, entries of other games).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from games.events import (
    ActionError,
    Event,
    LinesReady,
    RevealEntered,
    ScoreEntered,
    TouchAction,
    ValueTap,
    VoteCast,
    parse_action,
)
from games.onenight.roles import Role
from games.session import Session

T = TypeVar("T")


class Pick(Protocol):
    """Where a run's random choices come from (hypothesis data, or ``random.Random``)."""

    def integer(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``, both included."""
        ...

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``."""
        ...

    def chance(self, percent: int) -> bool:
        """True ``percent`` times in a hundred."""
        ...


class RandomPick:
    """``Pick`` from a ``random.Random``."""

    def __init__(self, rng: Any) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``."""
        return int(self.rng.randint(low, high))

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``."""
        index: int = self.rng.randrange(len(options))
        return options[index]

    def chance(self, percent: int) -> bool:
        """True ``percent`` times in a hundred."""
        return bool(self.rng.randrange(100) < percent)


# -- what players can do -------------------------------------------------------------------------

BAD_SEATS = (0, -1, 13, 99, 10**9, -(10**9), 2**63)
"""Seats no game has (the device's buttons go up to 12; the rest only garbage can send)."""
BAD_VALUES: tuple[object, ...] = (
    -1,
    -7,
    True,
    False,
    1.5,
    2.0,
    "3",
    "",
    "x",
    None,
    [],
    {},
    [1, 2],
    {"points": 1},
    10**30,
    -(10**30),
    float("nan"),
    float("inf"),
)
"""Entry values a scenario or backup can hold that no entry should accept as a count."""
GARBAGE_TEXT = ("", " ", ":", "x", "nobody", "ALIEN", "Seer", "\x00", "\x1b[2J", "é", "9" * 30)
GARBAGE_SUFFIXES: tuple[str, ...] = ("", "0", "1", "-1", "+1", "99", "x", "yes", "none", "random")
GARBAGE_SUFFIXES += (" 1", "1.5", "²", "١", "9" * 25, "\x00")
PREFIXES = (
    "seat", "card", "mark", "became", "snatched", "confirm", "voter", "target", "answer",
    "players", "role", "preset", "tab", "first", "friendliest", "pick", "key", "game", "digit",
)  # fmt: skip
"""Every ``kind:`` a screen's action uses, for garbage actions of the right shape."""


def seat(pick: Pick, players: int) -> int:
    """A seat: mostly one of the game's, sometimes one it does not have."""
    if pick.chance(85):
        return pick.integer(1, players)
    return pick.choice((*BAD_SEATS, players + 1))


def count(pick: Pick, good: int = 12) -> Any:
    """An entry value: mostly a count from 0 to ``good``, sometimes anything a file may hold."""
    return pick.integer(0, good) if pick.chance(88) else pick.choice(BAD_VALUES)


class Stray(enum.StrEnum):
    """A kind of tap no game knows, as the device's own are."""

    STRAY = "stray"


def garbage_action(pick: Pick) -> TouchAction:
    """A typed tap no screen of the session offers: a chip, key or seat of a wrong value, or a
    tap of a kind no game knows (the device's own). Text that names no action is refused where
    text comes in (``parse_action``), so it never reaches a session: it becomes a stray tap."""
    if pick.chance(30):
        text = pick.choice(GARBAGE_TEXT)
    else:
        text = f"{pick.choice(PREFIXES)}:{pick.choice(GARBAGE_SUFFIXES)}"
    try:
        return parse_action(text)
    except ActionError:
        return ValueTap(Stray.STRAY, text)


def any_entry(pick: Pick, players: int) -> Event:
    """An entry of any game (or of none), for any session."""
    which = pick.integer(0, 3)
    if which == 0:
        return VoteCast(seat(pick, players), seat(pick, players))
    if which == 1:
        card = pick.choice([role.value for role in Role] + list(GARBAGE_TEXT))
        return RevealEntered(seat(pick, players), card)
    if which == 2:
        keys = ("points", "war", "peace", "intention", "cards", "last", "first", "x")
        extra = tuple((key, count(pick)) for key in keys[: pick.integer(0, 3)])
        return ScoreEntered(seat(pick, players), count(pick) if pick.chance(50) else None, extra)
    return LinesReady(tuple(0.5 for _ in range(pick.integer(0, 3))))


def seconds(pick: Pick, *values: float) -> float:
    """One of ``values`` (a setting's seconds: off, usual, long)."""
    return pick.choice(values)


# -- kinds -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """One kind of session: how to set one up, and what its screens and entries offer."""

    name: str
    build: Callable[[Pick], Session[Any]]
    """A session with a setup drawn from ``pick``."""
    players: Callable[[Any], int]
    """The number of seats in the game a state holds."""
    touches: Callable[[Any], Mapping[str, Sequence[str]]]
    """The actions the game's screens offer, by phase (a late tap may reach another phase)."""
    entry: Callable[[Pick, Any], Event]
    """A score, vote or reveal entry for the state's game, valid or not."""
    forward: Callable[[Pick, Any], Event | None]
    """An input that moves the game on, as a table playing it right would give (None: only
    time moves it on, or nothing does)."""
    phases: tuple[str, ...]
    """Every phase of the kind, in play order."""
