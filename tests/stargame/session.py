"""Stars' rules: Go, a dark count of a few seconds, the scores, the winner (pure, like a game in
``games/``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.declared import Declared
from games.effects import Effect, Finished, GamePhase, Phase, Say, Show
from games.errors import EventNotAcceptedError, SetupError
from games.events import (
    Control,
    ControlPressed,
    Event,
    ScoreEntered,
    SeatPressed,
    TagSeen,
    Tap,
    Tick,
    Touched,
)
from games.scoresheet import final_effects
from games.spec import Settings
from games.views import EndView, SheetRow, SheetView
from stargame.config import STARS
from stargame.fields import EXTRA
from stargame.views import CountView


class StarsPhase(GamePhase):
    """Its phases, in play order."""

    READY = "ready"
    DARK = "dark"
    """Eyes closed while the stars are counted."""
    SCORE = "score"
    FINAL = "final"

    @property
    def dark(self) -> bool:
        return self is StarsPhase.DARK

    @property
    def scoring(self) -> bool:
        return self is StarsPhase.SCORE


@dataclass(frozen=True)
class StarsSetup:
    players: int
    seed: int = 0
    level: int = 1
    """Each star caught scores ``level`` points."""
    seconds: int = 10
    """How long eyes stay closed."""


@dataclass(frozen=True)
class StarsState:
    setup: StarsSetup
    phase: StarsPhase = StarsPhase.READY
    deadline: float | None = None
    scores: tuple[tuple[int, int], ...] = ()


def stars_setup(block: Mapping[str, Any], settings: Settings) -> StarsSetup:
    """Check a setup block; its ``[stars]`` config section gives the level and seconds it
    leaves out."""
    section = {**STARS.defaults(), **settings.section("stars")}  # its declared defaults
    defaults = (("players", 2), ("level", section["level"]), ("seconds", section["seconds"]))
    values = {key: block.get(key, default) for key, default in defaults}
    for key, value in values.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise SetupError(f"setup.{key}: expected a whole number >= 1, got {value!r}")
    settings.check_seats(values["players"])
    return StarsSetup(seed=int(block.get("seed", 0)), **values)


def check_entry(state: StarsState, event: ScoreEntered) -> int:
    """A seat's points from its entry (its declared fields only)."""
    players = state.setup.players
    if not 1 <= event.seat <= players:
        raise EventNotAcceptedError(f"seat {event.seat}: not a seat at this table (1 to {players})")
    extra: dict[str, Any] = dict(event.extra)
    unknown = sorted(set(extra) - set(EXTRA))
    if unknown or event.points is None:
        raise EventNotAcceptedError(f"seat {event.seat}: a Stars entry has points, {EXTRA}")
    bonus = extra.get("bonus", False)
    if not isinstance(bonus, bool):
        raise EventNotAcceptedError(f"seat {event.seat}: bonus is yes or no, got {bonus!r}")
    return (
        _whole(event.seat, "points", event.points)
        + _whole(event.seat, "stars", extra.get("stars", 0)) * state.setup.level
        + (5 if bonus else 0)
        - _whole(event.seat, "penalty", extra.get("penalty", 0))
    )


def _whole(seat: int, name: str, value: object) -> int:
    """A field's count: a whole number, none below 0 (an entry from a file may hold anything)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise EventNotAcceptedError(f"seat {seat}: {name} is a whole number, got {value!r}")
    return value


def sheet(state: StarsState) -> SheetView:
    scores = dict(state.scores)
    rows = tuple(
        SheetRow(seat, (str(scores.get(seat, "-")),)) for seat in range(1, state.setup.players + 1)
    )
    return SheetView("Stars", ("Points",), rows, message="", round=1, rounds=1, controls=())


def _screen(state: StarsState) -> Show:
    if state.phase is StarsPhase.DARK and state.deadline is not None:
        return Show(CountView(state.setup.level, state.deadline))
    if state.phase is StarsPhase.FINAL:
        lines = tuple(f"Player {seat}: {points}" for seat, points in state.scores)
        return Show(EndView("Stars", lines))
    return Show(sheet(state))


class StarsSession:
    game = "stars"

    def __init__(self, setup: StarsSetup) -> None:
        self.setup = setup
        self.declared = Declared(players=setup.players)

    def start(self, now: float) -> tuple[StarsState, list[Effect]]:
        state = StarsState(self.setup)
        welcome = Say.of("stars.welcome", level=self.setup.level)
        return state, [Phase(state.phase), welcome, _screen(state)]

    def handle(
        self, state: StarsState, event: Event, now: float
    ) -> tuple[StarsState, list[Effect]]:
        go = isinstance(event, ControlPressed) and event.control is Control.GO
        if go and state.phase is StarsPhase.READY:
            state = dataclasses.replace(
                state, phase=StarsPhase.DARK, deadline=now + self.setup.seconds
            )
            # The dark screen first: the call said over it is its caption.
            return state, [Phase(state.phase), _screen(state), Say.of("stars.close")]
        due = state.deadline is not None and now >= state.deadline
        if isinstance(event, Tick) and state.phase is StarsPhase.DARK and due:
            state = dataclasses.replace(state, phase=StarsPhase.SCORE, deadline=None)
            return state, [Phase(state.phase), Say.of("stars.open"), _screen(state)]
        if isinstance(event, ScoreEntered) and state.phase is StarsPhase.SCORE:
            return self._enter(state, event)
        if (
            isinstance(event, Touched)
            and event.action is Tap.HOME
            and state.phase is StarsPhase.FINAL
        ):
            return state, [Finished()]
        if isinstance(event, Tick | SeatPressed | ControlPressed | Touched | TagSeen):
            return state, []
        raise EventNotAcceptedError(f"{type(event).__name__} is not accepted in {state.phase!r}")

    def _enter(self, state: StarsState, event: ScoreEntered) -> tuple[StarsState, list[Effect]]:
        points = check_entry(state, event)
        scores = tuple(sorted({**dict(state.scores), event.seat: points}.items()))
        state = dataclasses.replace(state, scores=scores)
        if len(scores) < state.setup.players:
            return state, [_screen(state)]
        state = dataclasses.replace(state, phase=StarsPhase.FINAL)
        totals = dict(scores)
        best = max(totals.values())
        winners = [seat for seat, total in totals.items() if total == best]
        return state, [
            Phase(state.phase),
            *final_effects("stars", "stars.final", totals, winners),
            Say.of("stars.winner", seat=winners[0]),
            _screen(state),
        ]

    def next_deadline(self, state: StarsState) -> float | None:
        return state.deadline

    def phase(self, state: StarsState) -> StarsPhase:
        return state.phase

    def to_json(self, state: StarsState) -> dict[str, Any]:
        return {
            "setup": dataclasses.asdict(state.setup),
            "phase": state.phase.value,
            "deadline": state.deadline,
            "scores": [list(item) for item in state.scores],
        }

    def from_json(self, data: Mapping[str, Any]) -> StarsState:
        return StarsState(
            StarsSetup(**data["setup"]),
            StarsPhase(data["phase"]),
            data["deadline"],
            tuple((int(seat), int(points)) for seat, points in data["scores"]),
        )

    def resume(
        self, state: StarsState, saved_at: float, now: float
    ) -> tuple[StarsState, list[Effect]]:
        if state.deadline is not None:  # the count keeps the time it had left
            state = dataclasses.replace(state, deadline=state.deadline + now - saved_at)
        return state, [Phase(state.phase), _screen(state)]
