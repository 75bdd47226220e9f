"""The One Night lobby: roles by touch, presets, player count, check-ins, problems, setup (the
setup screen's actions and view: ``test_onenight_lobby_screen.py``)."""

from __future__ import annotations

import json
import random

import pytest

from games.errors import SetupError
from games.events import parse_action
from games.onenight.lobby import Lobby
from games.onenight.presets import find_preset, preset_roles
from games.onenight.roles import Role
from games.onenight.setup import OneNightOptions, OneNightSetup

ALIEN_4 = preset_roles(find_preset("alien_first_game"), 4)
RNG = random.Random(0)


def _alien_first(players: int = 4) -> Lobby:
    return Lobby(players=players).apply_preset("alien_first_game")


# -- roles by touch ------------------------------------------------------------------------------


def test_a_chip_adds_copies_up_to_the_box_then_clears() -> None:
    lobby = Lobby()
    counts = []
    for _ in range(4):
        lobby = lobby.toggle_role(Role.ALIEN)
        counts.append(lobby.roles.count(Role.ALIEN))
    assert counts == [1, 2, 0, 1]
    assert Lobby().toggle_role(Role.COW).toggle_role(Role.COW).roles == ()
    villagers = Lobby()
    for _ in range(3):
        villagers = villagers.toggle_role(Role.VILLAGER)
    assert villagers.roles == (Role.VILLAGER,) * 3
    assert villagers.toggle_role(Role.VILLAGER).roles == ()


def test_the_masons_come_and_go_as_a_pair() -> None:
    lobby = Lobby().toggle_role(Role.MASON)
    assert lobby.roles == (Role.MASON, Role.MASON)
    assert lobby.toggle_role(Role.MASON).roles == ()
    assert Lobby(roles=(Role.MASON,)).toggle_role(Role.MASON).roles == (Role.MASON, Role.MASON)


def test_roles_are_kept_in_display_order_whatever_order_they_came_in() -> None:
    lobby = Lobby(roles=(Role.VILLAGER, Role.ALIEN, Role.COPYCAT, Role.ALIEN))
    assert lobby.roles == (Role.ALIEN, Role.ALIEN, Role.COPYCAT, Role.VILLAGER)
    assert lobby.toggle_role(Role.ORACLE).roles[0] is Role.ORACLE


def test_a_change_by_hand_ends_the_preset() -> None:
    lobby = _alien_first()
    assert lobby.preset == "alien_first_game"
    assert lobby.toggle_role(Role.BLOB).preset == ""
    assert lobby.clear_roles() == Lobby(players=4, tab="alien")


# -- presets and players -------------------------------------------------------------------------


def test_a_preset_sets_its_roles_for_the_table_and_shows_its_tab() -> None:
    lobby = Lobby(players=5).apply_preset("basic")
    assert lobby.roles == preset_roles(find_preset("basic"), 5)
    assert (lobby.preset, lobby.tab) == ("basic", "werewolf")
    assert Lobby().apply_preset("vampire_first_game").tab == "vampire"
    with pytest.raises(SetupError, match="unknown preset: 'basik'; did you mean 'basic'"):
        Lobby().apply_preset("basik")


def test_the_player_count_carries_the_preset_along() -> None:
    lobby = _alien_first().set_players(7)
    assert lobby.roles == preset_roles(find_preset("alien_first_game"), 7)
    assert lobby.set_players(4).roles == ALIEN_4
    assert lobby.playable


def test_a_count_the_preset_cannot_seat_keeps_the_roles_and_says_why() -> None:
    short = _alien_first().set_players(3)
    assert (short.preset, short.roles) == ("alien_first_game", ALIEN_4)
    assert short.problems() == (
        "3 players: the Alien first game preset seats 4 to 11",
        "7 cards for 3 players: need 6",
        "3 players: the Alien box plays with 4 to 12",
    )
    assert short.set_players(5).roles == preset_roles(find_preset("alien_first_game"), 5)


