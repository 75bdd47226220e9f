"""Effects: what a session asks the device to do, as plain data.

A session never performs I/O. It returns effects, and the device carries them out through
narration, hardware and the screen, in the order given.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.scorelog.plays import FinalResult
from games.views import ScreenId, View


def _freeze(params: Mapping[str, object]) -> tuple[tuple[str, object], ...]:
    return tuple(sorted(params.items()))


@dataclass(frozen=True)
class Say:
    """Speak a catalogue line, filling its placeholders from ``params``."""

    line: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, line: str, **params: object) -> Say:
        """Build a ``Say`` from keyword placeholders."""
        return cls(line, _freeze(params))

    def param_map(self) -> dict[str, object]:
        """The placeholders as a dict."""
        return dict(self.params)


@dataclass(frozen=True)
class Prepare:
    """Render these lines ahead of time; the device answers with ``LinesReady``."""

    lines: tuple[Say, ...]


@dataclass(frozen=True)
class PrepareAhead:
    """Render these lines in the background, in case the game says them later (the results
    a game can reach); nothing answers, and the game never waits for them."""

    lines: tuple[Say, ...]
    later: Callable[[], tuple[Say, ...]] | None = None
    """More lines, rarer and costly to work out (tens of milliseconds): worked out behind the
    loop, and rendered after ``lines``, where lines are rendered behind it; never elsewhere."""


@dataclass(frozen=True)
class Sound:
    """Play a named sound effect."""

    name: str


@dataclass(frozen=True)
class Mask:
    """Cover the table's noises with the night's ambience (``on``), or stop (the day)."""

    on: bool


@dataclass(frozen=True)
class Countdown:
    """A public clock the table talks against runs out at ``ends_at`` on the game's clock
    (None: stopped or paused). The device's ambience turns tense in its last minute."""

    ends_at: float | None


class LampPattern(enum.StrEnum):
    """What a seat's lamp shows; the value is the name the transcript and the lamps take."""

    OFF = "off"
    """Dark."""
    ON = "on"
    """Steadily lit: this seat buzzed, grabbed or called it."""
    BLINK = "blink"
    """Blinking: this seat won."""
    PULSE = "pulse"
    """Breathing: this seat starts the round."""


@dataclass(frozen=True)
class Lamp:
    """Set a seat's lamp to a pattern."""

    seat: int
    pattern: LampPattern


@dataclass(frozen=True)
class Buzz:
    """Sound the buzzer for a seat's buzz; ``at`` is the winning edge timestamp."""

    seat: int
    at: float


@dataclass(frozen=True)
class Show:
    """Put a view up (all of it public): the view names its own screen (``View.screen``), so
    there is nothing to keep in step."""

    view: View

    def __post_init__(self) -> None:
        if not isinstance(self.view, View):
            raise TypeError(f"Show takes a View, not {self.view!r}")

    @property
    def screen(self) -> ScreenId:
        """The screen the view goes on (the member)."""
        return self.view.screen


class GamePhase(enum.StrEnum):
    """Base of every game's phase enum; a phase's value is the name the transcript writes.

    A phase answers what the device would otherwise guess from its name: whether it is dark
    and whether scores are entered in it. A game's enum overrides ``dark`` or ``scoring`` for
    the phases that are.
    """

    def __repr__(self) -> str:
        # Messages name a phase as players and scenario files write it: 'dusk', not the member.
        return repr(self.value)

    @property
    def dark(self) -> bool:
        """Eyes are closed: only the public call may show, on the screen, the lamps, the phone
        page and the ambience (the night bed plays)."""
        return False

    @property
    def scoring(self) -> bool:
        """Seats enter their scores now (the device offers its keypad)."""
        return False


@dataclass(frozen=True)
class Phase:
    """The session entered a phase (reported in the transcript by its value)."""

    name: GamePhase


@dataclass(frozen=True)
class Record:
    """Store something about the game (kind names the record, data is JSON-able)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LogPlay(Record):
    """A game's final record, handing over its result: the device stores the record and logs
    the play in one transaction (a replayed final transition logs it once, by its id).

    A ``Record`` too, so the device writes it with the other records, before the checkpoint.
    """

    result: FinalResult = field(kw_only=True)


@dataclass(frozen=True)
class AddPlayer(Record):
    """A new player profile: the device adds it to the store's players, and keeps the record
    (kind ``players.add``) with the others so the store's own history shows it."""

    kind: str = field(default="players.add", init=False)
    data: Mapping[str, Any] = field(default_factory=dict, init=False)
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", {"name": self.name})


@dataclass(frozen=True)
class LinkSeat(Record):
    """A player sits at a seat: the next logged play names that seat after them (the record's
    kind is ``players.link``)."""

    kind: str = field(default="players.link", init=False)
    data: Mapping[str, Any] = field(default_factory=dict, init=False)
    seat: int = 0
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", {"seat": self.seat, "name": self.name})


@dataclass(frozen=True)
class Report:
    """A public outcome for the transcript: ``{kind: data}`` (``result``, ``score``, ``final``)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Finished:
    """The session is over; the device returns to the home screen."""


Effect = (
    Say
    | Prepare
    | PrepareAhead
    | Sound
    | Mask
    | Countdown
    | Lamp
    | Buzz
    | Show
    | Phase
    | Record
    | LogPlay
    | AddPlayer
    | LinkSeat
    | Report
    | Finished
)
"""Every kind of effect a session may return."""
