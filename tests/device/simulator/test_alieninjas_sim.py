"""Alieninjas in the simulator, following "The flow a scenario can count on" in DESIGN.md."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from device.config import Config
from device.simulator.run import simulate
from device.simulator.scenario import load_scenario, parse_scenario

DEMO = Path(__file__).parents[3] / "games" / "alieninjas" / "samples" / "replicas-demo.json"


def run(config: Config, setup: dict[str, Any], events: list[Any]) -> list[dict[str, Any]]:
    scenario = {"setup": {"game": "alieninjas", "seed": 3, **setup}, "events": events}
    return simulate(parse_scenario(json.dumps(scenario)), config).transcript.entries


def kinds(entries: list[dict[str, Any]], kind: str) -> list[Any]:
    return [entry[kind] for entry in entries if kind in entry]


def replicas_round(calls: list[tuple[int, bool]], scores: dict[int, int]) -> list[Any]:
    events: list[Any] = [
        {"until": "phase", "is": "ready"},
        {"control": "go"},
        {"until": "phase", "is": "round"},
    ]
    for seat, correct in calls:
        events += [{"wait": 10}, {"press": seat}, {"control": "yes" if correct else "no"}]
        if not correct:
            events.append({"until": "phase", "is": "round"})
    events += [
        {"score": {"seat": seat, "correct": c, "wrong": 0, "optional": False}}
        for seat, c in scores.items()
    ]
    return events


def test_a_wrong_call_then_a_correct_one(config: Config) -> None:
    events = replicas_round([(2, False), (1, True)], {1: 5, 2: 6, 3: 3})
    entries = run(config, {"mission": "replicas", "players": 3}, events)
    phases = kinds(entries, "phase")
    assert phases == ["ready", "countdown", "round", "check", "round", "check", "score", "ready"]
    assert kinds(entries, "buzz") == [{"seat": 2, "at": 13.0}, {"seat": 1, "at": 23.0}]
    said = kinds(entries, "say")
    assert "3, 2, 1, replicate!" in said
    assert "Freeze! Hands off your cards." in said
    assert "Did player 2 replicate the map correctly?" in said
    assert "Not a match. The round goes on for everyone except player 2." in said
    scores = kinds(entries, "score")
    # The ender adds 1; the wrong caller gets half of 6.
    assert [(s["seat"], s["points"], s["total"]) for s in scores] == [
        (1, 6, 6),
        (2, 3, 3),
        (3, 3, 3),
    ]
    assert kinds(entries, "sound").count("alieninjas") == 2


def test_a_false_start_is_warned_and_ignored(config: Config) -> None:
    events = [
        {"until": "phase", "is": "ready"},
        {"control": "go"},
        {"press": 2},
        {"until": "phase", "is": "round"},
    ]
    entries = run(config, {"mission": "replicas", "players": 2}, events)
    assert "Too soon, player 2! Wait for the word replicate." in kinds(entries, "say")
    assert kinds(entries, "buzz") == []
    assert kinds(entries, "phase")[-1] == "round"


def test_three_at_once_and_a_three_way_tie_at_the_end(config: Config) -> None:
    # Three buttons on the same edge time: the lower seat wins (the documented tie policy).
    first = [
        {"until": "phase", "is": "ready"},
        {"control": "go"},
        {"until": "phase", "is": "round"},
        {"wait": 5},
        {"press": 3},
        {"press": 2},
        {"press": 1},
        {"control": "yes"},
        {"score": {"seat": 1, "correct": 3, "wrong": 0}},  # 3 + 1 for ending the round
        {"score": {"seat": 2, "correct": 5, "wrong": 1}},
        {"score": {"seat": 3, "correct": 4, "wrong": 0}},
    ]
    # Round 2 and 3 leave all three on 9 in total, and level on the last round too: shared.
    rest = replicas_round([(3, True)], {1: 2, 2: 2, 3: 1}) + replicas_round(
        [(2, True)], {1: 3, 2: 2, 3: 3}
    )
    entries = run(config, {"mission": "replicas", "players": 3}, [*first, *rest])
    assert kinds(entries, "buzz")[0]["seat"] == 1
    final = kinds(entries, "final")
    assert final == [{"winners": [1, 2, 3], "totals": {1: 9, 2: 9, 3: 9}}]
    assert "Players 1, 2 and 3 share the victory with 9 points!" in kinds(entries, "say")
    assert kinds(entries, "phase")[-1] == "final"


def test_another_mission_plays_to_final(config: Config) -> None:
    events: list[Any] = []
    for points in ((4, 2), (1, 5), (6, 0)):
        events.append({"until": "phase", "is": "score"})
        events += [{"score": {"seat": s + 1, "points": p}} for s, p in enumerate(points)]
    events.append({"until": "phase", "is": "final"})
    entries = run(config, {"mission": "memory", "players": 2}, events)
    assert kinds(entries, "phase") == ["score", "score", "score", "final"]
    assert kinds(entries, "final") == [{"winners": [1], "totals": {1: 11, 2: 7}}]
    assert len(kinds(entries, "score")) == 6


def test_per_card_multipliers_and_the_next_starter_in_the_simulator(config: Config) -> None:
    card = {"points": 4, "multiplier": 2}
    events: list[Any] = [
        {"until": "phase", "is": "score"},
        {"score": {"seat": 1, "matched": [3, card], "left_in_hand": 1, "last": True}},
        {"score": {"seat": 2, "matched_points": 5}},  # the summed form still works
        {"until": "phase", "is": "score"},
        {"score": {"seat": 1, "matched": []}},
        {"score": {"seat": 2, "matched": [2]}},
        {"until": "phase", "is": "score"},
        {"score": {"seat": 1, "points": 1}},
        {"score": {"seat": 2, "points": 1}},
        {"until": "phase", "is": "final"},
    ]
    entries = run(config, {"mission": "collection", "players": 2}, events)
    assert kinds(entries, "final") == [{"winners": [1], "totals": {1: 11, 2: 8}}]
    assert "Player 1 ended the last round and starts round 2." in kinds(entries, "say")
    memory: list[dict[str, Any]] = [{"until": "phase", "is": "score"}]
    memory += [{"score": {"seat": 1, "cards": 3, "multiplier": 2, "multiplied": 1}}]
    memory += [{"score": {"seat": 2, "cards": 1}}]
    entries = run(config, {"mission": "memory", "players": 2}, memory)
    assert [s["points"] for s in kinds(entries, "score")] == [4, 1]


def test_an_unknown_mission_is_a_setup_error(config: Config) -> None:
    with pytest.raises(Exception, match="did you mean 'memory'"):
        run(config, {"mission": "memroy", "players": 2}, [])


def test_the_demo_scenario_runs_to_final(config: Config) -> None:
    entries = simulate(load_scenario(DEMO), config).transcript.entries
    assert kinds(entries, "phase")[-1] == "final"
    assert len(kinds(entries, "score")) == 9


def speed_contract(rounds: list[tuple[int, ...]]) -> list[Any]:
    """Exactly the contract steps: per round `until score`, one `score` per seat; `final`."""
    events: list[Any] = []
    for points in rounds:
        events.append({"until": "phase", "is": "score"})
        events += [{"score": {"seat": s + 1, "points": p}} for s, p in enumerate(points)]
    events.append({"until": "phase", "is": "final"})
    return events


def test_speed_grab_mode_plays_to_final_on_the_contract_steps(config: Config) -> None:
    setup = {"mission": "speed", "players": 2, "options": {"grab": True}}
    entries = run(config, setup, speed_contract([(4, 2), (1, 5), (6, 0)]))
    assert kinds(entries, "phase") == ["score", "score", "score", "final"]
    assert kinds(entries, "final") == [{"winners": [1], "totals": {1: 11, 2: 7}}]
    assert kinds(entries, "buzz") == []


def test_speed_grabs_and_the_last_card_in_the_simulator(config: Config) -> None:
    setup = {"mission": "speed", "players": 3, "options": {"grab": True, "grab_rearm": 2}}
    grabs: list[Any] = [
        {"until": "phase", "is": "score"},
        {"wait": 5},
        {"press": 3},
        {"press": 2},  # the same instant: the lower seat wins (the buzz tie policy)
        {"wait": 1},
        {"press": 1},  # not re-armed yet: ignored
        {"wait": 2},
        {"press": 1},
        {"wait": 1},
        {"score": {"seat": 1, "points": 3}},
        {"score": {"seat": 2, "points": 4, "last": True}},
        {"score": {"seat": 3, "points": 1}},
    ]
    entries = run(config, setup, grabs + speed_contract([(1, 1, 1), (2, 2, 2)]))
    assert [buzz["seat"] for buzz in kinds(entries, "buzz")] == [2, 1]
    said = kinds(entries, "say")
    assert "Player 2 grabbed it first!" in said
    assert "Player 1 grabbed it first!" in said
    assert "Player 2 played the last card and starts round 2." in said
    assert kinds(entries, "phase")[-1] == "final"


def test_the_replicas_screen_reads_the_running_totals() -> None:
    from device.ui.alieninjas import ReplicasScreen, ScoresScreen
    from games.alieninjas.views import ReplicasView, ScoresView, SeatTotal

    view = ReplicasView(
        round=2,
        rounds=3,
        map="A",
        stage="ready",
        started_at=None,
        elapsed=0.0,
        buzzed=None,
        out=(),
        players=2,
        totals=(SeatTotal(1, 5), SeatTotal(2, 3)),
    )
    assert ReplicasScreen.from_view(view).totals == ((1, 5), (2, 3))
    assert ReplicasScreen.from_view(dataclasses.replace(view, totals=())).totals == ()
    scores = ScoresView("Round 1", "speed", 1, 3, 2, (), (), grabbed=2)
    assert ScoresScreen.from_view(scores).grabbed == 2


def test_a_replicas_or_scores_view_with_a_wrong_field_is_refused_when_built() -> None:
    from games.alieninjas.views import ReplicasView, ScoreRow, ScoresView
    from games.views import ViewError

    with pytest.raises(ViewError, match=r"^ReplicasView\.stage must be one of ready, countdown"):
        ReplicasView(1, 3, "A", "final", None, 0.0, None, (), 2)
    with pytest.raises(ViewError, match=r"^ReplicasView\.elapsed must be float, got '1:02'$"):
        ReplicasView(1, 3, "A", "round", None, "1:02", None, (), 2)  # type: ignore[arg-type]
    with pytest.raises(ViewError, match=r"^ScoreRow\.total must be int, got None$"):
        ScoreRow(1, 0, None)  # type: ignore[arg-type]
    with pytest.raises(
        ViewError,
        match=r"^ScoresView\.rows must be tuple\[.*ScoreRow, \.\.\.\], got \(\(1, 0, 5\),\)$",
    ):
        ScoresView("R", "speed", 1, 3, 2, (), ((1, 0, 5),))  # type: ignore[arg-type]


def test_the_score_sheet_shows_who_starts() -> None:
    from device.ui import TouchUI
    from device.ui.alieninjas import ScoresScreen
    from games.alieninjas.scoresheet import scores_view
    from games.alieninjas.setup import AlieninjasSetup
    from games.alieninjas.state import AlieninjasState
    from games.views import ViewError

    state = AlieninjasState(AlieninjasSetup("memory", 3), round=2, starter=3, ender=1)
    screen = ScoresScreen.from_view(scores_view(state, "Round 2"))
    assert (screen.starter, screen.marked) == (3, 1)
    ui = TouchUI()
    ui.open()
    try:
        ui.show(scores_view(state, "Round 2"))  # draws it
    finally:
        ui.close()
    replicas = AlieninjasState(AlieninjasSetup("replicas", 3), starter=3, ender=1)
    screen = ScoresScreen.from_view(scores_view(replicas, "Round 1"))
    assert (screen.starter, screen.marked) == (None, None)  # the ender's button starts it
    with pytest.raises(ViewError, match=r"^ScoresView\.marked must be int \| None, got 'x'$"):
        dataclasses.replace(scores_view(state, "R"), marked="x")  # type: ignore[arg-type]  # refused
    with pytest.raises(
        ViewError, match=r"^ScoresView\.seats has seat 4, but the game has seats 1 to 3$"
    ):
        dataclasses.replace(scores_view(state, "R"), marked=4)


def test_the_companion_page_reads_the_typed_replicas_and_scores_views() -> None:
    from device.web.snapshot import table_of
    from games.alieninjas.replicas import replicas_view
    from games.alieninjas.scoresheet import scores_view
    from games.alieninjas.setup import AlieninjasSetup
    from games.alieninjas.state import AlieninjasPhase, AlieninjasState
    from games.views import ScreenName

    state = AlieninjasState(AlieninjasSetup("replicas", 2), round=2)
    names = {1: "Ada"}
    ready = table_of(
        "alieninjas", AlieninjasPhase.READY, ScreenName.REPLICAS, replicas_view(state, 0.0), names
    )
    assert ready.sheet is not None
    assert ready.sheet.rows == (("Ada", "0"), ("Player 2", "0"))
    scores = table_of(
        "alieninjas", AlieninjasPhase.SCORE, ScreenName.SCORES, scores_view(state, "R2"), names
    )
    assert scores.sheet is not None
    assert scores.sheet.rows == (("Ada", "0", "0"), ("Player 2", "0", "0"))
