"""One Night game setup: players, the role set, options, presets and their validation."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from games.errors import SetupError
from games.onenight.presets import PRESETS, Preset, find_preset
from games.onenight.roles import Box, Role, find_role

__all__ = [
    "CENTRE_CARDS",
    "PRESETS",
    "OneNightOptions",
    "OneNightSetup",
    "Preset",
    "find_preset",
    "options_from",
    "parse_roles",
    "player_range",
    "validate_setup",
]

VOTE_MODES = ("secret", "called", "grid")
"""The ways votes can be entered with buttons and touch (a ``vote`` event works in every one)."""

CENTRE_CARDS = 3
"""Cards always left in the centre: a game uses players + 3 cards."""


@dataclass(frozen=True)
class OneNightOptions:
    """Timings and rates of one game; defaults match the shipped config."""

    role_seconds: float = 10.0
    """How long each role acts (and has to answer the device)."""
    pause_seconds: float = 1.0
    """The gap after each narration line."""
    day_minutes: int = 0
    """Length of the day; 0 means one minute per player, minus one."""
    ripple_rate: float = 0.15
    """The chance of a ripple at the end of the night (Alien roles only)."""
    auto_start_seconds: float = 0.0
    """Start the night by itself this long after setup; 0 waits for the Start control."""
    mask_sound: bool = False
    """Play a soft masking noise under the narration from dusk to wake-up."""
    rulings: tuple[tuple[str, object], ...] = ()
    """Rulings that differ from the defaults (``games.onenight.resolve.Rulings`` fields)."""
    vote_mode: str = "secret"
    """How votes are entered: ``"secret"`` (own seat, then target), ``"called"`` (each player
    in turn presses a target) or ``"grid"`` (one person enters everyone's votes on screen)."""


@dataclass(frozen=True)
class OneNightSetup:
    """Everything that defines one game before it starts."""

    players: int
    roles: tuple[Role, ...]
    seed: int
    options: OneNightOptions = field(default_factory=OneNightOptions)
    preset: str = ""
    """The name of the preset the roles came from, if any (shown on the setup screen)."""

    def __post_init__(self) -> None:
        validate_setup(self.players, self.roles)

    @property
    def day_seconds(self) -> float:
        """The discussion time: the option, else one minute per player minus one."""
        minutes = self.options.day_minutes or max(1, self.players - 1)
        return 60.0 * minutes


def parse_roles(names: Iterable[str]) -> tuple[Role, ...]:
    """Turn scenario role names into roles, refusing unknown names."""
    return tuple(find_role(name) for name in names)


def player_range(roles: Iterable[Role]) -> tuple[int, int]:
    """The smallest and largest player count the role set allows."""
    only_alien = all(role.info.box in (Box.ALIEN, Box.BONUS) for role in roles)
    return (4, 12) if only_alien else (3, 10)


def validate_setup(players: int, roles: tuple[Role, ...]) -> None:
    """Refuse a setup that cannot be played, naming what is wrong."""
    low, high = player_range(roles)
    if not low <= players <= high:
        raise SetupError(f"{players} players: this role set plays with {low} to {high}")
    need = players + CENTRE_CARDS
    if len(roles) != need:
        raise SetupError(f"{len(roles)} cards for {players} players: need {need}")
    for role, count in Counter(roles).items():
        if count > role.info.copies:
            raise SetupError(f"{count} {role.display_name} cards: a box has {role.info.copies}")


def options_from(values: Mapping[str, object], defaults: OneNightOptions) -> OneNightOptions:
    """Override ``defaults`` with a scenario's ``options``, refusing unknown keys and bad values."""
    known = set(OneNightOptions.__dataclass_fields__)
    result: dict[str, float | int | bool | str] = {}
    for key, value in values.items():
        if key not in known:
            close = difflib.get_close_matches(key, sorted(known), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise SetupError(f"unknown option: {key!r}{hint}")
        if key == "vote_mode":
            if value not in VOTE_MODES:
                raise SetupError(
                    f"option vote_mode: expected one of {', '.join(VOTE_MODES)}, got {value!r}"
                )
            result[key] = str(value)
            continue
        if key == "mask_sound":
            if not isinstance(value, bool):
                raise SetupError(f"option mask_sound: expected true or false, got {value!r}")
            result[key] = value
            continue
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise SetupError(f"option {key}: expected a number >= 0, got {value!r}")
        if key == "ripple_rate" and value > 1:
            raise SetupError(f"option ripple_rate: must be between 0 and 1, got {value!r}")
        result[key] = int(value) if key == "day_minutes" else float(value)
    base = {name: getattr(defaults, name) for name in known}
    return OneNightOptions(**{**base, **result})
