"""Word wrapping: a result line never leaves a number ("5.") or a short last word alone at a
line's head (issue 35), and wrapping still keeps every word, in order, within the width."""

from __future__ import annotations

import itertools

import pytest
from screenpixels import drawn_texts

from device.ui import TouchUI
from device.ui.canvas import text_size, wrap
from games.views import EndView

RESULT_LINES = [
    "Player {a} was shot by the Hunter, player {b}.",
    "Player {a} died for love of player {b}.",
    "Winners: players 1, 2, {a}, 7 and {b}.",
    "Player {a} is safe from the vote: shielded by player {b}.",
    "Player {a}, the Tanner, wins.",
]


@pytest.fixture(autouse=True)
def fonts(ui: TouchUI) -> None:
    """Wrapping measures text: the fonts need the screen open."""


def test_the_hunters_shot_keeps_player_and_number_together() -> None:
    # Before the fix: ['Player 3 was shot by the Hunter, player', '5.']
    assert wrap("Player 3 was shot by the Hunter, player 5.", 32, 420) == [
        "Player 3 was shot by the Hunter,",
        "player 5.",
    ]


@pytest.mark.parametrize("line", RESULT_LINES)
def test_no_result_line_strands_a_number_or_a_short_last_word(line: str) -> None:
    for a, b in ((1, 5), (3, 10), (12, 5)):
        text = line.format(a=a, b=b)
        for size in range(20, 54, 2):
            for width in (420, 720):
                lines = wrap(text, size, width)
                assert " ".join(lines).split() == text.split()  # every word, in order
                for before, after in itertools.pairwise(lines):
                    head = after.split()[0]
                    lone = after is lines[-1] and len(after.split()) == 1
                    moved = f"{before.split()[-1]} {after}"
                    counted = head[0].isdigit() and not before.split()[-1][0].isdigit()
                    stranded = counted or (lone and len(head) <= 3)
                    # Stranded only where the word before could not have come down with it.
                    assert (
                        not stranded
                        or len(before.split()) == 1
                        or (text_size(moved, size)[0] > width)
                    ), (size, width, lines)
                assert all(text_size(part, size)[0] <= width for part in lines if " " in part)


def test_the_end_screen_draws_no_number_alone(ui: TouchUI, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = drawn_texts(monkeypatch)
    # At the end screen's 52 px in its 720 px this line used to end "player" / "10.".
    ui.show(EndView("The village wins!", ("Player 12 was shot by the Hunter, player 10.",)))
    ui.redraw(0.0)
    assert "10." not in drawn
    assert "player 10." in drawn
