"""The touchscreen score log with a tab per Alieninjas mission, plays saved at Quit marked
unfinished, a game's own tab opened directly, and a player's plays opened from the wins."""

from __future__ import annotations

from scorelog_log import in_store

from device.store.bgstats import decode_push_url
from device.ui import TouchUI
from device.ui.actions import action_named
from device.ui.charts.log import ScoreLog
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.views import BgStatsView, ChartView, HistoryView, PlaysView, WinsView
from games.views import View


def play(i: int, board: str, ada: int, bo: int, comments: str = "") -> Play:
    finished = not comments
    players = (
        PlayerResult("Ada", 1, ada, finished and ada > bo, player_id="ada"),
        PlayerResult("Bo", 2, bo, finished and bo > ada, player_id="bo"),
    )
    when = f"2025-03-{i:02d}T20:00:00Z"
    return Play(f"p{i}", "Alieninjas", when, players, board=board, comments=comments)


QUIT = "Unfinished: quit after round 1 of 3."
LOG = [
    play(1, "Memory", 12, 7),
    play(2, "Replicas, Map sides A, B, A", 3, 5),
    play(3, "Memory", 4, 9),
    play(4, "Memory", 30, 0, QUIT),  # saved at Quit: nobody won it
    play(5, "", 40, 2),  # from before boards were logged: plain "Alieninjas"
]
STATS = in_store(LOG)


def lit(view: View) -> list[str]:
    nav = getattr(view, "nav", ())
    return [tab.label for tab in nav if tab.lit]


def tabs(view: View) -> list[str]:
    return [tab.label for tab in getattr(view, "nav", ())]


def test_each_mission_has_its_tab_and_an_old_play_stays_under_alieninjas() -> None:
    log = ScoreLog()
    view: ChartView | PlaysView | BgStatsView = log.open(STATS)
    assert tabs(view) == ["All", "Memory", "Replicas", "Alieninjas", "Wins", "Scores", "Plays"]
    view = log.tap(action_named("log:game:Alieninjas: Memory"), STATS)
    assert isinstance(view, WinsView) and lit(view) == ["Memory", "Wins"]
    # The plays the bars count: two finished Memory plays, the one saved at Quit left out.
    assert view.title == "Wins: Alieninjas: Memory - 2 plays"
    assert {(bar.name, bar.wins, bar.plays) for bar in view.bars} == {("Ada", 1, 2), ("Bo", 1, 2)}
    history = log.tap(action_named("log:page:history"), STATS)
    assert isinstance(history, HistoryView)
    assert [p.score for p in history.points] == [12, 4]  # Memory only: no 3, no 40, no 30
    old = log.tap(action_named("log:game:Alieninjas"), STATS)
    assert isinstance(old, HistoryView) and [p.score for p in old.points] == [40]


def test_a_play_saved_at_quit_says_unfinished_in_the_list_and_on_its_code() -> None:
    log = ScoreLog()
    log.open(STATS, "Alieninjas: Memory")
    shown = log.tap(action_named("log:page:plays"), STATS)
    assert isinstance(shown, PlaysView)
    labels = [row.label for row in shown.rows]
    assert labels[0].endswith("Alieninjas: Memory: unfinished, quit after round 1 of 3")
    assert labels[1].endswith("Alieninjas: Memory: won by Bo")
    code = log.tap(action_named("log:play:p4"), STATS)
    assert isinstance(code, BgStatsView) and QUIT in code.lines
    assert decode_push_url(code.bgstats)["board"] == "Memory"


def test_the_score_log_opens_on_a_games_own_tab() -> None:
    view = ScoreLog().open(STATS, "Alieninjas: Replicas")
    assert lit(view) == ["Replicas", "Wins"] and view.title.startswith("Wins: Alieninjas: Replicas")
    empty = ScoreLog().open(STATS, "Alieninjas: Speed")  # no plays yet: its tab still shows
    assert lit(empty) == ["Speed", "Wins"] and "Speed" in tabs(empty)


def test_a_name_in_the_wins_opens_that_players_plays_and_scores() -> None:
    log = ScoreLog()
    log.open(STATS, "Alieninjas: Memory")
    ui = TouchUI()
    ui.open()
    try:
        ui.show(log.current(STATS))
        ui.redraw(0.0)
        names = {label: action for label, action in ui.controls() if label in ("Ada", "Bo")}
        assert names == {"Ada": "log:player:Ada", "Bo": "log:player:Bo"}
    finally:
        ui.close()
    mine = log.tap(action_named("log:player:Bo"), STATS)
    assert isinstance(mine, PlaysView) and mine.title == "Plays: Bo, Alieninjas: Memory"
    assert [str(row.action) for row in mine.rows] == ["log:play:p4", "log:play:p3", "log:play:p1"]
    scores = log.tap(action_named("log:page:history"), STATS)
    assert isinstance(scores, HistoryView) and scores.title == "Bo: Alieninjas: Memory"
    assert [p.score for p in scores.points] == [7, 9]
    everyone = log.tap(action_named("log:page:wins"), STATS)
    assert lit(everyone) == ["Memory", "Wins"]
    again = log.tap(action_named("log:page:plays"), STATS)
    assert isinstance(again, PlaysView) and again.title == "Plays: Alieninjas: Memory"


def test_more_games_than_tabs_page_through_more() -> None:
    boards = ["Speed", "Memory", "Replicas", "Collection", "Push Your Luck", ""]
    stats = in_store([play(i, board, 5, 3) for i, board in enumerate(boards, start=1)])
    log = ScoreLog()
    view: ChartView | PlaysView | BgStatsView = log.open(stats)
    assert tabs(view)[:5] == ["All", "Speed", "Memory", "Replicas", "More"]
    more = next(tab.action for tab in getattr(view, "nav", ()) if tab.label == "More")
    view = log.tap(more, stats)
    assert tabs(view)[:5] == ["All", "Collection", "Push Your Luck", "Alieninjas", "More"]
    assert lit(view) == ["Collection", "Wins"]
