"""Charts per game: a game filter, a score history that never mixes games, distinct dates,
and footers that count what the chart shows."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from scorelog_log import in_store

from device.commands.cli import main
from device.config import load_config, resolve_store_path
from device.store.database import Store
from device.store.scorelog import game_named as find_game
from device.ui.charts.plot import day_labels, view
from device.ui.charts.screens import HistoryScreen
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.views import ChartView, HistoryView, WinsBar, WinsView


def scored(i: int, game: str, ada: int, bo: int, when: str = "") -> Play:
    players = (
        PlayerResult("Ada", 1, ada, ada > bo, player_id="ada"),
        PlayerResult("Bo", 2, bo, bo > ada, player_id="bo"),
    )
    return Play(f"p{i}", game, when or f"2025-03-{i:02d}T20:00:00Z", players)


def history(chart: ChartView) -> HistoryView:
    assert isinstance(chart, HistoryView)
    return chart


LOG = [
    scored(1, "Alienation", 40, 30),
    scored(2, "Alieninjas", 9, 12),
    scored(3, "Alienation", 50, 20),
    scored(4, "Alieninjas", 11, 3),
    scored(5, "Alieninjas", 7, 8),
]


def test_the_wins_chart_counts_one_games_plays() -> None:
    every = view("wins", in_store(LOG))
    assert every.title == "Wins: All games - 5 plays"
    one = view("wins", in_store(LOG), game="alienation")
    assert isinstance(one, WinsView)
    assert one.title == "Wins: Alienation - 2 plays"
    assert one.bars == (WinsBar("Ada", 2, 2), WinsBar("Bo", 0, 2))


def test_a_score_history_is_of_one_game_only() -> None:
    mixed = history(view("history", in_store(LOG), player="Ada"))  # Alieninjas: most of her scores
    assert mixed.title == "Ada: Alieninjas"
    assert [p.score for p in mixed.points] == [9, 11, 7]  # never Alienation's 40 and 50
    chosen = history(view("history", in_store(LOG), player="Ada", game="Alienation"))
    assert [p.score for p in chosen.points] == [40, 50]
    screen = HistoryScreen.from_view(chosen)
    assert [score for _, score, _ in screen.scored()] == [40, 50]


def test_dates_on_the_axis_are_distinct_and_readable() -> None:
    same_night = [
        scored(1, "Alienation", 1, 2, "2025-03-01T20:00:00Z"),
        scored(2, "Alienation", 1, 2, "2025-03-01T21:30:00Z"),
        scored(3, "Alienation", 1, 2, "2025-03-02T20:00:00Z"),
        scored(4, "Alienation", 1, 2, "2025-03-02T20:00:30Z"),
    ]
    labels = day_labels(same_night)
    assert labels == ["1 Mar 20:00", "1 Mar 21:30", "2 Mar 20:00 #1", "2 Mar 20:00 #2"]
    years = [scored(1, "Alienation", 1, 2, "2024-12-31T20:00:00Z"), scored(2, "Alienation", 1, 2)]
    assert day_labels(years) == ["31 Dec 2024", "2 Mar 2025"]
    points = history(view("history", in_store(same_night), player="Ada")).points
    assert len({p.label for p in points}) == 4


def test_the_history_footer_counts_the_points_drawn(tmp_path: Path) -> None:
    unscored = Play(
        "u", "Alienation", "2025-03-09T20:00:00Z", (PlayerResult("Ada", 1, None, True),)
    )
    chart = history(view("history", in_store([*LOG, unscored]), player="Ada", game="Alienation"))
    assert len(chart.points) == 3
    screen = HistoryScreen.from_view(chart)
    assert len(screen.scored()) == 2  # the footer says "2 plays": what is drawn


def test_an_unknown_game_is_an_error_with_a_guess() -> None:
    assert find_game("ENCOUNTERS") == "Alien Encounters"
    with pytest.raises(ValueError, match=r"unknown game 'alienatoin'.*did you mean 'alienation'"):
        view("wins", in_store(LOG), game="alienatoin")


def test_scores_plot_takes_a_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = Store(resolve_store_path(load_config()))
    for play in LOG:
        store.add_play(play)
    store.close()
    out = tmp_path / "h.png"
    args = ["scores", "plot", "history", "--player", "Ada", "--game", "alienation"]
    assert main([*args, "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 480)
    assert main(["scores", "plot", "wins", "--game", "nope", "--out", str(out)]) == 1
    assert "unknown game 'nope'" in capsys.readouterr().err
