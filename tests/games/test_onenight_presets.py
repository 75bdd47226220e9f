"""One Night presets (table-driven, tests/data/onenight_presets.toml) and random deals."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from tables import case_id, load_cases

from games.errors import SetupError
from games.onenight import presets as presets_module
from games.onenight import setup as setup_mod
from games.onenight.presets import (
    ENEMY_ROLES,
    NEEDS_ENEMY,
    PRESETS,
    Preset,
    boxes_range,
    deal_range,
    display_order,
    find_preset,
    preset_added,
    preset_roles,
    random_deal,
)
from games.onenight.roles import Box, Role, Team
from games.onenight.setup import CENTRE_CARDS, parse_roles, player_range, validate_setup

CASES = load_cases("onenight_presets")
ALIEN_ONLY = {Box.ALIEN, Box.BONUS}
#: Every choice of boxes that holds two enemy cards (the Bonus box alone does not).
BOX_CHOICES = [
    frozenset(combo)
    for n in range(1, len(Box) + 1)
    for combo in itertools.combinations(Box, n)
    if set(combo) != {Box.BONUS}
]
SEEDS = range(150)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_preset_gives_the_listed_cards_or_the_listed_error(case: dict[str, object]) -> None:
    preset = find_preset(str(case["preset"]))
    players = case["players"]
    assert isinstance(players, int)
    if "error" in case:
        with pytest.raises(SetupError) as error:
            preset_roles(preset, players)
        assert str(error.value) == case["error"]
    else:
        names = case["roles"]
        assert isinstance(names, list)
        assert Counter(preset_roles(preset, players)) == Counter(parse_roles(names))
        added = case.get("added")
        if isinstance(added, list):  # what the setup screen shows as added for the table
            assert preset_added(preset, players) == parse_roles(added)


def test_the_table_covers_every_preset_from_2_to_12_players() -> None:
    covered = {(case["preset"], case["players"]) for case in CASES}
    assert covered == {(key, n) for key in PRESETS for n in range(2, 13)}


@pytest.mark.parametrize("key", list(PRESETS))
def test_every_seatable_count_of_a_preset_is_a_legal_game_in_display_order(key: str) -> None:
    preset = PRESETS[key]
    for players in range(preset.min_players, preset.max_players + 1):
        roles = preset_roles(preset, players)
        assert len(roles) == players + CENTRE_CARDS
        validate_setup(players, roles)
        assert roles == display_order(roles)
        assert preset_roles(preset, preset.min_players) == display_order(preset.roles)


def test_the_official_presets_keep_their_two_enemy_cards_while_the_boxes_allow() -> None:
    for key, most in (("basic", 10), ("vampire_first_game", 10), ("alien_first_game", 8)):
        preset = PRESETS[key]
        for players in range(preset.min_players, most + 1):
            assert sum(r in ENEMY_ROLES for r in preset_roles(preset, players)) == 2


def test_the_preset_table_is_re_exported_by_setup_and_the_old_constructor_works() -> None:
    assert setup_mod.PRESETS is PRESETS
    assert setup_mod.Preset is Preset
    assert setup_mod.find_preset is find_preset
    assert presets_module._CENTRE_CARDS == CENTRE_CARDS
    plain = Preset("mine", "Mine", 3, (Role.WEREWOLF,) * 2 + (Role.VILLAGER,) * 3 + (Role.SEER,))
    assert plain.max_players == 3
    assert len(preset_roles(plain, 3)) == 6


def test_an_unknown_preset_suggests_the_closest_key() -> None:
    with pytest.raises(SetupError) as error:
        find_preset("vampire_first")
    assert str(error.value) == "unknown preset: 'vampire_first'; did you mean 'vampire_first_game'?"


# -- random deals -------------------------------------------------------------------------------


def _enemy_team(roles: tuple[Role, ...]) -> set[Team]:
    return {role.info.team for role in roles if role in ENEMY_ROLES}


def _check_deal(players: int, boxes: frozenset[Box], roles: tuple[Role, ...]) -> None:
    validate_setup(players, roles)
    assert len(roles) == players + CENTRE_CARDS
    assert roles == display_order(roles)
    assert {role.info.box for role in roles} <= boxes
    counts = Counter(roles)
    assert counts[Role.MASON] in (0, 2)
    teams = _enemy_team(roles)
    assert len(teams) == 1, roles
    enemies = sum(role in ENEMY_ROLES for role in roles)
    team = teams.pop()
    # Two enemy cards, unless the boxes' other cards for that team cannot fill the table: then
    # as few more enemy cards as fill it (Alien and Bonus alone past 9 other cards).
    fits = [box for box in boxes if boxes_range({box})[0] <= players <= boxes_range({box})[1]]
    others = sum(
        role.info.copies
        for role in Role
        if role.info.box in fits and role not in ENEMY_ROLES and NEEDS_ENEMY.get(role, team) is team
    )
    assert enemies == max(2, players + CENTRE_CARDS - others), roles
    for helper, needs in (
        (Role.MINION, Team.WEREWOLF),
        (Role.RENFIELD, Team.VAMPIRE),
        (Role.COW, Team.ALIEN),
        (Role.LEADER, Team.ALIEN),
        (Role.SQUIRE, Team.WEREWOLF),
    ):
        assert helper not in counts or team is needs, roles


def _capacity(players: int, boxes: frozenset[Box]) -> int:
    """Every card of the boxes whose own range seats ``players``."""
    fits = [box for box in boxes if boxes_range({box})[0] <= players <= boxes_range({box})[1]]
    return sum(role.info.copies for role in Role if role.info.box in fits)


@pytest.mark.parametrize("boxes", BOX_CHOICES, ids=lambda b: "+".join(sorted(x.value for x in b)))
def test_random_deals_are_legal_and_follow_the_recommendations(boxes: frozenset[Box]) -> None:
    low, high = deal_range(boxes)
    for players in range(low, high + 1):
        if players + CENTRE_CARDS > _capacity(players, boxes):
            continue
        for seed in SEEDS:
            _check_deal(players, boxes, random_deal(players, boxes, random.Random(seed)))


def test_random_deals_use_the_whole_range_of_allowed_sets() -> None:
    deals = [
        random_deal(players, boxes, random.Random(seed))
        for boxes in BOX_CHOICES
        for players in range(deal_range(boxes)[0], 11)
        if players + CENTRE_CARDS <= _capacity(players, boxes)
        for seed in range(40)
    ]
    assert any(Counter(deal)[Role.MASON] == 2 for deal in deals)
    assert any(Role.GROOB in deal and Role.ZERB in deal for deal in deals)
    assert any(Role.GROOB in deal and Role.ZERB not in deal for deal in deals)
    assert any(Counter(deal)[Role.VAMPIRE] == 2 for deal in deals)
    assert any({Role.THE_MASTER, Role.THE_COUNT} <= set(deal) for deal in deals)
    assert len(set(deals)) > len(deals) // 2
    mixed_at_3 = [random_deal(3, set(Box), random.Random(seed)) for seed in range(200)]
    assert all(player_range(deal)[0] == 3 for deal in mixed_at_3)


def test_a_random_deal_is_the_same_for_the_same_seed() -> None:
    boxes = {Box.ALIEN, Box.VAMPIRE}
    first = random_deal(6, boxes, random.Random(11))
    assert random_deal(6, boxes, random.Random(11)) == first


def test_the_alien_box_alone_seats_up_to_ten_with_every_card() -> None:
    full = random_deal(10, {Box.ALIEN}, random.Random(1))
    assert Counter(full) == Counter(
        role for role in Role for _ in range(role.info.copies) if role.info.box is Box.ALIEN
    )


def test_the_daybreak_box_alone_seats_up_to_eight_with_every_card() -> None:
    full = random_deal(8, {Box.DAYBREAK}, random.Random(1))
    assert Counter(full) == Counter(role for role in Role if role.info.box is Box.DAYBREAK)
    with pytest.raises(SetupError, match="9 players need 12 cards: the Daybreak box holds 11"):
        random_deal(9, {Box.DAYBREAK}, random.Random(1))


@pytest.mark.parametrize(
    ("players", "boxes", "message"),
    [
        (
            4,
            set(),
            "no boxes chosen: choose one or more of alien, bonus, daybreak, vampire, werewolf",
        ),
        (3, {Box.ALIEN}, "3 players: the Alien box plays with 4 to 12"),
        (3, ALIEN_ONLY, "3 players: the Alien and Bonus boxes play with 4 to 12"),
        (11, {Box.WEREWOLF}, "11 players: the Werewolf box plays with 3 to 10"),
        (
            11,
            {Box.WEREWOLF, Box.ALIEN},
            "11 players: the Werewolf and Alien boxes play with 3 to 10",
        ),
        (11, {Box.ALIEN}, "11 players need 14 cards: the Alien box holds 13"),
        (11, {Box.ALIEN, Box.VAMPIRE}, "11 players: the Vampire and Alien boxes play with 3 to 10"),
        (
            5,
            {Box.BONUS},
            "the Bonus box has no two enemy cards: add the Alien, Vampire or Werewolf box",
        ),
    ],
)
def test_a_deal_that_cannot_be_made_is_refused_with_the_reason(
    players: int, boxes: set[Box], message: str
) -> None:
    with pytest.raises(SetupError) as error:
        random_deal(players, boxes, random.Random(0))
    assert str(error.value) == message
