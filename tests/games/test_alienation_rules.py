"""Alienation rules: draft direction, totals, shared wins, entry and setup checks."""

from __future__ import annotations

from typing import Any

import pytest
from tables import case_id, load_cases

from games.alienation.rules import (
    AlienationSetup,
    RoundEntry,
    ScoreEntryError,
    check_entry,
    draft_direction,
    totals,
    winners,
)
from games.errors import RulesError, SetupError


@pytest.mark.parametrize("row", load_cases("alienation_rules", "direction"), ids=case_id)
def test_the_draft_direction_alternates_with_more_than_two(row: dict[str, Any]) -> None:
    assert [draft_direction(r, row["players"]) for r in (1, 2, 3)] == row["directions"]


@pytest.mark.parametrize("game", load_cases("alienation_rules", "game"), ids=case_id)
def test_totals_and_winners(game: dict[str, Any]) -> None:
    rounds = tuple(tuple(points) for points in game["rounds"])
    players = len(rounds[0])
    final = totals(rounds, players)
    assert [final[seat] for seat in range(1, players + 1)] == game["totals"]
    assert list(winners(final)) == game["winners"]


def test_an_entry_is_read_with_its_sunnies_and_firsties() -> None:
    entry = check_entry(2, 12, {"sunnies": 3, "first": True}, 3)
    assert entry == RoundEntry(2, 12, 3, True)
    assert check_entry(1, 0, {}, 2) == RoundEntry(1, 0, 0, False)


@pytest.mark.parametrize(
    ("seat", "points", "extra", "message"),
    [
        (3, -2, {}, "seat 3 scored -2: a round score is 0 or more"),
        (5, 2, {}, "seat 5 entered a score: this game has seats 1 to 4"),
        (1, None, {}, "seat 1 entered no points"),
        (1, 2.5, {}, "seat 1 entered points 2.5: a round score is a whole number"),
        (1, 2, {"sunnies": -1}, "seat 1 entered -1 sunnies: a Sunnies total is 0 or more"),
        (1, 2, {"first": "yes"}, "seat 1 entered first 'yes'"),
        (1, 2, {"war": 3}, "seat 1 entered 'war'"),
    ],
)
def test_a_bad_entry_is_refused_by_name(
    seat: int, points: object, extra: dict[str, object], message: str
) -> None:
    with pytest.raises(ScoreEntryError) as error:
        check_entry(seat, points, extra, 4)
    assert message in str(error.value)
    assert isinstance(error.value, RulesError)


@pytest.mark.parametrize(
    ("block", "message"),
    [
        ({"players": 5}, "5 players: Alienation is for 2 to 4"),
        ({"players": 1}, "1 players: Alienation is for 2 to 4"),
        ({"players": "3"}, "setup.players: expected a whole number, got '3'"),
        ({"players": 3, "seed": 1.5}, "setup.seed: expected a whole number"),
        (
            {"players": 3, "options": {"x": 1}},
            "setup.options.x: unknown option; options are friendliest, friendliest_seconds",
        ),
        ({"players": 3, "options": []}, "setup.options: expected an object, got []"),
        (
            {"players": 3, "options": {"friendliest": "nicest"}},
            "setup.options.friendliest: expected 'table' or 'random', got 'nicest'",
        ),
        (
            {"players": 3, "options": {"friendliest_seconds": 0}},
            "setup.options.friendliest_seconds: expected 1 to 3600 seconds, got 0",
        ),
    ],
)
def test_a_bad_setup_is_refused_by_name(block: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError) as error:
        AlienationSetup.from_block({"game": "alienation", **block})
    assert message in str(error.value)
