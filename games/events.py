"""Input events: what sessions react to.

They are plain, immutable data. Hardware, touch and keyboard input, and the simulator's semantic
events all arrive as one of these, so a session cannot tell (and need not care) which device an
input came from.
"""

from __future__ import annotations

import difflib
import enum
from dataclasses import dataclass
from typing import TypeGuard


class Control(enum.Enum):
    """The three control buttons beside the seat ring."""

    YES = "yes"
    """Confirm, or answer yes."""
    NO = "no"
    """Refuse, or answer no."""
    GO = "go"
    """Start, next, or pause."""


@dataclass(frozen=True)
class SeatPressed:
    """A seat button went down; ``at`` is the edge timestamp in seconds."""

    seat: int
    at: float


@dataclass(frozen=True)
class ControlPressed:
    """A control button went down; ``at`` is the edge timestamp in seconds."""

    control: Control
    at: float


@dataclass(frozen=True)
class TagSeen:
    """A tag was read on the pad (already de-duplicated by the reader)."""

    uid: str
    at: float


class SeatRole(enum.StrEnum):
    """What a tapped seat chip stands for on its screen."""

    VOTER = "voter"
    """Grid vote: the voter whose vote is being entered."""
    TARGET = "target"
    """Grid vote: whom that voter votes for (0: the device, when a ripple allows it)."""
    FIRST = "first"
    """Alienation: who completed their system first (takes Firsties)."""
    FRIENDLIEST = "friendliest"
    """Alienation: the table's friendliest player, who starts round 1."""
    SEAT = "seat"
    """One Night's reveal picker: the seat whose card is being entered."""


@dataclass(frozen=True)
class SeatTap:
    """A tap on a seat chip. Its text, the control's action name, is ``role:seat``.

    >>> SeatTap(SeatRole.TARGET, 3), str(SeatTap(SeatRole.TARGET, 3))
    (SeatTap(SeatRole.TARGET, 3), 'target:3')
    """

    role: SeatRole
    seat: int

    def __str__(self) -> str:
        return f"{self.role.value}:{self.seat}"

    def __repr__(self) -> str:
        return f"SeatTap(SeatRole.{self.role.name}, {self.seat})"


@dataclass(frozen=True)
class AnswerTap:
    """A tap on one of the night's answer buttons: yes or no, or a number.

    >>> str(AnswerTap(True)), str(AnswerTap(7))
    ('answer:yes', 'answer:7')
    """

    answer: bool | int

    def __str__(self) -> str:
        if isinstance(self.answer, bool):
            return "answer:yes" if self.answer else "answer:no"
        return f"answer:{self.answer}"


@dataclass(frozen=True)
class KeyTap:
    """A tap on the on-screen keyboard: a letter, or ``space``.

    >>> str(KeyTap("a")), str(KeyTap("space"))
    ('key:a', 'key:space')
    """

    key: str

    def __str__(self) -> str:
        return f"key:{self.key}"


@dataclass(frozen=True)
class PickTap:
    """A tap on a player's name in a list: that player picked."""

    name: str

    def __str__(self) -> str:
        return f"pick:{self.name}"


class ChipKind(enum.StrEnum):
    """What a chip of One Night's setup screen or reveal picker chooses."""

    TAB = "tab"
    ROLE = "role"
    PRESET = "preset"
    PLAYERS = "players"
    """A step of the player count (``+1``, ``-1``)."""
    CARD = "card"
    MARK = "mark"
    ARTIFACT = "artifact"
    BECAME = "became"
    """A conversion, a copied role or a foreseen team."""
    SNATCHED = "snatched"
    FORESAW = "foresaw"
    """The team Nostradamus foresaw."""
    SHIELDED = "shielded"


@dataclass(frozen=True)
class ChipTap:
    """A tap on a chip that chooses one of a kind's values (a role, a card, a Mark...).

    >>> parse_action("role:cow"), str(ChipTap(ChipKind.CARD, "none"))
    (ChipTap(kind=<ChipKind.ROLE: 'role'>, value='cow'), 'card:none')
    """

    kind: ChipKind
    value: str

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.value}"


