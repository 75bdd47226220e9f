"""The layout check (tests/layoutcheck.py) over every screen in every state the sample
scenarios and a table playing by touch reach: no text under 18 px, no text outside the screen
or its control, no control under 48x48 px, no two controls overlapping."""

from __future__ import annotations

from pathlib import Path

import pytest
from layoutcheck import layout_check
from touchgames import play_every_game, play_one_night_options, play_with_long_names
from touchplay import table_config

from device.config import Config
from device.simulator.run import simulate
from device.simulator.scenario import load_scenario

ROOT = Path(__file__).parents[3]
SAMPLES = sorted(ROOT.glob("games/*/samples/*.json"))


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return table_config(tmp_path)


def test_every_screen_the_samples_and_a_table_by_touch_reach_is_legible(
    config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with layout_check(monkeypatch) as check:
        for path in SAMPLES:
            simulate(load_scenario(path), config)
        play_every_game(config, tmp_path)
        (tmp_path / "options").mkdir()
        play_one_night_options(tmp_path / "options")  # the setup screen's Options question
    assert {"home", "setup", "night", "day", "vote", "reveal", "end", "keypad"} <= check.screens
    assert {"table", "scores", "sheet", "replicas", "who", "keyboard", "players"} <= check.screens
    assert not check.problems, "\n" + check.report()


def test_the_screens_that_name_seats_fit_long_names(
    config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with layout_check(monkeypatch) as check:
        play_with_long_names(config, tmp_path)
    assert {"players", "vote", "reveal", "end", "replicas", "sheet"} <= check.screens
    assert not check.problems, "\n" + check.report()
