"""BG Stats QR codes on screen: what the end screen draws, a real QR reader (zbarimg) reads
back as the play's push link."""

from __future__ import annotations

import dataclasses
import itertools
import subprocess
from pathlib import Path

import pygame
import pytest

from device.screenlayer import DeviceLayer, Ending
from device.store.bgstats import decode_push_url, push_url
from device.ui import TouchUI
from device.ui.pushqr import ARM_LENGTH_PIXELS, BIG_QR_AREA, scannable_push_url
from device.ui.qr import QUIET_ZONE, module_edges, module_pixels, qr_matrix, qr_surface
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
    edges = module_edges(url, BIG_QR_AREA.height)
    widths = {end - start for start, end in itertools.pairwise(edges)}
    assert widths == {3, 4}  # whole pixels filling the square: 3.3 px on average, not 3
    assert surface.get_size() == (BIG_QR_AREA.height, BIG_QR_AREA.height)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            left, top = edges[x + QUIET_ZONE], edges[y + QUIET_ZONE]
            right, bottom = edges[x + QUIET_ZONE + 1] - 1, edges[y + QUIET_ZONE + 1] - 1
            for corner in ((left, top), (right, bottom)):  # the whole module, edge to edge
                assert surface.get_at(corner)[:3] == ((0, 0, 0) if dark else (255, 255, 255))


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
    # Ten players' link is too dense even full height: the QR leaves out the comments, the
    # teams, the false flags and then the roles; the export keeps them all.
    shortest = push_url(PLAY, comments=False, teams=False, brief=True, roles=False)
    assert url == shortest != push_url(PLAY)
    assert sorted(decode_push_url(url)["players"][0]) == ["name", "sourcePlayerId"]
    assert decode_push_url(url)["players"][1]["winner"] is True
    end, _ = shoot(tmp_path, "end", EndView("Village wins!", ()), url)
    assert subprocess.run(["zbarimg", "--quiet", str(end)], timeout=30).returncode == 4
    view = BgStatsView("One Night", ("1 Feb 2025",), url, back=Tap.HOME)
    png, controls = shoot(tmp_path, "bgstats", view)
    assert read_qr(png) == url
    assert read_qr(at_arms_length(png, 0.6)) == url  # 3 px modules (version 34) did not
    assert decode_push_url(read_qr(png))["players"][9]["name"] == "Player 10"
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


def one_night(players: int) -> Play:
    """A One Night play as the device logs it: roles, teams and the comments."""
    roles = ", ".join(["Alien"] * 2 + ["Villager"] * (players + 1))
    return dataclasses.replace(
        PLAY,
        players=PLAY.players[:players],
        comments=f"Roles: {roles}. Died: seat 3 (Alien).",
    )


def at_arms_length(png: Path, factor: float) -> Path:
    """The screenshot as a phone held away sees it: ``factor`` of its pixels, smoothed (each
    module blurred over fewer camera pixels)."""
    picture = pygame.image.load(str(png))
    size = (round(picture.get_width() * factor), round(picture.get_height() * factor))
    far = png.with_name(f"{png.stem}-far.png")
    pygame.image.save(pygame.transform.smoothscale(picture, size), str(far))
    return far


@pytest.mark.parametrize(
    ("players", "version", "average", "role"),
    [(4, 23, 4.1, True), (6, 23, 4.1, True), (8, 23, 4.1, False), (10, 25, 3.9, False)],
)
def test_a_one_night_code_reads_from_arms_length(
    tmp_path: Path, players: int, version: int, average: float, role: bool
) -> None:
    play = one_night(players)
    url = scannable_push_url(play)
    # Versions 25 to 35 before, in 3 px modules: now shorter links, filling the height.
    assert (len(qr_matrix(url)) - 17) // 4 == version
    edges = module_edges(url, BIG_QR_AREA.height)
    assert edges[-1] / (len(edges) - 1) >= average
    if players < 10:  # every module 4 px at least; ten players' are 3 and 4 px
        assert module_pixels(url, BIG_QR_AREA.height) >= ARM_LENGTH_PIXELS
    view = BgStatsView("One Night", ("1 Feb 2025",), url, back=Tap.HOME)
    png, _ = shoot(tmp_path, "bgstats", view)
    assert read_qr(png) == url  # at the size drawn
    # And blurred to 60% of its pixels (a resampling's aliasing makes smaller sizes a lottery:
    # each code reads at some and not at others).
    assert read_qr(at_arms_length(png, 0.6)) == url
    last = decode_push_url(url)["players"][players - 1]
    assert last["name"] == f"Player {players}" and ("role" in last) is role
