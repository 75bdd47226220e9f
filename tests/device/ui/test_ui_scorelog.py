"""The touchscreen score log: game tabs, pages, the plays list and a play's BG Stats code."""

from __future__ import annotations

import pytest
from scorelog_log import in_store

from device.store.bgstats import decode_push_url
from device.ui import TouchUI
from device.ui.actions import Valued, action_named
from device.ui.charts.log import ROWS, ScoreLog
from games.events import ValueTap
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.views import BgStatsView, ChartView, HistoryView, PlaysView
from games.views import View


def play(i: int, game: str) -> Play:
    players = (
        PlayerResult("Ada", 1, 10 + i, True, player_id="ada"),
        PlayerResult("Bo", 2, 5, False, player_id="bo"),
    )
    return Play(f"p{i}", game, f"2025-03-{i:02d}T20:00:00Z", players)


LOG = [play(i, "Alienation" if i % 3 else "Alieninjas") for i in range(1, 13)]

STATS = in_store(LOG)


def lit(view: View) -> list[str]:
    nav = getattr(view, "nav", None)
    assert isinstance(nav, tuple)
    return [tab.label for tab in nav if tab.lit]


def plays(view: View) -> PlaysView:
    assert isinstance(view, PlaysView)
    return view


def test_it_opens_on_every_games_wins_and_filters_by_game() -> None:
    log = ScoreLog()
    view: ChartView | PlaysView | BgStatsView
    view = log.open(STATS)
    screen = view.screen
    assert (screen, view.title, lit(view)) == (
        "wins",
        "Wins: All games - 12 plays",
        ["All", "Wins"],
    )
    view = log.tap(action_named("log:game:Alieninjas"), STATS)
    screen = view.screen
    assert (screen, view.title, lit(view)) == (
        "wins",
        "Wins: Alieninjas - 4 plays",
        ["Alieninjas", "Wins"],
    )
    view = log.tap(action_named("log:page:history"), STATS)
    screen = view.screen
    assert screen == "history" and isinstance(view, HistoryView)
    assert view.title == "Ada: Alieninjas"
    assert [p.score for p in view.points] == [13, 16, 19, 22]


def test_the_plays_list_pages_newest_first_and_opens_a_code() -> None:
    log = ScoreLog(location="Club")
    log.open(STATS)
    shown = log.tap(action_named("log:page:plays"), STATS)
    screen = shown.screen
    view = plays(shown)
    assert screen == "plays" and len(view.rows) == ROWS
    assert view.rows[0].action == action_named("log:play:p12")
    assert (view.older, view.newer) == (True, False)
    assert view.footer.startswith("Plays 1-5 of 12.")
    older = plays(log.tap(action_named("log:older"), STATS))
    assert older.rows[0].action == action_named("log:play:p7") and older.newer is True
    code = log.tap(action_named("log:play:p7"), STATS)
    screen = code.screen
    assert isinstance(code, BgStatsView)
    assert screen == "bgstats" and str(code.back) == "log:page:plays"
    data = decode_push_url(code.bgstats)
    assert (data["sourcePlayId"], data["location"]) == ("p7", "Club")
    back = log.tap(action_named("log:page:plays"), STATS)
    screen = back.screen
    assert screen == "plays" and plays(back).rows[0].action == action_named(
        "log:play:p7"
    )  # same page


def test_every_page_draws_with_its_tabs() -> None:
    log = ScoreLog()
    ui = TouchUI()
    ui.open()
    try:
        for action in ("log:page:wins", "log:page:history", "log:page:plays"):
            ui.show(log.tap(action_named(action), STATS))
            ui.redraw(0.0)
            labels = [label for label, _ in ui.controls()]
            assert {"All", "Alieninjas", "Alienation"} <= set(labels)  # games with plays
            assert {"Wins", "Scores", "Plays", "Home"} <= set(labels)
        ui.show(log.tap(action_named("log:play:p3"), STATS))
        ui.redraw(0.0)
        assert [label for label, _ in ui.controls()] == ["Back"]
    finally:
        ui.close()


def test_a_tap_on_a_game_no_log_has_changes_nothing_even_on_the_plays_list() -> None:
    # The device fuzz found it: on the plays list (which never looked the game up) a tap naming
    # no game was kept, and from then on every other tab of the log hit a bug.
    log = ScoreLog()
    log.open(STATS)
    log.tap(action_named("log:page:plays"), STATS)
    with pytest.raises(ValueError, match="unknown game 'Zzz'"):
        log.tap(ValueTap(Valued.LOG_GAME, "Zzz"), STATS)
    assert log.game is None
    view = log.tap(action_named("log:page:wins"), STATS)
    assert (view.screen, lit(view)) == ("wins", ["All", "Wins"])
