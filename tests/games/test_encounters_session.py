"""The Alien Encounters session: the round tracker, undo, events, the tally and its lines."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tables import case_id, load_cases

from games.effects import Effect, Finished, Phase, Record, Report, Say, Show
from games.encounters.rules import EncountersSetup, Intention, Outcome
from games.encounters.session import (
    EncountersPhase,
    EncountersSession,
    EncountersState,
    intro_lines,
    verdict,
    verdict_lines,
)
from games.errors import EventNotAcceptedError, RulesError
from games.events import Control, ControlPressed, ScoreEntered, SeatPressed, Tap, Touched, VoteCast
from games.views import SheetView
from narration.catalogue import Catalogue

GO = ControlPressed(Control.GO, 0.0)


def tally(seat: int, intention: str, war: int, peace: int) -> ScoreEntered:
    extra = (("intention", intention), ("peace", peace), ("war", war))
    return ScoreEntered(seat, None, extra)


def play(
    session: EncountersSession, state: EncountersState, *events: Any
) -> tuple[EncountersState, list[Effect]]:
    effects: list[Effect] = []
    for event in events:
        state, more = session.handle(state, event, 0.0)
        effects += more
    return state, effects


def started(**options: Any) -> tuple[EncountersSession, EncountersState, list[Effect]]:
    session = EncountersSession(EncountersSetup(seed=3, **options))
    state, effects = session.start(0.0)
    return session, state, effects


@pytest.mark.parametrize("case", load_cases("encounters_setup", "intro"), ids=case_id)
def test_the_opening_says_and_shows_the_starting_bag_and_hand(case: dict[str, Any]) -> None:
    block = {"players": 2, "seed": 3, "options": case["options"]}
    session = EncountersSession(EncountersSetup.from_block(block))
    state, effects = session.start(0.0)
    said = [e for e in effects if isinstance(e, Say)]
    assert [say.line for say in said] == case["lines"]
    for line, params in case["params"].items():
        assert next(say for say in said if say.line == line).param_map() == params
    state, more = play(session, state, *[GO] * case["gos"])
    shown = [e for e in effects + more if isinstance(e, Show)][-1]
    assert isinstance(shown.view, SheetView) and list(shown.view.notes) == case["notes"]


def test_the_start_says_the_setup_and_opens_round_1() -> None:
    _, state, effects = started(remove=Intention.HOSTILE)
    lines = [e.line for e in effects if isinstance(e, Say)]
    assert lines == [
        "encounters.welcome",
        "encounters.remove.hostile",
        "encounters.intentions",
        "encounters.bag",
        "encounters.hand",
        "encounters.first",
        "encounters.round",
    ]
    assert state.phase == "rounds" and state.round == 1 and state.first in (1, 2)
    assert Phase(EncountersPhase.ROUNDS) in effects
    _, chosen, effects = started(random_first=False)
    assert chosen.first is None
    assert Say.of("encounters.choose_first") in effects


def test_ten_gos_reach_the_score_with_events_after_3_5_and_7() -> None:
    session, state, _ = started()
    state, effects = play(session, state, *[GO] * 9)
    assert state.round == 10
    events = [e.param_map()["round"] for e in effects if isinstance(e, Say) and "event" in e.line]
    assert events == [3, 5, 7]
    state, effects = play(session, state, GO)
    assert state.phase == "score"
    assert Phase(EncountersPhase.SCORE) in effects and Say.of("encounters.reveal") in effects


def test_undo_steps_back_and_touch_next_steps_on() -> None:
    session, state, _ = started()
    state, effects = play(session, state, Touched(Tap.UNDO))
    assert effects == [] and state.round == 1
    state, _ = play(session, state, GO, Touched(Tap.NEXT), Touched(Tap.UNDO))
    assert state.round == 2
    state, _ = play(session, state, *[GO] * 9)
    assert state.phase == "score"
    state, effects = play(session, state, Touched(Tap.UNDO))
    assert state.phase == "rounds" and state.round == 10
    assert Phase(EncountersPhase.ROUNDS) in effects


def test_the_tally_reports_scores_and_the_verdict() -> None:
    session, state, _ = started()
    state, _ = play(session, state, *[GO] * 10)
    state, effects = play(session, state, tally(1, "hostile", 17, 4))
    assert state.phase == "score"
    state, effects = play(session, state, tally(2, "peaceful", 3, 12))
    reports = [e for e in effects if isinstance(e, Report)]
    assert [r.data for r in reports] == [
        {"round": 10, "seat": 1, "points": 13, "total": 13},
        {"round": 10, "seat": 2, "points": -9, "total": -9},
        {"winners": [1], "totals": {1: 13, 2: -9}},
    ]
    assert any(isinstance(e, Record) and e.kind == "encounters.final" for e in effects)
    assert Say.of("encounters.winner", seat=1, faction="Humans") in effects
    assert state.phase == "final"
    shown = [e for e in effects if isinstance(e, Show)][-1]
    assert isinstance(shown.view, SheetView) and shown.view.message == "Player 1, the Humans, wins"
    _, effects = play(session, state, Touched(Tap.HOME))
    assert effects == [Finished()]


def test_bad_inputs_are_refused() -> None:
    session, state, _ = started()
    with pytest.raises(EventNotAcceptedError, match="seat 1 entered a tally in phase 'rounds'"):
        session.handle(state, tally(1, "hostile", 1, 1), 0.0)
    with pytest.raises(EventNotAcceptedError, match=r"a vote \(seat 1 for seat 2\) is not"):
        session.handle(state, VoteCast(1, 2), 0.0)
    assert session.handle(state, SeatPressed(1, 0.0), 0.0) == (state, [])
    state, _ = play(session, state, *[GO] * 10)
    with pytest.raises(RulesError, match="seat 2 entered war -1"):
        session.handle(state, tally(2, "hostile", -1, 0), 0.0)


def test_the_state_survives_a_checkpoint() -> None:
    session, state, _ = started(remove=Intention.PEACEFUL)
    state, _ = play(session, state, *[GO] * 10, tally(2, "hostile", 9, 1))
    data = session.to_json(state)
    assert session.from_json(data) == state
    resumed, effects = session.resume(session.from_json(data), 5.0, 0.0)
    assert resumed == state and effects[0] == Phase(EncountersPhase.SCORE)
    assert session.next_deadline(state) is None


CASES = [
    Outcome((1, 2), "both_peaceful_win"),
    Outcome((), "both_peaceful_lose"),
    Outcome((2,), "mixed"),
    Outcome((), "mixed"),
    Outcome((1,), "hostile_score"),
    Outcome((2,), "hostile_fewer_peace"),
    Outcome((), "hostile_draw"),
]


def test_every_line_the_session_can_say_renders() -> None:
    catalogue = Catalogue.load("common", "encounters")
    setup = EncountersSetup(factions=("humans", "apomixians"))
    lines: list[Say] = []
    for remove in (Intention.HOSTILE, Intention.PEACEFUL, None):
        for first in (1, 2, None):
            lines += intro_lines(EncountersSetup(remove=remove), first)
    for result in CASES:
        lines += verdict_lines(setup, result)
        assert verdict(setup, result)
    session, state, effects = started()
    lines += [e for e in effects if isinstance(e, Say)]
    state, effects = play(session, state, Touched(Tap.NEXT), Touched(Tap.UNDO), *[GO] * 10)
    lines += [e for e in effects if isinstance(e, Say)]
    spoken = {say.line for say in lines}
    # A ".named" twin is said by the device for a named seat (test_seat_names.py).
    assert spoken == {i for i in catalogue.ids() if not i.endswith(".named")} - set(
        Catalogue.load("common").ids()
    )
    for say in lines:
        text = catalogue.text(say.line, say.param_map())
        assert text and "{" not in text, say.line


@pytest.mark.parametrize("case", load_cases("encounters_winners"), ids=case_id)
def test_the_final_sheet_shows_a_score_only_where_it_decides_and_says_the_winner_right(
    case: dict[str, Any],
) -> None:
    # alien-encounters.md:19: "War - Peace = score" is only the Hostile-Hostile cell's rule.
    session, state, _ = started()
    state, _ = play(session, state, *[GO] * 10)
    state, effects = play(session, state, tally(1, *case["one"]), tally(2, *case["two"]))
    shown = [e for e in effects if isinstance(e, Show)][-1].view
    assert isinstance(shown, SheetView)
    both_hostile = case["one"][0] == case["two"][0] == "hostile"
    assert ("Score" in shown.columns) is both_hostile
    assert all(len(row.cells) == len(shown.columns) for row in shown.rows)
    winners = case["winners"]
    if len(winners) == 1:
        assert re.fullmatch(r"Player \d, the \w+, wins", shown.message), shown.message
    else:
        assert shown.message in ("Both players win", "Nobody wins", "A draw")
