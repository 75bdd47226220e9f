"""The score log by touch: a mission's own Scores opens its tab, and a play saved at Quit is
listed as unfinished under its mission."""

from __future__ import annotations

from pathlib import Path

from touchplay import enter_round, table, table_config


def lit(view: object) -> list[str]:
    """The lit tabs of the score log's view."""
    return [tab.label for tab in getattr(view, "nav", ()) if tab.lit]


def test_a_missions_scores_open_its_tab_with_its_unfinished_play(tmp_path: Path) -> None:
    with table(table_config(tmp_path), tmp_path / "m.db") as t:
        t.tap("Memory", "-", "Start").until("score")  # two players
        enter_round(t)
        t.until("score").tap("Quit", "Save & quit")
        assert t.screen == "home"
        t.tap("Memory")
        assert t.screen == "table" and "Scores" in t.labels
        t.tap("Scores")
        assert t.screen == "wins"
        assert lit(t.daemon.shown.view) == ["Memory", "Wins"]
        assert "Alieninjas" not in t.labels  # the mission's own tab, no mixed one
        t.tap("Plays")
        (row,) = [label for label in t.labels if "Alieninjas: Memory" in label]
        assert row.endswith("Alieninjas: Memory: unfinished, quit after round 1 of 3")
        t.tap(row)
        assert t.screen == "bgstats"
        t.tap("Back", "Home")
        assert t.screen == "home"
        t.tap("Scores")  # from home: every game
        assert lit(t.daemon.shown.view) == ["All", "Wins"]
