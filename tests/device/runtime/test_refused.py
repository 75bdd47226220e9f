"""A refused entry on the device: shown in words, said briefly, and fixable where it was made;
a seat already entered shows what it was given and takes a new entry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from touchplay import Table, table, table_config

from device.config import Config
from games.onenight.roles import Role


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """Not conftest's: a table's, whose One Night day lasts one minute."""
    return table_config(tmp_path)


def to_replicas_scores(t: Table) -> None:
    t.tap("Replicas", "Start").do("control", "go").until("round").do("wait", 20).press(1)
    t.do("wait", 1).do("control", "yes")
    assert t.phase == "score"


def test_a_refused_score_is_shown_said_and_entered_again_on_the_same_seat(
    config: Config,
) -> None:
    with table(config, strict=False) as t:
        to_replicas_scores(t)
        t.tap("Enter scores", "1", "2", "OK", "0", "OK", "No")  # 12 correct: a grid has 9
        assert t.banner == "Seat 1: 12 correct and 0 misplaced is more than a grid's 9 cards."
        assert t.said[-1] == "common.refused"
        view = t.daemon.shown.view
        assert t.screen == "keypad" and getattr(view, "seat", None) == 1
        t.tap("6", "OK", "0", "OK", "Yes")
        assert t.daemon.runtime.state.entries[0].seat == 1  # taken at last
        assert "common.sorry" not in t.said


def test_a_bumped_button_is_refused_quietly(config: Config) -> None:
    with table(config, strict=False) as t:
        t.tap("Alien Encounters", "Start").until("rounds")
        before = list(t.said)
        t.press(1)  # a seat button does nothing while rounds are played
        assert t.said == before and t.banner is None


def test_enter_scores_opens_the_first_seat_not_in_and_an_entered_seat_shows_its_entry(
    config: Config,
) -> None:
    with table(config) as t:
        t.tap("Alienation", "Start", "Random").until("score")
        t.tap("Enter scores", "1", "2", "OK", "3", "OK", "Cancel")
        t.tap("Enter scores")
        keypad = t.daemon.shown.view
        assert getattr(keypad, "seat", None) == 2  # seat 1 is in
        t.tap("Seat 1")
        keypad = t.daemon.shown.view
        assert getattr(keypad, "done", None) == (
            "Entered: points: 12; Sunnies: 3. Enter again to change it.",
        )
        t.tap("1", "5", "OK", "2", "OK")  # corrected; the keypad goes on to seat 2
        assert getattr(t.daemon.shown.view, "seat", None) == 2
        sheet = t.daemon.shown.view
        assert t.screen == "keypad" and sheet is not None
        t.tap("Cancel")
        rows: tuple[Any, ...] = getattr(t.daemon.shown.view, "rows", ())
        (row, *_) = rows
        assert "15" in row.cells


def test_a_revealed_seat_tapped_again_shows_its_card_and_takes_a_new_one(
    config: Config,
) -> None:
    with table(config) as t:
        t.tap("One Night", "Start night").until("day").tap("Vote now", "Vote now").until("vote")
        for voter, target in ((1, 3), (2, 3), (3, 2), (4, 3)):
            t.press(voter, target)
        t.tap("Reveal cards", "Cow", "Confirm", "Seat 1")
        picker = t.daemon.shown.view
        assert (getattr(picker, "seat", None), getattr(picker, "card", None)) == (1, "cow")
        t.tap("Psychic", "Confirm")
        first = t.daemon.runtime.state.reveals[0]
        assert (first.seat, first.card) == (1, Role.PSYCHIC)


def test_a_refusal_goes_with_the_screen_it_was_made_on(config: Config) -> None:
    with table(config, strict=False) as t:
        to_replicas_scores(t)
        t.tap("Enter scores", "1", "2", "OK", "0", "OK", "No")  # 12 correct: a grid has 9
        assert t.banner is not None and "grid's 9 cards" in t.banner
        t.tap("Cancel")  # the keypad closes: its refusal is not read over the sheet
        assert t.screen != "keypad" and t.banner is None


def test_a_warning_stays_over_a_new_screen(config: Config) -> None:
    with table(config, strict=False) as t:
        t.daemon.notices.append("tag reader lost")
        t.tap("Replicas")
        assert t.screen == "table" and t.banner == "tag reader lost"
