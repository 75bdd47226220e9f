"""The session protocol: a game flow as a pure state machine.

A session turns ``(state, event, now)`` into ``(new_state, effects)``. It holds no hardware, no
screen and no speech engine, so it runs the same on the Pi, in the simulator and in tests, and its
state can be checkpointed as JSON after every transition and resumed after a crash.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar, runtime_checkable

from games.declared import Declared
from games.effects import Effect, GamePhase
from games.events import Event

S = TypeVar("S")

Transition = tuple[S, list[Effect]]


class Session(Protocol[S]):
    """What the device needs from every game flow."""

    game: str
    """The game's registry key (``"onenight"``...)."""

    declared: Declared
    """What the device may read about the table (its seats, its mission...)."""

    def start(self, now: float) -> tuple[S, list[Effect]]:
        """The first state and the effects that open the game."""
        ...

    def handle(self, state: S, event: Event, now: float) -> tuple[S, list[Effect]]:
        """React to one input. Raises ``EventNotAcceptedError`` for an input that does not fit."""
        ...

    def next_deadline(self, state: S) -> float | None:
        """When the session next wants a ``Tick`` without any input (None: never)."""
        ...

    def phase(self, state: S) -> GamePhase:
        """The current phase (a ``str`` too: its value is the transcript's name)."""
        ...

    def to_json(self, state: S) -> dict[str, Any]:
        """The state as JSON-able data, for the checkpoint."""
        ...

    def from_json(self, data: Mapping[str, Any]) -> S:
        """Rebuild a state written by ``to_json``."""
        ...

    def resume(self, state: S, saved_at: float, now: float) -> tuple[S, list[Effect]]:
        """Continue after a restart: ``saved_at`` was the old clock's time at the checkpoint."""
        ...


S_in = TypeVar("S_in", contravariant=True)


@runtime_checkable
class Unfinishable(Protocol[S_in]):
    """A game scored round by round, which a table that quits part way may keep."""

    def unfinished(self, state: S_in) -> list[Effect]:
        """The rounds closed so far as an unfinished play (a ``LogPlay`` nobody wins), or
        nothing when no round is closed yet or the game is over."""
        ...


@runtime_checkable
class PressSounds(Protocol[S_in]):
    """A game in which a seat's press can sound at times (a buzz)."""

    def quick_sounds(self, state: S_in) -> bool:
        """Whether a press may sound now: the speaker is held ready meanwhile."""
        ...
