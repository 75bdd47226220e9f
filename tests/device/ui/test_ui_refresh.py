"""The loop's end-of-pass refresh: an idle screen is not drawn again, and a ticking clock redraws
only the cells of its reading that changed, to the same pixels as a whole redraw."""

from __future__ import annotations

import pygame
import pytest
from screenpixels import display

from device.ui import TouchUI
from device.ui.alieninjas import REPLICAS_CLOCK_AREA
from device.ui.play import DAY_CLOCK_AREA
from games.alieninjas.views import ReplicasView
from games.onenight.views import DayView
from games.views import View


def _count_flips(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts what reaches the display: whole flips and rectangle updates alike."""
    flips = [0]
    real_flip, real_update = pygame.display.flip, pygame.display.update

    def counting_flip() -> None:
        flips[0] += 1
        real_flip()

    def counting_update(area: pygame.Rect | None = None) -> None:
        flips[0] += 1
        real_update(area)

    monkeypatch.setattr(pygame.display, "flip", counting_flip)
    monkeypatch.setattr(pygame.display, "update", counting_update)
    return flips


def test_refresh_draws_an_idle_screen_no_more(
    ui: TouchUI, views: dict[str, View], monkeypatch: pytest.MonkeyPatch
) -> None:
    ui.show(views["home"])
    flips = _count_flips(monkeypatch)
    for second in range(1, 30):
        ui.refresh(float(second))
    assert flips[0] == 0


def test_refresh_draws_the_day_clock_once_per_tick(
    ui: TouchUI, views: dict[str, View], monkeypatch: pytest.MonkeyPatch
) -> None:
    ui.redraw(0.0)
    ui.show(views["day"])  # ends at 100: ticks at 1, 2, 3 ...
    flips = _count_flips(monkeypatch)
    for tenth in range(1, 31):
        ui.refresh(tenth / 10)
    assert flips[0] == 3


def view_area(view: View) -> pygame.Rect:
    return DAY_CLOCK_AREA if isinstance(view, DayView) else REPLICAS_CLOCK_AREA


def _pixels(ui: TouchUI) -> bytes:
    return pygame.image.tobytes(display(), "RGB")


TICKING: dict[str, View] = {
    "day clock": DayView(ends_at=100.0, remaining=0.0, paused=False, players=7),
    "replicas clock": ReplicasView(
        round=2,
        rounds=3,
        map="B",
        stage="round",
        started_at=0.0,
        elapsed=0.0,
        buzzed=None,
        out=(1,),
        players=4,
    ),
}


@pytest.mark.parametrize("name", list(TICKING))
@pytest.mark.parametrize("start", [0.0, 58.5, 69.2, 98.4, 99.6])
def test_a_clock_tick_redraws_its_changed_cells_to_the_same_pixels_as_a_whole_redraw(
    ui: TouchUI, name: str, start: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Across the day's amber last 30 s, 0:00 with "Time's up!", and the round clock."""
    view = TICKING[name]
    ui.redraw(start)
    ui.show(view)
    updates: list[list[pygame.Rect]] = []
    real_update = pygame.display.update

    def recording_update(areas: list[pygame.Rect]) -> None:
        updates.append(areas)
        real_update(areas)

    monkeypatch.setattr(pygame.display, "update", recording_update)
    for step in range(1, 16):
        now = start + step * 0.1
        ui.refresh(now)
        partial = _pixels(ui)
        ui.redraw(now)
        assert _pixels(ui) == partial, f"{name} at {now:.1f} s differs from a whole redraw"
    band = view_area(view)
    assert updates and all(band.contains(area) for areas in updates for area in areas), updates
    narrow = [areas for areas in updates if all(area.width < band.width // 4 for area in areas)]
    # Only the day's turn to amber (70 s before its end at 100) and "Time's up!" redraw it all.
    whole = name == "day clock" and start in (69.2, 99.6)
    assert bool(narrow) is not whole, "a tick that changes only digits draws only their cells"


def test_a_notice_running_out_redraws_the_whole_screen(ui: TouchUI) -> None:
    ui.redraw(0.0)
    ui.show(DayView(ends_at=1000.0, remaining=0.0, paused=False, players=7))
    ui.notice("The tag reader is not answering", until=2.5)
    with_notice = _pixels(ui)
    ui.refresh(2.6)
    without = _pixels(ui)
    ui.redraw(2.6)
    assert _pixels(ui) == without != with_notice
