"""The screen of a game's own views (``device/ui/laidout.py``): blocks laid out in rows, buttons
along the bottom that tap like any control, a ticking countdown, and dim for closed eyes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pygame
import pytest
from screenpixels import brightest

from device.screenlayer import DeviceLayer
from device.ui import TouchUI, UiError, UiInput
from device.ui.actions import DeviceTap
from device.ui.canvas import Canvas
from device.ui.laidout import TOP_BAND, LaidOutScreen
from device.ui.screens import QUIT_RECT
from games import catalog
from games.events import Tap
from games.layout import Countdown, Figure, GameView, Layout, Text, Title
from games.spec import GameSpec
from games.views import ScreenId, SheetButton


class TrialScreen(ScreenId):
    BOARD = "trial.board"


@dataclass(frozen=True)
class BoardView(GameView):
    screen: ClassVar[TrialScreen] = TrialScreen.BOARD
    blocks: tuple[Title | Figure | Countdown | Text, ...]
    buttons: tuple[SheetButton, ...] = ()
    dark: bool = False

    def layout(self) -> Layout:
        return Layout(self.blocks, self.buttons, self.dark)


@dataclass(frozen=True)
class WrongView(GameView):
    screen: ClassVar[TrialScreen] = TrialScreen.BOARD

    def layout(self) -> Layout:
        return "a picture"  # type: ignore[return-value]


@pytest.fixture
def trial(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A registered game that declares these views as its own."""

    def never(*_: Any) -> Any:
        raise AssertionError("not started")

    views = (f"{__name__}:BoardView", f"{__name__}:WrongView")
    spec = GameSpec("trial", "Trial", never, never, never, views=views)
    monkeypatch.setattr(catalog, "GAMES", (*catalog.GAMES, spec))
    yield


BODY = (Title("Board"), Figure("3", "stars"), Countdown(70.0, "left"), Text(("Count them.",)))


def test_figures_and_countdowns_share_a_row_and_a_paragraph_has_its_own() -> None:
    screen = LaidOutScreen.from_view(BoardView(BODY))
    rows = screen.rows()
    assert [blocks for _, blocks in rows] == [(BODY[1], BODY[2]), (BODY[3],)]
    (first, _), (second, _) = rows
    assert first.top >= TOP_BAND and first.bottom <= second.top and second.bottom <= 480
    assert first.height > second.height  # figures get more of the body than text


def test_the_title_sits_in_the_top_band_clear_of_quit(
    ui: TouchUI, trial: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[str, pygame.Rect]] = []
    text = Canvas.text

    def noted(self: Canvas, line: str, size: int, colour: Any, **where: Any) -> pygame.Rect:
        rect = text(self, line, size, colour, **where)
        drawn.append((line, rect))
        return rect

    monkeypatch.setattr(Canvas, "text", noted)
    ui.show(BoardView((Title("A very long title " * 4), Figure("1"))))
    title = next(rect for line, rect in drawn if line.startswith("A very long"))
    assert title.bottom <= TOP_BAND and title.right < QUIT_RECT.left


def test_its_buttons_go_along_the_bottom_and_a_tap_reports_their_action(
    ui: TouchUI, trial: None
) -> None:
    buttons = (SheetButton("Again", DeviceTap.AGAIN), SheetButton("Done", Tap.DONE, primary=True))
    ui.show(BoardView(BODY, buttons))
    controls = ui.screen_controls()
    assert [(c.label, c.action, c.primary) for c in controls] == [
        ("Again", "again", False),
        ("Done", "done", True),
    ]
    assert controls[0].rect.right < controls[1].rect.left and controls[0].rect.top >= 380
    ui.tap("Done")
    assert ui.poll() == [UiInput("touch", "done")]


def test_its_countdown_ticks_each_second_until_it_is_up(ui: TouchUI, trial: None) -> None:
    ui.show(BoardView(BODY))
    assert ui.next_redraw(60.0) == 61.0
    assert ui.next_redraw(69.5) == 70.0
    assert ui.next_redraw(70.0) is None  # 0:00: nothing ticks any more
    ui.show(BoardView((Figure("3"),)))
    assert ui.next_redraw(60.0) is None


def test_a_dark_layout_is_dim_all_over_and_its_buttons_are_night_buttons(
    ui: TouchUI, trial: None, tmp_path: Path
) -> None:
    ui.show(BoardView(BODY, (SheetButton("Done", Tap.DONE),)))
    ui.save_png(tmp_path / "light.png")
    assert brightest(tmp_path / "light.png") > 200  # the same layout, lit: the check can fail
    ui.show(BoardView(BODY, (SheetButton("Done", Tap.DONE),), dark=True))
    ui.save_png(tmp_path / "dark.png")
    assert brightest(tmp_path / "dark.png") < 90
    assert [c.style for c in ui.screen_controls()] == ["night"]
    assert ui.quit_spot()[1]  # Quit drawn dim too


def test_a_view_must_give_a_layout(ui: TouchUI, trial: None) -> None:
    with pytest.raises(UiError, match=r"^WrongView.layout\(\) must give a Layout, not 'a picture'"):
        ui.show(WrongView())


def test_a_game_view_no_registered_game_declares_has_no_screen(ui: TouchUI) -> None:
    with pytest.raises(UiError, match=r"^no screen shows a BoardView"):
        ui.show(BoardView(BODY))


def test_a_dark_layout_shows_the_public_call_under_its_body_and_a_lit_one_has_no_room(
    ui: TouchUI, trial: None, tmp_path: Path
) -> None:
    call = DeviceLayer(call="Everyone, close your eyes.")
    ui.show(BoardView(BODY))
    assert not ui.overlay(call)  # a lit game screen: no slot for it, nothing redrawn
    ui.show(BoardView(BODY, dark=True))
    screen = LaidOutScreen.from_view(BoardView(BODY, dark=True))
    slot = screen.call_slot()
    assert slot is not None and all(rect.bottom <= slot.top for rect, _ in screen.rows())
    ui.save_png(tmp_path / "before.png")
    assert ui.overlay(call)
    ui.save_png(tmp_path / "after.png")
    before, after = (pygame.image.load(str(tmp_path / f"{n}.png")) for n in ("before", "after"))
    changed = [
        (x, y)
        for x in range(0, 800, 4)
        for y in range(0, 480, 4)
        if before.get_at((x, y)) != after.get_at((x, y))
    ]
    assert changed and all(slot.collidepoint(point) for point in changed)
    assert brightest(tmp_path / "after.png") < 90
