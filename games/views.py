"""Views: the public data a screen shows, as frozen dataclasses the games build.

A session's ``Show`` effect carries one of these. Each view class names its screen
(``View.screen``), and checks its own fields when it is built: a field of the wrong type, or a
seat outside the table, is refused right there, in the game that built it, with the class and
the field named. The screens in ``device/ui`` then read plain attributes and need no checks of
their own beyond what a type cannot say (does the text fit).

Every screen takes a view class now, the score log's included (``games.scorelog.views``); a
mapping sent to a screen is refused, naming the view it takes.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from games.errors import RulesError
from games.events import TouchAction
from games.public import NOTHING_PUBLIC, Public, PublicSheet

MAX_SEATS = 12
"""The most seats a game has: every seat layout on the screen fits this many."""
DEVICE_SEAT = 0
"""The device itself, as a vote target (a ripple) and in the tally."""


class ScreenId(enum.StrEnum):
    """Base of every enum of screens: the device's (``ScreenName``) and a game's own (see
    ``games.layout``). A screen's value is the name the transcript writes; screens are
    compared by member."""


class ScreenName(ScreenId):
    """Every screen the device itself draws; the value is the name the transcript writes."""

    HOME = "home"
    """Pick a game."""
    SETUP = "setup"
    """One Night's setup: roles, presets and seats."""
    NIGHT = "night"
    """The dark night screen, with the public call as a caption."""
    DAY = "day"
    """The discussion timer."""
    VOTE = "vote"
    """Who has voted (never for whom)."""
    TALLY = "tally"
    """The votes out in the open."""
    REVEAL = "reveal"
    """Each seat's final card, Mark and conversion."""
    END = "end"
    """The end of a game: a title, some lines and Home."""
    MESSAGE = "message"
    """Information or an error, with OK."""
    REPLICAS = "replicas"
    """The Alieninjas Replicas round: map, countdown, who is out."""
    SCORES = "scores"
    """An Alieninjas mission's score table."""
    SHEET = "sheet"
    """A score sheet (Alienation, Alien Encounters)."""
    KEYPAD = "keypad"
    """Score entry by touch."""
    WINS = "wins"
    """The score log: wins per player."""
    TOTALS = "totals"
    """The score log: totals over time."""
    HISTORY = "history"
    """The score log: one player's plays."""
    PLAYERS = "players"
    """Who sits where, before a scored game."""
    KEYBOARD = "keyboard"
    """Typing a new player's name."""
    BGSTATS = "bgstats"
    """A logged play's BG Stats code, full height."""
    PLAYS = "plays"
    """The score log: the plays, newest first."""
    WHO = "who"
    """Naming a logged play's unnamed seats."""
    TABLE = "table"
    """How many players, before a game a home button opened starts."""


class ViewError(RulesError):
    """A view built with a field of the wrong type or value."""


@dataclass(frozen=True)
class Checked:
    """A frozen dataclass whose fields are checked against their annotations when built."""

    def __post_init__(self) -> None:
        check_fields(self)


@dataclass(frozen=True)
class View(Checked):
    """Base of every view: the screen it goes on, and the field checks run at construction."""

    screen: ClassVar[ScreenId]

    def public(self) -> Public:
        """What of this screen the phone page may show by day (by default: nothing)."""
        return NOTHING_PUBLIC

    def seats_in_range(self, field: str, seats: Iterable[int], players: int, low: int = 1) -> None:
        """Refuse any seat in ``seats`` outside ``low``..``players`` (0 is the device)."""
        device = " (and 0, the device)" if low == 0 else ""
        for seat in seats:
            if not low <= seat <= players:
                raise ViewError(
                    f"{type(self).__name__}.{field} has seat {seat}, "
                    f"but the game has seats 1 to {players}{device}"
                )

    def players_in_range(self, players: int) -> None:
        """Refuse a table of fewer than 1 or more than ``MAX_SEATS`` players."""
        if not 1 <= players <= MAX_SEATS:
            name = type(self).__name__
            raise ViewError(f"{name}.players must be from 1 to {MAX_SEATS}, got {players}")


_HINTS: dict[type[Checked], dict[str, Any]] = {}
"""Each checked class's resolved annotations, read once."""


def _hints(cls: type[Checked]) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def check_fields(view: Checked) -> None:
    """Refuse a dataclass whose fields do not hold what their annotations say.

    Understands what views are made of: ``str``, ``int``, ``float``, ``bool``, ``None``,
    unions, ``tuple[X, ...]``, fixed tuples, enums and nested dataclasses (checked when built).
    """
    hints = _hints(type(view))
    for field in dataclasses.fields(view):
        value = getattr(view, field.name)
        hint = hints[field.name]
        if not _conforms(value, hint):
            raise ViewError(
                f"{type(view).__name__}.{field.name} must be {_describe(hint)}, got {value!r}"
            )


def _conforms(value: object, hint: Any) -> bool:
    if hint is Any:
        return True
    if hint is type(None) or hint is None:
        return value is None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_conforms(value, arg) for arg in args)
    if origin is typing.Literal:
        return value in args
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_conforms(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(_conforms, value, args))
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:  # an int is a float too (PEP 484)
        return isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    raise TypeError(f"check_fields cannot check a field of type {hint!r}")


