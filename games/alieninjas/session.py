"""The Alieninjas session: the Replicas timer and buzzer, and every mission's score sheet.

A pure state machine (see ``games.session``). Replicas phases: ``ready``, ``countdown``,
``round``, ``check``, ``score`` (per round), then ``final``. The other missions: ``score`` per
round, then ``final``. Each round's scores are reported as ``score``, the end as ``final``.
Speed's grab mode (``grab.py``) arbitrates seat presses during its ``score`` phase.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from games.alieninjas import grab, replicas, scoresheet
from games.alieninjas.scoresheet import board
from games.alieninjas.scoring import winners
from games.alieninjas.setup import ROUNDS, AlieninjasSetup
from games.alieninjas.state import AlieninjasPhase, AlieninjasState, state_from_json, state_to_json
from games.declared import Declared
from games.effects import Effect, Lamp, LampPattern, Phase, Record, Say, Show
from games.errors import NOT_NOW, EventNotAcceptedError
from games.events import (
    ControlPressed,
    Event,
    ScoreEntered,
    SeatPressed,
    TagSeen,
    Tick,
    Touched,
    describe,
)
from games.scoresheet import unfinished_effects
from games.views import EndView

Transition = tuple[AlieninjasState, list[Effect]]
_BUTTONS = (SeatPressed, ControlPressed, Touched, TagSeen)
REPLICAS_PHASES = tuple(AlieninjasPhase)
"""The phases of the Replicas mission, in play order."""
SHEET_PHASES = (AlieninjasPhase.SCORE, AlieninjasPhase.FINAL)
"""The phases of every other mission."""


class AlieninjasSession:
    """One Alieninjas game of three rounds, for any of the five missions."""

    game = "alieninjas"

    def unfinished(self, state: AlieninjasState) -> list[Effect]:
        """The closed rounds as an unfinished play, for a table that quits part way."""
        if state.phase == AlieninjasPhase.FINAL:
            return []
        rounds = state.sheet.points(state.setup.players)
        kind = "alieninjas.unfinished"
        return unfinished_effects("alieninjas", kind, rounds, of=ROUNDS, board=board(state))

    def __init__(self, setup: AlieninjasSetup) -> None:
        self.setup = setup
        self.declared = Declared(players=setup.players, mission=setup.mission)

    def start(self, now: float) -> Transition:
        """Announce the mission and open round 1."""
        state = AlieninjasState(self.setup)
        setup = self.setup
        record = Record(
            "alieninjas.start",
            {"mission": setup.mission, "players": setup.players, "seed": setup.seed},
        )
        welcome = Say.of("alieninjas.welcome", mission=setup.mission_name)
        state, effects = replicas.open_round(state, now)
        return state, [record, welcome, *effects]

    def handle(self, state: AlieninjasState, event: Event, now: float) -> Transition:
        """React to one input; raises ``EventNotAcceptedError`` for one that does not fit."""
        if isinstance(event, Tick):
            return _run_deadlines(state, now)
        effects: list[Effect] = []
        window = state.setup.options.arbitration_window
        if state.candidate is not None and (
            not isinstance(event, SeatPressed) or event.at >= state.candidate.at + window
        ):
            # Any other input (or a press whose edge is past the window) comes after the buzz it
            # follows. A press is judged by its edge, not by when the loop reached it, so a
            # busy loop cannot change who called first.
            state, effects = _commit(state)
        state, more = _dispatch(state, event, now)
        return state, effects + more

    def next_deadline(self, state: AlieninjasState) -> float | None:
        """The arbitration window's close, the countdown's end, the time limit or a re-arm."""
        if state.candidate is not None:
            return state.candidate.until
        return state.deadline

    def quick_sounds(self, state: AlieninjasState) -> bool:
        """Whether a press can sound now (the call on a buzz, a grab), so the device keeps its
        speaker quick and open: from the countdown ("Go!") through the round, and in Speed's
        grab mode while scores are entered; never on the ready screen or the score table."""
        rounds = state.phase in (AlieninjasPhase.COUNTDOWN, AlieninjasPhase.ROUND)
        return rounds or grab.active(state)

    def phase(self, state: AlieninjasState) -> AlieninjasPhase:
        """The current phase name."""
        return state.phase

    def to_json(self, state: AlieninjasState) -> dict[str, Any]:
        """The state as JSON-able data."""
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> AlieninjasState:
        """Rebuild a state from ``to_json`` output."""
        return state_from_json(data)

    def resume(self, state: AlieninjasState, saved_at: float, now: float) -> Transition:
        """Continue after a restart in the same phase, with the same screen and lamps: every
        timer (the countdown, the round clock and limit, a buzz's arbitration window, a
        lockout, a grab's re-arm) keeps its remaining time, and nothing is said again (a call
        being checked is not asked again: the screen and the lit lamp still ask it)."""
        shift = now - saved_at
        candidate = state.candidate
        if candidate is not None:
            candidate = dataclasses.replace(
                candidate,
                at=candidate.at + shift,
                opened=candidate.opened + shift,
                until=candidate.until + shift,
            )
        moved = dataclasses.replace(
            state,
            candidate=candidate,
            deadline=None if state.deadline is None else state.deadline + shift,
            running_since=None if state.running_since is None else state.running_since + shift,
            false_starts=tuple((seat, until + shift) for seat, until in state.false_starts),
        )
        effects: list[Effect] = [Phase(moved.phase), *_lamps(moved)]
        if moved.phase is AlieninjasPhase.FINAL:
            won = winners(moved.rounds, moved.setup.players)
            lines = scoresheet.final_lines(moved, won)
            return moved, [
                *effects,
                Show(EndView("Final scores", tuple(lines))),
            ]
        if moved.phase is AlieninjasPhase.SCORE:
            view = scoresheet.scores_view(moved, scoresheet.score_title(moved))
            return moved, [*effects, Show(view)]
        return moved, [*effects, Show(replicas.replicas_view(moved, now))]


def _lamps(state: AlieninjasState) -> list[Effect]:
    """Every seat's lamp as the phase left it (a restarted device starts with them off)."""
    lit: dict[int, LampPattern] = {}
    if state.phase is AlieninjasPhase.READY and state.starter is not None:
        lit[state.starter] = LampPattern.PULSE
    elif state.phase is AlieninjasPhase.CHECK and state.buzzed is not None:
        lit[state.buzzed] = LampPattern.ON
    elif state.phase is AlieninjasPhase.SCORE and state.grabbed is not None:
        lit[state.grabbed] = LampPattern.ON
    elif state.phase is AlieninjasPhase.SCORE and state.replicas and state.ender is not None:
        lit[state.ender] = LampPattern.ON  # the correct call's lamp stays lit until the next round
    elif state.phase is AlieninjasPhase.FINAL:
        lit = dict.fromkeys(winners(state.rounds, state.setup.players), LampPattern.BLINK)
    return [
        Lamp(seat, lit.get(seat, LampPattern.OFF)) for seat in range(1, state.setup.players + 1)
    ]


