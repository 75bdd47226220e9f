"""The One Night session as a pure state machine: setup, night, day timer, vote, resume."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.effects import Effect, Lamp, Phase, Prepare, Say, Show
from games.errors import EventNotAcceptedError
from games.events import (
    AnswerTap,
    Control,
    ControlPressed,
    LinesReady,
    SeatPressed,
    Tap,
    Tick,
    Touched,
    VoteCast,
)
from games.onenight import night
from games.onenight.instructions import all_lines
from games.onenight.session import OneNightSession
from games.onenight.setup import OneNightOptions, OneNightSetup, find_preset
from games.onenight.state import OneNightPhase, OneNightState
from games.onenight.views import AnswerButtons, NightView

SPEECH = 2.0  # every line "takes" two seconds in these tests


def make(players: int = 4, **options: Any) -> OneNightSession:
    preset = find_preset("alien_first_game")
    return OneNightSession(OneNightSetup(players, preset.roles, 7, OneNightOptions(**options)))


def run_to(
    session: OneNightSession, state: OneNightState, until: float
) -> tuple[OneNightState, list[tuple[float, Effect]]]:
    """Tick the session at each of its deadlines up to ``until``; effects with their times."""
    timeline: list[tuple[float, Effect]] = []
    deadline = session.next_deadline(state)
    while deadline is not None and deadline <= until:
        state, effects = session.handle(state, Tick(deadline), deadline)
        timeline += [(deadline, effect) for effect in effects]
        deadline = session.next_deadline(state)
    return state, timeline


def started(session: OneNightSession) -> tuple[OneNightState, list[Effect]]:
    state, _ = session.start(0.0)
    state, effects = session.handle(state, Touched(Tap.START), 1.0)
    prepare = next(effect for effect in effects if isinstance(effect, Prepare))
    return session.handle(state, LinesReady(tuple(SPEECH for _ in prepare.lines)), 1.0)


def test_setup_waits_for_start_and_asks_for_every_line_to_be_rendered() -> None:
    session = make()
    state, effects = session.start(0.0)
    assert effects[0] == Phase(OneNightPhase.SETUP)
    assert session.next_deadline(state) is None
    state, effects = session.handle(state, ControlPressed(Control.GO, 0.5), 0.5)
    prepare = next(effect for effect in effects if isinstance(effect, Prepare))
    lines = [say.line for say in prepare.lines]
    assert set(prepare.lines) >= {cue.say for cue in night.cues(state)}
    assert state.instructions is not None
    assert set(prepare.lines) >= set(all_lines(state.instructions))
    assert "onenight.day.vote_call" in lines
    # A second start while preparing changes nothing.
    assert session.handle(state, Touched(Tap.START), 0.6) == (state, [])


def test_auto_start_begins_preparing_at_its_deadline() -> None:
    session = make(auto_start_seconds=3.0)
    state, _ = session.start(10.0)
    assert session.next_deadline(state) == 13.0
    state, effects = session.handle(state, Tick(13.0), 13.0)
    assert any(isinstance(effect, Prepare) for effect in effects)


def test_the_night_speaks_every_cue_in_order_with_speech_and_hold_times() -> None:
    session = make(role_seconds=5.0, pause_seconds=1.0)
    state, effects = started(session)
    assert Phase(OneNightPhase.DUSK) in effects
    assert all(effect.pattern == "off" for effect in effects if isinstance(effect, Lamp))
    script = night.cues(state)
    assert [e.line for e in effects if isinstance(e, Say)] == [script[0].say.line]
    state, timeline = run_to(session, state, 10_000.0)
    said = [(t, e.line) for t, e in timeline if isinstance(e, Say)]
    spoken = said[: len(script) - 1]
    assert [line for _, line in spoken] == [cue.say.line for cue in script[1:]]
    # The first cue was spoken at 1.0; each next one follows speech + hold later.
    expected = 1.0 + SPEECH + script[0].hold
    assert spoken[0][0] == expected
    for (t0, _), (t1, _), cue in zip(spoken, spoken[1:], script[1:], strict=False):
        assert t1 - t0 == pytest.approx(SPEECH + cue.hold)
    phases = [e.name for _, e in timeline if isinstance(e, Phase)]
    assert phases == ["night", "day", "vote"]


def test_the_day_gives_warnings_a_countdown_and_the_vote_call_at_the_right_times() -> None:
    session = make(day_minutes=2)
    state, _ = started(session)
    state, timeline = run_to(session, state, 10_000.0)
    day_start = next(t for t, e in timeline if e == Phase(OneNightPhase.DAY))
    said = {
        f"{e.line}:{e.param_map()['n']}" if e.line.endswith("count") else e.line: t - day_start
        for t, e in timeline
        if isinstance(e, Say) and ".day." in e.line
    }
    assert said["onenight.day.start"] == 0.0
    assert said["onenight.day.one_minute"] == 60.0
    assert said["onenight.day.thirty_seconds"] == 90.0
    assert said["onenight.day.count:10"] == 110.0
    assert said["onenight.day.count:4"] == 116.0
    assert said["onenight.day.vote_call"] == 117.0
    vote_at = next(t for t, e in timeline if e == Phase(OneNightPhase.VOTE))
    assert vote_at - day_start == 120.0
    assert session.phase(state) == "vote"


def day_state(session: OneNightSession) -> tuple[OneNightState, float]:
    state, _ = started(session)
    deadline = session.next_deadline(state)
    while session.phase(state) != "day":
        assert deadline is not None
        state, _ = session.handle(state, Tick(deadline), deadline)
        deadline = session.next_deadline(state)
    assert state.day_ends_at is not None
    return state, state.day_ends_at - session.setup.day_seconds


def test_pausing_keeps_the_remaining_time_and_resuming_continues_it() -> None:
    session = make(day_minutes=2)
    state, start = day_state(session)
    state, effects = session.handle(state, ControlPressed(Control.GO, start + 20), start + 20)
    assert state.day_remaining == 100.0
    assert session.next_deadline(state) is None
    assert Say.of("onenight.day.paused") in effects
    state, effects = session.handle(state, Touched(Tap.RESUME), start + 500)
    assert state.day_ends_at == start + 600
    assert session.next_deadline(state) == start + 600 - 60


def test_extending_adds_a_minute_and_brings_back_the_warnings_it_needs() -> None:
    session = make(day_minutes=2)
    state, start = day_state(session)
    state, _ = run_to(session, state, start + 95)  # past the one-minute and 30 s warnings
    state, _ = session.handle(state, Touched(Tap.EXTEND), start + 95)
    assert state.day_ends_at == start + 180
    assert session.next_deadline(state) == start + 120  # the one-minute warning again


def test_vote_now_skips_to_the_vote_call() -> None:
    session = make(day_minutes=5)
    state, start = day_state(session)
    state, effects = session.handle(state, Touched(Tap.VOTE), start + 10)
    assert effects == [Say.of("onenight.day.vote_call")]
    state, timeline = run_to(session, state, start + 14)
    assert (start + 13, Phase(OneNightPhase.VOTE)) in timeline


def test_presses_at_night_do_nothing_at_all() -> None:
    session = make()
    state, _ = started(session)
    assert session.handle(state, SeatPressed(2, 3.0), 3.0) == (state, [])
    assert session.handle(state, Touched(Tap.PAUSE), 3.0) == (state, [])


def test_an_event_that_does_not_fit_the_phase_is_refused_in_players_words() -> None:
    session = make()
    state, _ = started(session)
    with pytest.raises(EventNotAcceptedError) as error:
        session.handle(state, VoteCast(1, 2), 3.0)
    assert str(error.value) == "a vote (seat 1 for seat 2) is not accepted in phase 'dusk'"


def test_the_state_survives_a_json_round_trip() -> None:
    session = make()
    state, _ = started(session)
    state, _ = run_to(session, state, 40.0)
    data = json.loads(json.dumps(session.to_json(state)))
    assert session.from_json(data) == state


def test_resuming_at_night_restarts_the_current_step_from_its_start() -> None:
    session = make()
    state, _ = started(session)
    state, timeline = run_to(session, state, 20.0)
    step = night.cues(state)[state.cue - 1].step
    resumed, effects = session.resume(state, saved_at=20.0, now=1000.0)
    assert isinstance(effects[1], Show) and effects[1].screen == "night"
    resumed, timeline = run_to(session, resumed, 1010.0)
    first = next(e.line for _, e in timeline if isinstance(e, Say))
    assert first == f"onenight.{step}.wake"


@pytest.mark.parametrize("restarts", [2, 3])
def test_restarts_before_the_replayed_step_speaks_never_go_back_further(restarts: int) -> None:
    # Power cuts in a row, each before the replayed step's first line: the same step again.
    session = make()
    state, _ = started(session)
    state, _ = run_to(session, state, 40.0)
    saved_at, now = 40.0, 1000.0
    firsts = []
    for _ in range(restarts):
        state = session.from_json(json.loads(json.dumps(session.to_json(state))))
        state, _ = session.resume(state, saved_at=saved_at, now=now)
        firsts.append(night.cues(state)[state.cue].say.line)
        saved_at, now = now, now + 500.0
    assert firsts[0].endswith(".wake")
    assert firsts == [firsts[0]] * restarts


def test_a_step_whose_last_line_was_said_is_not_woken_again() -> None:
    session = make()
    state, _ = started(session)
    script = night.cues(state)
    # Stop right after a step's closing line ("..., close your eyes").
    end = next(i for i in range(2, len(script)) if script[i].step != script[i - 1].step)
    while state.cue < end:
        when = state.deadline or 0.0
        state, _ = session.handle(state, Tick(when), when)
    resumed, _ = session.resume(state, saved_at=50.0, now=1000.0)
    assert resumed.cue == end and script[end].say.line.endswith(".wake")


def test_resuming_in_the_day_keeps_the_remaining_time() -> None:
    session = make(day_minutes=2)
    state, start = day_state(session)
    resumed, effects = session.resume(state, saved_at=start + 30, now=5000.0)
    assert resumed.day_ends_at == 5000.0 + 90
    assert Phase(OneNightPhase.DAY) in effects


ORACLE_ROLES = ("oracle", "alien", "alien", "cow", "psychic", "rascal", "exposer", "villager")


def oracle_game(seed: int) -> tuple[OneNightSession, OneNightState]:
    """A five-player game, run up to the moment the Oracle's answer window opens."""
    from games.onenight.setup import parse_roles

    setup = OneNightSetup(5, parse_roles(ORACLE_ROLES), seed, OneNightOptions())
    session = OneNightSession(setup)
    state, _ = started(session)
    while not state.listening:
        deadline = session.next_deadline(state)
        assert deadline is not None
        state, _ = session.handle(state, Tick(deadline), deadline)
    return session, state


