"""The wiring diagram, generated from the config so it cannot drift from it.

``python -m device.commands.wiring`` rewrites ``docs/wiring.md`` (a table) and
``docs/images/wiring.png`` (the 40-pin header with every connection) from the shipped default
config.
"""

from __future__ import annotations

from pathlib import Path

from device.config import Config, default_config

# BCM GPIO number -> physical pin on the 40-pin header.
PHYSICAL: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19,
    9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35,
    16: 36, 26: 37, 20: 38, 21: 40,
}  # fmt: skip
POWER: dict[int, str] = {
    1: "3V3", 2: "5V", 4: "5V", 6: "GND", 9: "GND", 14: "GND", 17: "3V3", 20: "GND", 25: "GND",
    30: "GND", 34: "GND", 39: "GND",
}  # fmt: skip
RESERVED: dict[int, str] = {27: "ID_SD (keep free)", 28: "ID_SC (keep free)"}


def wiring_rows(config: Config) -> list[tuple[str, int, int, str]]:
    """(what, BCM GPIO, physical pin, how to wire it) for every configured connection."""
    pins = config.pins
    rows = []
    for seat, gpio in enumerate(pins.seat_buttons, start=1):
        rows.append(
            (f"seat {seat} button", gpio, PHYSICAL[gpio], "button to GND (internal pull-up)")
        )
    for seat, gpio in enumerate(pins.seat_lamps, start=1):
        rows.append(
            (f"seat {seat} lamp", gpio, PHYSICAL[gpio], "LED + resistor (or driver) to GND")
        )
    for name in ("yes", "no", "go"):
        gpio = getattr(pins, name)
        rows.append((f"{name} button", gpio, PHYSICAL[gpio], "button to GND (internal pull-up)"))
    if pins.buzzer is not None:
        rows.append(("buzzer", pins.buzzer, PHYSICAL[pins.buzzer], "piezo (PWM) to GND"))
    rows.append(("tag reader TX", 15, PHYSICAL[15], "RDM6300/PN532 TX to the Pi's RXD (UART)"))
    rows.append(("tag reader RX", 14, PHYSICAL[14], "PN532 RX from the Pi's TXD (UART)"))
    return sorted(rows, key=lambda row: row[2])


def wiring_markdown(config: Config) -> str:
    """The wiring table, as Markdown."""
    lines = [
        "# Wiring (generated from the default config by `python -m device.commands.wiring`)",
        "",
        "![The 40-pin header with every connection](images/wiring.png)",
        "",
        "| header pin | GPIO (BCM) | connects | how |",
        "| --- | --- | --- | --- |",
    ]
    lines += [
        f"| {phys} | {gpio} | {what} | {how} |" for what, gpio, phys, how in wiring_rows(config)
    ]
    lines += [
        "",
        "Ground: header pins " + ", ".join(str(p) for p, n in POWER.items() if n == "GND"),
    ]
    return "\n".join(lines) + "\n"


def draw_wiring(config: Config, path: Path) -> None:
    """Draw the header, two columns of pins, each labelled with what it connects to."""
    import pygame

    labels = {phys: f"{what} (GPIO{gpio})" for what, gpio, phys, _ in wiring_rows(config)}
    pygame.font.init()
    surface = pygame.Surface((900, 760))
    surface.fill((12, 16, 32))
    font = pygame.font.Font(None, 24)
    title = pygame.font.Font(None, 34).render(
        "Mothership wiring: 40-pin header", True, (130, 240, 150)
    )
    surface.blit(title, (30, 16))
    for pin in range(1, 41):
        row, right = (pin - 1) // 2, pin % 2 == 0
        x, y = (470 if right else 420), 60 + row * 34
        kind = POWER.get(pin, "")
        colour = (220, 60, 60) if "V" in kind else (90, 90, 90) if kind else (230, 200, 80)
        if pin in labels:
            colour = (120, 200, 255)
        pygame.draw.circle(surface, colour, (x, y + 12), 11)
        text = labels.get(pin) or kind or RESERVED.get(pin, "")
        number = font.render(str(pin), True, (12, 16, 32))
        surface.blit(number, number.get_rect(center=(x, y + 12)))
        if text:
            label = font.render(text, True, (230, 230, 240))
            surface.blit(
                label, (x + 22, y + 3) if right else label.get_rect(topright=(x - 22, y + 3))
            )
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))


def main() -> None:
    """Rewrite docs/wiring.md and docs/images/wiring.png from the default config."""
    root = Path(__file__).resolve().parents[2] / "docs"
    config = default_config()
    (root / "wiring.md").write_text(wiring_markdown(config), encoding="utf-8")
    draw_wiring(config, root / "images" / "wiring.png")


if __name__ == "__main__":
    main()
