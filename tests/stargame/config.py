"""Stars' own section of the device's config file, ``[stars]``: declared here, beside its rules,
so the device checks it, fills in its defaults and prints it in ``mothership config`` without a
file of its own."""

from __future__ import annotations

from dataclasses import dataclass

from games.config import ConfigSection, setting


@dataclass(frozen=True)
class StarsConfig:
    """``[stars]``: what a game of Stars starts with when its setup does not say."""

    level: int = setting(
        1, "Points each star caught scores, when the setup gives no level, 1 to 3.", low=1, high=3
    )
    seconds: int = setting(
        10, "Seconds eyes stay closed while the stars are counted, 1 to 60.", low=1, high=60
    )


STARS = ConfigSection("stars", StarsConfig, "Stars, the example game of docs/architecture.md.")
