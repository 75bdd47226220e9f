"""Scores from a running One Night, by touch: its setup screen and its end screen open the
score log on One Night's tab, and Back comes back to the screen left, the game still on."""

from __future__ import annotations

from pathlib import Path

import pytest
from layoutcheck import layout_check
from touchgames import play_one_night
from touchplay import table, table_config


def lit(view: object) -> list[str]:
    """The lit tabs of the score log's view."""
    return [tab.label for tab in getattr(view, "nav", ()) if tab.lit]


def test_scores_from_one_nights_setup_and_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with table(table_config(tmp_path), tmp_path / "m.db") as t, layout_check(monkeypatch) as check:
        t.tap("One Night", "Vampires")  # a tab other than the first: Back keeps it
        assert t.screen == "setup" and "Scores" in t.labels
        assert "setup" in check.screens and not check.problems.get("setup"), check.report()
        setup = t.daemon.shown.view
        t.tap("Scores")
        assert t.screen == "wins"
        assert lit(t.daemon.shown.view) == ["One Night", "Wins"]
        assert "Back" in t.labels and "Home" not in t.labels and "Quit" not in t.labels
        t.tap("Plays")
        assert t.screen == "plays" and "Back" in t.labels
        t.tap("Back")
        assert t.screen == "setup" and t.daemon.shown.view == setup
        assert t.daemon.runtime.session is not None  # the game was never left
        t.tap("Start night").until("day")  # and it plays on
        assert "Scores" not in t.labels


def test_scores_from_one_nights_end_and_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with table(table_config(tmp_path), tmp_path / "m.db") as t, layout_check(monkeypatch) as check:
        play_one_night(t)
        assert t.screen == "end" and "Scores" in t.labels and "BG Stats" in t.labels
        assert "end" in check.screens and not check.problems.get("end"), check.report()
        end = t.daemon.shown.view
        t.tap("Scores")
        assert t.screen == "wins" and lit(t.daemon.shown.view) == ["One Night", "Wins"]
        t.tap("Plays")
        (row,) = [label for label in t.labels if "One Night" in label and "won by" in label]
        t.tap(row)
        assert t.screen == "bgstats"
        t.tap("Back")  # the play's code: back to the plays
        assert t.screen == "plays"
        t.tap("Back")  # the score log: back to the end screen, as it was
        assert t.screen == "end" and t.daemon.shown.view == end
        assert "Scores" in t.labels and "BG Stats" in t.labels
        t.tap("Home")
        assert t.screen == "home" and t.daemon.runtime.session is None
