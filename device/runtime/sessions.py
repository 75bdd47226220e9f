"""Builds game sessions from a setup block (a scenario's, the command line's or a home
button's) and the config, through the game's entry in the registry (``games.catalog``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from device.config import Config
from games import onenight
from games.catalog import by_key, find_game
from games.errors import SetupError
from games.spec import GameSpec, Settings

if TYPE_CHECKING:
    from games.onenight.setup import OneNightSetup
    from games.session import Session


def settings_from(
    config: Config,
    spec: GameSpec[Any],
    *,
    auto_start: float = 0.0,
    profiles: Callable[[], Sequence[str]] = tuple,
) -> Settings:
    """What the config gives a game's setup: the seats and the config sections its spec says
    it reads (its own and the device's it names: ``GameSpec.reads``), no others."""
    sections = {name: config.section(name) for name in spec.reads}
    return Settings(config.hardware.seats, sections, auto_start, profiles)


def make_session(
    setup: Mapping[str, Any], config: Config, *, auto_start: float = 0.0
) -> Session[Any]:
    """A new session for ``setup``; ``auto_start`` starts the game if nothing else does."""
    game = find_game(str(setup["game"]))
    return game.new_session(setup, settings_from(config, game, auto_start=auto_start))


def home_session(
    setup: Mapping[str, Any], config: Config, profiles: Callable[[], Sequence[str]]
) -> Session[Any]:
    """The session a home button starts: a game's, or a tool's (Players lists ``profiles``)."""
    spec = by_key(str(setup["game"])) or find_game(str(setup["game"]))
    return spec.new_session(setup, settings_from(config, spec, profiles=profiles))


def onenight_setup(
    setup: Mapping[str, Any], config: Config, *, auto_start: float = 0.0
) -> OneNightSetup:
    """Check a One Night setup block and build the setup it describes."""
    spec = onenight.SPEC
    return spec.setup(setup, settings_from(config, spec, auto_start=auto_start))


def session_for_checkpoint(game: str, data: Mapping[str, Any]) -> Session[Any]:
    """The session that can resume a checkpoint of ``game``."""
    spec = by_key(game)
    if spec is None:
        raise SetupError(f"cannot resume a checkpoint of game {game!r}")
    return spec.resume(data)
