"""Every screen renders; the night screen keeps secrets; the day timer ticks."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from screenpixels import display

from device.screenlayer import DeviceLayer, DeviceSlot
from device.ui import TouchUI, UiError
from device.ui.canvas import (
    ACCENT,
    ALIEN,
    BG,
    BUTTON,
    CHIP_OFF,
    CHIP_ON,
    DIM,
    TEXT,
    Canvas,
    SurfaceCache,
    clear_caches,
)
from device.ui.model import Control
from device.ui.play import NIGHT_CAPTION_BAND
from games.events import Tap
from games.onenight.views import NightView, TallyView
from games.scorelog.views import PlaysView
from games.views import MessageView, ScreenName, ViewError

NIGHT_DIM = 24  # brightest channel value allowed on the night screen outside the caption


def _rgb_rows(surface: pygame.Surface) -> list[bytes]:
    width, height = surface.get_size()
    data = pygame.image.tobytes(surface, "RGB")
    return [data[y * width * 3 : (y + 1) * width * 3] for y in range(height)]


@pytest.mark.parametrize("screen", sorted(ScreenName))
def test_each_screen_renders_and_saves_a_real_800x480_png(
    ui: TouchUI, views: dict[str, Any], screen: str, tmp_path: Path
) -> None:
    ui.show(views[screen])
    ui.redraw(41.5)
    path = tmp_path / f"{screen}.png"
    ui.save_png(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pygame.image.load(str(path)).get_size() == (800, 480)


def test_anything_but_a_view_is_an_error_naming_the_views_screens_show(ui: TouchUI) -> None:
    with pytest.raises(UiError, match=r"^no screen shows a dict; screens show: .*\bSetupView\b"):
        ui.show({"game": "One Night"})  # type: ignore[arg-type]


def test_a_view_missing_a_field_is_an_error_naming_the_view_and_field(ui: TouchUI) -> None:
    with pytest.raises(TypeError, match="'footer'"):
        without_footer: dict[str, Any] = {
            "title": "Plays",
            "rows": (),
            "older": False,
            "newer": False,
        }
        PlaysView(**without_footer)
    with pytest.raises(UiError, match=r"^no screen shows a dict; .*\bPlaysView\b"):
        ui.show({"title": "Plays: All games", "rows": [], "older": False, "newer": False})  # type: ignore[arg-type]


def test_a_view_with_a_wrong_type_is_refused_before_it_reaches_a_screen() -> None:
    with pytest.raises(ViewError, match=r"^TallyView.players must be int, got '5'$"):
        TallyView(players="5", tally=(), deaths=(), message="")  # type: ignore[arg-type]


def test_the_home_screen_has_one_control_per_game(ui: TouchUI, views: dict[str, Any]) -> None:
    ui.show(views["home"])
    games = views["home"].games
    assert ui.controls() == [(label, f"game:{label}") for label in games]
    assert "Stars" in games and ("One Night", "game:One Night") in ui.controls()


def test_the_setup_screen_hides_start_while_the_night_is_prepared(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    ui.show(views["setup"])
    assert ("Start night", "start") in ui.controls()
    ui.show(dataclasses.replace(views["setup"], preparing=True))
    assert ui.controls() == [("Start now", "night:start_now")]  # only the wait can be cut


def test_the_night_screen_is_dark_outside_a_dim_caption_and_has_no_controls(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    ui.show(views["night"], DeviceLayer(call="Aliens, wake up and look for other aliens."))
    assert ui.controls() == []
    rows = _rgb_rows(display())
    band = range(NIGHT_CAPTION_BAND.top, NIGHT_CAPTION_BAND.bottom)
    outside = [max(row) for y, row in enumerate(rows) if y not in band]
    inside = [max(row) for y, row in enumerate(rows) if y in band]
    assert max(outside) <= NIGHT_DIM
    assert NIGHT_DIM < max(inside) <= 100  # the caption is there, and dim


def test_the_night_screen_stays_dark_after_a_bright_screen(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    ui.show(views["setup"])
    ui.show(NightView())
    assert max(max(row) for row in _rgb_rows(display())) <= NIGHT_DIM


def _screen_bytes() -> bytes:
    return pygame.image.tobytes(display(), "RGB")


def test_the_day_timer_counts_down_with_now(ui: TouchUI, views: dict[str, Any]) -> None:
    ui.show(views["day"])  # ends at 100.0
    ui.redraw(40.0)
    at_1_00 = _screen_bytes()
    ui.redraw(40.5)
    assert _screen_bytes() == at_1_00  # still shows 1:00
    ui.redraw(41.0)
    assert _screen_bytes() != at_1_00  # now 0:59


def test_the_day_timer_asks_for_a_redraw_at_the_next_whole_second(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    ui.show(views["day"])  # ends at 100.0
    assert ui.next_redraw(40.3) == pytest.approx(41.0)
    assert ui.next_redraw(41.0) == pytest.approx(42.0)
    assert ui.next_redraw(99.9) == pytest.approx(100.0)
    assert ui.next_redraw(100.0) is None  # 0:00 does not change any more


def test_a_paused_day_timer_shows_remaining_and_needs_no_redraw(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    paused = dataclasses.replace(views["day"], ends_at=None, remaining=75.0, paused=True)
    ui.show(paused)
    assert ui.next_redraw(40.0) is None
    assert ("Resume", "resume") in ui.controls()
    ui.redraw(40.0)
    first = _screen_bytes()
    ui.redraw(80.0)
    assert _screen_bytes() == first


def test_screens_without_a_timer_need_no_redraw(ui: TouchUI, views: dict[str, Any]) -> None:
    for screen in ("home", "setup", "night", "vote", "end", "message"):
        ui.show(views[screen])
        assert ui.next_redraw(10.0) is None


def test_show_before_open_validates_and_lists_controls() -> None:
    closed = TouchUI()
    closed.show(MessageView(title="Hi", lines=()))
    assert closed.controls() == [("OK", "ok")]
    with pytest.raises(UiError, match="not open"):
        closed.save_png(Path("/tmp/never.png"))


def test_a_window_of_another_size_scales_the_design(views: dict[str, Any], tmp_path: Path) -> None:
    big = TouchUI(size=(1024, 600))
    big.open()
    try:
        big.show(views["setup"])
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(780, 530), button=1))
        assert [(i.kind, i.value) for i in big.poll()] == [("touch", "start")]
        big.save_png(tmp_path / "big.png")
        assert pygame.image.load(str(tmp_path / "big.png")).get_size() == (1024, 600)
    finally:
        big.close()


@pytest.mark.parametrize("screen", sorted(ScreenName))
def test_a_redraw_from_warm_caches_matches_one_drawn_afresh(
    ui: TouchUI, views: dict[str, Any], screen: str
) -> None:
    ui.show(views[screen])
    clear_caches()
    ui.redraw(41.5)
    cold = _screen_bytes()
    for other in ("home", "vote", "setup", "day"):  # fill the caches with other screens' pieces
        ui.show(views[other])
    ui.show(views[screen])
    ui.redraw(41.5)
    assert _screen_bytes() == cold


def _drawn(draw: object) -> bytes:
    """The RGB bytes of a fresh starry canvas after ``draw(canvas)``."""
    canvas = Canvas(pygame.Surface((800, 480), 0, display()))
    canvas.space()
    assert callable(draw)
    draw(canvas)
    return pygame.image.tobytes(canvas.surface, "RGB")


def test_cached_buttons_and_chips_set_the_pixels_drawing_them_directly_would(ui: TouchUI) -> None:
    button = Control("Vote now", Tap.VOTE, pygame.Rect(37, 301, 233, 77))

    def direct(canvas: Canvas) -> None:
        pygame.draw.rect(canvas.surface, BUTTON, button.rect, border_radius=18)
        pygame.draw.rect(canvas.surface, ACCENT, button.rect, width=3, border_radius=18)
        canvas.text("Vote now", 65, TEXT, center=button.rect.center, max_width=209)
        for x, lit in ((451, True), (509, False)):
            fill, border, colour = (CHIP_ON, ALIEN, BG) if lit else (CHIP_OFF, DIM, TEXT)
            pygame.draw.circle(canvas.surface, fill, (x, 87), 22)
            pygame.draw.circle(canvas.surface, border, (x, 87), 22, width=2)
            canvas.text(str(x), 28, colour, center=(x, 87))

    def cached(canvas: Canvas) -> None:
        canvas.button(button)
        canvas.chip((451, 87), 22, "451", True)
        canvas.chip((509, 87), 22, "509", False)

    expected = _drawn(direct)
    clear_caches()
    assert _drawn(cached) == expected  # drawn into the caches
    assert _drawn(cached) == expected  # blitted from them


def test_the_text_cache_stays_within_its_byte_budget() -> None:
    pieces = SurfaceCache(max_bytes=3 * 400)  # room for three 10x10 32-bit surfaces
    made: list[str] = []

    def make(name: str) -> Callable[[], pygame.Surface]:
        def surface() -> pygame.Surface:
            made.append(name)
            return pygame.Surface((10, 10), 0, 32)

        return surface

    for name in ("a", "b", "c"):
        pieces.get(name, make(name))
    pieces.get("a", make("a"))  # a hit: "a" is now the most recently used
    pieces.get("d", make("d"))  # over budget: the least recently used ("b") goes
    assert made == ["a", "b", "c", "d"]
    assert len(pieces) == 3 and pieces.bytes <= pieces.max_bytes
    pieces.get("a", make("a"))
    pieces.get("b", make("b"))
    assert made == ["a", "b", "c", "d", "b"]
    assert pieces.get("huge", lambda: pygame.Surface((100, 100), 0, 32)).get_size() == (100, 100)
    assert len(pieces) == 3  # too big to keep, but still drawn


@pytest.mark.parametrize("screen", ["scores", "setup"])
def test_a_banner_leaves_the_corner_where_quit_sits_clear(
    ui: TouchUI, views: dict[str, Any], screen: str
) -> None:
    from device.ui.overlays import NOTICE_BG

    ui.show(views[screen])
    ui.notice("Pairing code: 123 456 " * 3, until=1e9)
    surface = display()
    corner = ui._screen.quit_rect()  # top right, or top left on One Night's setup
    assert tuple(surface.get_at(corner.center))[:3] != NOTICE_BG
    area = ui.notice_area
    assert area is not None and tuple(surface.get_at(area.move(3, 3).topleft))[:3] == NOTICE_BG


def test_a_banner_on_the_keypad_leaves_its_title_the_instruction_readable(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    from device.ui.overlays import NOTICE_BG

    ui.show(views["keypad"])
    ui.notice("Seat 2: 12 correct and 0 misplaced is more than a grid's 9 cards.", until=1e9)
    surface = display()
    assert tuple(surface.get_at((400, 4)))[:3] != NOTICE_BG  # the title's band is clear
    assert tuple(surface.get_at((20, 150)))[:3] == NOTICE_BG  # the banner is under the seats
    assert all(not c.rect.colliderect(pygame.Rect(8, 128, 496, 52)) for c in ui.screen_controls())


def test_the_devices_controls_go_only_where_a_screen_has_room_for_them(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    rooms: dict[DeviceSlot, set[str]] = {part: set() for part in DeviceSlot}
    for name, view in views.items():
        ui.show(view)
        for part in DeviceSlot:
            room = ui.slot(part)
            if room is not None:
                rooms[part].add(name)
                assert not room.colliderect(ui.quit_spot()[0])  # clear of Quit
                assert room.collidelist([c.rect for c in ui.screen_controls()]) < 0
    assert rooms == {
        DeviceSlot.ENTER_SCORES: {"sheet", "scores"},
        DeviceSlot.AMBIENCE: {"setup"},
        DeviceSlot.SCORES: {"setup"},
    }
    ui.show(dataclasses.replace(views["setup"], preparing=True))
    assert ui.slot(DeviceSlot.AMBIENCE) is None  # nothing can change while the night prepares
    assert ui.slot(DeviceSlot.SCORES) is None
