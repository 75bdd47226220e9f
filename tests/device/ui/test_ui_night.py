"""The night screen's answer window: dim buttons for the one awake player, nothing bright."""

from __future__ import annotations

from pathlib import Path

import pytest
from screenpixels import brightest

from device.screenlayer import DeviceLayer
from device.ui import TouchUI, UiInput
from games.events import AnswerTap
from games.onenight.views import AnswerButtons, NightView

QUESTION = "Oracle, I am thinking of a number from 1 to 10. Guess it."


def test_a_yes_no_window_offers_two_dim_buttons(ui: TouchUI, tmp_path: Path) -> None:
    ui.show(NightView(AnswerButtons.YES_NO, 6), DeviceLayer(call="Oracle, join the aliens?"))
    assert ui.controls() == [("Yes", "answer:yes"), ("No", "answer:no")]
    ui.redraw(0.0)
    ui.save_png(tmp_path / "n.png")
    assert brightest(tmp_path / "n.png") < 90


def test_a_number_window_offers_one_button_per_number_and_a_tap_answers(
    ui: TouchUI, tmp_path: Path
) -> None:
    ui.show(NightView(AnswerButtons.NUMBER, 10), DeviceLayer(call=QUESTION))
    assert [action for _, action in ui.controls()] == [f"answer:{n}" for n in range(1, 11)]
    ui.redraw(0.0)
    ui.save_png(tmp_path / "n.png")
    assert brightest(tmp_path / "n.png") < 90
    ui.tap("7")
    assert ui.poll() == [UiInput("touch", AnswerTap(7))]


def test_once_the_window_closes_no_answer_button_is_left(ui: TouchUI) -> None:
    ui.show(NightView(AnswerButtons.NUMBER, 10), DeviceLayer(call=QUESTION))
    ui.show(NightView(AnswerButtons.NONE, 10), DeviceLayer(call="Oracle, close your eyes."))
    assert ui.controls() == []


def test_a_taken_answer_is_said_dimly_the_same_whatever_it_was(
    ui: TouchUI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from device.ui.canvas import NIGHT_TEXT, Canvas
    from device.ui.play import TAKEN

    drawn: list[tuple[str, object]] = []
    text = Canvas.text

    def recorded(self: Canvas, line: str, size: int, colour: object, **where: object) -> object:
        drawn.append((line, colour))
        return text(self, line, size, colour, **where)  # type: ignore[arg-type]

    monkeypatch.setattr(Canvas, "text", recorded)
    ui.show(NightView(AnswerButtons.NUMBER, 10), DeviceLayer(call=QUESTION))
    ui.redraw(0.0)
    assert TAKEN not in [line for line, _ in drawn]
    ui.show(NightView(AnswerButtons.NUMBER, 10, taken=True), DeviceLayer(call=QUESTION))
    ui.redraw(0.0)
    assert (TAKEN, NIGHT_TEXT) in drawn  # dim, and no button is lit
    assert not any(control.lit for control in ui.screen_controls())
    ui.save_png(tmp_path / "n.png")
    assert brightest(tmp_path / "n.png") < 90
