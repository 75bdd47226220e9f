"""The Replicas round: ready, the countdown, the timed round, the buzz and the check.

Phases: ``ready`` -> (go, or the last round's ender's seat button) -> ``countdown`` ->
``round`` (timer running) -> a seat's buzz -> ``check`` -> yes: ``score``; no: that seat is out
(half points) and ``round`` resumes for the others. The round also ends when every player has
called wrongly, or at the optional time limit.
"""

from __future__ import annotations

import dataclasses

from games.alieninjas import scoresheet
from games.alieninjas.setup import ROUNDS
from games.alieninjas.state import AlieninjasPhase, AlieninjasState
from games.alieninjas.views import ReplicasView, SeatTotal
from games.effects import Buzz, Effect, Lamp, LampPattern, Phase, Record, Say, Show, Sound
from games.events import Control, ControlPressed, Event, SeatPressed, Tap, Touched

Transition = tuple[AlieninjasState, list[Effect]]


def replicas_view(state: AlieninjasState, now: float) -> ReplicasView:
    """The ``replicas`` screen: round, Map side, stage, the timer, who buzzed, who is out,
    and each seat's running total with its points in every closed round (between rounds the
    screen shows them as the round table, for the table to check before Go)."""
    totals = state.totals()
    table = state.sheet.points(state.setup.players)  # a row per closed round, seat order
    return ReplicasView(
        round=state.round,
        rounds=ROUNDS,
        map=state.map_side,
        stage=state.phase,
        started_at=state.running_since,
        elapsed=state.elapsed if state.running_since is not None else state.clock(now),
        buzzed=state.buzzed,
        out=tuple(state.failed),
        players=state.setup.players,
        totals=tuple(
            SeatTotal(seat, totals[seat], tuple(points[seat - 1] for points in table))
            for seat in sorted(totals)
        ),
    )


def _show(state: AlieninjasState, now: float) -> Show:
    return Show(replicas_view(state, now))


def open_round(state: AlieninjasState, now: float = 0.0) -> Transition:
    """Start the current round: Replicas waits in ``ready``; other missions go to ``score``."""
    if not state.replicas:
        return scoresheet.open_scoring(state)
    state = dataclasses.replace(
        state, phase=AlieninjasPhase.READY, deadline=None, running_since=None
    )
    effects: list[Effect] = [
        Phase(AlieninjasPhase.READY),
        *(Lamp(seat, LampPattern.OFF) for seat in range(1, state.setup.players + 1)),
        Say.of("alieninjas.replicas.map", round=state.round, side=state.map_side),
        Say.of("alieninjas.replicas.shuffle"),
    ]
    if state.starter is not None:
        effects += [
            Lamp(state.starter, LampPattern.PULSE),
            Say.of("alieninjas.replicas.starter", seat=state.starter),
        ]
    return state, [*effects, _show(state, now)]


def on_ready(state: AlieninjasState, event: Event, now: float) -> Transition:
    """Go (button or screen), or the starter's seat button, starts the countdown."""
    go = isinstance(event, ControlPressed) and event.control is Control.GO
    go = go or event == Touched(Tap.GO)
    starter = isinstance(event, SeatPressed) and event.seat == state.starter
    if not (go or starter):
        return state, []
    state = dataclasses.replace(
        state, phase=AlieninjasPhase.COUNTDOWN, deadline=now + state.setup.options.countdown
    )
    lamps = [Lamp(state.starter, LampPattern.OFF)] if state.starter is not None else []
    return state, [
        Phase(AlieninjasPhase.COUNTDOWN),
        *lamps,
        Say.of("alieninjas.replicas.countdown"),
        _show(state, now),
    ]


def false_start(state: AlieninjasState, event: SeatPressed, now: float) -> Transition:
    """A press during the countdown: a spoken warning, and the optional lockout."""
    if not 1 <= event.seat <= state.setup.players:
        return state, []
    lockout = state.setup.options.false_start_lockout
    record = Record("alieninjas.false_start", {"round": state.round, "seat": event.seat})
    if lockout <= 0:
        return state, [record, Say.of("alieninjas.replicas.false_start", seat=event.seat)]
    until = dict(state.false_starts)
    until[event.seat] = now + lockout
    state = dataclasses.replace(state, false_starts=tuple(sorted(until.items())))
    seconds = f"{lockout:g}"
    say = Say.of("alieninjas.replicas.false_start_locked", seat=event.seat, seconds=seconds)
    return state, [record, say]


