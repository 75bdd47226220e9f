"""The Players session: name player profiles on an on-screen keyboard and say who sits where.

Phases: ``players`` (the list of profiles, most recent first) and ``name`` (the keyboard).
Tapping a name and then pressing a seat button links that seat to the player, so the plays
logged from then on carry their name. A new name is typed letter by letter and added with OK.
The session only emits records (``players.add``, ``players.link``); the device's store keeps
the profiles and the seat links.
"""

from __future__ import annotations

import dataclasses
import string
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.declared import NOTHING_DECLARED
from games.effects import AddPlayer, Effect, Finished, GamePhase, LinkSeat, Phase, Say, Show
from games.errors import NOT_NOW, EventNotAcceptedError
from games.events import (
    ControlPressed,
    Event,
    KeyTap,
    PickTap,
    SeatPressed,
    TagSeen,
    Tap,
    Tick,
    TouchAction,
    Touched,
    describe,
)
from games.views import KeyboardView, PlayersView, SeatName

Transition = tuple["PlayersState", list[Effect]]

MAX_NAME = 16
"""The longest name the keyboard types."""
SHOWN = 12
"""How many names the list screen shows (the most recent)."""
LETTERS = tuple(string.ascii_uppercase)
"""The letter keys (each shown, and typed, as a capital or not: ``capitals``)."""
SHIFT, SPACE = "shift", "space"
"""The keyboard's two keys besides its letters, as their ``KeyTap`` says them."""


class PlayersPhase(GamePhase):
    """The players session's phases, in play order (the values are the transcript's names)."""

    PLAYERS = "players"
    """Profiles are picked for seats."""
    NAME = "name"
    """A new player's name is typed."""


PHASES = tuple(PlayersPhase)
"""Every phase the session reports."""


@dataclass(frozen=True)
class PlayersState:
    """The profile list, what is picked, and what is typed."""

    profiles: tuple[str, ...]
    players: int
    phase: PlayersPhase = PlayersPhase.PLAYERS
    picked: str = ""
    """The name waiting for a seat button ("" for none)."""
    typed: str = ""
    shift: bool = False
    """Shift was tapped: the next letter takes the other case ("McKay", "de Vries")."""
    links: tuple[tuple[int, str], ...] = ()
    """The seats linked in this session, as (seat, name), by seat."""
    message: str = ""


class PlayersSession:
    """Player profiles: add names, pick who sits at which seat."""

    game = "players"

    def __init__(self, profiles: tuple[str, ...], players: int) -> None:
        self.profiles = tuple(profiles)
        self.players = players
        self.declared = NOTHING_DECLARED

    def start(self, now: float) -> Transition:
        """Show the list of profiles."""
        state = PlayersState(self.profiles, self.players, message=_list_hint(self.profiles))
        return state, [Say.of("players.welcome"), *_show(state)]

    def handle(self, state: PlayersState, event: Event, now: float) -> Transition:
        """React to one input; raises ``EventNotAcceptedError`` for one that does not fit."""
        if isinstance(event, Tick):
            return state, []
        if state.phase is PlayersPhase.NAME:
            if isinstance(event, Touched):
                return _type(state, event.action)
            if isinstance(event, SeatPressed | ControlPressed | TagSeen):
                return state, []
        else:
            if isinstance(event, Touched):
                return _list_touch(state, event.action)
            if isinstance(event, SeatPressed):
                return _link(state, event.seat)
            if isinstance(event, ControlPressed | TagSeen):
                return state, []
        kind = describe(event)
        raise EventNotAcceptedError(
            f"{kind} is not accepted in phase {state.phase!r}", table=NOT_NOW
        )

    def next_deadline(self, state: PlayersState) -> float | None:
        """Never: the screen only reacts to input."""
        return None

    def phase(self, state: PlayersState) -> PlayersPhase:
        """``players`` or ``name``."""
        return state.phase

    def to_json(self, state: PlayersState) -> dict[str, Any]:
        """The state as JSON-able data (the phase as its plain name)."""
        return {**dataclasses.asdict(state), "phase": PlayersPhase(state.phase).value}

    def from_json(self, data: Mapping[str, Any]) -> PlayersState:
        """Rebuild a state from ``to_json`` output."""
        return state_from_json(data)

    def resume(self, state: PlayersState, saved_at: float, now: float) -> Transition:
        """Put the screen back up where it was (nothing is timed)."""
        return state, _show(state)


def state_from_json(data: Mapping[str, Any]) -> PlayersState:
    """Rebuild a state from ``dataclasses.asdict`` output."""
    return PlayersState(
        profiles=tuple(str(name) for name in data["profiles"]),
        players=int(data["players"]),
        phase=PlayersPhase(data["phase"]),
        picked=str(data["picked"]),
        typed=str(data["typed"]),
        shift=bool(data.get("shift", False)),  # a checkpoint from before Shift has none
        links=tuple((int(seat), str(name)) for seat, name in data["links"]),
        message=str(data["message"]),
    )


BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Marks that reorder the text around them (RLO is U+202E): a name could show as another."""


def plain_name(text: str) -> str:
    r"""A name without control characters (ESC, BEL, an OSC sequence's parts), line breaks or
    text-direction marks, in single spaces: what a screen, a page or a terminal shows as is.

    >>> plain_name("Ada\x1b]0;pwned\x07 \u202eLove\n")
    'Ada]0;pwned Love'
    """
    kept = (
        " " if char.isspace() else char
        for char in text
        if char.isspace()
        or not (char in BIDI_CONTROLS or unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"))
    )
    return " ".join("".join(kept).split())


def capitals(typed: str, shift: bool) -> bool:
    """Whether the letter keys show, and type, capitals: where a word starts, unless Shift
    was tapped; inside a word only after Shift.

    >>> capitals("", False), capitals("Mc", False), capitals("Mc", True), capitals("", True)
    (True, False, True, False)
    """
    return (not typed or typed.endswith(" ")) != shift


def press_key(typed: str, shift: bool, key: str) -> tuple[str, bool]:
    """``typed`` and Shift after a key: Shift turns Shift on or off; a letter is typed in the
    case the keys show (what is shown is what is typed: ``capitals``) and Shift goes off;
    space adds a space. Raises ``ValueError`` (naming it) for a key the keyboard has not got.

    >>> press_key("Mc", True, "k"), press_key("", True, "D"), press_key("de", False, "space")
    (('McK', False), ('d', False), ('de ', False))
    """
    if key == SHIFT:
        return typed, not shift
    if key == SPACE:
        return typed + " ", False
    if key.upper() not in LETTERS or len(key) != 1:
        raise ValueError(f"no key {key!r} on the keyboard")
    letter = key.upper() if capitals(typed, shift) else key.lower()
    return typed + letter, False


def _list_hint(profiles: tuple[str, ...]) -> str:
    if not profiles:
        return "No players yet: tap New player"
    return "Tap a name, then press that player's seat button"


def _list_touch(state: PlayersState, action: TouchAction) -> Transition:
    if action in (Tap.DONE, Tap.HOME):
        return state, [Finished()]
    if action is Tap.NEW:
        state = dataclasses.replace(
            state, phase=PlayersPhase.NAME, typed="", shift=False, message="Type a name"
        )
        return state, _show(state)
    if isinstance(action, PickTap):
        name = action.name
        if name not in state.profiles:
            raise EventNotAcceptedError(f"there is no player named {name!r}")
        message = f"{name}: press your seat button"
        state = dataclasses.replace(state, picked=name, message=message)
        return state, [Say.of("players.picked", name=name), *_show(state)]
    return state, []


def _link(state: PlayersState, seat: int) -> Transition:
    if not 1 <= seat <= state.players:
        raise EventNotAcceptedError(f"seat {seat}: the table has seats 1 to {state.players}")
    if not state.picked:
        return state, [Say.of("players.pick_first")]
    name = state.picked
    kept = tuple((s, n) for s, n in state.links if s != seat and n != name)
    links = tuple(sorted((*kept, (seat, name))))
    state = dataclasses.replace(
        state, picked="", links=links, message=f"{name} sits at seat {seat}"
    )
    return state, [
        LinkSeat(seat=seat, name=name),
        Say.of("players.linked", name=name, seat=seat),
        *_show(state),
    ]


def _type(state: PlayersState, action: TouchAction) -> Transition:
    if action is Tap.BACK:
        state = dataclasses.replace(state, phase=PlayersPhase.PLAYERS, typed="", message="")
        return state, _show(state)
    if action is Tap.DEL:
        return _retype(dataclasses.replace(state, shift=False), state.typed[:-1])
    if isinstance(action, KeyTap):
        try:
            typed, shift = press_key(state.typed, state.shift, action.key)
        except ValueError as error:
            raise EventNotAcceptedError(str(error)) from None
        if len(typed) > MAX_NAME:
            return state, [Say.of("players.too_long", most=MAX_NAME)]
        state = dataclasses.replace(state, shift=shift)
        return _retype(state, typed)
    if action is Tap.OK:
        return _add(state)
    return state, []


def _retype(state: PlayersState, typed: str) -> Transition:
    state = dataclasses.replace(state, typed=typed, message="")
    return state, _show(state)


def _add(state: PlayersState) -> Transition:
    name = plain_name(state.typed)  # as typed: "McKay" stays McKay
    if not name:
        return state, [Say.of("players.no_name")]
    if name.casefold() in {p.casefold() for p in state.profiles}:
        state = dataclasses.replace(state, message=f"{name} is taken: type another name")
        return state, [Say.of("players.duplicate", name=name), *_show(state)]
    state = dataclasses.replace(
        state,
        phase=PlayersPhase.PLAYERS,
        profiles=(name, *state.profiles),
        typed="",
        picked=name,
        message=f"{name}: press your seat button",
    )
    return state, [
        AddPlayer(name=name),
        Say.of("players.added", name=name),
        *_show(state),
    ]


def _show(state: PlayersState) -> list[Effect]:
    if state.phase is PlayersPhase.NAME:
        return [Phase(PlayersPhase.NAME), Show(keyboard_view(state))]
    return [Phase(PlayersPhase.PLAYERS), Show(players_view(state))]


def players_view(state: PlayersState) -> PlayersView:
    """The ``players`` screen's view: names (most recent first), the picked one, seat links."""
    return PlayersView(
        title="Players",
        names=tuple(state.profiles[:SHOWN]),
        picked=state.picked,
        seats=tuple(SeatName(seat, name) for seat, name in state.links),
        message=state.message,
    )


def keyboard_view(state: PlayersState) -> KeyboardView:
    """The ``keyboard`` screen's view: what is typed so far and a message."""
    return KeyboardView(
        title="New player",
        text=state.typed,
        most=MAX_NAME,
        message=state.message,
        capitals=capitals(state.typed, state.shift),
        shift=state.shift,
    )
