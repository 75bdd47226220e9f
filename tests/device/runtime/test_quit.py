"""Leaving a game: Quit on every game screen asks first and goes home for good; Home on a
game's last screen is one tap; a play's BG Stats code never reaches the next game."""

from __future__ import annotations

from pathlib import Path

import pytest
from touchplay import Table, enter_round, table, table_config

from device.config import Config
from games.catalog import GAMES


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """Not conftest's: a table's, whose One Night day lasts one minute."""
    return table_config(tmp_path)


def said(t: Table) -> list[str]:
    return [entry["line"] for entry in t.daemon.transcript.entries if "say" in entry]


def test_quit_asks_first_then_goes_home_and_the_game_is_not_resumed(
    config: Config, tmp_path: Path
) -> None:
    store = tmp_path / "m.db"
    with table(config, store) as t:
        t.tap("One Night", "Start night").until("day")
        t.tap("Quit")
        assert t.labels == ["Quit game", "Keep playing"]  # nothing else is reachable
        assert t.phase == "day"
        t.tap("Keep playing")
        assert t.phase == "day" and "Vote now" in t.labels
        t.tap("Quit", "Quit game")
        assert t.phase is None and t.screen == "home"
        assert t.daemon.runtime.store is not None
        assert t.daemon.runtime.store.load_checkpoint() is None
    with table(config, store) as t:
        assert t.daemon.runtime.store is not None
        t.daemon.resume_or_home(t.daemon.runtime.store)
        assert t.phase is None and t.screen == "home"


def test_at_night_quit_is_dim_and_silent(config: Config) -> None:
    with table(config) as t:
        t.tap("One Night", "Start night").do("wait", 20)
        assert t.phase == "night"
        (quit_control,) = [c for c in t.daemon.ui._live() if c.action == "quit"]
        assert quit_control.style == "night"
        before = said(t)
        t.tap("Quit")
        assert said(t) == before
        (answer, _) = t.daemon.ui._live()
        assert answer.style == "night"
        t.tap("Quit game")
        assert t.screen == "home"


FIRST = {
    "One Night": "setup",
    "Replicas": "replicas",
    "Alienation": "sheet",
    "Alien Encounters": "sheet",
}
"""The screen known games open on (any other: a screen with Quit)."""


@pytest.mark.parametrize("button", [b.label for spec in GAMES for b in spec.home_buttons()])
def test_every_game_opens_on_a_screen_with_quit(config: Config, button: str) -> None:
    with table(config) as t:
        t.tap(button)
        if t.screen == "table":  # how many players first
            t.tap("Start")
        assert t.screen == FIRST.get(button, t.screen) and "Quit" in t.labels
        t.tap("Quit", "Quit game")
        assert t.screen == "home"


def test_home_is_one_tap_and_the_next_game_has_no_old_bgstats_code(config: Config) -> None:
    with table(config) as t:
        t.tap("Alienation", "Start", "Random")
        for _ in range(3):
            t.until("score").tap("Enter scores")
            for points in ("12", "9", "7", "15"):
                t.tap(*points, "OK", "1", "OK")
        assert t.phase == "final"
        assert "Quit" not in t.labels and {"Home", "BG Stats"} <= set(t.labels)
        t.tap("Home")
        assert t.phase is None and t.screen == "home"
        t.tap("Alienation", "Start")
        assert "BG Stats" not in t.labels


def test_a_part_played_score_sheet_is_kept_as_an_unfinished_play_or_discarded(
    config: Config, tmp_path: Path
) -> None:
    with table(config, tmp_path / "m.db") as t:
        store = t.daemon.runtime.store
        assert store is not None
        t.tap("Alienation", "-", "-", "Start", "Random").until("score")  # two players
        enter_round(t)  # round 1 closes: 1 point each
        t.until("score").tap("Quit")
        assert t.labels == ["Save & quit", "Discard & quit", "Keep playing"]
        t.tap("Keep playing", "Quit", "Save & quit")
        assert t.phase is None and t.screen == "home"
        (play,) = store.plays()
        assert (play.game, play.rounds, play.comments) == (
            "Alienation",
            ((1, 1),),
            "Unfinished: quit after round 1 of 3.",
        )
        assert not any(result.winner for result in play.players)  # nobody wins it

        t.tap("Memory", "-", "Start").until("score")  # two players
        t.tap("Quit")
        assert t.labels == ["Quit game", "Keep playing"]  # no round closed: nothing to keep
        t.tap("Keep playing")
        enter_round(t)
        t.until("score").tap("Quit", "Discard & quit")
        assert t.screen == "home" and len(store.plays()) == 1


def test_vote_now_asks_first_and_its_question_goes_when_the_day_runs_out(config: Config) -> None:
    with table(config) as t:
        t.tap("One Night", "Start night").until("day")
        t.tap("Vote now")
        assert t.labels == ["Vote now", "Not yet"] and t.phase == "day"
        t.tap("Not yet")
        assert t.phase == "day" and "Pause" in t.labels
        t.tap("Vote now").until("vote")  # asked, unanswered, and the day ran out
        assert not t.daemon.ui.asking and t.screen == "vote"


def test_the_players_screen_is_a_tool_with_done_not_a_game_to_quit(config: Config) -> None:
    with table(config) as t:
        t.tap("Players")
        assert "Done" in t.labels and "Quit" not in t.labels
        t.tap("New player")
        assert "Back" in t.labels and "Quit" not in t.labels
