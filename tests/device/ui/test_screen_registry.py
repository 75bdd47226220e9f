"""The screen registry names every view's screen, and loads a screen only when it is shown."""

from __future__ import annotations

import inspect
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from stargame.views import StarsScreen
from suitegames import without

from device.ui.laidout import LaidOutScreen
from device.ui.registry import SCREENS, screen_for, view_kinds
from device.ui.screens import HomeScreen, Screen
from games import catalog
from games.layout import GameView
from games.views import HomeView, ScreenId, ScreenName, View

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("view_path", sorted(SCREENS))
def test_each_entry_names_a_view_and_the_screen_factory_that_takes_it(view_path: str) -> None:
    kind = next(kind for kind in view_kinds() if f"{kind.__module__}:{kind.__name__}" == view_path)
    assert issubclass(kind, View)
    factory = screen_for(kind)
    assert factory is not None
    owner = factory.__self__  # type: ignore[attr-defined]
    assert inspect.isclass(owner) and issubclass(owner, Screen)
    assert owner.__module__ == SCREENS[view_path].partition(":")[0]


def _path(kind: type[View]) -> str:
    return f"{kind.__module__}:{kind.__qualname__}"


def unshown(kinds: list[type[View]]) -> list[str]:
    """What is wrong with the screens ``kinds`` name (the device's views: those ``SCREENS``
    lists; the others a game's own). Every screen a view can name must have a screen: each of
    the device's ``ScreenName``s a view of its own drawn by its own screen, and every member of
    a game's own screen enum a view of the game's, drawn from its layout by ``LaidOutScreen``.
    The device need not own every screen, and a game never takes one of the device's."""
    device = [kind for kind in kinds if _path(kind) in SCREENS]
    games = [kind for kind in kinds if _path(kind) not in SCREENS]
    problems = [f"{_path(kind)}: no screen draws it" for kind in kinds if not screen_for(kind)]
    named = {kind.screen for kind in device}
    problems += [
        f"'{name.value}': no view of the device's goes on it"
        for name in ScreenName
        if name not in named
    ]
    problems += [
        f"{_path(kind)}: the device draws it on '{kind.screen.value}', not a ScreenName"
        for kind in device
        if not isinstance(kind.screen, ScreenName)
    ]
    for kind in games:
        if isinstance(kind.screen, ScreenName):
            problems.append(f"{_path(kind)}: a game's view on the device's '{kind.screen.value}'")
        elif screen_for(kind) not in (None, LaidOutScreen.from_view):
            problems.append(f"{_path(kind)}: a game's own view not drawn from its layout")
    own = {kind.screen for kind in games}
    for screens in {type(kind.screen) for kind in games}:
        problems += [
            f"'{name.value}': no view of its game goes on it" for name in screens if name not in own
        ]
    return problems


@pytest.fixture(params=["without stars", "with stars"])
def catalogued(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The registered games: with the suite's example game (Stars, ``tests/stargame``, whose
    count screen is its own; the suite registers it, ``suitegames``), and without it."""
    assert catalog.spec_of("stargame") in catalog.GAMES
    if request.param == "without stars":
        monkeypatch.setattr(catalog, "GAMES", without("stars"))
    return str(request.param)


def test_every_screen_a_view_can_name_has_a_screen_the_devices_or_its_games(
    catalogued: str,
) -> None:
    kinds = view_kinds()
    assert unshown(kinds) == []
    screens = {kind.screen for kind in kinds}
    assert set(ScreenName) <= screens
    if catalogued == "with stars":  # a game's own screen is one of them (unshown: not a device's)
        assert StarsScreen.COUNT in screens


def test_a_screen_no_view_goes_on_or_a_view_no_screen_draws_is_told() -> None:
    class Sky(ScreenId):
        CLEAR = "sky.clear"
        CLOUDY = "sky.cloudy"

    @dataclass(frozen=True)
    class ClearView(GameView):  # no registered game declares it: nothing draws it
        screen: ClassVar[Sky] = Sky.CLEAR

    kinds = [kind for kind in view_kinds() if kind.screen is not ScreenName.TALLY]
    assert unshown([*kinds, ClearView]) == [
        f"{_path(ClearView)}: no screen draws it",
        "'tally': no view of the device's goes on it",
        "'sky.cloudy': no view of its game goes on it",
    ]


def test_a_view_class_without_a_screen_has_none() -> None:
    class Unshown(HomeView):
        pass

    assert screen_for(HomeView) == HomeScreen.from_view
    assert screen_for(Unshown) is None


def test_the_touch_ui_loads_no_chart_qr_or_game_screen_until_one_is_shown() -> None:
    code = (
        "import sys; import device.ui.touch; "
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(("
        "'device.ui.charts', 'device.ui.alieninjas', 'device.ui.play', 'segno',"
        "'games.onenight', 'games.alieninjas')))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": "/usr/bin:/bin"},
        timeout=120,
    ).stdout.split()
    assert loaded == []
