"""A Vampire table is told to deal the Marks, as the Vampire rulebook's setup says: on the setup
screen while the night is prepared, and aloud before eyes close (issue 35). Played by touch."""

from __future__ import annotations

from pathlib import Path

import pytest
from screenpixels import drawn_texts
from touchplay import table, table_config

from device.config import Config

DEAL = "Deal each player a Mark of Clarity, face down beside their card."


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """Not conftest's: a table's, whose One Night day lasts one minute."""
    return table_config(tmp_path)


def test_a_vampire_table_is_told_to_deal_the_marks_on_screen_then_aloud(
    config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = drawn_texts(monkeypatch)
    with table(config, tmp_path / "m.db") as t:
        t.tap("One Night", "Vampires", "Vampire first game")
        assert getattr(t.daemon.shown.view, "deal", "") == DEAL
        t.tap("Start night")
        assert any(line.startswith("Deal each player a Mark of Clarity") for line in drawn)
        t.until("night")
        said = t.said
        assert said[:2] == ["onenight.marks.deal", "onenight.dusk.start"]  # before eyes close


def test_a_table_without_marks_is_told_nothing_of_them(
    config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = drawn_texts(monkeypatch)
    with table(config, tmp_path / "m.db") as t:
        t.tap("One Night")  # the Alien first game
        assert getattr(t.daemon.shown.view, "deal", None) == ""
        t.tap("Start night").until("night")
        assert not any("Mark of Clarity" in line for line in drawn)
        assert t.said[0] == "onenight.dusk.start"
