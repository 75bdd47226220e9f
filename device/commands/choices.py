"""``mothership onenight roles`` and ``presets``: what a setup can choose, by the names a
scenario or ``onenight script`` takes."""

from __future__ import annotations

import argparse

from device.config import Config
from games.onenight.presets import PRESETS, Preset, find_preset, preset_roles
from games.onenight.roles import Box, Role, find_role


def run(args: argparse.Namespace, config: Config) -> int:
    """Print the list (or the one entry) the arguments ask for."""
    if args.tool == "roles":
        text = role_text(find_role(args.name)) if args.name else roles_text()
    elif args.key is None:
        if args.players is not None:
            raise ValueError(
                "--players needs a preset: mothership onenight presets KEY --players N"
            )
        text = presets_text(config.hardware.seats)
    else:
        text = preset_text(find_preset(args.key), args.players, config.hardware.seats)
    print(text)
    return 0


def role_text(role: Role) -> str:
    """One role's line: scenario name, card name, box, team, copies and wake steps."""
    info = role.info
    wakes = f"wakes at {', '.join(info.wakes)}" if info.wakes else "never woken"
    copies = "1 card" if info.copies == 1 else f"{info.copies} cards"
    return (
        f"{role.value:<24} {info.name:<24} {info.team.value} team, {copies}, {wakes}"
        f"{', places Marks' if info.places_mark else ''}"
    )


def roles_text() -> str:
    """Every role, grouped by the box it comes from."""
    lines = []
    for box in Box:
        lines.append(f"{box.value} box:")
        lines += [f"  {role_text(role)}" for role in Role if role.info.box is box]
    lines.append("Use the first column in --roles and in a scenario's setup.roles.")
    return "\n".join(lines)


def _fits(preset: Preset, seats: int) -> str:
    top = min(preset.max_players, seats)
    span = f"{preset.min_players} to {preset.max_players} players"
    if top < preset.max_players:
        span += f" ({top} at most on this device's {seats} seats)"
    return span


def presets_text(seats: int) -> str:
    """Every preset with the player counts it fits."""
    lines = [
        f"{key:<24} {preset.name:<28} {_fits(preset, seats)}" for key, preset in PRESETS.items()
    ]
    lines.append("Show one preset's cards: mothership onenight presets KEY [--players N].")
    return "\n".join(lines)


def preset_text(preset: Preset, players: int | None, seats: int) -> str:
    """One preset's cards for ``players`` (default: its smallest table); a count it does not fit
    is refused with the counts it does fit."""
    count = preset.min_players if players is None else players
    roles = preset_roles(preset, count)  # SetupError names the counts the preset seats
    names = ", ".join(role.info.name for role in roles)
    return "\n".join(
        [
            f"{preset.name} ({preset.key}): fits {_fits(preset, seats)}",
            f"{count} players, {len(roles)} cards: {names}",
        ]
    )
