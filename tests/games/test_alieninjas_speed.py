"""Speed: grab mode (who slapped the stack first), the next start player, and Replicas totals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from alieninjas_game import Game

from games.alieninjas.setup import parse_setup
from games.alieninjas.state import AlieninjasPhase, AlieninjasState
from games.alieninjas.views import ReplicasView, ScoresView, SeatTotal
from games.effects import Buzz, Effect, Lamp, LampPattern, Phase, Record, Say, Show, Sound
from games.errors import EventNotAcceptedError, SetupError
from games.events import Control, ControlPressed, ScoreEntered


class SpeedGame(Game):
    """A Speed game unless told otherwise."""

    def __init__(self, players: int = 3, mission: str = "speed", **options: Any) -> None:
        super().__init__(players, mission, **options)


def said(effects: list[Effect]) -> list[tuple[str, dict[str, Any]]]:
    return [(e.line, dict(e.params)) for e in effects if isinstance(e, Say)]


def test_grab_is_an_option_and_off_by_default() -> None:
    assert parse_setup({"mission": "speed", "players": 2}).options.grab is False
    setup = parse_setup({"mission": "speed", "players": 2, "options": {"grab": True}})
    assert setup.options.grab is True
    with pytest.raises(SetupError, match="expected true or false, got 1"):
        parse_setup({"mission": "speed", "players": 2, "options": {"grab": 1}})
    with pytest.raises(SetupError, match="did you mean 'grab'"):
        parse_setup({"mission": "speed", "players": 2, "options": {"grap": True}})


def test_without_grab_mode_presses_change_nothing() -> None:
    game = SpeedGame()
    assert game.press(1, at=5.0) == []
    assert game.state.candidate is None
    assert "alieninjas.speed.grab" not in [line for line, _ in said(game.log)]


def test_grab_mode_is_announced_in_the_score_phase() -> None:
    game = SpeedGame(grab=True)
    assert game.phase == "score"
    assert said(game.log)[-1] == ("alieninjas.speed.grab", {})


def test_the_earliest_edge_grabs_it_like_a_replicas_buzz() -> None:
    game = SpeedGame(grab=True)
    assert game.press(2, at=5.005, now=5.006) == []  # the window opens
    game.press(3, at=5.001, now=5.010)  # arrives later, pressed earlier
    assert game.session.next_deadline(game.state) == pytest.approx(5.026)
    effects = game.tick(5.026)
    assert effects[:3] == [Buzz(3, 5.001), Sound("alieninjas"), Lamp(3, LampPattern.ON)]
    assert said(effects) == [("alieninjas.speed.grabbed", {"seat": 3})]
    assert game.phase == "score"
    show = next(e for e in effects if isinstance(e, Show))
    assert isinstance(show.view, ScoresView) and show.view.grabbed == 3


def test_simultaneous_grabs_go_to_the_lower_seat() -> None:
    game = SpeedGame(grab=True)
    for seat in (3, 1, 2):
        game.press(seat, at=5.0, now=5.001)
    assert Buzz(1, 5.0) in game.tick(5.021)


def test_the_grab_rearms_by_itself_or_on_go() -> None:
    game = SpeedGame(grab=True, grab_rearm=1.0)
    game.press(2, at=5.0)
    game.tick(5.02)
    ignored = game.press(1, at=5.5)  # not re-armed yet
    assert [type(e) for e in ignored] == [Record]
    assert game.state.candidate is None
    assert game.session.next_deadline(game.state) == pytest.approx(6.02)
    assert Lamp(2, LampPattern.OFF) in game.tick(6.02)
    game.press(1, at=7.0)
    assert Buzz(1, 7.0) in game.tick(7.02)
    rearm = game.feed(ControlPressed(Control.GO, 7.1), 7.1)  # go: at once
    assert Lamp(1, LampPattern.OFF) in rearm
    game.press(3, at=7.2)
    assert Buzz(3, 7.2) in game.tick(7.22)


def test_a_score_right_after_a_press_commits_the_grab_first() -> None:
    game = SpeedGame(players=2, grab=True)
    game.press(2, at=5.0)
    effects = game.score(1, 4, now=5.0)
    assert effects[0] == Buzz(2, 5.0)
    assert game.state.entries[0].points == 4


def test_grab_mode_needs_no_presses_to_reach_final() -> None:
    game = SpeedGame(players=2, grab=True)
    for _ in range(3):
        assert game.phase == "score"
        game.score(1, 3)
        game.score(2, 2)
    assert game.phase == "final"
    assert [e.name for e in game.log if isinstance(e, Phase)] == ["score"] * 3 + ["final"]


def test_the_last_card_player_starts_the_next_round() -> None:
    game = SpeedGame(players=3)
    game.score(1, 3, last=True)
    game.score(2, 3, last=True)  # a later mark replaces the earlier one
    effects = game.score(3, 1)
    assert game.state.round == 2 and game.state.starter == 2
    assert ("alieninjas.speed.starter", {"seat": 2, "round": 2}) in said(effects)
    round_record = next(
        e for e in effects if isinstance(e, Record) and e.kind == "alieninjas.round"
    )
    assert round_record.data["ender"] == 2
    game.score(1, 3, last=True)
    game.score(1, 3, last=False)  # the seat's new entry takes the mark back
    game.score(2, 1)
    effects = game.score(3, 1)
    assert game.state.starter is None
    assert "alieninjas.speed.starter" not in [line for line, _ in said(effects)]


def test_last_is_not_a_replicas_field_and_must_be_a_flag() -> None:
    game = SpeedGame(players=2)
    with pytest.raises(EventNotAcceptedError, match="'last' must be true or false"):
        game.score(1, 3, last=1)
    replicas = SpeedGame(players=2, mission="replicas")
    replicas.feed(ControlPressed(Control.GO, 0.0), 0.0)
    replicas.tick(3.0)
    replicas.press(1, at=10.0)
    replicas.feed(ControlPressed(Control.YES, 10.0), 10.0)
    with pytest.raises(EventNotAcceptedError, match="'last' is not a replicas field"):
        replicas.feed(ScoreEntered(1, None, (("correct", 3), ("last", True))), 11.0)


def test_grab_state_round_trips_and_resumes() -> None:
    game = SpeedGame(grab=True)
    game.press(2, at=5.0)
    game.tick(5.02)  # grabbed, re-arm pending
    data = json.loads(json.dumps(game.session.to_json(game.state)))
    state: AlieninjasState = game.session.from_json(data)
    assert state == game.state
    moved, effects = game.session.resume(state, saved_at=5.5, now=105.5)
    assert effects[0] == Phase(AlieninjasPhase.SCORE)
    assert game.session.next_deadline(moved) == pytest.approx(106.02)


def test_replicas_ready_screen_shows_the_running_totals() -> None:
    game = SpeedGame(players=2, mission="replicas")
    first = next(e for e in game.log if isinstance(e, Show) and e.screen == "replicas")
    assert isinstance(first.view, ReplicasView) and first.view.totals == (
        SeatTotal(1, 0),
        SeatTotal(2, 0),
    )
    game.feed(ControlPressed(Control.GO, 0.0), 0.0)
    game.tick(3.0)
    game.press(1, at=10.0)
    game.feed(ControlPressed(Control.YES, 10.0), 10.0)
    for seat, correct in ((1, 4), (2, 3)):
        extra = (("correct", correct), ("wrong", 0))
        game.feed(ScoreEntered(seat, None, extra), 11.0)
    assert game.phase == "ready"
    ready = [e for e in game.effects if isinstance(e, Show) and e.screen == "replicas"][-1]
    assert isinstance(ready.view, ReplicasView) and ready.view.stage == "ready"
    # With each closed round's points: the round table the ready screen shows (issue 35).
    assert ready.view.totals == (SeatTotal(1, 5, (5,)), SeatTotal(2, 3, (3,)))
