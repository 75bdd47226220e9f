"""The layout check (tests/layoutcheck.py) over every screen in every state the sample
scenarios and a table playing by touch reach: no glyphs under 18 px tall as drawn, no text cut
short, outside the screen or its control, no control under 48x48 px, no two controls
overlapping."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from layoutcheck import layout_check
from suitegames import sample_files
from touchgames import play_every_game, play_one_night_options, play_with_long_names
from touchplay import Table, action_label, enter_round, table, table_config

from device.config import Config
from device.simulator.run import simulate
from device.simulator.scenario import load_scenario
from device.ui import TouchUI
from device.ui.canvas import TEXT, Canvas
from device.ui.model import Control
from games.events import Tap

SAMPLES = sample_files()
"""Every registered game's samples, the suite's Stars' too (its own count screen)."""
KNOWN: tuple[str, ...] = ()
"""Problems the check finds and no screen has fixed yet (none now): a screen's known problem
goes here only with its issue, so that any other fails."""


def unknown(problems: str) -> list[str]:
    """The lines of a report that are not a known problem."""
    return [line for line in problems.splitlines() if not line.startswith(KNOWN)]


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """Not conftest's: a table's, whose One Night day lasts one minute."""
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
        read_the_small_print(config, tmp_path)
    assert {"home", "setup", "night", "day", "vote", "reveal", "end", "keypad"} <= check.screens
    assert {"table", "scores", "sheet", "replicas", "who", "keyboard", "players"} <= check.screens
    assert {"wins", "history", "plays"} <= check.screens
    assert "stars.count" in check.screens  # a game's own screen, from its sample
    assert not unknown(check.report()), "\n" + check.report()


def test_every_sample_view_is_legible(
    ui: TouchUI, views: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sample views of every screen (tests/device/ui/conftest.py): charts with data, the
    BG Stats code's page, which the plays above reach only empty or not at all."""
    with layout_check(monkeypatch) as check:
        for view in views.values():
            ui.show(view)
    assert {"wins", "totals", "history", "plays", "bgstats"} <= check.screens
    assert not unknown(check.report()), "\n" + check.report()


def test_the_screens_that_name_seats_fit_long_names(
    config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with layout_check(monkeypatch, cuts=True) as check:
        play_with_long_names(config, tmp_path)
    assert {"players", "vote", "reveal", "end", "replicas", "sheet"} <= check.screens
    assert not check.problems, "\n" + check.report()


def enter_seat(t: Table) -> None:
    """Enter the keypad's seat: 1 for each number, the first choice for the rest."""
    seat = getattr(t.daemon.shown.view, "seat", None)
    while t.screen == "keypad" and getattr(t.daemon.shown.view, "seat", None) == seat:
        if getattr(t.daemon.shown.view, "kind", "") == "number":
            t.tap("1", "OK")
        else:
            t.tap(action_label(t, "pick:no"))


def read_the_small_print(config: Config, tmp_path: Path) -> None:
    """What the plays above pass by: the Daybreak tab's six presets, a keypad seat opened
    again ("Entered: ..."), and the score log's tabs."""
    with table(config, tmp_path / "print.db", strict=False) as t:
        t.tap("One Night", "Daybreak", "Presets", "Evil Transformation")
        assert getattr(t.daemon.shown.view, "preset", "") == "evil_transformation"
        t.tap("Presets", "Close", "Quit", "Quit game")
        t.tap("Alienation", "-", "Start", "Random").until("score")
        t.tap("Enter scores")
        enter_seat(t)
        t.tap("Seat 1")  # opened again: what it was given shows
        assert any("Entered" in line for line in getattr(t.daemon.shown.view, "done", ()))
        t.tap("Cancel")
        for _ in range(3):  # to its logged play: the score log has a game's tab to show
            t.until("score")
            enter_round(t)
        t.tap("Home", "Scores")
        tabs = [label for label in t.labels if label != "Home"]
        assert len(tabs) >= 5, tabs  # the pages and at least All and Alienation
        t.tap(*tabs, "Home")


def test_the_check_fails_on_what_the_screens_drew_before_they_were_fixed(
    ui: TouchUI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check can fail: the keypad's old 12 px "Entered" line, Daybreak's presets cut short,
    the score log's 36 px tabs and two controls on one spot are each reported."""
    surface = pygame.Surface((800, 480))
    with layout_check(monkeypatch) as check:
        canvas = Canvas(surface)
        canvas.text("Entered: correct 7", 18, TEXT, topleft=(20, 20))
        canvas.text("Evil Transformation", 28, TEXT, topleft=(20, 60), max_width=120)
        tab = Control("Wins", Tap.OK, pygame.Rect(20, 100, 80, 36))
        check.controls([tab, Control("Plays", Tap.BACK, pygame.Rect(60, 100, 80, 48))])
    report = check.report()
    assert "'Entered: correct 7' 12 px tall (size 18)" in report
    assert "cut short" in report
    assert "control 'Wins' is 80x36" in report
    assert "controls 'Wins' and 'Plays' overlap" in report
