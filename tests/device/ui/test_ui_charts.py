"""The score log chart screens: wins, totals and history views, their checks and drawing."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from device.ui import TouchUI, UiError
from device.ui.charts.screens import (
    MAX_BARS,
    TOTALS_CHART,
    HistoryScreen,
    TotalsScreen,
    WinsScreen,
    nice_ticks,
)

CHARTS = ("wins", "totals", "history")


@pytest.mark.parametrize("screen", CHARTS)
def test_each_chart_screen_has_a_home_button(
    ui: TouchUI, views: dict[str, dict[str, object]], screen: str, tmp_path: Path
) -> None:
    ui.show(screen, views[screen])
    assert ui.controls() == [("Home", "home")]
    ui.save_png(tmp_path / "x.png")
    assert pygame.image.load(str(tmp_path / "x.png")).get_size() == (800, 480)


def test_totals_keep_round_order(views: dict[str, dict[str, object]]) -> None:
    screen = TotalsScreen.from_view(views["totals"])
    assert screen.lines[2] == ("Cleo", (-1, 2, 12))  # not sorted, unlike ViewReader.integers
    assert screen.rounds == 3
    # A line starts at 0 before round 1 and ends on the right edge of the chart.
    points = dict(screen.points())["Cleo"]
    assert len(points) == 4
    assert points[0][0] == TOTALS_CHART.left
    assert points[-1][0] == TOTALS_CHART.right


def test_a_higher_total_is_drawn_higher(views: dict[str, dict[str, object]]) -> None:
    points = dict(TotalsScreen.from_view(views["totals"]).points())
    assert points["Cleo"][-1][1] < points["Ada"][-1][1] < points["Ben"][-1][1]  # 12 > 11 > 9


@pytest.mark.parametrize(
    ("screen", "change", "match"),
    [
        ("wins", {"bars": [{"name": "A", "wins": 3}]}, r"missing key 'bars\[0\].plays'"),
        ("wins", {"bars": [{"name": "A", "wins": 3, "plays": 2}]}, "0 <= wins <= plays"),
        ("totals", {"lines": [{"name": "A"}]}, r"missing key 'lines\[0\].totals'"),
        ("totals", {"lines": [{"name": "A", "totals": [1, "2"]}]}, "list of integers"),
        (
            "totals",
            {"lines": [{"name": "A", "totals": [1, 2]}, {"name": "B", "totals": [1]}]},
            "as many totals",
        ),
        ("history", {"points": [{"label": "x", "score": 1.5, "winner": True}]}, "integer"),
        ("history", {"player": None}, "'player' must be a string"),
    ],
)
def test_a_bad_chart_view_is_an_error_naming_screen_and_key(
    ui: TouchUI,
    views: dict[str, dict[str, object]],
    screen: str,
    change: dict[str, object],
    match: str,
) -> None:
    with pytest.raises(UiError, match=rf"{screen} view: .*{match}|{screen} view: {match}"):
        ui.show(screen, {**views[screen], **change})


def test_only_the_top_bars_are_drawn() -> None:
    bars = [{"name": f"P{i}", "wins": 20 - i, "plays": 20} for i in range(14)]
    screen = WinsScreen.from_view({"title": "Wins", "bars": bars})
    rects = screen.bar_rects()
    assert [name for name, _ in rects] == [f"P{i}" for i in range(MAX_BARS)]
    heights = [rect.height for _, rect in rects]
    assert heights == sorted(heights, reverse=True)
    assert all(rect.width > 20 for _, rect in rects)


def test_history_skips_unscored_plays_and_marks_wins(
    views: dict[str, dict[str, object]],
) -> None:
    screen = HistoryScreen.from_view(views["history"])
    dots = screen.dots()
    assert [won for _, won in dots] == [False, True]  # the unscored win has no dot
    (x1, y1), (x2, y2) = (pos for pos, _ in dots)
    assert x1 < x2 and y2 < y1  # later and higher (21 > 12)


@pytest.mark.parametrize("screen", CHARTS)
def test_an_empty_chart_draws_without_a_crash(ui: TouchUI, screen: str) -> None:
    empty = {
        "wins": {"title": "Wins", "bars": []},
        "totals": {"title": "Totals", "lines": []},
        "history": {"title": "History", "player": "Ada", "points": []},
    }[screen]
    ui.show(screen, empty)
    ui.redraw(0.0)


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [
        (0, 1, [0, 1]),
        (0, 3, [0, 1, 2, 3]),
        (0, 20, [0, 5, 10, 15, 20]),
        (0, 67, [0, 20, 40, 60, 80]),
        (-3, 12, [-5, 0, 5, 10, 15]),
        (0, 0, [0, 1]),
    ],
)
def test_axis_ticks_are_round_numbers(low: int, high: int, ticks: list[int]) -> None:
    assert nice_ticks(low, high) == ticks
