"""One Night's drawn aliens, ripple and day: what a yes to the Oracle changes, the ripples drawn
and the sets of seats they name, and the day they shorten or change."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from onenight_draws import (
    ALIEN_SET,
    EVERY_ROLE,
    ROLE_SETS,
    WOLF_SET,
    draw,
    find,
    question_from,
    say_from,
)
from tables import case_id, load_cases

from games.effects import Say
from games.onenight.instructions import (
    AlienDirective,
    AlienKind,
    OracleKind,
    Ripple,
    RippleKind,
    Scope,
    Target,
    all_lines,
    day_seconds,
    directive_after_oracle,
    oracle_outcome,
    ripple_after_oracle,
)
from games.onenight.instructions.common import decode
from games.onenight.instructions.ripple import draw_ripple, repeat_candidates, ripple_scopes
from games.onenight.roles import Role
from games.onenight.script import night_script
from games.onenight.setup import OneNightSetup, parse_roles
from games.onenight.wake import called_steps


def test_a_yes_to_forcing_the_exchange_replaces_the_directive() -> None:
    roles = (*ALIEN_SET, Role.ORACLE)
    instr = find(
        lambda i: bool(i.oracle and i.oracle.kind is OracleKind.FORCE_EXCHANGE and i.aliens),
        roles,
    )
    assert instr.oracle is not None and instr.aliens is not None
    yes = oracle_outcome(instr.oracle, True, None)
    no = oracle_outcome(instr.oracle, False, None)
    forced = directive_after_oracle(instr, yes)
    assert forced == AlienDirective(instr.oracle.exchange or AlienKind.GIVE_LEFT, forced=True)
    assert forced.kind in (AlienKind.GIVE_LEFT, AlienKind.GIVE_RIGHT)
    assert directive_after_oracle(instr, no) == instr.aliens
    assert directive_after_oracle(instr, None, yes) == forced
    assert directive_after_oracle(instr) == instr.aliens
    assert forced.lines()[0] in all_lines(instr)
    wolves = draw(1, WOLF_SET)
    assert directive_after_oracle(wolves, yes) is None


def test_the_halved_timer_and_the_one_minute_ripple_shorten_the_day() -> None:
    halved = dataclasses.replace(
        draw(1, ALIEN_SET, 0), aliens=AlienDirective(AlienKind.HALVE_TIMER)
    )
    assert halved.aliens and halved.aliens.halves_day
    assert day_seconds(halved, 240.0) == 120.0
    minute = dataclasses.replace(halved, ripple=Ripple(RippleKind.ONE_MINUTE))
    assert minute.ripple and minute.ripple.day_seconds_override == 60.0
    assert day_seconds(minute, 240.0) == 60.0
    assert day_seconds(minute, 90.0) == 45.0
    force = {"kind": "force_exchange", "players": 4, "device_answer": True, "exchange": "give_left"}
    exchange = oracle_outcome(question_from(force), True, None)
    assert day_seconds(halved, 240.0, exchange) == 240.0


@pytest.mark.parametrize("name", ROLE_SETS)
def test_the_ripple_rate_decides_whether_a_ripple_is_drawn(name: str) -> None:
    roles = ROLE_SETS[name]
    possible = any(r.info.box.value == "alien" or r is Role.BODY_SNATCHER for r in roles)
    assert all(draw(seed, roles, 0.0).ripple is None for seed in range(200))
    always = [draw(seed, roles, 1.0).ripple for seed in range(200)]
    assert all((ripple is not None) is possible for ripple in always)
    sometimes = sum(draw(seed, roles, 0.25).ripple is not None for seed in range(400))
    assert (60 < sometimes < 140) if possible else sometimes == 0


def test_a_yes_to_guaranteeing_a_ripple_uses_the_pre_drawn_ripple() -> None:
    instr = find(
        lambda i: bool(i.oracle and i.oracle.kind is OracleKind.GUARANTEE_RIPPLE),
        (*ALIEN_SET, Role.ORACLE),
    )
    assert instr.oracle is not None and instr.ripple is None
    assert instr.forced_ripple is not None
    yes = oracle_outcome(instr.oracle, True, None)
    assert yes.forces_ripple
    assert ripple_after_oracle(instr, yes) == instr.forced_ripple
    assert ripple_after_oracle(instr, oracle_outcome(instr.oracle, False, None)) is None
    drawn = Ripple(RippleKind.DEVICE_VOTE)
    assert ripple_after_oracle(dataclasses.replace(instr, ripple=drawn), yes) == drawn
    others = find(
        lambda i: bool(i.oracle and i.oracle.kind is not OracleKind.GUARANTEE_RIPPLE),
        (*ALIEN_SET, Role.ORACLE),
    )
    assert others.forced_ripple is None


def test_ripples_draw_sound_seats_groups_steps_and_roles() -> None:
    for seed in range(600):
        instr = draw(seed, ROLE_SETS["body snatcher and doppelganger"])
        ripple = instr.ripple
        assert ripple is not None
        assert all(1 <= seat <= instr.players for seat in ripple.seats)
        assert len(set(ripple.seats)) == len(ripple.seats)
        if ripple.target and ripple.target.scope is Scope.NAMED:
            assert 1 <= len(ripple.target.seats) <= 3
        keys = [step.key for step in called_steps(ROLE_SETS["body snatcher and doppelganger"])]
        assert set(ripple.skipped) <= set(keys)
        assert ripple.time_loop or not ripple.skipped
        if ripple.role is not None:
            assert ripple.role in repeat_candidates(ROLE_SETS["body snatcher and doppelganger"])
        assert bool(ripple.close_lines()) is ripple.acts_at_night


def test_the_ripple_tells_the_day_what_changes() -> None:
    group = Target(Scope.ODD_PLAYERS)
    two_hands = Ripple(RippleKind.TWO_HAND_VOTES, target=group)
    assert two_hands.two_hand_votes and not two_hands.device_can_be_voted
    assert Ripple(RippleKind.DEVICE_VOTE).device_can_be_voted
    loop = Ripple(RippleKind.TIME_LOOP_WATCHER, (4,), skipped=("aliens",))
    assert loop.time_loop and loop.watcher == 4 and loop.day_seconds_override is None
    assert not any(Ripple(kind).halves_day for kind in RippleKind)
    assert two_hands.lines() == (
        Say.of("onenight.app.ripple.intro"),
        Say.of("onenight.app.ripple.two_hand_votes", group="Everyone with an odd number"),
    )
    swap = Ripple(RippleKind.SWAP, (5, 1, 3))
    assert swap.lines()[1] == Say.of("onenight.app.ripple.swap", x=5, y=1, z=3)
    assert swap.close_lines() == (Say.of("onenight.app.ripple.close_player", x=5),)
    repeat = Ripple(RippleKind.REPEAT, role=Role.WEREWOLF)
    assert repeat.lines()[1] == Say.of("onenight.app.ripple.repeat", role="Werewolves")


@pytest.mark.parametrize("case", load_cases("onenight_instructions", "ripple_scopes"), ids=case_id)
def test_a_ripple_names_only_sets_that_exist_for_its_players(case: dict[str, Any]) -> None:
    scopes = ripple_scopes(RippleKind(case["kind"]), case["players"], tuple(case["seats"]))
    assert [scope.value for scope in scopes] == case["scopes"]


def named_seats(scope: Scope, players: int, actors: tuple[int, ...]) -> set[int] | None:
    """The seats a numbered set names for these actors, worked out from the reference text.

    None for the sets the numbers alone do not decide (a side, the centre, a named group).
    """
    others = {seat for seat in range(1, players + 1) if seat not in actors}
    by_scope = {
        "any": others,
        "even": {seat for seat in others if seat % 2 == 0},
        "odd": {seat for seat in others if seat % 2 == 1},
        "higher": {seat for seat in others if seat > max(actors)},
        "lower": {seat for seat in others if seat < min(actors)},
    }
    if len(actors) == 1:
        (x,) = actors
        by_scope["neighbour"] = {x % players + 1, (x - 2) % players + 1}
    return by_scope.get(scope.value.removeprefix("two_").replace("both_neighbours", "neighbour"))


TWO_PLAYER_SETS = {scope for scope in Scope if scope.value.startswith(("two_", "any_two", "both"))}


@settings(max_examples=600, deadline=None)
@given(st.integers(3, 12), st.integers(0, 2**32))
def test_every_drawn_ripple_names_a_set_that_exists(players: int, seed: int) -> None:
    ripple = draw_ripple(random.Random(seed), EVERY_ROLE, players)
    assert len(set(ripple.seats)) == len(ripple.seats)
    assert all(1 <= seat <= players for seat in ripple.seats)
    if ripple.target is None or ripple.kind in GROUP_KINDS:
        return
    scope = ripple.target.scope
    assert scope is not Scope.SELF, ripple
    need = 2 if scope in TWO_PLAYER_SETS else 1
    seats = named_seats(scope, players, ripple.seats)
    if seats is None:  # a side or the middle: only how many other players there are matters
        assert scope is Scope.CENTRE or players - len(ripple.seats) >= need, ripple
    else:
        assert len(seats) >= need and not seats & set(ripple.seats), ripple


GROUP_KINDS = {
    RippleKind.GROUP_VIEWS_OWN,
    RippleKind.GROUP_SILENT,
    RippleKind.GROUP_FACES_AWAY,
    RippleKind.TWO_HAND_VOTES,
    RippleKind.ALIEN_ONLY,
}


@pytest.mark.parametrize(
    "case",
    load_cases("onenight_instructions", "ripple_line"),
    ids=lambda case: case["ripple"]["kind"],
)
def test_ripples_15_and_16_are_said_and_acted_at_night(case: dict[str, Any]) -> None:
    ripple: Ripple = decode(Ripple, case["ripple"])
    assert ripple.lines() == tuple(say_from(line) for line in case["lines"])
    assert ripple.close_lines() == tuple(say_from(line) for line in case["close"])
    assert ripple.acts_at_night
    # In the night script: the role timer after the instruction, then the closing line.
    setup = OneNightSetup(5, (*ALIEN_SET, Role.VILLAGER), seed=1)
    instr = dataclasses.replace(draw(1, setup.roles, 0.0), players=5, ripple=ripple)
    cues = [cue for cue in night_script(setup, instr) if cue.step == "ripple"]
    assert [cue.say for cue in cues] == [*ripple.lines(), *ripple.close_lines()]
    assert cues[1].hold == setup.options.role_seconds


def test_no_role_to_repeat_means_no_repeat_ripple() -> None:
    roles = parse_roles(["blob", "oracle", "villager", "villager", "villager", "villager"])
    assert repeat_candidates(roles) == ()
    kinds = {draw(seed, roles).ripple.kind for seed in range(300)}  # type: ignore[union-attr]
    assert RippleKind.REPEAT not in kinds
