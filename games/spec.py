"""What the device needs to know about a game, as one typed entry: ``GameSpec``.

The registry of entries is ``games.catalog``. From a spec alone the device parses and checks a
setup block (a scenario's, the command line's or a home button's), starts a session from it,
resumes one from a checkpoint, asks for score entries on the touch keypad and checks a
scenario's ``score`` events. This module holds only the types, so a game package may use them
without importing the registry.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from games.config import ConfigSection
from games.errors import SetupError

if TYPE_CHECKING:  # only a type: the spec loads no session module (a cheap catalog import)
    from games.layout import GameView
    from games.session import Session

SetupT = TypeVar("SetupT")


class FieldKind(enum.Enum):
    """How a score field is typed on the keypad (a scenario gives the JSON value directly)."""

    NUMBER = "number"
    """A whole number, typed with the digits."""
    YES_NO = "yes_no"
    """True or false, picked with Yes or No."""
    CHOICE = "choice"
    """One of the field's ``choices``, picked by name."""
    CARDS = "cards"
    """A list of up to ``most`` cards, each its points or ``{"points", "multiplier"}``."""


@dataclass(frozen=True)
class EntryContext:
    """What a field's ``asked`` rule looks at: one seat's entry so far and its score sheet."""

    seat: int
    players: int
    values: Mapping[str, object]
    """The fields this seat has entered so far."""
    round: int = 1
    rounds: int = 3
    totals: Mapping[int, int] = field(default_factory=dict)
    """Each seat's total of the closed rounds."""
    entered: Mapping[int, int] = field(default_factory=dict)
    """The points of the seats already in this round."""
    marked: int | None = None
    """The seat marked as starting the next round."""


@dataclass(frozen=True)
class ScoreField:
    """One field of a seat's score entry: the keypad asks it, a scenario may give it."""

    name: str
    """The key in the ``score`` entry (``points`` is the entry's own points)."""
    kind: FieldKind = FieldKind.NUMBER
    prompt: str = ""
    """What the keypad asks ("" shows the name)."""
    low: int = 0
    high: int = 999
    """The range a number (or a card's points) can be typed in; the game checks the rest."""
    default: int | bool | None = None
    """What the game takes when an entry leaves the field out (None: it is needed, or its
    absence means something of its own, as the field's prompt says)."""
    choices: tuple[str, ...] = ()
    """A ``CHOICE`` field's values."""
    most: int = 0
    """A ``CARDS`` field's largest number of cards."""
    asked: Callable[[EntryContext], bool] | None = None
    """When the keypad asks the field (None: always)."""
    keypad: bool = True
    """False: only a scenario gives it (another way to enter what the keypad fields cover)."""

    @property
    def shown(self) -> str:
        """The keypad's question."""
        return self.prompt or self.name


@dataclass(frozen=True)
class Mission:
    """One mission (or variant) of a game that has several: its own score fields."""

    key: str
    """The setup block's ``mission``."""
    name: str
    """The name shown on screen (and on its home button)."""
    fields: tuple[ScoreField, ...] = ()
    home: Mapping[str, object] | None = None
    """The setup a home button starts, besides ``game`` and ``mission`` (None: no button)."""
    players: tuple[int, int] | None = None
    """The table sizes its home button's setup screen offers (None: the game's)."""


@dataclass(frozen=True)
class Settings:
    """What the device's configuration gives a game's setup: its defaults and limits."""

    seats: int = 12
    """The seat buttons the device has."""
    sections: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """The configuration sections the game reads (``GameSpec.reads``), each key to its value."""
    auto_start: float = 0.0
    """Start by itself this long after setup when the game's own setting does not (0: never)."""
    profiles: Callable[[], Sequence[str]] = tuple
    """The player profiles, most recent first (read only by a setup that lists them)."""

    def section(self, name: str) -> Mapping[str, Any]:
        """The configuration section ``name`` (empty if the device has none)."""
        return self.sections.get(name, {})

    def check_seats(self, players: int) -> None:
        """Refuse more players than the device has seats."""
        if players > self.seats:
            raise SetupError(f"{players} players: the device has {self.seats} seats")


@dataclass(frozen=True)
class HomeButton:
    """A button on the home screen and the setup block it starts."""

    label: str
    setup: Mapping[str, object]
    players: tuple[int, int] | None = None
    """The fewest and most players: the button opens a setup screen to choose how many
    (None: it starts its setup as it is)."""
    caption: str = ""
    """What the button says when its label alone would not name the game (a mission's:
    "Alieninjas: Speed"); empty: the label."""


@dataclass(frozen=True)
class BgStats:
    """How BG Stats should see the game's plays (its push-play link and ``.bgsplay`` file)."""

    bgg_id: int | None = None
    """BoardGameGeek's id when a public source confirmed it (None: left out)."""
    highest_wins: bool = True
    no_points: bool = False
    """The game has winners only, no score worth keeping."""
    source_id: str = ""
    """The id BG Stats matches the game by ("": the game's key)."""


@dataclass(frozen=True)
class Sample:
    """A sample scenario that plays the game (``mothership demo --game NAME``)."""

    name: str
    """The name ``--game`` picks it by."""
    path: Path
    """The scenario file (docs/scenarios.md), inside the game's folder."""


