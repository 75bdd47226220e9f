"""The screen registry names every view's screen, and loads a screen only when it is shown."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest

from device.ui.registry import SCREENS, screen_for, view_kinds
from device.ui.screens import HomeScreen, Screen
from games.views import HomeView, ScreenName, View

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


def test_every_screen_name_has_a_view_with_a_screen() -> None:
    assert {kind.screen for kind in view_kinds()} == set(ScreenName)


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