def test_a_preset_chosen_for_too_few_players_waits_for_more() -> None:
    lobby = Lobby(players=3).apply_preset("alien_first_game")
    assert lobby.roles == ALIEN_4
    assert lobby.status() == "3 players: the Alien first game preset seats 4 to 11"
    assert lobby.seat_checked_in(4).playable


def test_without_a_preset_the_roles_stay_when_the_count_changes() -> None:
    lobby = Lobby(roles=ALIEN_4).set_players(6)
    assert lobby.roles == ALIEN_4
    assert lobby.problems() == ("7 cards for 6 players: need 9",)


@pytest.mark.parametrize("players", [2, 13, 0, -1])
def test_the_count_stays_within_3_to_12(players: int) -> None:
    with pytest.raises(SetupError) as error:
        Lobby().set_players(players)
    assert str(error.value) == f"{players} players: the device seats 3 to 12"
    with pytest.raises(SetupError):
        Lobby(players=players)


def test_the_count_stops_at_the_boxs_seats_and_says_why() -> None:
    lobby = Lobby(players=9, seats=10).set_players(10)
    refused = lobby.apply_action(parse_action("players:+1"), RNG)
    assert (refused.players, refused.notice) == (10, "11 players: this box has 10 seat buttons")
    with pytest.raises(SetupError) as error:
        lobby.set_players(12)
    assert str(error.value) == "12 players: this box has 10 seat buttons"


def test_a_lobby_with_more_players_than_seats_cannot_start() -> None:
    """A lobby kept from a box with more seats (its config changed): it says so, and Start
    night is refused with that, never a night with seats that have no button."""
    lobby = Lobby(players=11, seats=10).apply_preset("alien_first_game")
    assert lobby.problems()[0] == "11 players: this box has 10 seat buttons"
    with pytest.raises(SetupError) as error:
        lobby.to_setup()
    assert str(error.value) == "11 players: this box has 10 seat buttons"


def test_the_seats_go_from_setup_to_lobby_to_setup_and_through_json() -> None:
    setup = Lobby(players=4, seats=6).apply_preset("alien_first_game").to_setup()
    assert setup.seats == 6
    lobby = Lobby.from_setup(setup)
    assert lobby.seats == 6
    assert Lobby.from_json(json.loads(json.dumps(lobby.to_json()))) == lobby
    old = {key: value for key, value in lobby.to_json().items() if key != "seats"}
    assert Lobby.from_json(old).seats == 12  # a checkpoint from before: the device's most


# -- check-in ------------------------------------------------------------------------------------


def test_checking_in_sets_the_count_to_the_highest_seat_and_at_least_three() -> None:
    lobby = Lobby(players=7)
    lobby = lobby.seat_checked_in(2)
    assert (lobby.players, lobby.seated) == (3, (2,))
    lobby = lobby.seat_checked_in(5).seat_checked_in(1)
    assert (lobby.players, lobby.seated) == (5, (1, 2, 5))
    assert lobby.seat_checked_in(5) == lobby  # a second press changes nothing


def test_seats_checking_in_one_by_one_end_on_the_preset_for_the_table() -> None:
    lobby = _alien_first()
    for seat in (1, 3, 2, 6, 5, 4):
        lobby = lobby.seat_checked_in(seat)
    assert (lobby.players, lobby.preset) == (6, "alien_first_game")
    assert lobby.roles == preset_roles(find_preset("alien_first_game"), 6)
    assert lobby.playable


def test_a_count_chosen_by_hand_is_never_changed_by_a_check_in() -> None:
    lobby = Lobby().set_players(6).seat_checked_in(2)
    assert (lobby.players, lobby.seated, lobby.notice) == (6, (2,), "")  # not lowered to 3
    refused = lobby.seat_checked_in(8)
    assert (refused.players, refused.seated) == (6, (2,))  # nor raised
    assert refused.notice == "Seat 8 is not in a game of 6: tap + for more players"
    assert Lobby.from_json(refused.to_json()) == refused  # kept across a restart


