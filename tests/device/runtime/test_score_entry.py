"""Score entry by touch (``device/runtime/score_entry.py``): the keypad stays reachable whatever
else happens while it is open."""

from __future__ import annotations

from touchplay import enter_round, table

from device.config import Config


def test_a_seat_button_pressed_over_the_keypad_leaves_enter_scores_on_the_sheet(
    config: Config,
) -> None:
    # Found by the device fuzz: Firsties taken by a seat button while the keypad was open put
    # the sheet back over it, and "Enter scores" never came back (the keypad still counted as
    # open): the table could only quit.
    with table(config) as t:
        t.tap("Alienation", "-", "Start", "Random").until("score")
        t.tap("Enter scores", "2", "OK")
        assert t.screen == "keypad"
        t.press(2)  # Firsties
        assert t.screen == "sheet" and t.daemon.runtime.state.firsties == 2
        assert "Enter scores" in t.labels
        for _ in range(3):  # and the game goes on to its end by touch
            t.until("score")
            enter_round(t)
        assert t.phase == "final"
        assert "common.sorry" not in t.said
