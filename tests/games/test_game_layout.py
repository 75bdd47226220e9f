"""A game's own views: the layout they describe is checked when built, their screens are named
after the game, and a spec declares them by name (``games.layout``, ``GameSpec.views``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from games.events import Tap
from games.layout import Countdown, Figure, GameView, Layout, Text, Title
from games.spec import GameSpec
from games.views import ScreenId, SheetButton, ViewError


class DemoScreen(ScreenId):
    BOARD = "demo.board"
    ELSEWHERE = "other.board"


@dataclass(frozen=True)
class BoardView(GameView):
    screen: ClassVar[DemoScreen] = DemoScreen.BOARD
    points: int

    def layout(self) -> Layout:
        return Layout((Title("Board"), Figure(str(self.points), "points")))


@dataclass(frozen=True)
class StrayView(GameView):
    screen: ClassVar[DemoScreen] = DemoScreen.ELSEWHERE


def spec(*views: str) -> GameSpec[Any]:
    def never(*_: Any) -> Any:
        raise AssertionError("not started")

    return GameSpec("demo", "Demo", never, never, never, views=views)


@pytest.mark.parametrize(
    ("blocks", "buttons", "message"),
    [
        ((Text(("a",)), Title("late")), (), "one Title at most, and only as the first block"),
        ((Title("a"), Title("b")), (), "one Title at most"),
        ((Figure("1"),), tuple(SheetButton(str(i), Tap.OK) for i in range(5)), "at most 4"),
        (("plain text",), (), r"Layout.blocks must be tuple\[Title \| Figure"),
        ((Figure("1"),), ("Done",), r"Layout.buttons must be tuple\[SheetButton, \.\.\.\]"),
    ],
)
def test_a_layout_is_checked_when_built(
    blocks: tuple[Any, ...], buttons: tuple[SheetButton, ...], message: str
) -> None:
    with pytest.raises(ViewError, match=message):
        Layout(blocks, buttons)


def test_a_block_is_checked_when_built() -> None:
    with pytest.raises(ViewError, match=r"^Countdown.ends_at must be float, got 'soon'$"):
        Countdown("soon")  # type: ignore[arg-type]


def test_a_layout_of_every_block_and_buttons_is_built() -> None:
    layout = Layout(
        (Title("T"), Countdown(10.0, "left"), Figure("3"), Text(("go",))),
        (SheetButton("Done", Tap.DONE, primary=True),),
        dark=True,
    )
    assert [type(block) for block in layout.blocks] == [Title, Countdown, Figure, Text]


def test_a_game_view_on_a_screen_without_the_games_name_is_refused() -> None:
    class Plain(ScreenId):
        BOARD = "board"  # could be mistaken for one of the device's screens

    with pytest.raises(TypeError, match=r"^Loose.screen is 'board': a game's own screen is named"):

        @dataclass(frozen=True)
        class Loose(GameView):
            screen: ClassVar[Plain] = Plain.BOARD


def test_a_view_must_say_its_layout() -> None:
    with pytest.raises(NotImplementedError, match="StrayView must say its layout"):
        StrayView().layout()


def test_a_spec_names_its_views_and_loads_them_when_asked() -> None:
    assert spec(f"{__name__}:BoardView").own_views() == (BoardView,)
    assert spec().own_views() == ()


@pytest.mark.parametrize(
    ("path", "message"),
    [
        (f"{__name__}:StrayView", r"goes on 'other.board'; .* named 'demo.<screen>'"),
        (f"{__name__}:DemoScreen", "is not a GameView"),
        ("games.views:SheetView", "is not a GameView"),  # the device's own screens stay its own
    ],
)
def test_a_spec_refuses_a_view_not_its_own(path: str, message: str) -> None:
    with pytest.raises(TypeError, match=f"^demo: {path} {message}"):
        spec(path).own_views()
