"""The layout check (tests/layoutcheck.py) over every screen in every state the sample
scenarios and a table playing by touch reach: no text under 18 px, no text outside the screen
or its control, no control under 48x48 px, no two controls overlapping."""

from __future__ import annotations

from pathlib import Path

import pytest
from layoutcheck import layout_check

from device.config import Config
from device.simulator.run import simulate
from device.simulator.scenario import load_scenario
from tests.device.runtime.test_setup_options import (
    test_options_set_by_touch_are_played_and_kept_after_a_restart as set_options,
)
from tests.device.simulator.test_by_touch import (
    test_every_game_and_mission_is_played_from_home_by_touch as play_everything,
)
from tests.touchplay import table_config

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
        play_everything(config, tmp_path)
        (tmp_path / "options").mkdir()
        set_options(tmp_path / "options")  # the setup screen's Options question
    assert {"home", "setup", "night", "day", "vote", "reveal", "end", "keypad"} <= check.screens
    assert {"table", "scores", "sheet", "replicas", "who", "keyboard", "players"} <= check.screens
    assert not check.problems, "\n" + check.report()
