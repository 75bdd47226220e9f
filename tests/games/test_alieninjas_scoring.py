"""Alieninjas scoring, table-driven from tests/data/alieninjas_scoring.toml, and the ranking."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from games.alieninjas.scoring import RoundScore, ScoreEntryError, round_points, totals, winners
from games.errors import RulesError

DATA = tomllib.loads(
    (Path(__file__).parent.parent / "data" / "alieninjas_scoring.toml").read_text("utf-8")
)


@pytest.mark.parametrize("case", DATA["case"], ids=[c["name"] for c in DATA["case"]])
def test_round_points(case: dict[str, Any]) -> None:
    points, tiebreak = round_points(
        case["mission"],
        case["entry"],
        ender=case.get("ender", False),
        failed=case.get("failed", False),
    )
    assert points == case["points"]
    assert tiebreak == case.get("tiebreak", case["points"])


@pytest.mark.parametrize("case", DATA["error"], ids=[c["name"] for c in DATA["error"]])
def test_bad_entries(case: dict[str, Any]) -> None:
    with pytest.raises(ScoreEntryError, match=case["match"]) as caught:
        round_points(case["mission"], case["entry"])
    assert isinstance(caught.value, RulesError)
    assert str(dict(case["entry"])) in str(caught.value)  # the bad input is repeated


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
