"""The tally's bar chart: its bars by votes, the dead in the warning colour, the device's own bar,
and who voted for whom beside the bars."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pytest
from ballot_views import tally
from screenpixels import display, drawn_texts, saved_png

from device.ui import TouchUI, UiInput
from device.ui.ballot import BAR, CHART, DEAD_BAR, POINTED, TallyScreen
from games.events import Tap
from games.onenight.views import TallyView
from games.views import DEVICE_SEAT, ViewError


@pytest.mark.parametrize(
    "view",
    [
        tally([0, 1, 4, 0, 2, 0, 0], [3]),
        tally([1, 1, 1, 1], []),
        tally([0, 0, 0], []),
        tally([2, 1, 0, 3, 0, 1, 0, 0, 1, 0, 2, 0], [0, 4], tally=((0, 3),)),
    ],
    ids=["one-death", "tie", "no-votes", "twelve-and-ship"],
)
def test_the_tally_renders_a_real_png(ui: TouchUI, view: TallyView, tmp_path: Path) -> None:
    ui.show(view)
    assert ui.controls() == [("Reveal cards", "reveal")]
    saved_png(ui, tmp_path / "tally.png")


def test_reveal_cards_gives_its_action(ui: TouchUI) -> None:
    ui.show(tally([0, 2, 1], [2]))
    ui.tap("Reveal cards")
    assert ui.poll() == [UiInput("touch", Tap.REVEAL)]


def _bar_heights(ui: TouchUI, view: TallyView) -> dict[int, tuple[int, tuple[int, ...]]]:
    """Seat -> (height in pixels, colour) of each bar, measured on the screen."""
    ui.show(view)
    surface = display()
    out = {}
    for seat, rect in TallyScreen.from_view(view).bar_rects():
        x = rect.centerx
        colour = tuple(surface.get_at((x, CHART.bottom - 1))[:3])
        y = CHART.bottom - 1
        while y >= CHART.top and tuple(surface.get_at((x, y))[:3]) == colour:
            y -= 1
        height = CHART.bottom - 1 - y if colour in (BAR, DEAD_BAR) else 0
        out[seat] = (height, colour)
    return out


def test_more_votes_stand_taller_and_the_dead_are_in_the_warning_colour(ui: TouchUI) -> None:
    bars = _bar_heights(ui, tally([0, 1, 4, 0, 2], [3]))
    heights = {seat: height for seat, (height, _) in bars.items()}
    assert heights[3] > heights[5] > heights[2] > heights[1] == heights[4] == 0
    assert heights[3] >= CHART.height - 2  # the most votes fill the chart
    assert bars[3][1] == DEAD_BAR
    assert bars[2][1] == bars[5][1] == BAR


def test_the_device_gets_a_bar_of_its_own(ui: TouchUI) -> None:
    view = tally([1, 0, 0, 1], [0])
    view = dataclasses.replace(view, tally=((0, 2), *view.tally))
    bars = _bar_heights(ui, view)
    assert list(bars) == [0, 1, 2, 3, 4]
    assert bars[0][1] == DEAD_BAR
    assert bars[0][0] > bars[1][0] > 0


def test_seats_left_out_of_the_tally_have_no_votes() -> None:
    screen = TallyScreen.from_view(tally([2, 1, 0], [], tally=((1, 2),)))
    assert screen.tally == ((1, 2), (2, 0), (3, 0))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"tally": ((1,),)}, "TallyView.tally must be tuple[tuple[int, int], ...], got ((1,),)"),
        ({"tally": (3, 1)}, "TallyView.tally must be tuple[tuple[int, int], ...], got (3, 1)"),
        (
            {"tally": ((9, 1),)},
            "TallyView.tally has seat 9, but the game has seats 1 to 3 (and 0, the device)",
        ),
        ({"tally": ((1, -1),)}, "TallyView.tally: seat 1 has -1 votes, fewer than 0"),
        ({"deaths": "2"}, "TallyView.deaths must be tuple[int, ...], got '2'"),
        ({"message": 5}, "TallyView.message must be str, got 5"),
    ],
)
def test_a_tally_view_with_a_wrong_field_is_refused_when_built(
    changes: dict[str, object], message: str
) -> None:
    fields = {"players": 3, "tally": ((1, 0), (2, 1)), "deaths": (), "message": "Votes!"}
    with pytest.raises(ViewError) as error:
        TallyView(**{**fields, **changes})  # type: ignore[arg-type]
    assert str(error.value) == message


def test_the_tally_shows_who_voted_for_whom_beside_the_bars(
    ui: TouchUI, monkeypatch: pytest.MonkeyPatch
) -> None:
    from device.ui.canvas import Canvas, fit_text

    text = Canvas.text  # the canvas's own, for the second recorder below
    drawn = drawn_texts(monkeypatch)
    pointed = ((1, (2,)), (2, (3,)), (3, (2, DEVICE_SEAT)), (4, (2,)))
    ui.show(tally([0, 3, 1, 0], [], pointed=pointed, tally=((0, 1), (2, 3), (3, 1))))
    ui.redraw(0.0)
    assert {"1 \u00bb 2", "2 \u00bb 3", "3 \u00bb 2, Ship", "4 \u00bb 2"} <= set(drawn)
    fitted: list[str] = []

    def shown(self: Canvas, line: str, size: int, colour: object, **where: object) -> object:
        room = where.get("max_width")
        fitted.append(fit_text(line, size, room)[0] if isinstance(room, int) else line)
        return text(self, line, size, colour, **where)  # type: ignore[arg-type]

    monkeypatch.setattr(Canvas, "text", shown)
    every = tuple((seat, (DEVICE_SEAT,)) for seat in range(1, 13))
    ui.show(tally([0] * 12, [], pointed=every, tally=((0, 12),)))  # thirteen narrow bars
    ui.redraw(0.0)
    assert "Ship" in fitted  # the device's bar keeps its whole name, beside the axis
    screen = TallyScreen.from_view(
        tally([0] * 12, [], pointed=tuple((seat, (seat % 12 + 1,)) for seat in range(1, 13)))
    )
    rows = [rect for _, rect in screen.pointing_rows()]
    assert len(rows) == 12 and len({rect.left for rect in rows}) == 2  # two columns past six
    assert all(POINTED.contains(rect) for rect in rows)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rows, 2))
    assert all(rect.right <= POINTED.left for _, rect in screen.bar_rects())


def test_a_tally_without_the_votes_keeps_the_full_width_chart() -> None:
    screen = TallyScreen.from_view(tally([1, 0, 1], []))
    assert screen.chart == CHART and screen.pointing_rows() == []
