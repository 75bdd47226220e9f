"""Alienation's section of the config file, ``[alienation]``: how the first round's start
player, the friendliest, is found. Light: the spec imports it."""

from __future__ import annotations

from dataclasses import dataclass

from games.config import ConfigSection, setting


@dataclass(frozen=True)
class AlienationConfig:
    """``[alienation]``: how the first round's start player, the friendliest, is found."""

    friendliest: str = setting(
        "table",
        'Who starts round 1 (the rules: the friendliest player). "table": the players choose, by\n'
        'seat button or on the screen (Go or Random asks the device to draw); "random": the\n'
        "device draws.",
        choices=("table", "random"),
    )
    friendliest_seconds: float = setting(
        120.0,
        "Seconds the table has to choose before the device draws, 1 to 3600.",
        low=1,
        high=3600,
    )


ALIENATION = ConfigSection(
    "alienation", AlienationConfig, "Alienation: who starts the first round."
)