class PlainTap(enum.StrEnum):
    """The base of every list of plain action names, those that carry no value: the games'
    (``Tap``) and the device's own (``device.ui.actions.DeviceTap``). A member is its name, so
    transcripts and error messages write it as before; a misspelt member is an error mypy sees.
    """


class Tap(PlainTap):
    """The plain actions sessions react to (a control's action, a ``Touched``'s)."""

    START = "start"
    GO = "go"
    YES = "yes"
    NO = "no"
    OK = "ok"
    HOME = "home"
    BACK = "back"
    DONE = "done"
    NEW = "new"
    DEL = "del"
    """The on-screen keyboard's delete key."""
    NEXT = "next"
    UNDO = "undo"
    RANDOM = "random"
    """One Night's setup: a random deal."""
    CLEAR = "clear"
    """One Night's setup: no roles."""
    PAUSE = "pause"
    RESUME = "resume"
    EXTEND = "extend"
    """The day: one more minute."""
    VOTE = "vote"
    """The day: vote now."""
    CLOSE = "close"
    """The vote: close it."""
    CONFIRM_YES = "confirm:yes"
    """The vote: keep a seat's changed vote."""
    CONFIRM_NO = "confirm:no"
    """The vote: keep a seat's first vote."""
    REVEAL = "reveal"
    """The tally: open the reveal picker."""
    CONFIRM = "confirm"
    """The reveal picker: record this seat's card."""
    ROLE_SECONDS_LESS = "pace:role:-1"
    ROLE_SECONDS_MORE = "pace:role:+1"
    DAY_MINUTES_LESS = "pace:day:-1"
    DAY_MINUTES_MORE = "pace:day:+1"
    VOTE_MODE = "pace:vote"
    """One Night's Options: the next vote mode."""
    RANDOM_FRIENDLIEST = "friendliest:random"
    """Alienation: let the device choose the friendliest player."""


@dataclass(frozen=True)
class ValueTap:
    """A tap on one of the device's own controls that carries a value: a home button's game, a
    keypad digit, a score-log row. Its kinds are the device's; a session refuses one as it
    refuses any tap it does not know.
    """

    kind: enum.StrEnum
    value: str

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.value}"


TouchAction = PlainTap | SeatTap | AnswerTap | KeyTap | PickTap | ChipTap | ValueTap
"""What a tap asks for, always typed: a plain action (``Tap.START``), or a tap carrying a seat,
an answer, a key, a picked player, a chip's value or a device control's value. ``str()`` of each
is the control's action name (``start``, ``target:3``), as transcripts write it."""


ACTION_TYPES = (PlainTap, SeatTap, AnswerTap, KeyTap, PickTap, ChipTap, ValueTap)
"""The classes of ``TouchAction``, for ``isinstance``."""


def is_action(value: object) -> TypeGuard[TouchAction]:
    """Whether ``value`` is a typed action (a plain string is not: it is text to parse).

    >>> is_action(Tap.OK), is_action(SeatTap(SeatRole.SEAT, 2)), is_action("ok")
    (True, True, False)
    """
    return isinstance(value, ACTION_TYPES)


class ActionError(ValueError):
    """Text that names no action (``parse_action``)."""


