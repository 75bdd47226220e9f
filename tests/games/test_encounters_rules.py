"""Alien Encounters rules: the win table (every branch, from data), setup and tally checks."""

from __future__ import annotations

from typing import Any

import pytest
from tables import case_id, load_cases

from games.encounters.rules import (
    EncountersSetup,
    Intention,
    Tally,
    TallyError,
    check_tally,
    outcome,
)
from games.errors import RulesError, SetupError

CASES = load_cases("encounters_winners")


def tally(raw: list[Any]) -> Tally:
    return Tally(Intention(raw[0]), raw[1], raw[2])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_win_table(case: dict[str, Any]) -> None:
    result = outcome(tally(case["one"]), tally(case["two"]))
    assert list(result.winners) == case["winners"]
    assert result.case == case["case"]


def test_the_table_covers_every_case_name() -> None:
    names = {case["case"] for case in CASES}
    assert names == {
        "both_peaceful_win",
        "both_peaceful_lose",
        "mixed",
        "hostile_score",
        "hostile_fewer_peace",
        "hostile_draw",
    }


def test_a_tally_is_read_from_a_score_entry() -> None:
    entry = {"intention": "hostile", "war": 17, "peace": 4}
    assert check_tally(1, None, entry) == Tally(Intention.HOSTILE, 17, 4)
    assert check_tally(1, None, entry).score == 13


@pytest.mark.parametrize(
    ("seat", "points", "extra", "message"),
    [
        (3, None, {}, "seat 3 entered a tally: Alien Encounters has seats 1 and 2"),
        (1, 5, {}, "seat 1 entered points 5: enter intention, war and peace instead"),
        (1, None, {"sunnies": 1}, "seat 1 entered 'sunnies'"),
        (2, None, {"intention": "grumpy", "war": 1, "peace": 1}, "intention 'grumpy'"),
        (2, None, {"intention": "peaceful", "war": -2, "peace": 1}, "seat 2 entered war -2"),
        (2, None, {"intention": "peaceful", "war": 2}, "seat 2 entered peace None"),
    ],
)
def test_a_bad_tally_is_refused_by_name(
    seat: int, points: object, extra: dict[str, object], message: str
) -> None:
    with pytest.raises(TallyError) as error:
        check_tally(seat, points, extra)
    assert message in str(error.value)
    assert isinstance(error.value, RulesError)


def test_the_setup_block_reads_the_options() -> None:
    block = {
        "game": "encounters",
        "players": 2,
        "seed": 9,
        "options": {"factions": ["humans", "apomixians"], "remove": "peaceful"},
    }
    setup = EncountersSetup.from_block(block)
    assert setup.factions == ("humans", "apomixians")
    assert setup.remove is Intention.PEACEFUL
    assert setup.random_first
    assert setup.faction(2) == "Apomixians"


@pytest.mark.parametrize(
    ("block", "message"),
    [
        ({"players": 3}, "3 players: Alien Encounters is for exactly 2"),
        ({"options": {"factions": ["zanthans", "syntari"]}}, "the Humans meet one alien faction"),
        ({"options": {"factions": ["humans"]}}, "expected two factions"),
        ({"options": {"remove": "both"}}, "setup.options.remove"),
        ({"options": {"random_first": "yes"}}, "setup.options.random_first"),
        ({"options": {"colour": "red"}}, "setup.options.colour: unknown option"),
    ],
)
def test_a_bad_setup_is_refused_by_name(block: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError) as error:
        EncountersSetup.from_block({"game": "encounters", **block})
    assert message in str(error.value)
