"""Every game and mission played from the home screen to its logged play by a table's hands
alone: ``touch``, ``press``, ``control`` and ``key`` events, never the ``vote``, ``reveal`` or
``score`` shortcuts. On the way: a Quit, a refused entry corrected on screen, a player named
on the Players screen and then for a seat through "Who played?"."""

from __future__ import annotations

from pathlib import Path

import pytest
from touchgames import play_every_game, play_one_night_of
from touchplay import table, table_config

from device.config import Config


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """Not conftest's: a table's, whose One Night day lasts one minute."""
    return table_config(tmp_path)


def test_every_game_and_mission_is_played_from_home_by_touch(
    config: Config, tmp_path: Path
) -> None:
    play_every_game(config, tmp_path)


def test_one_nights_next_game_starts_from_the_last_table_after_a_restart(
    config: Config, tmp_path: Path
) -> None:
    store = tmp_path / "m.db"
    with table(config, store) as t:
        t.tap("One Night", "+")  # five players: the preset adds a card
        t.press(1, 2)  # two seats check in: the count chosen by hand stays
        assert t.daemon.runtime.state.lobby.players == 5
        roles = t.daemon.runtime.state.lobby.roles
        play_one_night_of(t, tuple(role.display_name for role in roles[:5]))
        t.tap("Home")
    with table(config, store) as t:
        t.tap("One Night")
        setup = t.daemon.runtime.session.setup  # type: ignore[union-attr]
        assert setup.players == 5
        assert sorted(role.value for role in setup.roles) == sorted(role.value for role in roles)
