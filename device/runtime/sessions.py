"""Builds game sessions from a setup block (a scenario's, the command line's or a home
button's) and the config, through the game's entry in the registry (``games.catalog``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from device.config import Config
from games import onenight
from games.catalog import by_key, find_game
from games.errors import SetupError
from games.onenight.setup import OneNightSetup
from games.session import Session
from games.spec import Settings


def settings_from(
    config: Config,
    *,
    auto_start: float = 0.0,
    profiles: Callable[[], Sequence[str]] = tuple,
) -> Settings:
    """What the config gives a game's setup: the seats and every config section."""
    sections = {
        item.name: dataclasses.asdict(getattr(config, item.name))
        for item in dataclasses.fields(config)
        if dataclasses.is_dataclass(getattr(config, item.name))
    }
    return Settings(config.hardware.seats, sections, auto_start, profiles)


def make_session(
    setup: Mapping[str, Any], config: Config, *, auto_start: float = 0.0
) -> Session[Any]:
    """A new session for ``setup``; ``auto_start`` starts the game if nothing else does."""
    game = find_game(str(setup["game"]))
    return game.new_session(setup, settings_from(config, auto_start=auto_start))


def home_session(
    setup: Mapping[str, Any], config: Config, profiles: Callable[[], Sequence[str]]
) -> Session[Any]:
    """The session a home button starts: a game's, or a tool's (Players lists ``profiles``)."""
    spec = by_key(str(setup["game"])) or find_game(str(setup["game"]))
    return spec.new_session(setup, settings_from(config, profiles=profiles))


def onenight_setup(
    setup: Mapping[str, Any], config: Config, *, auto_start: float = 0.0
) -> OneNightSetup:
    """Check a One Night setup block and build the setup it describes."""
    return onenight.SPEC.setup(setup, settings_from(config, auto_start=auto_start))


def session_for_checkpoint(game: str, data: Mapping[str, Any]) -> Session[Any]:
    """The session that can resume a checkpoint of ``game``."""
    spec = by_key(game)
    if spec is None:
        raise SetupError(f"cannot resume a checkpoint of game {game!r}")
    return spec.resume(data)