def close_window(session: OneNightSession, state: OneNightState) -> tuple[OneNightState, list[Say]]:
    deadline = session.next_deadline(state)
    assert deadline is not None
    state, effects = session.handle(state, Tick(deadline), deadline)
    return state, [effect for effect in effects if isinstance(effect, Say)]


def seed_for(listen: str) -> int:
    import random

    from games.onenight.instructions import draw_instructions
    from games.onenight.setup import parse_roles

    roles = parse_roles(ORACLE_ROLES)
    for seed in range(200):
        drawn = draw_instructions(roles, 5, random.Random(seed), ripple_rate=0.15)
        if drawn.oracle is not None and drawn.oracle.listen == listen:
            return seed
    raise AssertionError(listen)


def test_a_yes_no_answer_is_kept_silently_and_the_last_one_counts() -> None:
    session, state = oracle_game(seed_for("yes_no"))
    state, said_yes = session.handle(state, ControlPressed(Control.YES, 9.0), 9.0)
    assert state.answer is True
    state, said_no = session.handle(state, Touched(AnswerTap(False)), 9.5)
    assert state.answer is False
    # Taken, and shown so: the one same sign for yes and for no, nothing said or lit.
    assert said_yes == said_no == [Show(NightView(AnswerButtons.YES_NO, 5, taken=True))]
    state, _ = close_window(session, state)
    assert state.answers == (("oracle", False),)
    assert state.answer is None and not state.listening


