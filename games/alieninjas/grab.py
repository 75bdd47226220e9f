"""Speed's optional grab mode: the seat buttons decide who slapped the stack first.

With ``options.grab`` on, a Speed round's seat presses are grabs. They arrive in phase
``score`` (the round is played at the table while the device waits for the scores), so the
scenario flow stays "``until score``, one ``score`` per seat" and grabbing never needs input.

Arbitration is the Replicas buzz's (``games.alieninjas.buzz``): the first press opens the
arbitration window, the earliest edge inside it wins, and simultaneous edges go to the lower
seat. The winner gets ``Buzz``, a lit lamp and "Player N grabbed it first!". The grab then
re-arms by itself ``options.grab_rearm`` seconds after the window closed (the card is taken and
the winner plays the next one), or at once on ``go``; presses before that are recorded and
ignored.
"""

from __future__ import annotations

import dataclasses

from games.alieninjas import scoresheet
from games.alieninjas.state import AlieninjasPhase, AlieninjasState
from games.effects import Buzz, Effect, Lamp, LampPattern, Record, Say, Show, Sound
from games.events import Control, ControlPressed, Event, SeatPressed, Tap, Touched

Transition = tuple[AlieninjasState, list[Effect]]


def active(state: AlieninjasState) -> bool:
    """Whether seat presses are grabs now (Speed, grab mode, scores being entered)."""
    return (
        state.setup.mission == "speed"
        and state.setup.options.grab
        and state.phase is AlieninjasPhase.SCORE
    )


def _show(state: AlieninjasState) -> Show:
    return Show(scoresheet.scores_view(state, scoresheet.score_title(state)))


def on_input(state: AlieninjasState, event: Event, now: float) -> Transition:
    """A seat press offers a grab; ``go`` re-arms at once; anything else changes nothing."""
    if isinstance(event, SeatPressed):
        return _press(state, event, now)
    go = isinstance(event, ControlPressed) and event.control is Control.GO
    if go or event == Touched(Tap.GO):
        return rearm(state)
    return state, []


def _press(state: AlieninjasState, event: SeatPressed, now: float) -> Transition:
    seat = event.seat
    if not 1 <= seat <= state.setup.players:
        return state, []
    if state.grabbed is not None:
        return state, [state.ignored_press(seat, event.at, "grab not re-armed")]
    return state.offered(seat, event.at, now), []


def commit(state: AlieninjasState) -> Transition:
    """Close the arbitration window: announce the winner; re-arm after ``grab_rearm``."""
    candidate = state.candidate
    if candidate is None:
        return state, []
    state = dataclasses.replace(
        state,
        candidate=None,
        grabbed=candidate.seat,
        deadline=candidate.until + state.setup.options.grab_rearm,
    )
    data = {"round": state.round, "seat": candidate.seat, "at": candidate.at}
    return state, [
        Buzz(candidate.seat, candidate.at),
        Sound("alieninjas"),
        Lamp(candidate.seat, LampPattern.ON),
        Say.of("alieninjas.speed.grabbed", seat=candidate.seat),
        Record("alieninjas.grab", data),
        _show(state),
    ]


def rearm(state: AlieninjasState) -> Transition:
    """The next grab may begin: the winner's lamp goes off."""
    seat = state.grabbed
    state = dataclasses.replace(state, grabbed=None, deadline=None)
    if seat is None:
        return state, []
    return state, [Lamp(seat, LampPattern.OFF), _show(state)]
