"""One Night's setup screen Options, by touch: the night's seconds per role, the discussion's
length and the vote mode, played with and kept for the next game, across a restart."""

from __future__ import annotations

from pathlib import Path

from touchgames import options_of, pace, play_one_night_options
from touchplay import table, table_config

from device.runtime.setup_options import answers


def test_options_set_by_touch_are_played_and_kept_after_a_restart(tmp_path: Path) -> None:
    play_one_night_options(tmp_path)


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


def test_talk_steps_from_the_auto_value_not_from_below_one_minute(tmp_path: Path) -> None:
    with table(table_config(tmp_path)) as t:
        t.tap("One Night", "Options", "Talk +", "Talk +")  # the device's 1 min, 2, then auto
        auto = t.daemon.runtime.state.setup.players - 1
        assert options_of(t)[1] == 0 and f"Talk: {auto} min (auto)." in pace(t)
        t.tap("Talk +")
        assert options_of(t)[1] == auto + 1 and "(auto)" not in pace(t)
        t.tap("Talk -")
        assert options_of(t)[1] == 0  # back onto auto
        t.tap("Talk -")
        assert options_of(t)[1] == auto - 1 and f"Talk: {auto - 1} min." in pace(t)
        for _ in range(20):
            t.tap("Talk +")
        assert options_of(t)[1] == 15  # the most


def test_the_answers_fit_the_question_panel() -> None:
    panel = (120, 110, 680, 370)
    for control in [*answers(), *answers(pairing_locked=True)]:
        rect = control.rect
        assert panel[0] <= rect.left and rect.right <= panel[2], control.label
        assert panel[1] <= rect.top and rect.bottom <= panel[3], control.label
