"""Score charts drawn with our own pygame code, as PNGs and on the touchscreen."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from scorelog_log import seeded_log

from device.charts import plot, view
from device.ui import TouchUI
from games.scorelog.stats import player_stats

LOG = seeded_log()


@pytest.mark.parametrize("kind", ["wins", "totals", "history"])
def test_each_chart_is_written_as_a_real_png(kind: str, tmp_path: Path) -> None:
    out = plot(kind, LOG, tmp_path / "charts" / f"{kind}.png", player="Ada")
    assert pygame.image.load(str(out)).get_size() == (800, 480)


def test_an_unknown_chart_is_refused_with_a_suggestion(tmp_path: Path) -> None:
    with pytest.raises(ValueError) as error:
        plot("winz", LOG, tmp_path / "x.png")
    assert "unknown chart 'winz'" in str(error.value)
    assert "did you mean 'wins'?" in str(error.value)


def test_an_empty_log_draws_a_chart_that_says_so(tmp_path: Path) -> None:
    out = plot("wins", [], tmp_path / "empty.png")
    assert pygame.image.load(str(out)).get_size() == (800, 480)


def test_the_wins_chart_shows_every_player_with_their_wins() -> None:
    shown = view("wins", LOG)
    wins = {name: stats.wins for name, stats in player_stats(LOG).items()}
    rows = shown["bars"]
    assert isinstance(rows, list)
    assert {row["name"]: row["wins"] for row in rows} == wins


@pytest.mark.parametrize("kind", ["wins", "totals", "history"])
def test_the_charts_are_touchscreen_screens_too(kind: str) -> None:
    ui = TouchUI()
    ui.open()
    try:
        ui.show(kind, view(kind, LOG, player="Bo"))
        ui.redraw(0.0)
    finally:
        ui.close()


def test_scores_plot_writes_a_chart_of_the_log(tmp_path: Path) -> None:
    from device.cli import main
    from device.config import default_config, resolve_store_path
    from device.store import Store

    store = Store(resolve_store_path(default_config()))
    for play in LOG[:20]:
        store.add_play(play)
    store.close()
    out = tmp_path / "wins.png"
    assert main(["scores", "plot", "wins", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 480)
    assert main(["scores", "plot", "wins"]) == 1
