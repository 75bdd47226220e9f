"""Score log charts to PNG: real 800x480 files, bars that grow with wins, clear errors and a
message (not a crash) for an empty log."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from scorelog_log import in_store, seeded_log

from device.ui import TouchUI
from device.ui.charts.plot import KINDS, plot, render, view
from device.ui.charts.screens import BAR, LEADER_BAR, WINS_CHART, WinsScreen
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.stats import player_stats
from games.scorelog.views import (
    HistoryPoint,
    HistoryView,
    TotalsLine,
    TotalsView,
    WinsBar,
    WinsView,
)

SEEDED = seeded_log()

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def play(i: int, winners: str, losers: str, rounds: tuple[tuple[int, ...], ...] = ()) -> Play:
    """A play on day ``i``: one-letter names, winners scoring 10 and losers 5."""
    names = [(n, True) for n in winners] + [(n, False) for n in losers]
    players = tuple(
        PlayerResult(name, seat, 10 if won else 5, won)
        for seat, (name, won) in enumerate(names, start=1)
    )
    return Play(f"p{i}", "Alienation", f"2025-03-{i:02d}T20:00:00Z", players, rounds)


# A wins 3, B wins 1, C wins 0; the last play has round scores.
LOG = [
    play(1, "A", "BC"),
    play(2, "A", "B"),
    play(3, "B", "AC"),
    play(4, "A", "BC", rounds=((2, 1, 0), (3, 4, 1), (5, 0, 4))),
]


def load(path: Path) -> pygame.Surface:
    assert path.read_bytes()[:8] == PNG_MAGIC
    image = pygame.image.load(str(path))
    assert image.get_size() == (800, 480)
    return image


@pytest.mark.parametrize("kind", KINDS)
def test_each_chart_writes_a_loadable_800x480_png(kind: str, tmp_path: Path) -> None:
    out = plot(kind, in_store(LOG), tmp_path / "new" / f"{kind}.png", player="B")
    assert out == tmp_path / "new" / f"{kind}.png"
    load(out)


def test_the_file_is_a_png_whatever_its_suffix(tmp_path: Path) -> None:
    load(plot("wins", in_store(LOG), tmp_path / "chart.out"))


def _bar_height(image: pygame.Surface, x: int, colour: tuple[int, int, int]) -> int:
    """How many pixels of column ``x`` are the bar colour, going up from the chart's floor."""
    height = 0
    while tuple(image.get_at((x, WINS_CHART.bottom - 1 - height)))[:3] == colour:
        height += 1
    return height


def test_more_wins_draw_a_taller_bar(tmp_path: Path) -> None:
    image = load(plot("wins", in_store(LOG), tmp_path / "wins.png"))
    wins = view("wins", in_store(LOG))
    assert isinstance(wins, WinsView)
    rects = dict(WinsScreen.from_view(wins).bar_rects())
    a = _bar_height(image, rects["A"].centerx, LEADER_BAR)  # the leader is amber
    b = _bar_height(image, rects["B"].centerx, BAR)
    c = _bar_height(image, rects["C"].centerx, BAR)
    assert a > b > c == 0
    assert a == pytest.approx(3 * b, abs=3)  # heights are proportional to wins


def test_bars_come_most_wins_first() -> None:
    chart = view("wins", in_store(LOG))
    assert isinstance(chart, WinsView)
    assert chart.bars == (WinsBar("A", 3, 4), WinsBar("B", 1, 4), WinsBar("C", 0, 3))


def test_totals_show_the_latest_play_with_rounds_in_seat_order() -> None:
    later_without_rounds = play(9, "C", "AB")
    chart = view("totals", in_store([*LOG, later_without_rounds]))
    assert isinstance(chart, TotalsView)
    assert chart.lines == (
        TotalsLine("A", (2, 5, 10)),
        TotalsLine("B", (1, 5, 5)),
        TotalsLine("C", (0, 1, 5)),
    )


def test_history_defaults_to_whoever_played_most() -> None:
    chart = view("history", in_store(LOG))
    assert isinstance(chart, HistoryView)
    assert chart.player in ("A", "B")  # both played 4 times; the tie goes to "A"
    assert chart.player == "A"
    assert [p.score for p in chart.points] == [10, 10, 5, 10]
    assert [p.label for p in chart.points] == ["1 Mar", "2 Mar", "3 Mar", "4 Mar"]
    assert all(isinstance(p, HistoryPoint) for p in chart.points)


@pytest.mark.parametrize(("kind", "guess"), [("win", "wins"), ("histroy", "history")])
def test_a_bad_kind_is_an_error_naming_it_with_a_guess(
    kind: str, guess: str, tmp_path: Path
) -> None:
    out = tmp_path / "x.png"
    with pytest.raises(ValueError, match=rf"unknown chart '{kind}'.*did you mean '{guess}'"):
        plot(kind, in_store(LOG), out)
    assert not out.exists()


def test_an_unknown_player_is_an_error_with_a_guess(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"no player 'a' in the score log \(did you mean 'A'"):
        plot("history", in_store(LOG), tmp_path / "x.png", player="a")


def _text_pixels(image: pygame.Surface, area: pygame.Rect) -> int:
    """Bright (text-coloured) pixels in ``area``: the sky and its stars are all dark."""
    return sum(
        1
        for x in range(area.left, area.right, 2)
        for y in range(area.top, area.bottom, 2)
        if min(tuple(image.get_at((x, y)))[:3]) > 200
    )


@pytest.mark.parametrize("kind", KINDS)
def test_an_empty_log_draws_a_message_not_a_chart(kind: str, tmp_path: Path) -> None:
    image = load(plot(kind, in_store([]), tmp_path / f"{kind}.png"))
    assert _text_pixels(image, pygame.Rect(60, 180, 680, 140)) > 200  # the words are there
    empty = render(kind, view(kind, in_store([])))
    assert pygame.image.tobytes(empty, "RGB") == pygame.image.tobytes(image, "RGB")


def test_a_play_without_round_scores_says_so(tmp_path: Path) -> None:
    image = load(plot("totals", in_store([play(1, "A", "B")]), tmp_path / "t.png"))
    assert _text_pixels(image, pygame.Rect(60, 180, 680, 140)) > 100


# -- a seeded log, on the touchscreen and through the CLI ---------------------------------


def test_the_wins_chart_shows_every_player_with_their_wins() -> None:
    shown = view("wins", in_store(SEEDED))
    wins = {name: stats.wins for name, stats in player_stats(SEEDED).items()}
    assert isinstance(shown, WinsView)
    assert {bar.name: bar.wins for bar in shown.bars} == wins


@pytest.mark.parametrize("kind", ["wins", "totals", "history"])
def test_the_charts_are_touchscreen_screens_too(kind: str) -> None:
    ui = TouchUI()
    ui.open()
    try:
        ui.show(view(kind, in_store(SEEDED), player="Bo"))
        ui.redraw(0.0)
    finally:
        ui.close()


def test_scores_plot_writes_a_chart_of_the_log(tmp_path: Path) -> None:
    from device.commands.cli import main
    from device.config import default_config, resolve_store_path
    from device.store.database import Store

    store = Store(resolve_store_path(default_config()))
    for play in SEEDED[:20]:
        store.add_play(play)
    store.close()
    out = tmp_path / "wins.png"
    assert main(["scores", "plot", "wins", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 480)
    assert main(["scores", "plot", "wins"]) == 1
