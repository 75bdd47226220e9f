"""Alieninjas scoring, table-driven from tests/data/alieninjas_scoring.toml, and the ranking."""

from __future__ import annotations

from typing import Any

import pytest
from tables import case_id, load_cases

from games.alieninjas.fields import may_tie_for_the_win
from games.alieninjas.scoring import (
    RoundScore,
    ScoreEntryError,
    round_points,
    winners,
)
from games.errors import RulesError
from games.scoresheet import totals


@pytest.mark.parametrize("case", load_cases("alieninjas_scoring"), ids=case_id)
def test_round_points(case: dict[str, Any]) -> None:
    points, tiebreak = round_points(
        case["mission"],
        case["entry"],
        ender=case.get("ender", False),
        failed=case.get("failed", False),
    )
    assert points == case["points"]
    assert tiebreak == case.get("tiebreak", case["points"])


@pytest.mark.parametrize("case", load_cases("alieninjas_scoring", "error"), ids=case_id)
def test_bad_entries(case: dict[str, Any]) -> None:
    with pytest.raises(ScoreEntryError, match=case["match"]) as caught:
        round_points(case["mission"], case["entry"])
    assert isinstance(caught.value, RulesError)
    assert str(dict(case["entry"])) in str(caught.value)  # the bad input is repeated
    assert caught.value.for_table == case["table"]  # and worded for the table, no dict in it


def rounds(*table: dict[int, int | tuple[int, int]]) -> list[list[RoundScore]]:
    out = []
    for row in table:
        scores = []
        for seat, value in row.items():
            points, tiebreak = value if isinstance(value, tuple) else (value, value)
            scores.append(RoundScore(seat, points, tiebreak))
        out.append(scores)
    return out


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        (rounds({1: 5, 2: 3, 3: 1}, {1: 4, 2: 2, 3: 2}, {1: 2, 2: 3, 3: 0}), [1]),
        # 1 and 2 tie on 8: the better last round wins.
        (rounds({1: 5, 2: 3, 3: 1}, {1: 1, 2: 2, 3: 2}, {1: 2, 2: 3, 3: 0}), [2]),
        # Tied on totals and on the last round: shared.
        (rounds({1: 4, 2: 4, 3: 6}, {1: 3, 2: 3, 3: 0}, {1: 1, 2: 1, 3: 0}), [1, 2]),
        # Push Your Luck: the tie-break is the Alieninjas captured, not the points.
        (rounds({1: 5, 2: 4}, {1: (3, 1), 2: (4, 3)}), [2]),
    ],
)
def test_winners(table: list[list[RoundScore]], expected: list[int]) -> None:
    assert winners(table, 3 if len(table[0]) == 3 else 2) == expected


def test_totals_count_every_seat() -> None:
    assert totals(rounds({1: 2}, {1: 3}), 3) == {1: 5, 2: 0, 3: 0}


@pytest.mark.parametrize(
    ("entered", "seat", "points", "expected"),
    [
        ({}, 1, 0, True),  # others still to come: a tie may follow
        ({2: 5}, 1, 3, False),  # seat 2 already has more (7 + 5 > 6 + 3)
        ({2: 2}, 1, 3, True),  # 9 each so far, seat 3 to come
        ({2: 2, 3: 0}, 1, 3, True),  # every seat in: a real tie with seat 2
        ({2: 1, 3: 0}, 1, 3, False),  # every seat in: seat 1 wins outright
    ],
)
def test_may_tie_for_the_win(
    entered: dict[int, int], seat: int, points: int, expected: bool
) -> None:
    before = {1: 6, 2: 7, 3: 2}
    assert may_tie_for_the_win(before, entered, seat, points, 3) is expected
