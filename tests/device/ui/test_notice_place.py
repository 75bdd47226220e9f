"""A notice (the phone's pairing code, a warning) goes where it covers nothing the screen drew:
no control and no text, on One Night's setup (it hid the status line and the top of - and +)
and the Replicas screen (it hid the title), and on every screen with room for it."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pytest

from device.screenlayer import DeviceSlot
from device.ui import TouchUI
from device.ui.actions import DeviceTap
from device.ui.canvas import Canvas, fit_text, rendered
from device.ui.model import Control
from device.ui.setup import ROLES_LINE
from games.onenight.lobby import Lobby

CODE = "Pairing code: 123 456"


Drawn = list[tuple[str, pygame.mask.Mask, pygame.Rect]]


def texts_drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """(text, its glyphs' pixels, where) of every line the canvas draws from now on."""
    drawn: Drawn = []
    text = Canvas.text

    def recorded(self: Canvas, line: str, size: int, colour: Any, **where: Any) -> Any:
        rect = text(self, line, size, colour, **where)
        width = where.get("max_width")
        shown, used = (line, size) if width is None else fit_text(line, size, width)
        drawn.append((line, pygame.mask.from_surface(rendered(shown, used, colour)), rect))
        return rect

    monkeypatch.setattr(Canvas, "text", recorded)
    return drawn


def covered(ui: TouchUI, drawn: Drawn) -> list[str]:
    """What the notice's band covers: a control, or a glyph of a text (not its own)."""
    band = ui.notice_area
    assert band is not None, "no notice on the screen"
    hits = [f"control {c.label!r}" for c in ui.screen_controls() if band.colliderect(c.rect)]
    block = pygame.mask.Mask(band.size, fill=True)
    own = ui.notice_text or ""
    for line, glyphs, rect in drawn:
        touching = glyphs.overlap(block, (band.x - rect.x, band.y - rect.y)) is not None
        if line.strip() and line not in own and touching:
            hits.append(f"text {line!r}")
    return hits


def setups() -> dict[str, Any]:
    """One Night's setup on each tab the pairing banner used to cover it on, and full."""
    lobby = Lobby().apply_preset("alien_first_game").seat_checked_in(2)
    return {
        "alien": lobby.view(),
        "werewolf": lobby.show_tab("werewolf").view(),
        "daybreak": lobby.show_tab("daybreak").view(),
        "ten players": lobby.set_players(10).view(),
    }


@pytest.mark.parametrize("tab", list(setups()))
def test_the_pairing_code_covers_nothing_on_one_nights_setup(
    ui: TouchUI, monkeypatch: pytest.MonkeyPatch, tab: str
) -> None:
    ui.show(setups()[tab])
    drawn = texts_drawn(monkeypatch)
    ui.notice(CODE, until=1e9)
    assert not covered(ui, drawn)


@pytest.mark.parametrize("stage", ["ready", "round", "check"])
def test_the_pairing_code_covers_nothing_on_replicas(
    ui: TouchUI, views: dict[str, Any], monkeypatch: pytest.MonkeyPatch, stage: str
) -> None:
    ui.show(dataclasses.replace(views["replicas"], stage=stage))
    drawn = texts_drawn(monkeypatch)
    ui.notice(CODE, until=1e9)
    assert not covered(ui, drawn)


def test_the_pairing_code_covers_nothing_on_any_screen(
    ui: TouchUI, views: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = texts_drawn(monkeypatch)
    over: dict[str, list[str]] = {}
    for name, view in views.items():
        ui.show(view)
        if ui._screen.notice_rect() is not None:
            continue  # the keypad's own place for a refusal, over its hint, by design
        drawn.clear()
        ui.notice(CODE, until=1e9)
        if hits := covered(ui, drawn):
            over[name] = hits
        ui.notice("", until=0)
    assert not over


TABS = ("alien", "vampire", "werewolf", "daybreak", "bonus")


@pytest.mark.parametrize("players", [3, 10])
@pytest.mark.parametrize("tab", TABS)
def test_on_every_setup_tab_the_code_covers_no_control_nor_the_status_line(
    ui: TouchUI, monkeypatch: pytest.MonkeyPatch, tab: str, players: int
) -> None:
    # The Vampire tab has no free room: 14 chips and the device's ambience chip fill the grid.
    lobby = Lobby().apply_preset("alien_first_game").set_players(players).show_tab(tab)
    ui.show(lobby.view())
    rect = ui.slot(DeviceSlot.AMBIENCE)
    assert rect is not None
    ui.replace_control(Control("Ambience: normal", DeviceTap.AMBIENCE, rect, style="chip"))
    drawn = texts_drawn(monkeypatch)
    ui.redraw(0.0)
    status = [line for line, _, where in drawn if where.bottom <= ROLES_LINE.top]
    # The status line (on one line or two) first, then "players", "Press your"...
    assert status and lobby.view().status.startswith(status[0])
    drawn.clear()
    ui.notice(CODE, until=1e9)
    hits = covered(ui, drawn)
    assert not [hit for hit in hits if hit.startswith("control")]
    assert not {f"text {line!r}" for line in status} & set(hits)
