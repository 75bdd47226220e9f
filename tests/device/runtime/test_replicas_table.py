"""Replicas between rounds, played by touch: the closed rounds' table is on screen for a check
before Go starts the next round, and the final sheet shows each round (issue 35)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from screenpixels import drawn_texts
from touchplay import enter_round, table, table_config

from device.config import Config
from device.ui.alieninjas import ROUND_TABLE_AREA, ReplicasScreen
from games.alieninjas.views import ReplicasView, SeatTotal


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """Not conftest's: a table's, whose One Night day lasts one minute."""
    return table_config(tmp_path)


def test_the_round_table_waits_for_go_and_the_final_sheet_shows_the_rounds(
    config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = drawn_texts(monkeypatch)
    with table(config, tmp_path / "m.db") as t:
        t.tap("Replicas", "-", "Start")  # three players
        for number in range(1, 4):
            t.until("ready")
            if number > 1:
                # The table of the closed rounds, with Go to go on; nothing starts by itself.
                view = t.daemon.shown.view
                assert isinstance(view, ReplicasView) and view.stage == "ready"
                rounds = [row.rounds for row in view.totals]
                assert all(len(points) == number - 1 for points in rounds)
                assert "Check the scores, shuffle, then Go" in drawn
                assert f"R{number - 1}" in drawn and "Total" in drawn
                assert "Go" in t.labels
                t.do("wait", 120)
                assert t.phase == "ready"
            drawn.clear()
            t.do("control", "go").until("round").do("wait", 20)
            t.press(number).do("wait", 1).do("control", "yes")
            enter_round(t)
        assert t.phase == "final"
        lines: tuple[str, ...] = getattr(t.daemon.shown.view, "lines", ())
        sheet = [line for line in lines if ": " in line and " + " in line]
        assert len(sheet) == 3, lines  # every player's total with its three rounds
        assert all(line.count(" + ") == 2 for line in sheet)


def ready(players: int, played: int) -> ReplicasScreen:
    totals = tuple(
        SeatTotal(seat, seat * played, (seat,) * played) for seat in range(1, players + 1)
    )
    view = ReplicasView(
        round=played + 1, rounds=3, map="A", stage="ready", started_at=None, elapsed=0.0,
        buzzed=None, out=(), players=players, totals=totals,
    )  # fmt: skip
    return ReplicasScreen.from_view(view)


@pytest.mark.parametrize(("players", "played"), [(2, 1), (5, 2), (9, 2)])
def test_the_round_table_fits_its_area_and_no_cells_overlap(players: int, played: int) -> None:
    cells = ready(players, played).table_cells()
    assert len(cells) == (players + (1 if players <= 5 else 2)) * (played + 2)
    spots = [centre for _, centre, _ in cells]
    assert all(ROUND_TABLE_AREA.collidepoint(spot) for spot in spots)
    assert len(set(spots)) == len(spots)
    for (_, (x1, y1), _), (_, (x2, y2), _) in itertools.combinations(cells, 2):
        assert abs(x1 - x2) >= 40 or abs(y1 - y2) >= 28  # readable apart
    totals = [text for text, _, colour in cells if text.isdigit()][-1]
    assert totals == str(players * played)  # the last seat's total closes the table


def test_the_first_round_shows_the_clock_not_a_table() -> None:
    assert not ready(3, 0).between_rounds
    assert ready(3, 1).between_rounds