def test_lowering_the_count_forgets_the_seats_above_it() -> None:
    lobby = Lobby().seat_checked_in(2).seat_checked_in(6).set_players(4)
    assert (lobby.players, lobby.seated) == (4, (2,))


def test_a_seat_the_box_has_not_got_is_refused() -> None:
    with pytest.raises(SetupError) as error:
        Lobby(seats=10).seat_checked_in(11)
    assert str(error.value) == "seat 11: this box has seats 1 to 10"


@pytest.mark.parametrize("seat", [0, 13, -2])
def test_a_seat_outside_1_to_12_is_refused(seat: int) -> None:
    with pytest.raises(SetupError) as error:
        Lobby().seat_checked_in(seat)
    assert str(error.value) == f"seat {seat}: seats are 1 to 12"


# -- problems and the setup ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "roles", "problems"),
    [
        (4, (), ("0 cards for 4 players: need 7",)),
        (4, (Role.SEER,), ("1 card for 4 players: need 7",)),
        (4, (*ALIEN_4, Role.BLOB), ("8 cards for 4 players: need 7",)),
        (3, ALIEN_4[:6], ("3 players: the Alien box plays with 4 to 12",)),
        (
            11,
            (Role.VILLAGER,) * 3 + ALIEN_4 + (Role.BLOB,) * 4,
            (
                "11 players: the Werewolf box plays with 3 to 10 (Villager); "
                "this mix plays with 4 to 10",
                "4 Blob cards: a box has 1",
            ),
        ),
        (
            4,
            (Role.ALIEN,) * 3 + ALIEN_4[2:6],
            ("3 Alien cards: a box has 2",),
        ),
        (
            12,
            (Role.WEREWOLF,) * 3 + (Role.SEER,) * 2,
            (
                "5 cards for 12 players: need 15",
                "12 players: the Werewolf box plays with 3 to 10",
                "3 Werewolf cards: a box has 2",
                "2 Seer cards: a box has 1",
            ),
        ),
    ],
)
def test_problems_name_everything_that_stops_the_game(
    players: int, roles: tuple[Role, ...], problems: tuple[str, ...]
) -> None:
    lobby = Lobby(players=players, roles=roles)
    assert lobby.problems() == problems
    assert not lobby.playable
    assert lobby.status() == problems[0]
    with pytest.raises(SetupError) as error:
        lobby.to_setup()
    assert str(error.value) == problems[0]


def test_the_problems_match_validate_setup_where_both_speak() -> None:
    for players, roles in ((4, (*ALIEN_4, Role.BLOB)), (3, ALIEN_4[:6]), (4, (Role.ALIEN,) * 7)):
        lobby = Lobby(players=players, roles=roles)
        with pytest.raises(SetupError) as error:
            OneNightSetup(players, roles, seed=1)
        assert str(error.value) in lobby.problems()


def test_a_playable_lobby_becomes_the_setup_it_shows() -> None:
    options = OneNightOptions(day_minutes=4)
    lobby = _alien_first().seat_checked_in(4)
    assert lobby.problems() == ()
    assert lobby.status() == "7 cards for 4 players: ready"
    assert lobby.to_setup(options) == OneNightSetup(
        4, ALIEN_4, 0, options, preset="Alien first game"
    )
    custom = Lobby(players=4, roles=ALIEN_4, seed=9).to_setup()
    assert (custom.seed, custom.preset, custom.options) == (9, "", OneNightOptions())


def test_a_setup_comes_back_as_its_lobby() -> None:
    setup = OneNightSetup(5, preset_roles(find_preset("basic"), 5), 3, preset="Basic")
    lobby = Lobby.from_setup(setup)
    assert (lobby.players, lobby.preset, lobby.seed, lobby.tab) == (5, "basic", 3, "werewolf")
    assert lobby.to_setup() == setup
    assert Lobby.from_setup(OneNightSetup(4, ALIEN_4, 1)).preset == ""
