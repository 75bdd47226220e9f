"""The night script follows the official combined wake order (table-driven)."""

from __future__ import annotations

import re

import pytest
from tables import case_id, load_cases

from games.onenight.roles import Role
from games.onenight.script import night_script
from games.onenight.setup import OneNightSetup, parse_roles
from games.onenight.wake import WAKE_ORDER, called_steps


@pytest.mark.parametrize("case", load_cases("wake_order"), ids=case_id)
def test_the_steps_are_called_in_chart_order(case: dict[str, list[str]]) -> None:
    assert case["rule"]
    roles = parse_roles(case["roles"])
    assert [step.key for step in called_steps(roles)] == case["steps"]


@pytest.mark.parametrize("role", [role for role in Role if role.info.wakes], ids=str)
def test_every_waking_role_alone_is_called_at_its_chart_number(role: Role) -> None:
    numbers = [step.number for step in called_steps({role})]
    # Groob or Zerb alone wakes only with the aliens; the 1-D step needs both.
    expected = [n for n in role.info.wakes if n != "1-D"]
    assert numbers == expected


def test_the_chart_is_sorted_by_official_number() -> None:
    def key(number: str) -> tuple[float, str]:
        match = re.fullmatch(r"(-?\d+)(?:-([A-Z]))?", number)
        assert match, number
        # "00" (the Lovers) sits between the end of Dusk (-1) and the Sentinel (0).
        value = -0.5 if match.group(1) == "00" else float(match.group(1))
        return value, match.group(2) or ""

    numbers = [key(step.number) for step in WAKE_ORDER]
    assert numbers == sorted(numbers)


def test_a_step_spoken_inside_another_comes_right_after_it_in_the_chart() -> None:
    keys = [step.key for step in WAKE_ORDER]
    inner = [step for step in WAKE_ORDER if step.during]
    assert [(step.number, step.during) for step in inner] == [("1-C", "aliens")]
    for step in inner:
        assert keys.index(step.during) == keys.index(step.key) - 1


def test_every_step_wakes_then_acts_then_sleeps_with_the_role_timer() -> None:
    roles = parse_roles(
        ["alien", "alien", "synthetic_alien", "cow", "psychic", "rascal", "exposer"]
    )
    cues = night_script(OneNightSetup(4, roles, seed=1))
    lines = [cue.say.line for cue in cues]
    assert lines[0] == "onenight.dusk.start"
    assert lines[-1] == "onenight.wakeup"
    # The Cow holds out her fist while the aliens are awake (2.3), before their directive.
    assert lines[2:8] == [
        *("onenight.aliens.wake", "onenight.cow.wake", "onenight.cow.act", "onenight.cow.sleep"),
        *("onenight.aliens.act", "onenight.aliens.sleep"),
    ]
    acts = [cue for cue in cues if cue.say.line.endswith(".act")]
    assert {cue.hold for cue in acts} == {10.0}


def test_marks_are_viewed_after_dusk_only_when_marks_are_in_play() -> None:
    vampires = parse_roles(["vampire", "the_count", "priest", "seer", "villager", "villager"])
    lines = [cue.say.line for cue in night_script(OneNightSetup(3, vampires, seed=1))]
    assert lines.index("onenight.priest.sleep") < lines.index("onenight.marks.view")
    assert lines.index("onenight.marks.view") < lines.index("onenight.seer.wake")
    wolves = parse_roles(["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"])
    lines = [cue.say.line for cue in night_script(OneNightSetup(3, wolves, seed=1))]
    assert "onenight.marks.view" not in lines


@pytest.mark.parametrize("case", load_cases("doppelganger"), ids=case_id)
def test_the_doppelganger_is_called_where_the_reference_says(case: dict[str, list[str]]) -> None:
    assert case["rule"]
    roles = parse_roles(case["roles"])
    cues = night_script(OneNightSetup(len(roles) - 3, roles, seed=1))
    calls = [
        cue.say.line
        for cue in cues
        if "doppel" in cue.say.line
        or cue.say.line.startswith("onenight.join.")
        or cue.say.line.endswith(".wake")
    ]
    assert calls == case["calls"]


def test_a_doppelganger_repeat_names_the_role_she_copied() -> None:
    roles = parse_roles(["doppelganger", "werewolf", "insomniac", "villager", "villager", "seer"])
    cues = night_script(OneNightSetup(3, roles, seed=1))
    again = next(cue for cue in cues if cue.say.line == "onenight.doppelganger.again")
    assert again.say.param_map() == {"role": "the Insomniac"}
    assert again.step == "insomniac_doppelganger"
