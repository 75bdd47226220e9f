"""Builds game sessions from a setup block (a scenario's, or the touchscreen's) and the config."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from device.config import Config
from games import find_game
from games.alienation.rules import AlienationSetup
from games.alienation.session import AlienationSession
from games.alienation.session import state_from_json as alienation_state
from games.alieninjas.session import AlieninjasSession
from games.alieninjas.setup import parse_setup as alieninjas_setup
from games.alieninjas.state import state_from_json as alieninjas_state
from games.encounters.rules import EncountersSetup
from games.encounters.session import EncountersSession
from games.encounters.session import state_from_json as encounters_state
from games.errors import SetupError
from games.onenight.presets import preset_roles
from games.onenight.session import OneNightSession
from games.onenight.setup import (
    OneNightOptions,
    OneNightSetup,
    find_preset,
    options_from,
    parse_roles,
)
from games.onenight.state import setup_from_json
from games.scorelog.players import PlayersSession
from games.scorelog.players import state_from_json as players_state
from games.session import Session


def onenight_options(config: Config) -> OneNightOptions:
    """The One Night options the config sets."""
    section = config.onenight
    return OneNightOptions(
        role_seconds=section.role_seconds,
        pause_seconds=config.narration.pause,
        day_minutes=section.day_minutes,
        ripple_rate=section.ripple_rate,
        oracle_even_odd=section.oracle_even_odd,
        auto_start_seconds=section.auto_start_seconds,
        mask_sound=section.mask_sound,
        vote_mode=section.vote_mode,
        assassin_sees_doppelganger=section.assassin_sees_doppelganger,
        rulings=tuple(dataclasses.asdict(config.rulings).items()),
    )


def make_session(
    setup: Mapping[str, Any], config: Config, *, auto_start: float = 0.0
) -> Session[Any]:
    """A new session for ``setup``; ``auto_start`` starts the game if nothing else does."""
    game = find_game(str(setup["game"]))
    if game.key == "alienation":
        section = config.alienation
        return AlienationSession(
            AlienationSetup.from_block(
                setup,
                friendliest=section.friendliest,
                friendliest_seconds=section.friendliest_seconds,
            )
        )
    if game.key == "encounters":
        return EncountersSession(EncountersSetup.from_block(setup))
    if game.key == "alieninjas":
        parsed = alieninjas_setup(setup)
        if parsed.players > config.hardware.seats:
            raise SetupError(
                f"{parsed.players} players: the device has {config.hardware.seats} seats"
            )
        return AlieninjasSession(parsed)
    if game.key != "onenight":
        raise SetupError(
            f"game {game.key!r} is not supported yet; supported: 'onenight', 'alieninjas'"
        )
    return OneNightSession(onenight_setup(setup, config, auto_start=auto_start))


def onenight_setup(
    setup: Mapping[str, Any], config: Config, *, auto_start: float = 0.0
) -> OneNightSetup:
    """Check a One Night setup block and build the setup it describes."""
    if "preset" in setup and "roles" in setup:
        raise SetupError("setup: give either 'roles' or 'preset', not both")
    if "preset" in setup:
        preset = find_preset(str(setup["preset"]))
        roles = preset.roles
        default_players = preset.min_players
        preset_name = preset.name
    else:
        names = setup.get("roles")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise SetupError(f"setup.roles: expected a list of role names, got {names!r}")
        roles = parse_roles(names)
        default_players = len(roles) - 3
        preset_name = ""
    players = setup.get("players", default_players)
    seed = setup.get("seed", 0)
    for key, value in (("players", players), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SetupError(f"setup.{key}: expected a whole number, got {value!r}")
    if players > config.hardware.seats:
        raise SetupError(f"{players} players: the device has {config.hardware.seats} seats")
    if "preset" in setup:  # a preset grows with the table, as on the setup screen
        roles = preset_roles(find_preset(str(setup["preset"])), players)
    raw_options = setup.get("options", {})
    if not isinstance(raw_options, Mapping):
        raise SetupError(f"setup.options: expected an object, got {raw_options!r}")
    defaults = onenight_options(config)
    if defaults.auto_start_seconds == 0 and auto_start > 0:
        defaults = OneNightOptions(**{**defaults.__dict__, "auto_start_seconds": auto_start})
    return OneNightSetup(
        players, roles, seed, options_from(raw_options, defaults), preset=preset_name
    )


def session_for_checkpoint(game: str, data: Mapping[str, Any]) -> Session[Any]:
    """The session that can resume a checkpoint of ``game``."""
    if game == "alienation":
        return AlienationSession(alienation_state(data).setup)
    if game == "encounters":
        return EncountersSession(encounters_state(data).setup)
    if game == "alieninjas":
        return AlieninjasSession(alieninjas_state(data).setup)
    if game == "players":
        state = players_state(data)
        return PlayersSession(state.profiles, state.players)
    if game != "onenight":
        raise SetupError(f"cannot resume a checkpoint of game {game!r}")
    return OneNightSession(setup_from_json(data["setup"]))
