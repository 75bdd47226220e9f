"""The device fuzz's quick mode (``bench/device_fuzz.py --quick``): nothing found, and every
game kind played to its logged play, so the end screens, the logged play and the score log
after it are fuzzed too (random taps alone never finished an Alienation or an Encounters game)."""

from __future__ import annotations

import re

import pytest
from benchrun import run_quick
from suitegames import PRODUCT

GAMES = tuple(button.label for spec in PRODUCT for button in spec.home_buttons())
"""Every game kind the home screen starts (each Alieninjas mission apart): the product's, as
the benchmark runs ``mothership``'s own games."""
FINISHED = "Games played to their logged play:"


def finished_plays(report: str) -> dict[str, int]:
    """The finished-plays table: each start's sequences whose game logged its play."""
    table = report.split(FINISHED, 1)[1].strip().split("\n\n", 1)[0]
    header, _, *rows = table.splitlines()
    assert re.split(r"\s{2,}", header)[:3] == ["start", "driven", "finished plays"]
    cells = [re.split(r"\s{2,}", row.strip()) for row in rows]
    return {row[0]: int(row[2].replace(",", "")) for row in cells}


def test_finished_plays_reads_the_table() -> None:
    report = (
        f"x\n\n{FINISHED}\n\nstart           driven  finished plays  steps after  screens\n"
        "--------------  ------  --------------  -----------  -------\n"
        "Push Your Luck       2               1        1,024  end who\n"
        "Alienation           2               0            0\n\nWhere the steps were"
    )
    assert finished_plays(report) == {"Push Your Luck": 1, "Alienation": 0}


@pytest.mark.slow(5)
def test_the_quick_fuzz_finds_nothing_and_finishes_every_game_kind() -> None:
    report = run_quick("device_fuzz")
    assert "Where the steps were" in report
    assert "found: 0 Guard-caught bugs, 0 escapes, 0 hangs" in report
    finished = finished_plays(report)
    assert {game: finished.get(game, 0) >= 1 for game in GAMES} == dict.fromkeys(GAMES, True)