def test_a_number_answer_comes_from_a_seat_button_and_out_of_range_is_ignored() -> None:
    session, state = oracle_game(seed_for("number:10"))
    state, _ = session.handle(state, SeatPressed(7, 9.0), 9.0)
    assert state.answer == 7
    state, _ = session.handle(state, Touched(AnswerTap(11)), 9.1)
    assert state.answer == 7
    state, says = close_window(session, state)
    assert state.answers == (("oracle", 7),)
    assert state.instructions is not None and state.instructions.oracle is not None
    from games.onenight.instructions import oracle_outcome

    assert says == list(oracle_outcome(state.instructions.oracle, 7, None).lines)[:1]


def test_the_outcome_waits_for_the_whole_timer_even_after_an_early_answer() -> None:
    session, state = oracle_game(seed_for("yes_no"))
    closes = session.next_deadline(state)
    state, _ = session.handle(state, ControlPressed(Control.NO, 9.0), 9.0)
    assert session.next_deadline(state) == closes


def test_a_restart_during_the_oracle_keeps_her_window_and_answer_and_never_asks_again() -> None:
    session, state = oracle_game(seed_for("yes_no"))
    closes = session.next_deadline(state)
    assert closes is not None
    state, _ = session.handle(state, ControlPressed(Control.YES, 9.0), 9.0)
    resumed, effects = session.resume(state, saved_at=9.0, now=100.0)
    assert not [e for e in effects if isinstance(e, Say)]
    assert resumed.answer is True and resumed.listening == state.listening
    assert session.next_deadline(resumed) == closes + 91.0
    resumed, _ = close_window(session, resumed)
    assert resumed.answers == (("oracle", True),)


def test_the_masking_noise_runs_from_dusk_to_wake_up_when_asked_for() -> None:
    from games.effects import Mask

    session = make(mask_sound=True)
    state, effects = started(session)
    assert Mask(True) in effects
    state, timeline = run_to(session, state, 10_000.0)
    stop = next(t for t, e in timeline if e == Mask(False))
    assert stop == next(t for t, e in timeline if e == Phase(OneNightPhase.DAY))
    _, effects = started(make())
    assert not any(isinstance(e, Mask) for e in effects)


def test_every_day_screen_comes_with_its_clock_for_the_ambience() -> None:
    from games.effects import Countdown, Show
    from games.onenight.views import DayView

    session = make()
    state, _ = started(session)
    _, timeline = run_to(session, state, 10_000.0)
    effects = [e for _, e in timeline]
    days = [
        (i, e.view)
        for i, e in enumerate(effects)
        if isinstance(e, Show) and isinstance(e.view, DayView)
    ]
    assert days
    for i, view in days:
        assert effects[i + 1] == Countdown(view.ends_at)
