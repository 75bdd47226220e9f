"""The One Night session: setup, the narrated dusk and night, the timed day, then the vote.

A pure state machine (see ``games.session``). Timers are deadlines in the state; the device
sends ``Tick`` when the clock reaches ``next_deadline``. The night lives in
``games.onenight.night`` and the day in ``games.onenight.day``.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.declared import Declared
from games.effects import Effect, Lamp, LampPattern, Mask, Phase, Prepare, Record, Say, Show
from games.errors import NOT_NOW, EventNotAcceptedError, SetupError
from games.events import (
    Control,
    ControlPressed,
    Event,
    LinesReady,
    RevealEntered,
    SeatPressed,
    TagSeen,
    Tap,
    Tick,
    Touched,
    VoteCast,
    describe,
)
from games.onenight import day, foresee, night, result, reveal, vote
from games.onenight.instructions import draw_instructions
from games.onenight.lobby import Lobby
from games.onenight.pace import PACE_TAPS, change_pace, pace_line
from games.onenight.presets import find_preset, preset_roles
from games.onenight.script import all_day_lines
from games.onenight.script_app import possible_day_lengths
from games.onenight.setup import OneNightOptions, OneNightSetup
from games.onenight.state import OneNightPhase, OneNightState, state_from_json, state_to_json
from games.onenight.views import SetupView

Transition = tuple[OneNightState, list[Effect]]
PHASES = tuple(OneNightPhase)
"""Every phase the session reports, in play order."""


class OneNightSession:
    """One Night Ultimate Alien / Vampire / Werewolf, from setup to the vote."""

    game = "onenight"

    def __init__(self, setup: OneNightSetup) -> None:
        self.setup = setup
        self.declared = Declared(players=setup.players)

    # -- protocol ---------------------------------------------------------------------------

    def start(self, now: float) -> Transition:
        """Open the setup screen; start by itself later if the options say so."""
        state = OneNightState(self.setup)
        auto = self.setup.options.auto_start_seconds
        if auto > 0:
            state = dataclasses.replace(state, deadline=now + auto)
        return state, [Phase(OneNightPhase.SETUP), Show(_setup_view(state))]

    def handle(self, state: OneNightState, event: Event, now: float) -> Transition:
        """React to one input; raises ``EventNotAcceptedError`` for one that does not fit.
        From the day on, the result lines the game can reach are asked ahead
        (:mod:`games.onenight.foresee`)."""
        after, effects = self._handle(state, event, now)
        return after, effects + foresee.ahead(state, after)

    def _handle(self, state: OneNightState, event: Event, now: float) -> Transition:
        if isinstance(event, Tick):
            return _run_deadlines(state, now)
        if isinstance(event, LinesReady):
            return _lines_ready(state, event, now)
        if state.phase is OneNightPhase.SETUP:
            return _setup_input(state, event)
        if state.phase is OneNightPhase.DAY and isinstance(event, ControlPressed | Touched):
            return day.on_input(state, event, now)
        if state.phase is OneNightPhase.REVEAL and isinstance(event, RevealEntered):
            state = reveal.record(state, reveal.check(state, event))
            if reveal.complete(state):
                return result.finish(state)
            return state, [Show(reveal.reveal_view(state))]
        if state.phase is OneNightPhase.REVEAL and isinstance(event, Touched):
            state, effects = reveal.on_touch(state, event)
            if reveal.complete(state):
                # The last card's picker is not shown again: the end screen follows at once
                # (a reveal screen after the logged play would make it lose its BG Stats code).
                kept = [effect for effect in effects if not isinstance(effect, Show)]
                state, more = result.finish(state)
                return state, kept + more
            return state, effects
        if state.phase is OneNightPhase.RESULT and isinstance(event, Touched):
            return result.on_input(state, event)
        if state.phase is OneNightPhase.VOTE and isinstance(
            event, VoteCast | SeatPressed | ControlPressed | Touched
        ):
            return vote.on_input(state, event)
        if isinstance(event, SeatPressed | ControlPressed | Touched):
            # At night nothing reacts to a press: no lamp, no sound, nothing to give away.
            # An answer in an open window is kept silently; the dim screen shows it was taken,
            # the same sign whatever the answer, so the Oracle knows her tap counted.
            taken = night.take_answer(state, event) if state.listening else state
            if taken is state:
                return state, []
            return taken, [Show(night.night_view(taken, taken.listening))]
        raise EventNotAcceptedError(
            f"{describe(event)} is not accepted in phase {state.phase!r}", table=NOT_NOW
        )

    def next_deadline(self, state: OneNightState) -> float | None:
        """The next timed event: a night cue, the auto start or a day alert."""
        return state.deadline

    def phase(self, state: OneNightState) -> OneNightPhase:
        """The current phase name."""
        return state.phase

    def to_json(self, state: OneNightState) -> dict[str, Any]:
        """The state as JSON-able data."""
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> OneNightState:
        """Rebuild a state from ``to_json`` output."""
        return state_from_json(data)

    def resume(self, state: OneNightState, saved_at: float, now: float) -> Transition:
        """Continue after a restart in the same phase, with the same screen, nothing asked
        again: timers keep their remaining time; a night step is called again from its start,
        but never its question (see ``night.resume``). Nothing is said or recorded again; the
        result lines are asked ahead again (a restart lost the renderer's list)."""
        state, effects = self._resume(state, saved_at, now)
        return state, effects + foresee.resumed(state)

    def _resume(self, state: OneNightState, saved_at: float, now: float) -> Transition:
        shift = now - saved_at
        if state.phase.dark and state.spoken:
            return night.resume(state, shift, now)
        moved = dataclasses.replace(
            state,
            deadline=None if state.deadline is None else state.deadline + shift,
            day_ends_at=None if state.day_ends_at is None else state.day_ends_at + shift,
        )
        if moved.phase is OneNightPhase.DAY:
            return moved, [Phase(OneNightPhase.DAY), *day.shown(moved)]
        if moved.phase is OneNightPhase.VOTE:
            relit = vote.lamps_changed(None, moved)  # a restart lost the voted seats' lamps
            return moved, [Phase(OneNightPhase.VOTE), Show(vote.vote_view(moved)), *relit]
        if moved.phase is OneNightPhase.REVEAL:
            return moved, [Phase(OneNightPhase.REVEAL), reveal.screen(moved)]
        if moved.phase is OneNightPhase.RESULT:
            return moved, [Phase(OneNightPhase.RESULT), result.end_screen(moved)]
        if moved.phase is OneNightPhase.SETUP and moved.preparing:
            # Go was pressed: render the lines again (cached ones are quick) and go on to dusk.
            return moved, [
                Phase(OneNightPhase.SETUP),
                Show(_setup_view(moved)),
                Prepare(_prepared_lines(moved)),
            ]
        # Setup (or a night that had not been rendered yet): back to the setup screen.
        moved = dataclasses.replace(moved, phase=OneNightPhase.SETUP, preparing=False)
        return moved, [Phase(OneNightPhase.SETUP), Show(_setup_view(moved))]


# -- setup ----------------------------------------------------------------------------------


def _lobby(state: OneNightState) -> Lobby:
    return state.lobby or Lobby.from_setup(state.setup)


def _setup_view(state: OneNightState) -> SetupView:
    lobby = _lobby(state)
    view = lobby.view(preparing=state.preparing)
    return dataclasses.replace(view, pace=pace_line(state.setup.options, lobby.players))


def _setup_input(state: OneNightState, event: Event) -> Transition:
    go = isinstance(event, ControlPressed) and event.control is Control.GO
    if go or event == Touched(Tap.START):
        return _begin_preparing(state)
    if state.preparing or not isinstance(event, SeatPressed | Touched):
        if isinstance(event, ControlPressed | TagSeen | SeatPressed | Touched):
            return state, []
        raise EventNotAcceptedError(
            f"{describe(event)} is not accepted in phase 'setup'", table=NOT_NOW
        )
    if isinstance(event, Touched) and isinstance(event.action, Tap) and event.action in PACE_TAPS:
        options = change_pace(state.setup.options, event.action, _lobby(state).players)
        state = dataclasses.replace(state, setup=dataclasses.replace(state.setup, options=options))
        return state, [Show(_setup_view(state))]
    lobby = _lobby(state)
    if isinstance(event, SeatPressed):
        lobby = lobby.seat_checked_in(event.seat)
    else:
        # A random deal is drawn from the game's seed and the current roles: pure, replayable.
        rng = random.Random(f"{lobby.seed}:{','.join(role.value for role in lobby.roles)}")
        lobby = lobby.apply_action(event.action, rng)
    state = dataclasses.replace(state, lobby=lobby)
    return state, [Show(_setup_view(state))]


PRESET_DRAWS = 300
"""Games :func:`preset_lines` deals per table size (seeds 0 to 299)."""
PRESET_SHARE = 0.01
"""A line :func:`preset_lines` keeps is prepared by at least this share of those games."""


def preset_lines(
    key: str, players: range, *, draws: int = PRESET_DRAWS, share: float = PRESET_SHARE
) -> tuple[Say, ...]:
    """The lines games of preset ``key`` prepare before their night (the night, the day and the
    vote) that are common enough to render ahead: each that at least ``share`` of ``draws``
    games at each table size of ``players`` (those the preset seats) prepare, the most common
    first. The games are dealt with the default options, ripples included. Their instructions
    are random, and the rarest lines (seat pairs, ripples) are many: with the defaults a game
    then misses 0.4 lines on average and at most 3 in 99 games of 100 (2,800 other deals),
    rendered while its own night prepares; the 500 lines 2,100 deals prepare between them
    would take twice as long.

    Raises:
        SetupError: If the preset is unknown.
    """
    preset = find_preset(key)
    options = OneNightOptions()
    counts: Counter[Say] = Counter()
    games = 0
    for count in players:
        if not preset.min_players <= count <= preset.max_players:
            continue
        roles = preset_roles(preset, count)
        for seed in range(draws):
            drawn = draw_instructions(
                roles,
                count,
                random.Random(seed),
                ripple_rate=options.ripple_rate,
                oracle_even_odd=options.oracle_even_odd,
            )
            setup = OneNightSetup(count, roles, seed, options, preset=preset.name)
            counts.update(set(_prepared_lines(OneNightState(setup, instructions=drawn))))
            games += 1
    return tuple(say for say, seen in counts.most_common() if seen >= share * games)


def _prepared_lines(state: OneNightState) -> tuple[Any, ...]:
    lengths = possible_day_lengths(state.instructions, state.setup)
    # In the order said as far as it is known (a night without answers, the day, the vote),
    # then what answers may bring: the device decodes clips a few lines ahead in this order, so
    # a line said out of it (an answer's) is decoded at its cue, and the lines after it still
    # ahead of theirs. The day's first line, behind the answers' lines, was decoded at its cue.
    script = night.script_lines(state)
    known = set(script)
    answers = tuple(line for line in night.all_lines(state) if line not in known)
    return script + all_day_lines(lengths) + vote.vote_lines(state.setup.players) + answers


def _begin_preparing(state: OneNightState) -> Transition:
    if state.preparing:
        return state, []
    try:
        setup = _lobby(state).to_setup(state.setup.options)
    except SetupError as problem:
        # Not playable yet: say why on the screen and wait (an auto start waits too).
        lobby = dataclasses.replace(_lobby(state), notice=str(problem))
        state = dataclasses.replace(state, lobby=lobby, deadline=None)
        return state, [Show(_setup_view(state))]
    drawn = draw_instructions(
        setup.roles,
        setup.players,
        random.Random(setup.seed),
        ripple_rate=setup.options.ripple_rate,
        oracle_even_odd=setup.options.oracle_even_odd,
    )
    state = dataclasses.replace(
        state, setup=setup, lobby=None, preparing=True, deadline=None, instructions=drawn
    )
    # The drawn instructions are secret until the night speaks them: only the store sees them.
    record = Record("onenight.instructions", drawn.to_json())
    return state, [
        record,
        Show(_setup_view(state)),
        Prepare(_prepared_lines(state)),
    ]


def _lines_ready(state: OneNightState, event: LinesReady, now: float) -> Transition:
    if not state.preparing:
        raise EventNotAcceptedError("rendered lines arrived, but none were asked for")
    state = state.with_spoken(_prepared_lines(state), event.seconds)
    state = dataclasses.replace(
        state, preparing=False, cue=0, deadline=now, phase=OneNightPhase.DUSK
    )
    setup = state.setup
    record = Record(
        "onenight.start",
        {"players": setup.players, "roles": [r.value for r in setup.roles], "seed": setup.seed},
    )
    lamps: list[Effect] = [Lamp(seat, LampPattern.OFF) for seat in range(1, setup.players + 1)]
    mask: list[Effect] = [Mask(True)] if setup.options.mask_sound else []
    effects: list[Effect] = [
        record,
        Phase(OneNightPhase.DUSK),
        *mask,
        Show(night.night_view(state, "")),
        *lamps,
    ]
    state, more = _run_deadlines(state, now)
    return state, effects + more


# -- time -----------------------------------------------------------------------------------


def _run_deadlines(state: OneNightState, now: float) -> Transition:
    """Handle every deadline up to ``now``, each at its own time, in order."""
    effects: list[Effect] = []
    while state.deadline is not None and state.deadline <= now:
        at = state.deadline
        if state.phase is OneNightPhase.SETUP:
            state, more = _begin_preparing(state)
        elif state.phase.dark:
            state, more = night.speak_next(state, at)
        elif state.phase is OneNightPhase.DAY:
            state, more = day.on_deadline(state, at)
        else:
            state, more = dataclasses.replace(state, deadline=None), []
        effects += more
    return state, effects
