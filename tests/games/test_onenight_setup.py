"""One Night setup: role lookup, validation and options."""

from __future__ import annotations

import pytest
from tables import load_cases

from games import find_game
from games.errors import SetupError, UnknownGameError, UnknownRoleError
from games.onenight.lobby import Lobby
from games.onenight.roles import ROLE_TABLE, Role, find_role
from games.onenight.setup import (
    OneNightOptions,
    OneNightSetup,
    find_preset,
    options_from,
    parse_roles,
)

CASES = load_cases("setup_errors")


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["error"])
def test_a_bad_setup_is_refused_with_a_message_naming_the_problem(case: dict[str, object]) -> None:
    roles = parse_roles(case["roles"])  # type: ignore[arg-type]
    players = case["players"]
    assert isinstance(players, int)
    with pytest.raises(SetupError) as error:
        OneNightSetup(players, roles, seed=1)
    assert str(error.value) == case["error"]
    if 3 <= players <= 12:  # the touch lobby seats 3 to 12 and says the same first
        lobby = Lobby(players=players, roles=roles)
        assert lobby.problems()[0] == case["error"]
        assert not lobby.playable


def test_every_role_has_a_row_in_the_table() -> None:
    assert set(ROLE_TABLE) == set(Role)


def test_roles_are_found_by_scenario_name_or_card_name() -> None:
    assert find_role("synthetic_alien") is Role.SYNTHETIC_ALIEN
    assert find_role("The Count") is Role.THE_COUNT


def test_an_unknown_role_suggests_the_closest_name() -> None:
    with pytest.raises(UnknownRoleError) as error:
        find_role("synthetic_alein")
    assert str(error.value) == "unknown role: 'synthetic_alein'; did you mean 'synthetic_alien'?"


def test_the_alien_first_game_preset_is_a_legal_four_player_game() -> None:
    preset = find_preset("alien_first_game")
    setup = OneNightSetup(4, preset.roles, seed=3)
    assert setup.day_seconds == 180.0


def test_an_unknown_preset_suggests_the_closest_key() -> None:
    with pytest.raises(SetupError) as error:
        find_preset("alien_first")
    assert str(error.value) == "unknown preset: 'alien_first'; did you mean 'alien_first_game'?"


def test_options_override_defaults_and_refuse_unknown_keys() -> None:
    options = options_from({"role_seconds": 4, "day_minutes": 2}, OneNightOptions())
    assert options.role_seconds == 4.0
    assert options.day_minutes == 2
    with pytest.raises(SetupError) as error:
        options_from({"role_secs": 4}, OneNightOptions())
    assert str(error.value) == "unknown option: 'role_secs'; did you mean 'role_seconds'?"
    with pytest.raises(SetupError) as error:
        options_from({"ripple_rate": 2}, OneNightOptions())
    assert str(error.value) == "option ripple_rate: must be between 0 and 1, got 2"
    with pytest.raises(SetupError) as error:
        options_from({"pause_seconds": "long"}, OneNightOptions())
    assert str(error.value) == "option pause_seconds: expected a number >= 0, got 'long'"


def test_games_are_found_by_alias_and_a_typo_is_named() -> None:
    assert find_game("One Night Ultimate Vampire").key == "onenight"
    with pytest.raises(UnknownGameError) as error:
        find_game("onenite")
    assert str(error.value) == "unsupported game: 'onenite'; did you mean 'onenight'?"
