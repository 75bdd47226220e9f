"""An Alieninjas setup: the mission, the players, the seed and the Replicas options."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.errors import SetupError

MISSIONS: tuple[str, ...] = ("speed", "memory", "replicas", "collection", "push_your_luck")
"""The five missions, by scenario name."""
MISSION_NAMES: dict[str, str] = {
    "speed": "Speed",
    "memory": "Memory",
    "replicas": "Replicas",
    "collection": "Collection",
    "push_your_luck": "Push Your Luck",
}
MIN_PLAYERS, MAX_PLAYERS = 2, 9
MAP_CARDS = 6
"""Replicas hands each player a Map card, and the box has 6: at most 6 players."""
ROUNDS = 3


def did_you_mean(word: str, choices: tuple[str, ...]) -> str:
    """``"; did you mean 'x'?"`` for the closest of ``choices``, or ``""``."""
    close = difflib.get_close_matches(word, choices, n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


@dataclass(frozen=True)
class AlieninjasOptions:
    """Timing options: Replicas' buzz and timer, and Speed's grab mode (``grab``)."""

    arbitration_window: float = 0.020
    """Seconds after the first buzz during which an earlier edge may still win."""
    false_start_lockout: float = 0.0
    """Seconds a seat's button is ignored after a press during the countdown (0: just a warning)."""
    time_limit: float = 0.0
    """Seconds of play after which a round ends by itself (0: no limit)."""
    countdown: float = 3.0
    """Seconds from "go" to the start of the round ("3, 2, 1, replicate!")."""
    grab: bool = False
    """Speed: the seat buttons decide who grabbed the stack first (see ``grab.py``)."""
    grab_rearm: float = 1.0
    """Speed grab mode: seconds after a grab before the next one may begin (``go``: at once)."""


OPTION_NAMES: tuple[str, ...] = tuple(AlieninjasOptions.__dataclass_fields__)
_FLAGS = frozenset({"grab"})


@dataclass(frozen=True)
class AlieninjasSetup:
    """One Alieninjas game."""

    mission: str
    players: int
    seed: int = 0
    options: AlieninjasOptions = AlieninjasOptions()

    @property
    def mission_name(self) -> str:
        """The mission's display name."""
        return MISSION_NAMES[self.mission]


def find_mission(name: object) -> str:
    """The mission key for ``name`` (case and spaces forgiven); errors suggest the closest."""
    wanted = str(name).strip().lower().replace(" ", "_").replace("-", "_")
    if wanted in MISSIONS:
        return wanted
    raise SetupError(f"unknown Alieninjas mission: {name!r}{did_you_mean(wanted, MISSIONS)}")


def _whole(key: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"setup.{key}: expected a whole number, got {value!r}")
    return value


def _seconds(key: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise SetupError(f"setup.options.{key}: expected seconds >= 0, got {value!r}")
    return float(value)


def options_from(raw: object) -> AlieninjasOptions:
    """Check an ``options`` object; unknown keys get a did-you-mean."""
    if not isinstance(raw, Mapping):
        raise SetupError(f"setup.options: expected an object, got {raw!r}")
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in OPTION_NAMES:
            hint = did_you_mean(str(key), OPTION_NAMES)
            raise SetupError(f"setup.options: unknown option {key!r}{hint}")
        if key in _FLAGS:
            if not isinstance(value, bool):
                raise SetupError(f"setup.options.{key}: expected true or false, got {value!r}")
            values[key] = value
        else:
            values[key] = _seconds(key, 0 if value is None else value)
    return AlieninjasOptions(**values)


def parse_setup(setup: Mapping[str, Any]) -> AlieninjasSetup:
    """Check an Alieninjas setup block (``mission``, ``players``, ``seed``, ``options``)."""
    if "mission" not in setup:
        raise SetupError(f"setup.mission: missing; one of {', '.join(MISSIONS)}")
    mission = find_mission(setup["mission"])
    players = _whole("players", setup.get("players", 4))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(
            f"setup.players: Alieninjas is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
            f"got {players!r}"
        )
    if mission == "replicas" and players > MAP_CARDS:
        raise SetupError(
            f"setup.players: Replicas is for {MIN_PLAYERS} to {MAP_CARDS} players "
            f"(one Map card each, {MAP_CARDS} in the box), got {players!r}"
        )
    seed = _whole("seed", setup.get("seed", 0))
    options = options_from(setup.get("options", {}))
    return AlieninjasSetup(mission, players, seed, options)


def setup_to_json(setup: AlieninjasSetup) -> dict[str, Any]:
    """A setup as JSON-able data."""
    return {
        "mission": setup.mission,
        "players": setup.players,
        "seed": setup.seed,
        "options": {name: getattr(setup.options, name) for name in OPTION_NAMES},
    }


def setup_from_json(data: Mapping[str, Any]) -> AlieninjasSetup:
    """Rebuild a setup from ``setup_to_json`` output."""
    return parse_setup(data)
