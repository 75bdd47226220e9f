"""The wiring diagram in docs/ is generated from the default config and cannot drift from it."""

from __future__ import annotations

from pathlib import Path

import pygame

from device.commands.wiring import PHYSICAL, draw_wiring, wiring_markdown, wiring_rows
from device.config import default_config

DOCS = Path(__file__).parents[3] / "docs"


def test_the_committed_table_is_what_the_default_config_gives() -> None:
    assert (DOCS / "wiring.md").read_text(encoding="utf-8") == wiring_markdown(default_config())


def test_every_configured_pin_is_on_the_diagram_once() -> None:
    config = default_config()
    rows = wiring_rows(config)
    pins = config.pins
    configured = {*pins.seat_buttons, *pins.seat_lamps, pins.yes, pins.no, pins.go}
    if pins.buzzer is not None:
        configured.add(pins.buzzer)
    assert configured <= {gpio for _, gpio, _, _ in rows}
    physical = [phys for _, _, phys, _ in rows]
    assert len(physical) == len(set(physical))  # no header pin used twice
    assert 14 not in configured and 15 not in configured  # the UART stays free for tag readers
    assert all(PHYSICAL[gpio] == phys for _, gpio, phys, _ in rows)


def test_the_picture_is_drawn(tmp_path: Path) -> None:
    draw_wiring(default_config(), tmp_path / "wiring.png")
    assert pygame.image.load(str(tmp_path / "wiring.png")).get_size() == (900, 760)
    assert (DOCS / "images" / "wiring.png").exists()
