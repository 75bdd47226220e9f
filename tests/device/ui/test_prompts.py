"""What the table must read first is drawn prominent: "Press your seat button" on One Night's
setup, the roles in play on the day screen, who is out of the Replicas round. Each is measured
as drawn (the glyphs' height from the font's pixels at the size finally used, and its colour),
not as asked for."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from device.ui import TouchUI
from device.ui.canvas import PROMINENT_SIZE, TEXT, Canvas, fit_text, glyph_height
from games.onenight.lobby import Lobby

PROMINENT = 22
"""Glyphs at least this tall (px): a step above the 18 px floor."""


def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, Any]]:
    """(text, glyph height in px, colour) of every line the canvas draws from now on."""
    lines: list[tuple[str, int, Any]] = []
    text = Canvas.text

    def recorded(self: Canvas, line: str, size: int, colour: Any, **where: Any) -> Any:
        width = where.get("max_width")
        shown, used = (line, size) if width is None else fit_text(line, size, width)
        lines.append((shown, glyph_height(used), tuple(colour)))
        return text(self, line, size, colour, **where)

    monkeypatch.setattr(Canvas, "text", recorded)
    return lines


def prompt(lines: list[tuple[str, int, Any]], start: str) -> list[tuple[int, Any]]:
    """(glyph height, colour) of each drawn line that starts with ``start``."""
    return [(height, colour) for text, height, colour in lines if text.startswith(start)]


def test_the_setup_asks_for_seat_buttons_prominently_until_every_seat_is_in(
    ui: TouchUI, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = drawn(monkeypatch)
    lobby = Lobby().apply_preset("alien_first_game").seat_checked_in(2)
    ui.show(lobby.view())
    for start in ("Press your", "seat button"):
        assert prompt(lines, start) == [(glyph_height(PROMINENT_SIZE), TEXT)], start
        assert glyph_height(PROMINENT_SIZE) >= PROMINENT
    lines.clear()
    for seat in range(1, lobby.players + 1):
        lobby = lobby.seat_checked_in(seat)
    ui.show(lobby.view())
    assert not prompt(lines, "Press your")  # every seat is in: the ring says so


def test_the_day_shows_the_roles_in_play_prominently(
    ui: TouchUI, views: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = drawn(monkeypatch)
    roles = "2 Alien, Synthetic Alien, Cow, Psychic, Rascal, Exposer, Oracle"
    ui.show(dataclasses.replace(views["day"], roles=roles))
    first = next(i for i, line in enumerate(lines) if line[0].startswith("In play:"))
    in_play = lines[first : first + 2]  # on two lines, if it must
    assert all(height >= PROMINENT and colour == TEXT for _, height, colour in in_play)
    # Every role is read: none cut.
    assert " ".join(text for text, _, _ in in_play).endswith("Exposer, Oracle"), in_play


@pytest.mark.parametrize("stage", ["round", "check"])
def test_replicas_shows_who_is_out_prominently(
    ui: TouchUI, views: dict[str, Any], monkeypatch: pytest.MonkeyPatch, stage: str
) -> None:
    lines = drawn(monkeypatch)
    ui.show(dataclasses.replace(views["replicas"], stage=stage, out=(1, 4)))
    assert prompt(lines, "Out this round: 1, 4") == [(glyph_height(PROMINENT_SIZE), TEXT)]
    assert glyph_height(PROMINENT_SIZE) >= PROMINENT
