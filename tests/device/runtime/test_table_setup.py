"""Every mission and game from the home screen, with the table's own count of players."""

from __future__ import annotations

from pathlib import Path

import pytest
from touchplay import table, table_config

from device.config import Config, load_config
from games.catalog import home_buttons


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """Not conftest's: a table's, whose One Night day lasts one minute."""
    return table_config(tmp_path)


RANGES = {"Replicas": (2, 6), "Alienation": (2, 4), "Alien Encounters": (2, 2), "Speed": (2, 9)}
"""How many players known buttons offer (any other: what its game declares)."""


@pytest.mark.parametrize("button", [b.label for b in home_buttons() if b.players is not None])
def test_minus_and_plus_stay_in_the_games_range_and_start_it_with_that_table(
    config: Config, button: str
) -> None:
    (declared,) = [b.players for b in home_buttons() if b.label == button]
    assert declared is not None and RANGES.get(button, declared) == declared
    fewest, most = declared
    with table(config) as t:
        t.tap(button)
        assert t.screen == "table"
        if fewest == most:
            assert "-" not in t.labels and "+" not in t.labels
        else:
            t.tap(*["+"] * 12)
            assert getattr(t.daemon.shown.view, "players", None) == most
            t.tap(*["-"] * 12)
        t.tap("Start")
        assert getattr(t.daemon.runtime.session, "setup", None) is not None
        assert t.daemon.runtime.session.setup.players == fewest  # type: ignore[union-attr]


def test_a_three_player_table_carries_no_phantom_fourth_and_is_kept_for_next_time(
    config: Config,
) -> None:
    with table(config) as t:
        t.tap("Memory", "-", "Start")
        assert t.daemon.runtime.session.setup.players == 3  # type: ignore[union-attr]
        assert [row.seat for row in getattr(t.daemon.shown.view, "rows", ())] == [
            1,
            2,
            3,
        ]
        t.tap("Quit", "Quit game", "Memory")
        assert getattr(t.daemon.shown.view, "players", None) == 3
        t.tap("Home")
        assert t.screen == "home"


def test_every_game_and_mission_has_a_home_button() -> None:
    labels = {button.label for button in home_buttons()}
    assert {"Speed", "Memory", "Replicas", "Collection", "Push Your Luck"} <= labels


@pytest.mark.parametrize("mission", ["Speed", "Memory", "Replicas", "Collection", "Push Your Luck"])
def test_a_missions_home_button_and_its_setup_screen_say_alieninjas(
    config: Config, mission: str
) -> None:
    with table(config) as t:
        drawn = {control.label: control.text for control in t.daemon.ui.screen_controls()}
        assert drawn[mission] == f"Alieninjas: {mission}"
        t.tap(mission)
        assert getattr(t.daemon.shown.view, "title", None) == f"Alieninjas: {mission}"


@pytest.mark.parametrize(
    ("seats", "pins"),
    [
        (10, {}),  # the shipped box
        (6, {"pins.seat_buttons": [4, 17, 27, 22, 5, 6], "pins.seat_lamps": []}),
    ],
)
def test_one_nights_setup_seats_no_more_players_than_the_box_has_seats(
    tmp_path: Path, seats: int, pins: dict[str, object]
) -> None:
    """Issue 34: + went on to 12 on a 10-seat box, and Start night then failed on 'unknown
    seat: 11'. The count stops at the config's seats, and says why."""
    config = load_config(
        system_path=None,
        overrides={
            "narration.backend": "silent",
            "narration.cache_dir": str(tmp_path / "wav"),
            "onenight.day_minutes": 1,
            "hardware.seats": seats,
            **pins,
        },
    )
    with table(config) as t:
        t.tap("One Night", *["+"] * 12)
        view = t.daemon.shown.view
        assert getattr(view, "players", None) == seats
        assert getattr(view, "notice", "") == (
            f"{seats + 1} players: this box has {seats} seat buttons"
        )
        t.tap("Start night")
        assert t.daemon.runtime.state.setup.players == seats
        t.until("day")  # every seat's lamp and button worked through the night