VoiceValues = Callable[[str, str, int], "Sequence[object] | None"]
"""The values placeholder ``name`` of line ``line_id`` may take at a table of ``seats``
(None: the device's own values for that name)."""


@dataclass(frozen=True)
class GameSpec(Generic[SetupT]):
    """One game: everything the device needs to set it up, play, resume and score it."""

    key: str
    """The setup block's ``game`` and the sessions' ``game``."""
    name: str
    """The name shown on screen and in the score log."""
    setup: Callable[[Mapping[str, Any], Settings], SetupT]
    """Check a setup block, with the device's settings as defaults; raises ``SetupError``."""
    session: Callable[[SetupT], Session[Any]]
    """A new session for a checked setup."""
    resume: Callable[[Mapping[str, Any]], Session[Any]]
    """The session that resumes a checkpoint's state."""
    aliases: tuple[str, ...] = ()
    """Other names ``find_game`` knows it by (lower case)."""
    setup_keys: frozenset[str] = frozenset({"players", "seed", "options"})
    """The keys its setup block may have besides ``game``."""
    fields: tuple[ScoreField, ...] = ()
    """A seat's score entry (empty: no score entry), or, with missions, the fallback."""
    missions: tuple[Mission, ...] = ()
    views: tuple[str, ...] = ()
    """Its own views, as ``"module:Class"``: each a ``games.layout.GameView`` on a screen of
    its own (``"<key>.<screen>"``), which the device draws from its layout. Named, not
    imported: they load with ``own_views()``, when asked."""
    home: Mapping[str, object] | None = None
    """The setup a home button named ``name`` starts, besides ``game`` (None: no button)."""
    players: tuple[int, int] | None = None
    """The fewest and most players, chosen on the device's setup screen before its home
    button's game starts (None: the game has its own setup screen, or none)."""
    again: Callable[[Any], Mapping[str, object]] | None = None
    """The setup block of a finished game's table (from its session's state), for Play again
    and the next time its home button is tapped (None: no Play again)."""
    lines: tuple[str, ...] = ()
    """Its narration lines: catalogue names shipped with the device (``narration/lines``) or
    paths of TOML files of its own."""
    voice: VoiceValues | None = None
    """What its lines' placeholders may say, for ``mothership voice prepare``."""
    bgstats: BgStats = BgStats()
    titles: Mapping[str, BgStats] = field(default_factory=dict)
    """The published titles a play may be filed under (One Night's boxes), each with its own
    BG Stats facts; a play with none is filed under ``untitled`` or the game's name."""
    untitled: str = ""
    """The title of a play logged before plays named their title ("": none)."""
    samples: tuple[Sample, ...] = ()
    """Its sample scenarios, the first the one ``mothership demo`` plays for its name."""
    sections: tuple[ConfigSection, ...] = ()
    """Its own sections of the config file (``games.config``): the device checks, fills in and
    documents them from these declarations, and its setup reads them."""
    config: tuple[str, ...] = ()
    """The device's configuration sections its setup reads too (``narration``...)."""

    @property
    def reads(self) -> tuple[str, ...]:
        """Every configuration section its setup reads: its own, then the device's it names."""
        return (*(section.name for section in self.sections), *self.config)

    def new_session(self, block: Mapping[str, Any], settings: Settings) -> Session[Any]:
        """Check ``block`` and start a session for it."""
        return self.session(self.setup(block, settings))

    def fields_for(self, mission: str | None = None) -> tuple[ScoreField, ...]:
        """The score fields of ``mission`` (the game's own if it has no such mission)."""
        for entry in self.missions:
            if entry.key == mission:
                return entry.fields
        return self.fields

    def all_fields(self) -> tuple[ScoreField, ...]:
        """Every score field of the game and of its missions."""
        return (*self.fields, *(f for mission in self.missions for f in mission.fields))

    def own_views(self) -> tuple[type[GameView], ...]:
        """The classes of its own views, imported now."""
        from games.layout import GameView

        kinds = []
        for path in self.views:
            module, _, name = path.partition(":")
            kind = getattr(importlib.import_module(module), name)
            if not (isinstance(kind, type) and issubclass(kind, GameView)):
                raise TypeError(f"{self.key}: {path} is not a GameView")
            if not kind.screen.value.startswith(f"{self.key}."):
                raise TypeError(
                    f"{self.key}: {path} goes on {kind.screen.value!r}; "
                    f"the game's own screens are named '{self.key}.<screen>'"
                )
            kinds.append(kind)
        return tuple(kinds)

    def home_buttons(self) -> tuple[HomeButton, ...]:
        """The home screen's buttons for this game: its own, then its missions'."""
        buttons = []
        if self.home is not None:
            buttons.append(HomeButton(self.name, {"game": self.key, **self.home}, self.players))
        for mission in self.missions:
            if mission.home is not None:
                setup = {"game": self.key, "mission": mission.key, **mission.home}
                players = mission.players or self.players
                caption = f"{self.name}: {mission.name}"
                buttons.append(HomeButton(mission.name, setup, players, caption))
        return tuple(buttons)