def start_play(state: AlieninjasState, at: float) -> Transition:
    """The countdown is over: the timer runs."""
    state = dataclasses.replace(state, phase=AlieninjasPhase.ROUND, running_since=at)
    state = dataclasses.replace(state, deadline=_limit(state))
    return state, [Phase(AlieninjasPhase.ROUND), Sound("round.start"), _show(state, at)]


def _limit(state: AlieninjasState) -> float | None:
    limit = state.setup.options.time_limit
    if limit <= 0 or state.running_since is None:
        return None
    return state.running_since + max(0.0, limit - state.elapsed)


def on_press(state: AlieninjasState, event: SeatPressed, now: float) -> Transition:
    """A seat button in ``round``: a candidate buzz, or ignored (and recorded) when locked out."""
    seat = event.seat
    if not 1 <= seat <= state.setup.players:
        return state, []
    if seat in state.failed or state.locked_until(seat) > now:
        why = "called wrongly" if seat in state.failed else "false start"
        return state, [state.ignored_press(seat, event.at, why)]
    return state.offered(seat, event.at, now), []


def commit(state: AlieninjasState) -> Transition:
    """Close the arbitration window: the candidate's buzz stops the clock; phase ``check``."""
    candidate = state.candidate
    if candidate is None:
        return state, []
    paused = state.clock(candidate.opened)
    state = dataclasses.replace(
        state,
        phase=AlieninjasPhase.CHECK,
        candidate=None,
        buzzed=candidate.seat,
        elapsed=paused,
        running_since=None,
        deadline=None,
    )
    return state, [
        Buzz(candidate.seat, candidate.at),
        Sound("alieninjas"),
        Lamp(candidate.seat, LampPattern.ON),
        Say.of("alieninjas.replicas.freeze"),
        Say.of("alieninjas.replicas.hand_back"),
        Phase(AlieninjasPhase.CHECK),
        Say.of("alieninjas.replicas.check", seat=candidate.seat),
        _show(state, candidate.opened),
    ]


def on_check(state: AlieninjasState, event: Event, now: float) -> Transition:
    """Yes: the round ends, scoring follows. No: the seat is out and the round resumes."""
    answer = _answer(event)
    if answer is None or state.buzzed is None:
        return state, []
    seat = state.buzzed
    if answer:
        reaction = (state.round, seat, round(state.elapsed, 3))
        state = dataclasses.replace(
            state, ender=seat, buzzed=None, reactions=(*state.reactions, reaction)
        )
        state, more = scoresheet.open_scoring(state)
        return state, [Say.of("alieninjas.replicas.correct", seat=seat), *more]
    state = dataclasses.replace(state, buzzed=None, failed=(*state.failed, seat))
    effects: list[Effect] = [Lamp(seat, LampPattern.OFF)]
    if len(state.failed) >= state.setup.players:
        state, more = scoresheet.open_scoring(state)
        return state, [*effects, Say.of("alieninjas.replicas.all_failed"), *more]
    effects.append(Say.of("alieninjas.replicas.wrong", seat=seat))
    state = dataclasses.replace(state, phase=AlieninjasPhase.ROUND, running_since=now)
    state = dataclasses.replace(state, deadline=_limit(state))
    return state, [*effects, Phase(AlieninjasPhase.ROUND), _show(state, now)]


def time_up(state: AlieninjasState, at: float) -> Transition:
    """The optional time limit ran out: the round ends with nobody calling it."""
    state = dataclasses.replace(state, elapsed=state.clock(at), running_since=None)
    state, more = scoresheet.open_scoring(state)
    hand_back = Say.of("alieninjas.replicas.hand_back")
    return state, [Say.of("alieninjas.replicas.time_up"), hand_back, *more]


def _answer(event: Event) -> bool | None:
    if isinstance(event, ControlPressed) and event.control is not Control.GO:
        return event.control is Control.YES
    if event in (Touched(Tap.YES), Touched(Tap.NO)):
        return event == Touched(Tap.YES)
    return None
