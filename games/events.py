"""Input events: what sessions react to.

They are plain, immutable data. Hardware, touch and keyboard input, and the simulator's semantic
events all arrive as one of these, so a session cannot tell (and need not care) which device an
input came from.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


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


TouchAction = str | SeatTap | AnswerTap | KeyTap | PickTap | ChipTap
"""What a tap asks for: a typed value where the action carries a seat, an answer, a key or a
picked player, else the control's plain action name (``start``, ``close``, ``role:cow``...)."""


def parse_action(text: str) -> TouchAction:
    """The typed value of a control's action name; a name with no typed form stays as it is.

    >>> parse_action("target:0"), parse_action("answer:no"), parse_action("close")
    (SeatTap(SeatRole.TARGET, 0), AnswerTap(answer=False), 'close')
    >>> parse_action("voter:x")  # not a seat: left for the session to refuse
    'voter:x'
    """
    kind, colon, value = text.partition(":")
    if colon and kind in SeatRole.__members__.values() and value.isdecimal():
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
        if value.isdecimal():
            return AnswerTap(int(value))
    return text


@dataclass(frozen=True)
class Touched:
    """An on-screen control was tapped; ``action`` is what that control asks for.

    Given as the control's action name (the UI's, a test's), it is read into its typed value
    here, so sessions match seats and answers by type, never by taking a string apart.
    """

    action: TouchAction

    def __post_init__(self) -> None:
        if isinstance(self.action, str):
            object.__setattr__(self, "action", parse_action(self.action))


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
