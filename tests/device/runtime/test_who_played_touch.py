""" "Who played?" by touch: a new player typed on the keyboard names a seat, and a play is named
later from the score log's Plays list."""

from __future__ import annotations

from pathlib import Path

import pytest
from touchplay import Table, enter_round, table, table_config

from device.config import Config
from device.store.database import Store


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """Not conftest's: a table's, whose One Night day lasts one minute."""
    return table_config(tmp_path)


def play_encounters(t: Table) -> None:
    t.tap("Alien Encounters", "Start").until("rounds")
    t.tap(*["Next round"] * 10).until("score")
    enter_round(t)
    assert t.phase == "final"


def store_of(t: Table) -> Store:
    store = t.daemon.runtime.store
    assert store is not None
    return store


def test_who_played_names_a_seat_after_a_new_player_typed_on_the_keyboard(
    config: Config, tmp_path: Path
) -> None:
    with table(config, tmp_path / "m.db") as t:
        play_encounters(t)
        t.tap("Who played?")
        assert t.screen == "who" and "New player" in t.labels
        t.tap("New player")
        assert t.screen == "keyboard"
        assert getattr(t.daemon.shown.view, "title", "") == "Who played seat 1?"
        t.tap("B", "E", "X", "Del", "N", "OK")
        assert t.screen == "who"  # on to seat 2
        assert getattr(t.daemon.shown.view, "title", "") == "Who played seat 2?"
        t.tap("New player", "B", "E", "N", "OK")  # Ben plays seat 1 already: refused
        assert t.banner is not None and "'Ben' is in play" in t.banner
        t.tap("Skip")
        assert t.screen == "sheet" and "Who played?" in t.labels  # seat 2 is still unnamed
        (play,) = store_of(t).plays()
        assert [(p.seat, p.name) for p in play.players] == [(1, "Ben"), (2, "Player 2")]
        assert "Ben" in store_of(t).recent_players()  # a profile now, for the next play


def test_a_play_is_named_later_from_the_score_logs_plays_list(
    config: Config, tmp_path: Path
) -> None:
    with table(config, tmp_path / "m.db") as t:
        t.tap("Players", "New player", "A", "D", "A", "OK", "Done")
        play_encounters(t)
        t.tap("Home", "Scores", "Plays")
        (row,) = [label for label, action in t.daemon.ui.controls() if "log:play:" in action]
        t.tap(row)
        assert t.screen == "bgstats" and "Who played?" in t.labels
        t.tap("Who played?", "Skip", "Ada")  # seat 1 stays unnamed, seat 2 is Ada
        assert t.screen == "bgstats" and "Who played?" in t.labels  # seat 1 still unnamed
        assert "Ada" in " ".join(getattr(t.daemon.shown.view, "lines", ()))
        t.tap("Who played?", "New player", "a", "D", "a", "OK")  # Ada again, in any case
        assert t.banner is not None and "'Ada' is in play" in t.banner
        t.tap("Done", "Back")
        assert t.screen == "plays"
        (play,) = store_of(t).plays()
        assert [(p.seat, p.name) for p in play.players] == [(1, "Player 1"), (2, "Ada")]


def test_shift_types_mckay_and_de_vries_as_the_keys_show_them(
    config: Config, tmp_path: Path
) -> None:
    with table(config, tmp_path / "m.db") as t:
        t.tap("Players", "New player", "M", "c")
        assert "k" in [c.text for c in t.daemon.ui.screen_controls()]  # inside a word: lower
        t.tap("Shift")
        assert "K" in [c.text for c in t.daemon.ui.screen_controls()]  # what Shift will type
        t.tap("k", "a", "y", "OK", "Done")
        assert "McKay" in store_of(t).recent_players()
        play_encounters(t)
        t.tap("Who played?", "New player", "Shift", "d", "e", "Space", "v", "r", "i", "e", "s")
        assert getattr(t.daemon.shown.view, "text", "") == "de Vries"
        t.tap("OK", "Skip")
        (play,) = store_of(t).plays()
        assert [p.name for p in play.players] == ["de Vries", "Player 2"]
