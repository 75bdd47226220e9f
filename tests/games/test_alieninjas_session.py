"""The Alieninjas session: setup, the Replicas flow, buzz arbitration, score sheets, JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from alieninjas_game import Game

from games.alieninjas.setup import parse_setup
from games.alieninjas.state import AlieninjasPhase, AlieninjasState, map_side
from games.effects import (
    Buzz,
    Effect,
    Lamp,
    LampPattern,
    LogPlay,
    Phase,
    Record,
    Report,
    Say,
    Show,
    Sound,
)
from games.errors import NOT_NOW, EventNotAcceptedError, SetupError
from games.events import ScoreEntered, Tap, Touched
from games.views import EndView
from narration.catalogue import Catalogue


def lines(effects: list[Effect]) -> list[str]:
    return [e.line for e in effects if isinstance(e, Say)]


def test_setup_errors_repeat_the_input_and_suggest() -> None:
    with pytest.raises(SetupError, match=r"'replica'.*did you mean 'replicas'"):
        parse_setup({"game": "alieninjas", "mission": "replica", "players": 3})
    with pytest.raises(SetupError, match="got 10"):
        parse_setup({"game": "alieninjas", "mission": "speed", "players": 10})
    with pytest.raises(SetupError, match="did you mean 'time_limit'"):
        parse_setup({"mission": "replicas", "players": 3, "options": {"time_limt": 5}})
    setup = parse_setup({"mission": "Push Your Luck", "players": 2, "seed": 4})
    assert (setup.mission, setup.players, setup.seed) == ("push_your_luck", 2, 4)


def test_ready_says_the_map_side_and_the_shuffle() -> None:
    game = Game()
    assert Phase(AlieninjasPhase.READY) in game.effects
    said = [e for e in game.effects if isinstance(e, Say)]
    side = dict(said[1].params)["side"]
    assert side in ("A", "B")
    assert lines(game.effects) == [
        "alieninjas.welcome",
        "alieninjas.replicas.map",
        "alieninjas.replicas.shuffle",
    ]


def test_earliest_edge_wins_even_when_delivered_second() -> None:
    game = Game()
    game.go(0.0)
    assert game.press(2, at=10.005, now=10.006) == []  # the window opens, nothing yet
    game.press(3, at=10.001, now=10.010)  # arrives later, pressed earlier
    assert game.session.next_deadline(game.state) == pytest.approx(10.026)
    effects = game.tick(10.026)
    assert effects[:3] == [Buzz(3, 10.001), Sound("alieninjas"), Lamp(3, LampPattern.ON)]
    assert lines(effects) == [
        "alieninjas.replicas.freeze",
        "alieninjas.replicas.hand_back",
        "alieninjas.replicas.check",
    ]
    assert game.phase == "check"


def test_a_press_whose_edge_is_after_the_window_cannot_win() -> None:
    game = Game()
    game.go(0.0)
    game.press(2, at=10.005, now=10.006)
    effects = game.press(1, at=10.030, now=10.031)  # pressed 25 ms after seat 2
    assert Buzz(2, 10.005) in effects
    assert game.state.buzzed == 2


def test_a_busy_loop_cannot_change_who_called_first() -> None:
    game = Game()
    game.go(0.0)
    game.press(2, at=10.005, now=10.006)
    # The loop was busy for 25 ms: the earlier press reaches it after the window's close, but
    # its edge is inside the window, so it wins before the window's tick commits anything.
    assert game.press(3, at=10.004, now=10.040) == []
    effects = game.tick(10.040)
    assert effects[0] == Buzz(3, 10.004)


def test_simultaneous_edges_go_to_the_lower_seat() -> None:
    game = Game()
    game.go(0.0)
    for seat in (3, 1, 2):
        game.press(seat, at=10.0, now=10.001)
    assert Buzz(1, 10.0) in game.tick(10.021)


def test_a_control_right_after_a_press_commits_the_buzz_first() -> None:
    game = Game()
    game.go(0.0)
    game.press(2, at=10.0)
    effects = game.control("yes", 10.0)
    assert effects[0] == Buzz(2, 10.0)
    assert lines(effects)[-2:] == ["alieninjas.replicas.correct", "alieninjas.score.replicas"]
    assert game.phase == "score"


def test_wrong_call_locks_the_seat_out_and_pauses_the_clock() -> None:
    game = Game()
    game.go(0.0)  # the round runs from 3.0
    game.press(2, at=13.0)
    game.tick(13.02)
    game.control("no", 60.0)  # 47 s of checking do not count
    assert game.phase == "round"
    assert "alieninjas.replicas.wrong" in lines(game.effects)
    ignored = game.press(2, at=61.0)
    assert [type(e) for e in ignored] == [Record]
    assert game.state.candidate is None
    game.press(1, at=65.0)
    game.control("yes", 65.0)
    assert game.state.reactions == ((1, 1, 15.0),)  # 10 s before the pause + 5 s after
    assert game.state.failed == (2,)


def test_every_player_failing_ends_the_round() -> None:
    game = Game(players=2)
    game.go(0.0)
    for seat in (1, 2):
        game.press(seat, at=10.0 + seat)
        game.control("no", 10.0 + seat)
    assert game.phase == "score"
    assert "alieninjas.replicas.all_failed" in lines(game.log)


def test_false_start_warns_by_default_and_can_lock_out() -> None:
    game = Game()
    game.control("go", 1.0)
    effects = game.press(2, at=2.0)
    assert lines(effects) == ["alieninjas.replicas.false_start"]
    assert game.phase == "countdown"

    locked = Game(false_start_lockout=5.0)
    locked.control("go", 1.0)
    assert lines(locked.press(2, at=2.0)) == ["alieninjas.replicas.false_start_locked"]
    locked.tick(4.0)
    assert [type(e) for e in locked.press(2, at=5.0)] == [Record]  # still asleep until 7.0
    locked.press(2, at=7.5)
    assert Buzz(2, 7.5) in locked.tick(7.6)


def test_time_limit_ends_the_round() -> None:
    game = Game(time_limit=60.0)
    game.go(0.0)
    assert game.session.next_deadline(game.state) == 63.0
    game.tick(63.0)
    assert game.phase == "score"
    assert "alieninjas.replicas.time_up" in lines(game.log)


def score(seat: int, correct: int, wrong: int = 0, optional: bool = False) -> ScoreEntered:
    extra = (("correct", correct), ("optional", optional), ("wrong", wrong))
    return ScoreEntered(seat, None, extra)


def test_scores_close_the_round_and_the_ender_starts_the_next() -> None:
    game = Game()
    game.go(0.0)
    game.press(3, at=20.0)
    game.control("no", 21.0)
    game.press(1, at=30.0)
    game.control("yes", 30.0)
    game.feed(score(1, 5, 1, optional=True), 31.0)
    game.feed(score(2, 4, 0), 31.0)
    effects = game.feed(score(3, 7, 2), 31.0)
    reports = [e.data for e in effects if isinstance(e, Report)]
    assert reports == [
        {"round": 1, "seat": 1, "points": 7, "total": 7},
        {"round": 1, "seat": 2, "points": 4, "total": 4},
        {"round": 1, "seat": 3, "points": 2, "total": 2},
    ]
    assert game.phase == "ready"
    assert game.state.starter == 1
    game.press(2, at=40.0)
    assert game.phase == "ready"  # only the last ender's button (or go) starts
    game.press(1, at=41.0)
    assert game.phase == "countdown"


def play_round(game: Game, caller: int, now: float, entries: dict[int, int]) -> None:
    if game.phase == "ready":
        game.control("go", now)
        game.tick(now + 3.0)
        game.press(caller, at=now + 10.0)
        game.control("yes", now + 10.0)
    for seat, points in entries.items():
        if game.state.setup.mission == "replicas":
            game.feed(score(seat, points), now + 11.0)
        else:
            game.feed(ScoreEntered(seat, points), now + 11.0)


def test_final_after_three_rounds_with_reaction_times() -> None:
    game = Game(players=2)
    play_round(game, 1, 0.0, {1: 4, 2: 3})
    play_round(game, 2, 100.0, {1: 2, 2: 5})
    play_round(game, 2, 200.0, {1: 1, 2: 1})
    assert game.phase == "final"
    final = next(e.data for e in game.log if isinstance(e, Report) and e.kind == "final")
    assert final == {"winners": [2], "totals": {1: 8, 2: 11}}
    end = next(e for e in game.log if isinstance(e, Show) and e.screen == "end")
    assert isinstance(end.view, EndView)
    assert "Player 2 called it in 7.0 s (round 2), 7.0 s (round 3)" in end.view.lines
    assert game.feed(Touched(Tap.HOME), 300.0)[-1].__class__.__name__ == "Finished"
    logged = next(e for e in game.log if isinstance(e, LogPlay)).result
    assert logged is not None and logged.scores == (8, 11)
    sides = ", ".join(map_side(game.state.setup.seed, number) for number in (1, 2, 3))
    assert logged.board == f"Replicas, Map sides {sides}"


@pytest.mark.parametrize("mission", ["speed", "memory", "collection", "push_your_luck"])
def test_other_missions_are_score_sheets(mission: str) -> None:
    game = Game(players=2, mission=mission)
    assert game.phase == "score"
    for r in range(3):
        play_round(game, 1, r * 10.0, {1: 3, 2: 2 + r})
    assert game.phase == "final"
    phases = [e.name for e in game.log if isinstance(e, Phase)]
    assert phases == ["score", "score", "score", "final"]
    logged = next(e for e in game.log if isinstance(e, LogPlay)).result
    assert logged is not None and logged.board == game.state.setup.mission_name


def test_bad_inputs_are_refused_with_the_input_named() -> None:
    game = Game(players=2, mission="memory")
    with pytest.raises(EventNotAcceptedError, match="seat 5"):
        game.feed(ScoreEntered(5, 3), 1.0)
    with pytest.raises(EventNotAcceptedError, match="'cards'") as caught:
        game.feed(ScoreEntered(1, None, (("cards", -2),)), 1.0)
    assert caught.value.for_table == (
        "Seat 1: Enter the Alieninja cards as a whole number, 0 or more."
    )  # the table reads whose entry it was, with no dict in it
    game.feed(ScoreEntered(1, None, (("cards", 2), ("multiplier", 3))), 1.0)
    assert game.state.entries[0].points == 6


def test_an_entry_out_of_its_phase_is_refused_in_the_tables_words() -> None:
    game = Game()  # Replicas, waiting for go: no scores yet
    with pytest.raises(EventNotAcceptedError, match="not accepted in phase 'ready'") as caught:
        game.score(1, 3)
    assert caught.value.for_table == NOT_NOW


def test_state_round_trips_through_json_and_resumes() -> None:
    game = Game(time_limit=100.0)
    game.go(0.0)
    game.press(2, at=10.0)
    game.control("no", 12.0)
    game.press(1, at=20.0, now=20.0)  # a pending buzz in the checkpoint
    data = json.loads(json.dumps(game.session.to_json(game.state)))
    state: AlieninjasState = game.session.from_json(data)
    assert state == game.state
    moved, effects = game.session.resume(state, saved_at=20.0, now=520.0)
    assert moved.running_since == game.state.running_since + 500.0  # type: ignore[operator]
    assert effects[0] == Phase(AlieninjasPhase.ROUND)
    assert game.session.next_deadline(moved) == pytest.approx(520.02)


def every_line_used(game: Game) -> set[tuple[str, tuple[tuple[str, Any], ...]]]:
    return {(e.line, e.params) for e in game.log if isinstance(e, Say)}


def test_every_line_renders_and_every_catalogue_line_is_used() -> None:
    catalogue = Catalogue.load("common", "alieninjas")
    used: set[tuple[str, tuple[tuple[str, Any], ...]]] = set()
    game = Game(players=2, time_limit=50.0, false_start_lockout=2.0)
    game.control("go", 0.0)
    game.press(1, at=1.0)
    game.tick(3.0)
    game.press(1, at=10.0)
    game.control("no", 10.0)
    game.tick(60.0)  # time up
    play_round(game, 1, 100.0, {1: 4, 2: 2})  # seat 1 called wrongly: half of 4
    play_round(game, 2, 200.0, {1: 3, 2: 2})
    play_round(game, 1, 300.0, {1: 2, 2: 3})  # 8 each, 3 each in the last round: shared
    used |= every_line_used(game)
    other = Game(players=2)
    other.control("go", 0.0)
    other.press(2, at=1.0)
    other.tick(3.0)
    for seat in (1, 2):
        other.press(seat, at=10.0 + seat)
        other.control("no", 10.0 + seat)
    play_round(other, 1, 0.0, {1: 5, 2: 1})
    play_round(other, 1, 100.0, {1: 5, 2: 1})
    play_round(other, 1, 200.0, {1: 5, 2: 1})
    used |= every_line_used(other)
    speed = Game(players=2, mission="speed", grab=True)
    speed.press(2, at=5.0)
    speed.tick(6.0)  # "grabbed it first"
    speed.feed(ScoreEntered(1, 3, (("last", True),)), 10.0)
    speed.feed(ScoreEntered(2, 4), 10.0)  # round 2: player 1 starts
    used |= every_line_used(speed)
    for mission in ("memory", "collection", "push_your_luck"):
        game = Game(players=2, mission=mission)
        game.feed(ScoreEntered(1, 3, (("last", True),)), 10.0)
        game.feed(ScoreEntered(2, 4), 10.0)  # round 2: player 1 starts
        used |= every_line_used(game)
    for line, params in used:
        assert catalogue.text(line, dict(params))
    # A ".named" twin is said by the device for a named seat (test_seat_names.py).
    assert {line for line, _ in used} == {
        i for i in Catalogue.load("alieninjas").ids() if not i.endswith(".named")
    }
