"""One Night's setup screen Options, by touch: the night's seconds per role, the discussion's
length and the vote mode, played with and kept for the next game, across a restart."""

from __future__ import annotations

from pathlib import Path

from device.runtime.setup_options import answers
from games.onenight.setup import OneNightOptions
from tests.touchplay import Table, table, table_config

ANSWERS = ["Night -", "Night +", "Talk -", "Talk +", "Vote mode", "Done"]


def options_of(t: Table) -> tuple[float, int, str]:
    options: OneNightOptions = t.daemon.runtime.state.setup.options
    return options.role_seconds, options.day_minutes, str(options.vote_mode)


def pace(t: Table) -> str:
    return str(getattr(t.daemon.shown.view, "pace", ""))


def test_options_set_by_touch_are_played_and_kept_after_a_restart(tmp_path: Path) -> None:
    config, store = table_config(tmp_path), tmp_path / "m.db"
    with table(config, store) as t:
        t.tap("One Night")
        assert "Options" in t.labels
        assert options_of(t) == (10.0, 1, "secret")  # the device's settings
        t.tap("Options")
        assert t.labels == ANSWERS  # a question over the screen: only its answers reach
        t.tap("Night -", "Night -", "Talk +", "Talk +", "Vote mode")
        assert options_of(t) == (8.0, 3, "called")
        assert pace(t) == "Night: 8 s a role. Talk: 3 min. Vote: called."
        t.tap("Done")
        assert "Options" in t.labels and "Start night" in t.labels
        t.tap("Start night").until("day").tap("Vote now", "Vote now").until("vote")
        players = t.daemon.runtime.state.setup.players
        for voter in range(1, players + 1):  # called in turn: each presses only a target
            t.press(voter % players + 1)
        t.tap("Reveal cards")
        for role in t.daemon.runtime.state.setup.roles[:players]:
            t.tap(role.display_name, "Confirm")
        assert t.phase == "result"
        t.tap("Home")
    with table(config, store) as t:
        t.tap("One Night", "Options")
        assert options_of(t) == (8.0, 3, "called")
        assert pace(t) == "Night: 8 s a role. Talk: 3 min. Vote: called."
        t.tap("Talk -", "Talk -", "Talk -", "Talk -")  # down to the default: auto
        auto = t.daemon.runtime.state.setup.players - 1
        assert pace(t) == f"Night: 8 s a role. Talk: {auto} min (auto). Vote: called."
        t.tap("Done", "Start night").until("night")
        assert options_of(t) == (8.0, 0, "called")


def test_the_options_stop_at_their_ranges_and_the_question_goes_with_the_screen(
    tmp_path: Path,
) -> None:
    with table(table_config(tmp_path)) as t:
        t.tap("One Night", "Options")
        for _ in range(10):
            t.tap("Night -")
        t.tap("Vote mode", "Vote mode", "Vote mode")  # round the three modes
        assert options_of(t) == (3.0, 1, "secret")
        t.tap("Done", "Quit")
        assert "Options" not in t.labels


def test_the_answers_fit_the_question_panel() -> None:
    panel = (120, 110, 680, 370)
    for control in answers():
        rect = control.rect
        assert panel[0] <= rect.left and rect.right <= panel[2], control.label
        assert panel[1] <= rect.top and rect.bottom <= panel[3], control.label
