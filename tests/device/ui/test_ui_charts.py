"""The score log chart screens: wins, totals and history views, their checks and drawing."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pygame
import pytest

from device.ui import TouchUI, UiError
from device.ui.charts.frame import nice_ticks
from device.ui.charts.screens import (
    MAX_BARS,
    TOTALS_CHART,
    HistoryScreen,
    TotalsScreen,
    WinsScreen,
)
from games.scorelog.views import (
    HistoryPoint,
    HistoryView,
    TotalsLine,
    TotalsView,
    WinsBar,
    WinsView,
)
from games.views import View, ViewError

CHARTS = ("wins", "totals", "history")


@pytest.mark.parametrize("screen", CHARTS)
def test_each_chart_screen_has_a_home_button(
    ui: TouchUI, views: dict[str, Any], screen: str, tmp_path: Path
) -> None:
    ui.show(views[screen])
    assert ui.controls()[0] == ("Home", "home")
    names = [action for _, action in ui.controls()[1:]]
    # The wins chart's names open each player's plays; the other charts have only Home.
    assert all(action.startswith("log:player:") for action in names)
    assert bool(names) == (screen == "wins")
    ui.save_png(tmp_path / "x.png")
    assert pygame.image.load(str(tmp_path / "x.png")).get_size() == (800, 480)


def test_totals_keep_round_order(views: dict[str, Any]) -> None:
    screen = TotalsScreen.from_view(views["totals"])
    assert screen.lines[2] == ("Cleo", (-1, 2, 12))  # not sorted, unlike ViewReader.integers
    assert screen.rounds == 3
    # A line starts at 0 before round 1 and ends on the right edge of the chart.
    points = dict(screen.points())["Cleo"]
    assert len(points) == 4
    assert points[0][0] == TOTALS_CHART.left
    assert points[-1][0] == TOTALS_CHART.right


def test_a_higher_total_is_drawn_higher(views: dict[str, Any]) -> None:
    points = dict(TotalsScreen.from_view(views["totals"]).points())
    assert points["Cleo"][-1][1] < points["Ada"][-1][1] < points["Ben"][-1][1]  # 12 > 11 > 9


TWO_LENGTHS = (TotalsLine("A", (1, 2)), TotalsLine("B", (1,)))


@pytest.mark.parametrize(
    ("kind", "fields", "match"),
    [
        (WinsBar, ("A", 3, 2), r"WinsBar 'A' needs 0 <= wins <= plays, got 3 of 2"),
        (WinsBar, ("A", -1, 2), r"WinsBar 'A' needs 0 <= wins <= plays, got -1 of 2"),
        (WinsBar, ("A", 3, "7"), r"WinsBar.plays must be int, got '7'"),
        (TotalsLine, ("A", (1, "2")), r"TotalsLine.totals must be tuple\[int, \.\.\.\]"),
        (TotalsLine, ("A", [1, 2]), r"TotalsLine.totals must be tuple\[int, \.\.\.\]"),
        (
            TotalsView,
            ("T", TWO_LENGTHS),
            r"TotalsView: every line needs as many totals, got \[1, 2\]",
        ),
        (HistoryPoint, ("x", 1.5, True), r"HistoryPoint.score must be int \| None, got 1.5"),
        (HistoryView, ("T", None, ()), r"HistoryView.player must be str, got None"),
        (WinsView, ("W", ({"name": "A"},)), r"WinsView.bars must be tuple\[WinsBar, \.\.\.\]"),
    ],
)
def test_a_bad_chart_view_is_refused_when_built_naming_class_and_field(
    kind: type[object], fields: tuple[Any, ...], match: str
) -> None:
    with pytest.raises(ViewError, match=f"^{match}"):
        kind(*fields)


def test_a_mapping_sent_to_a_chart_screen_is_refused_naming_its_view(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    for screen, kind in (
        ("wins", "WinsView"),
        ("totals", "TotalsView"),
        ("history", "HistoryView"),
    ):
        mapping = dataclasses.asdict(views[screen])
        with pytest.raises(UiError, match=rf"^no screen shows a dict; .*\b{kind}\b"):
            ui.show(mapping)  # type: ignore[arg-type]


def test_only_the_top_bars_are_drawn() -> None:
    bars = tuple(WinsBar(f"P{i}", 20 - i, 20) for i in range(14))
    screen = WinsScreen.from_view(WinsView(title="Wins", bars=bars))
    rects = screen.bar_rects()
    assert [name for name, _ in rects] == [f"P{i}" for i in range(MAX_BARS)]
    heights = [rect.height for _, rect in rects]
    assert heights == sorted(heights, reverse=True)
    assert all(rect.width > 20 for _, rect in rects)


def test_history_skips_unscored_plays_and_marks_wins(
    views: dict[str, Any],
) -> None:
    screen = HistoryScreen.from_view(views["history"])
    dots = screen.dots()
    assert [won for _, won in dots] == [False, True]  # the unscored win has no dot
    (x1, y1), (x2, y2) = (pos for pos, _ in dots)
    assert x1 < x2 and y2 < y1  # later and higher (21 > 12)


@pytest.mark.parametrize("screen", CHARTS)
def test_an_empty_chart_draws_without_a_crash(ui: TouchUI, screen: str) -> None:
    empty: View = {
        "wins": WinsView(title="Wins", bars=()),
        "totals": TotalsView(title="Totals", lines=()),
        "history": HistoryView(title="History", player="Ada", points=()),
    }[screen]
    ui.show(empty)
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


def test_the_history_footer_agrees_with_its_counts() -> None:
    one = HistoryScreen("History", "Ada", (("1 Nov", 12, True),))
    assert one.summary() == "1 play, 1 win, best 12"
    two = HistoryScreen(
        "History", "Ada", (("1 Nov", 12, False), ("2 Nov", 3, False), ("x", None, True))
    )
    assert two.summary() == "2 plays, 0 wins, best 12"  # the footer counts what is drawn