def parse_action(text: str, plain: tuple[type[PlainTap], ...] = (Tap,)) -> TouchAction:
    """The typed action a control's action name stands for: the one place text is read back,
    where actions come in as text (a test's table, a scenario).

    ``plain`` lists the plain names known (the games' ``Tap``; the device adds its own).

    >>> parse_action("target:0"), parse_action("answer:no"), parse_action("close")
    (SeatTap(SeatRole.TARGET, 0), AnswerTap(answer=False), <Tap.CLOSE: 'close'>)
    >>> try:
    ...     parse_action("voter:x")
    ... except ActionError as error:
    ...     print(error)
    no action 'voter:x': a voter takes a seat number
    """
    kind, colon, value = text.partition(":")
    for names in plain:
        if text in names.__members__.values():
            return names(text)
    if colon and kind in SeatRole.__members__.values():
        if not value.isdecimal() or not value.isascii():
            raise ActionError(f"no action {text!r}: a {kind} takes a seat number")
        return SeatTap(SeatRole(kind), int(value))
    if colon and kind in ChipKind.__members__.values():
        return ChipTap(ChipKind(kind), value)
    if colon and kind == "key" and value:
        return KeyTap(value)
    if colon and kind == "pick" and value:
        return PickTap(value)
    if colon and kind == "answer":
        if value in ("yes", "no"):
            return AnswerTap(value == "yes")
        if value.isdecimal() and value.isascii():
            return AnswerTap(int(value))
        raise ActionError(f"no action {text!r}: an answer is yes, no or a number")
    known = [str(name) for names in plain for name in names]
    close = difflib.get_close_matches(text, known, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise ActionError(f"no action {text!r}{hint}")


@dataclass(frozen=True)
class Touched:
    """An on-screen control was tapped; ``action`` is what that control asks for, typed (text
    is read with ``parse_action`` where it comes in, never here)."""

    action: TouchAction

    def __post_init__(self) -> None:
        if not is_action(self.action):
            raise TypeError(
                f"Touched({self.action!r}): a tap carries a typed action; "
                "read text with games.events.parse_action"
            )


@dataclass(frozen=True)
class Tick:
    """The clock reached ``now``: lets sessions act on their deadlines."""

    now: float


@dataclass(frozen=True)
class LinesReady:
    """The narration lines a session asked for are rendered; their lengths in seconds."""

    seconds: tuple[float, ...]


@dataclass(frozen=True)
class VoteCast:
    """One player's vote, however it was entered."""

    voter: int
    target: int
    second: int | None = None
    """A whole vote's second hand, for a seat that votes with both (a ripple); without it, both
    hands go to ``target``. Buttons and touch enter the hands one by one instead."""


@dataclass(frozen=True)
class RevealEntered:
    """One seat's final card (and Mark, and app conversion) at the reveal."""

    seat: int
    card: str
    mark: str | None = None
    became: str | None = None
    snatched: bool = False
    """The card is one the Body Snatcher took or left in its place: an Alien card now."""
    artifact: str | None = None
    """The Artifact on the card (One Night with the Curator), by name: ``"claw"``..."""
    foresaw: str | None = None
    """On a Nostradamus card, or a Doppelganger card that copied him: the team he foresaw
    (``"werewolf_team"``...)."""
    shielded: bool = False
    """The Sentinel's (or Doppelganger-Sentinel's) shield is on the card."""


@dataclass(frozen=True)
class ScoreEntered:
    """One seat's score entry for the current round; ``extra`` holds game-specific fields."""

    seat: int
    points: int | None = None
    extra: tuple[tuple[str, object], ...] = ()


Event = (
    SeatPressed
    | ControlPressed
    | TagSeen
    | Touched
    | Tick
    | LinesReady
    | VoteCast
    | RevealEntered
    | ScoreEntered
)
"""Every kind of input a session may be given."""


def describe(event: Event) -> str:
    """The event in a player's words, for an error message.

    >>> describe(VoteCast(voter=1, target=3))
    'a vote (seat 1 for seat 3)'
    >>> describe(ControlPressed(Control.GO, at=0.0))
    "a press on 'go'"
    """
    match event:
        case SeatPressed(seat=seat):
            return f"a press on seat {seat}"
        case ControlPressed(control=control):
            return f"a press on {control.value!r}"
        case TagSeen(uid=uid):
            return f"a tag ({uid})"
        case Touched(action=action):
            return f"a touch on {str(action)!r}"
        case VoteCast(voter=voter, target=target):
            return f"a vote (seat {voter} for seat {target})"
        case RevealEntered(seat=seat):
            return f"a reveal entry (seat {seat})"
        case ScoreEntered(seat=seat):
            return f"a score entry (seat {seat})"
        case Tick() | LinesReady():
            return f"the clock's {type(event).__name__}"