def _dispatch(state: AlieninjasState, event: Event, now: float) -> Transition:
    phase = state.phase
    if phase is AlieninjasPhase.SCORE and isinstance(event, ScoreEntered):
        return scoresheet.enter(state, event, replicas.open_round)
    if phase is AlieninjasPhase.FINAL:
        return scoresheet.on_final_input(state, event)
    if grab.active(state) and isinstance(event, _BUTTONS):
        return grab.on_input(state, event, now)
    if isinstance(event, _BUTTONS):
        if phase is AlieninjasPhase.READY:
            return replicas.on_ready(state, event, now)
        if phase is AlieninjasPhase.COUNTDOWN and isinstance(event, SeatPressed):
            return replicas.false_start(state, event, now)
        if phase is AlieninjasPhase.ROUND and isinstance(event, SeatPressed):
            return replicas.on_press(state, event, now)
        if phase is AlieninjasPhase.CHECK:
            return replicas.on_check(state, event, now)
        return state, []  # a stray press changes nothing
    raise EventNotAcceptedError(
        f"{describe(event)} is not accepted in phase {phase!r}", table=NOT_NOW
    )


def _run_deadlines(state: AlieninjasState, now: float) -> Transition:
    """Handle every deadline up to ``now``, each at its own time, in order."""
    effects: list[Effect] = []
    while True:
        if state.candidate is not None and state.candidate.until <= now:
            state, more = _commit(state)
        elif state.deadline is not None and state.deadline <= now:
            at = state.deadline
            if state.phase is AlieninjasPhase.COUNTDOWN:
                state, more = replicas.start_play(state, at)
            elif state.phase is AlieninjasPhase.ROUND:
                state, more = replicas.time_up(state, at)
            elif grab.active(state):
                state, more = grab.rearm(state)
            else:
                state, more = dataclasses.replace(state, deadline=None), []
        else:
            return state, effects
        effects += more


def _commit(state: AlieninjasState) -> Transition:
    """Close the arbitration window: a grab in Speed's grab mode, else a Replicas buzz."""
    return grab.commit(state) if grab.active(state) else replicas.commit(state)
