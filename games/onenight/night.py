"""The narrated dusk and night: speaking the script's cues on the session clock."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from games.effects import Effect, Mask, Phase, Say, Show
from games.events import AnswerTap, Control, ControlPressed, Event, SeatPressed, Touched
from games.onenight import day
from games.onenight.cue import Cue
from games.onenight.instructions import Instructions
from games.onenight.instructions import all_lines as instruction_lines
from games.onenight.script import night_script
from games.onenight.script_app import Answers, day_length, outcomes
from games.onenight.setup import OneNightSetup
from games.onenight.state import OneNightPhase, OneNightState
from games.onenight.views import AnswerButtons, NightView

Transition = tuple[OneNightState, list[Effect]]


@lru_cache(maxsize=32)
def cues_for(
    setup: OneNightSetup, instructions: Instructions | None, answers: Answers
) -> tuple[Cue, ...]:
    """The night's cues (memoised: the script is a pure function of its inputs)."""
    return night_script(setup, instructions, answers)


def cues(state: OneNightState) -> tuple[Cue, ...]:
    """The cues of the game in ``state``, as its answers so far shape them."""
    return cues_for(state.setup, state.instructions, state.answers)


def script_lines(state: OneNightState) -> tuple[Say, ...]:
    """The night's lines in the order a night with no answers says them (each once)."""
    return tuple(dict.fromkeys(cue.say for cue in cues_for(state.setup, state.instructions, ())))


def all_lines(state: OneNightState) -> tuple[Say, ...]:
    """Every line the night may speak, whatever the answers, for pre-rendering: the script of a
    night without answers in order, then what answers may bring."""
    lines = list(script_lines(state))
    if state.instructions is not None:
        lines += instruction_lines(state.instructions)
    return tuple(dict.fromkeys(lines))


def day_seconds(state: OneNightState) -> float:
    """The length of this game's day, after the directive and ripple that apply."""
    found = outcomes(state.instructions, state.answers) if state.instructions else {}
    return day_length(state.instructions, state.setup, found)


def speak_next(state: OneNightState, at: float) -> Transition:
    """Speak the next cue at ``at`` and schedule the one after; at the end, open the day."""
    if state.listening:
        # The answer window closes: keep the answer (None: the device will answer for her).
        asked = cues(state)[state.cue - 1].step
        answers = (*state.answers, (asked, state.answer))
        state = dataclasses.replace(state, answers=answers, answer=None)
    script = cues(state)
    if state.cue >= len(script):
        state = dataclasses.replace(state, listening="")
        state, opening = day.start_day(state, at, day_seconds(state))
        return state, [*_mask(state, False), *opening]
    cue = script[state.cue]
    effects: list[Effect] = []
    if cue.phase != state.phase:
        effects.append(Phase(OneNightPhase(cue.phase)))
    if cue.listen or state.listening:
        # Open (or close) the answer buttons before the line, so the caption joins them.
        effects.append(Show(night_view(state, cue.listen)))
    effects.append(cue.say)
    deadline = at + state.seconds(cue.say) + cue.hold
    state = dataclasses.replace(
        state,
        phase=OneNightPhase(cue.phase),
        cue=state.cue + 1,
        deadline=deadline,
        listening=cue.listen,
        replaying=False,
    )
    return state, effects


def night_view(state: OneNightState, listen: str) -> NightView:
    """The night screen: answer buttons only while an answer window is open."""
    kind, _, highest = listen.partition(":")
    players = int(highest) if highest else state.setup.players
    taken = bool(kind) and state.answer is not None
    return NightView(answers=AnswerButtons(kind), players=players, taken=taken)


def take_answer(state: OneNightState, event: Event) -> OneNightState:
    """Keep an answer given in the open window (the last one counts). The screen shows that
    one was taken, never which (``NightView.taken``)."""
    kind, _, highest = state.listening.partition(":")
    answer: bool | int | None = None
    if kind == "yes_no":
        if isinstance(event, ControlPressed) and event.control is not Control.GO:
            answer = event.control is Control.YES
        elif isinstance(event, Touched) and isinstance(event.action, AnswerTap):
            tapped = event.action.answer
            answer = tapped if isinstance(tapped, bool) else None
    elif kind == "number":
        if isinstance(event, SeatPressed):
            answer = event.seat
        elif isinstance(event, Touched) and isinstance(event.action, AnswerTap):
            tapped = event.action.answer
            answer = None if isinstance(tapped, bool) else tapped
        if answer is not None and not 1 <= answer <= int(highest or state.setup.players):
            answer = None
    return state if answer is None else dataclasses.replace(state, answer=answer)


def step_start(state: OneNightState) -> int:
    """The index of the first cue of the step the last spoken cue belongs to."""
    script = cues(state)
    last = max(0, min(state.cue - 1, len(script) - 1))
    step = script[last].step
    while last > 0 and script[last - 1].step == step:
        last -= 1
    return last


RESUME_DELAY = 2.0
"""Seconds of quiet after a restart before the interrupted step is called again."""


def resume(state: OneNightState, shift: float, now: float) -> Transition:
    """After a restart: call the interrupted step again, but never its question again.

    A step whose last line was said is over: the next one is called. Otherwise, before the
    step's question, the step restarts from its start. An answer window that is
    still open stays open with its remaining time and its answer (the clock moved by ``shift``).
    After the window closed, the step goes on from the line after the question, keeping the
    answer. Answered or not makes no difference, so a restart gives nothing away.
    """
    effects: list[Effect] = [Phase(state.phase), *_mask(state, True)]
    if state.replaying:
        # Killed again before the replayed step spoke: it starts where the last restart put it.
        state = dataclasses.replace(state, deadline=now + RESUME_DELAY)
        return state, [*effects, Show(night_view(state, ""))]
    script = cues(state)
    last = max(0, min(state.cue - 1, len(script) - 1))
    asked = [index for index in range(step_start(state), last + 1) if script[index].listen]
    if asked and state.listening:
        deadline = None if state.deadline is None else state.deadline + shift
        state = dataclasses.replace(state, deadline=deadline)
        return state, [*effects, Show(night_view(state, state.listening))]
    first = asked[-1] + 1 if asked else step_start(state)
    if state.cue > 0 and (state.cue >= len(script) or script[state.cue].step != script[last].step):
        # Its last line was said ("Seer, close your eyes"): the step is over, never woken again.
        first = state.cue
    state = dataclasses.replace(
        state, cue=first, deadline=now + RESUME_DELAY, listening="", answer=None, replaying=True
    )
    return state, [*effects, Show(night_view(state, ""))]


def _mask(state: OneNightState, on: bool) -> list[Effect]:
    return [Mask(on)] if state.setup.options.mask_sound else []
