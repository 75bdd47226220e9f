"""The One Night lobby as the setup screen meets it: each action the screen sends, the view it
reads (tabs, presets, chips), and a lobby saved through JSON."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from games.errors import SetupError, UnknownRoleError
from games.events import parse_action
from games.onenight.lobby import TABS, Lobby, tab_of
from games.onenight.presets import ENEMY_ROLES
from games.onenight.roles import Role
from games.onenight.views import PresetChoice, RoleChip, RoleTab, SetupView

RNG = random.Random(0)


def _alien_first(players: int = 4) -> Lobby:
    """A lobby of ``players`` on the Alien first game preset."""
    return Lobby(players=players).apply_preset("alien_first_game")


# -- actions from the screen ---------------------------------------------------------------------


def test_each_screen_action_does_what_it_says() -> None:
    lobby = Lobby()
    lobby = lobby.apply_action(parse_action("preset:basic"), RNG)
    assert lobby.preset == "basic"
    assert lobby.apply_action(parse_action("tab:vampire"), RNG).tab == "vampire"
    assert lobby.apply_action(parse_action("role:cupid"), RNG).roles.count(Role.CUPID) == 1
    assert lobby.apply_action(parse_action("players:+1"), RNG).players == 5
    assert lobby.apply_action(parse_action("players:-1"), RNG).players == 3
    assert lobby.apply_action(parse_action("clear"), RNG).roles == ()
    dealt = lobby.apply_action(parse_action("random"), random.Random(4))
    assert dealt.playable and dealt.preset == ""
    assert dealt == lobby.apply_action(parse_action("random"), random.Random(4))


def test_random_draws_from_the_shown_tab_and_the_boxes_in_use() -> None:
    for seed in range(30):
        alien = Lobby(players=5).deal_random(random.Random(seed))
        assert {tab_of(role) for role in alien.roles} == {"alien"}
        mixed = Lobby(players=5, roles=(Role.SEER,), tab="vampire").deal_random(random.Random(seed))
        assert {tab_of(role) for role in mixed.roles} <= {"vampire", "werewolf"}
        assert sum(role in ENEMY_ROLES for role in mixed.roles) == 2


def test_a_refused_action_leaves_the_lobby_and_says_why_until_the_next_one() -> None:
    full = Lobby(players=12)
    refused = full.apply_action(parse_action("players:+1"), RNG)
    assert refused == Lobby(players=12, notice="13 players: the device seats 3 to 12")
    assert refused.view().notice == "13 players: the device seats 3 to 12"
    assert refused.apply_action(parse_action("players:-1"), RNG).notice == ""
    too_few = Lobby(players=3).apply_action(parse_action("random"), RNG)
    assert too_few.notice == "3 players: the Alien box plays with 4 to 12"
    assert too_few.roles == ()


@pytest.mark.parametrize(
    ("action", "error"),
    [
        ("start", "unknown setup action: 'start'"),
        ("tab:dusk", "unknown setup action: 'tab:dusk'"),
        ("players:lots", "unknown setup action: 'players:lots'"),
        ("preset:basik", "unknown preset: 'basik'; did you mean 'basic'?"),
        ("pause", "unknown setup action: 'pause'"),
    ],
)
def test_a_malformed_action_is_an_error_naming_it(action: str, error: str) -> None:
    with pytest.raises(SetupError) as caught:
        Lobby().apply_action(parse_action(action), RNG)
    assert str(caught.value) == error


def test_an_unknown_role_action_is_an_unknown_role_error() -> None:
    with pytest.raises(UnknownRoleError, match="unknown role: 'coww'"):
        Lobby().apply_action(parse_action("role:coww"), RNG)


def test_a_bad_tab_or_preset_is_refused_when_building_a_lobby() -> None:
    with pytest.raises(
        SetupError, match="unknown tab: 'dusk'; tabs are alien, vampire, werewolf, daybreak, bonus"
    ):
        Lobby(tab="dusk")
    with pytest.raises(SetupError, match="unknown preset: 'x'"):
        Lobby(preset="x")


# -- the view and saving -------------------------------------------------------------------------


def test_the_view_is_what_the_setup_screen_reads() -> None:
    view = _alien_first().seat_checked_in(2).seat_checked_in(4).view()
    assert view == SetupView(
        game="One Night",
        players=4,
        preset="alien_first_game",
        presets=(PresetChoice("alien_first_game", "Alien first game"),),
        tab="alien",
        tabs=(
            RoleTab("alien", "Aliens", 7),
            RoleTab("vampire", "Vampires", 0),
            RoleTab("werewolf", "Werewolves", 0),
            RoleTab("daybreak", "Daybreak", 0),
            RoleTab("bonus", "Bonus", 0),
        ),
        added=(),
        chips=view.chips,
        roles=("Alien", "Alien", "Synthetic Alien", "Cow", "Psychic", "Rascal", "Exposer"),
        status="7 cards for 4 players: ready",
        playable=True,
        notice="",
        seated=(2, 4),
        preparing=False,
    )
    assert view.chips[:2] == (
        RoleChip("oracle", "Oracle", 0, 1),
        RoleChip("alien", "Alien", 2, 2),
    )
    json.dumps(dataclasses.asdict(view))


def test_the_tabs_hold_every_role_once() -> None:
    shown = [chip.role for tab in TABS for chip in Lobby(tab=tab).view().chips]
    assert Counter(shown) == Counter(role.value for role in Role)
    assert len(Lobby(tab="alien").view().chips) == 12
    assert len(Lobby(tab="daybreak").view().chips) == 11
    # Bonus: the Body Snatcher and the nine Bonus roles of the reference.
    assert len(Lobby(tab="bonus").view().chips) == 10


def test_each_tab_offers_its_own_boxs_presets() -> None:
    def keys(tab: str) -> list[str]:
        return [p.key for p in Lobby(tab=tab).view().presets]

    assert keys("werewolf") == ["basic"]
    assert keys("vampire") == ["vampire_first_game"]
    assert keys("daybreak") == [
        "daybreak_first_game",
        "evil_transformation",
        "trust_no_one",
        "cautionary_tale",
        "information_society",
        "total_chaos",
    ]
    assert keys("bonus") == []
    # A preset shows its own tab, even when most of its cards are from another box.
    assert Lobby().apply_preset("evil_transformation").tab == "daybreak"


def test_a_preset_at_a_larger_table_shows_the_cards_it_added() -> None:
    lobby = Lobby(players=7).apply_preset("total_chaos")
    assert lobby.view().added == ("Villager", "Villager")
    assert Lobby(players=5).apply_preset("total_chaos").view().added == ()
    assert Lobby(players=7).view().added == ()


def test_a_lobby_survives_a_round_trip_through_json() -> None:
    lobby = _alien_first(5).seat_checked_in(3).apply_action(parse_action("players:+20"), RNG)
    assert lobby.notice
    data = json.loads(json.dumps(lobby.to_json()))
    assert Lobby.from_json(data) == lobby