def _describe(hint: Any) -> str:
    """A type as it is written in code, short names only: ``tuple[SeatName, ...]``."""
    if hint is type(None):
        return "None"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        return " | ".join(_describe(arg) for arg in args)
    if origin is tuple:
        return f"tuple[{', '.join('...' if a is Ellipsis else _describe(a) for a in args)}]"
    if isinstance(hint, type):
        return hint.__name__
    return str(hint).replace("typing.", "")


@dataclass(frozen=True)
class MessageView(View):
    """Information or an error: a title, some lines and an OK button."""

    screen: ClassVar[ScreenName] = ScreenName.MESSAGE
    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class EndView(View):
    """The end of a game: a title, some lines and a Home button."""

    screen: ClassVar[ScreenName] = ScreenName.END
    title: str
    lines: tuple[str, ...]

    def public(self) -> Public:
        """The end as the screen reads it."""
        return Public(result=(self.title, *self.lines))


@dataclass(frozen=True)
class HomeView(View):
    """Pick a game: one button per label."""

    screen: ClassVar[ScreenName] = ScreenName.HOME
    title: str
    games: tuple[str, ...]
    captions: tuple[str, ...] = ()
    """What each button says, by position, when it differs from its label (empty or
    missing: the label)."""
    voice: str = ""
    """How much of the voice is ready, while the device still renders it ("": all)."""


@dataclass(frozen=True)
class TableView(View):
    """How many players: chosen before a game a home button opened starts."""

    screen: ClassVar[ScreenName] = ScreenName.TABLE
    title: str
    players: int
    fewest: int
    most: int
    scores: str = ""
    """The score log's game its Scores button opens (empty: no button)."""
    preparing: bool = False
    """The game's lines are being rendered before it starts: the count cannot change (the
    device's layer shows how far)."""
    voice: str = ""
    """How much of the voice is ready, while the device still renders it ("": all)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if not 1 <= self.fewest <= self.players <= self.most <= MAX_SEATS:
            raise ViewError(
                f"TableView: {self.players} players must be within {self.fewest} to "
                f"{self.most} (at most {MAX_SEATS})"
            )


@dataclass(frozen=True)
class SeatName(Checked):
    """A seat and the player named for it."""

    seat: int
    name: str


@dataclass(frozen=True)
class PlayersView(View):
    """Who sits where before a scored game: the profiles to pick from and the seats linked."""

    screen: ClassVar[ScreenName] = ScreenName.PLAYERS
    title: str
    names: tuple[str, ...]
    """Profile names, most recent first."""
    picked: str
    """The name picked, waiting for a seat press ("" for none)."""
    seats: tuple[SeatName, ...]
    message: str


@dataclass(frozen=True)
class KeyboardView(View):
    """Typing a new player's name."""

    screen: ClassVar[ScreenName] = ScreenName.KEYBOARD
    title: str
    text: str
    """What is typed so far."""
    most: int
    """The longest name allowed."""
    message: str
    capitals: bool = True
    """The letter keys show, and type, capitals (``games.scorelog.players.capitals``)."""
    shift: bool = False
    """Shift is on: the next letter takes the other case."""


@dataclass(frozen=True)
class KeypadView(View):
    """Score entry by touch: one seat and one field at a time (the device builds it)."""

    screen: ClassVar[ScreenName] = ScreenName.KEYPAD
    seat: int
    players: int
    field: str
    """The field's name (``points``, ``correct``...)."""
    kind: str
    """How it is entered: ``number``, ``yes_no``, ``choice:a,b`` or ``cards:N``."""
    typed: str
    """What is typed so far."""
    done: tuple[str, ...]
    """The fields this seat has entered, as shown (``points 7``)."""
    prompt: str
    """What is asked."""
    seat_names: tuple[SeatName, ...] = ()
    """The players' names linked to seats, for the title and the seat chips (the device adds
    them)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.players_in_range(self.players)
        self.seats_in_range("seat", (self.seat,), self.players)


@dataclass(frozen=True)
class SheetRow(Checked):
    """One seat's line on a score sheet."""

    seat: int
    cells: tuple[str, ...]
    """One cell per column."""
    lit: bool = False
    """Highlighted: Firsties, the first player, or a winner."""


@dataclass(frozen=True)
class SheetButton(Checked):
    """A button under a score sheet."""

    label: str
    action: TouchAction
    primary: bool = False


@dataclass(frozen=True)
class SheetView(View):
    """A score sheet (Alienation, Alien Encounters): seats by columns, a message, buttons."""

    screen: ClassVar[ScreenName] = ScreenName.SHEET
    title: str
    columns: tuple[str, ...]
    """The headings after the seat column."""
    rows: tuple[SheetRow, ...]
    message: str
    round: int
    rounds: int
    """A round tracker of ``rounds`` steps with ``round`` current (0: no tracker)."""
    controls: tuple[SheetButton, ...]
    notes: tuple[str, ...] = ()
    """Reminders under the table where the rows leave room."""
    seat_names: tuple[SeatName, ...] = ()
    """The players' names linked to seats, for the rows' labels (the device adds them)."""

    def public(self) -> Public:
        """The sheet and its message."""
        rows = tuple((row.seat, row.cells) for row in self.rows)
        return Public(sheet=PublicSheet(self.columns, rows), message=self.message)

    def __post_init__(self) -> None:
        super().__post_init__()
        for row in self.rows:
            if len(row.cells) != len(self.columns):
                raise ViewError(
                    f"SheetView.rows: seat {row.seat} has {len(row.cells)} cells "
                    f"for {len(self.columns)} columns"
                )
