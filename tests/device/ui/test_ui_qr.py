"""BG Stats QR codes on screen: what the end screen draws, a real QR reader (zbarimg) reads
back as the play's push link."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from device.screenlayer import DeviceLayer, Ending
from device.store.bgstats import decode_push_url, push_url
from device.ui import TouchUI
from device.ui.pushqr import BIG_QR_AREA, scannable_push_url
from device.ui.qr import QUIET_ZONE, module_pixels, qr_matrix, qr_surface
from device.ui.screens import MIN_MODULE_PIXELS, QR_AREA
from games.events import Tap
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.views import BgStatsView
from games.views import EndView, View

SMALL = Play(
    "6a1d9e2c-5b4f-4a3e-8d7c-9e8f7a6b5c4d",
    "Alienation",
    "2025-01-31T20:15:07Z",
    (
        PlayerResult("Ada", 1, 30, True, True, player_id="5b0c2c1e-8a55-4c1e-9d0e-0f6a4b3c2d1e"),
        PlayerResult("Player 2", 2, 12, False),
        PlayerResult("Player 3", 3, 20, False),
    ),
    duration_min=25,
)
PLAY = Play(
    "0b7f2a5e-3c1d-4e8f-9a6b-1c2d3e4f5a6b",
    "One Night",
    "2025-02-01T21:00:00Z",
    tuple(
        PlayerResult(f"Player {seat}", seat, None, seat % 2 == 0, role="Villager", team="Village")
        for seat in range(1, 11)
    ),
    duration_min=14,
    comments="Roles: " + ", ".join(["Alien"] * 2 + ["Villager"] * 11) + ". Died: seat 3 (Alien).",
)


def read_qr(path: Path) -> str:
    """The text of the one QR code in the picture at ``path``, read by zbarimg."""
    out = subprocess.run(
        ["zbarimg", "--quiet", "--raw", "-Sbinary", str(path)],
        capture_output=True,
        check=True,
        timeout=30,
    ).stdout
    return out.decode("utf-8").removesuffix("\n")


def test_the_drawn_modules_are_the_codes_modules() -> None:
    url = scannable_push_url(PLAY)
    rows = qr_matrix(url)
    surface = qr_surface(url, BIG_QR_AREA.height)
    scale = surface.get_width() // (len(rows) + 2 * QUIET_ZONE)
    assert scale >= 3  # a ten-player One Night link still has modules a phone can see
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            centre = ((x + QUIET_ZONE) * scale + scale // 2, (y + QUIET_ZONE) * scale + scale // 2)
            assert surface.get_at(centre)[:3] == ((0, 0, 0) if dark else (255, 255, 255))


def shoot(tmp_path: Path, screen: str, view: View, link: str = "") -> tuple[Path, list[str]]:
    """The screen drawn to a PNG (with the device's ``link`` when given, as on a game's last
    screen), and its controls' labels."""
    ui = TouchUI()
    ui.open()
    try:
        ui.show(view, DeviceLayer(ending=Ending(link)))
        ui.redraw(0.0)
        ui.save_png(tmp_path / f"{screen}.png")
        return tmp_path / f"{screen}.png", [label for label, _ in ui.controls()]
    finally:
        ui.close()


def test_the_end_screen_shows_a_short_link_a_phone_can_scan(tmp_path: Path) -> None:
    url = push_url(SMALL, location="Club")
    assert module_pixels(url, QR_AREA.height) >= MIN_MODULE_PIXELS
    view = EndView("Ada wins!", ("Ada: 30",))
    png, controls = shoot(tmp_path, "end", view, url)
    assert read_qr(png) == url == scannable_push_url(SMALL, "Club")  # short: the whole link
    assert decode_push_url(read_qr(png))["location"] == "Club"
    assert controls == ["Home", "BG Stats"]


def test_a_long_link_is_shown_full_height_on_its_own_screen(tmp_path: Path) -> None:
    url = scannable_push_url(PLAY)
    assert module_pixels(url, QR_AREA.height) < MIN_MODULE_PIXELS  # too fine on the end screen
    # Ten players' link is too dense even full height with the comments: the QR leaves them out.
    assert url == push_url(PLAY, comments=False) != push_url(PLAY)
    end, _ = shoot(tmp_path, "end", EndView("Village wins!", ()), url)
    assert subprocess.run(["zbarimg", "--quiet", str(end)], timeout=30).returncode == 4
    view = BgStatsView("One Night", ("1 Feb 2025",), url, back=Tap.HOME)
    png, controls = shoot(tmp_path, "bgstats", view)
    assert read_qr(png) == url
    assert decode_push_url(read_qr(png))["players"][9]["role"] == "Villager"
    assert controls == ["Back"]


def test_an_end_screen_without_a_logged_play_has_no_code(tmp_path: Path) -> None:
    ui = TouchUI()
    ui.open()
    try:
        ui.show(EndView("Village wins!", ("Seat 3 died.",)))
        ui.redraw(0.0)
        ui.save_png(tmp_path / "end.png")
    finally:
        ui.close()
    result = subprocess.run(["zbarimg", "--quiet", str(tmp_path / "end.png")], timeout=30)
    assert result.returncode == 4  # zbarimg: no code found


def test_the_link_is_the_devices_and_never_in_the_games_view() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'bgstats'"):
        EndView("x", (), bgstats="https://example")  # type: ignore[call-arg]
