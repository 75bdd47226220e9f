"""The One Night app's random instructions: drawn up front, replayable, and all speakable."""

from __future__ import annotations

import dataclasses
import json
import random
import typing
from collections import defaultdict
from functools import cache
from typing import Any

import pytest
from onenight_draws import (
    ALIEN_SET,
    EVERY_ROLE,
    ROLE_SETS,
    SEEDS,
    WOLF_SET,
    draw,
    question_from,
    say_from,
)
from tables import case_id, load_cases, load_table

from games.effects import Say
from games.errors import RulesError
from games.onenight.instructions import (
    Instructions,
    OracleKind,
    OracleOutcome,
    OracleQuestion,
    Scope,
    Target,
    all_lines,
    all_outcomes,
    blob_patterns,
    draw_instructions,
    oracle_outcome,
    oracle_questions,
    phrase,
)
from games.onenight.instructions.bonus import EMPATH_PROMPTS, EmpathInstruction
from games.onenight.instructions.common import InstructionError, decode
from games.onenight.roles import Role, Team
from games.onenight.script import night_script
from games.onenight.setup import OneNightSetup, parse_roles
from narration.catalogue import Catalogue


def key(kind: str, target: Target | None = None) -> str:
    return kind if target is None else f"{kind}:{target.scope.value}"


@cache
def survey() -> tuple[dict[str, set[str]], frozenset[Say]]:
    """Every variant met, and every line spoken, over 2000 seeds of a game with every role."""
    seen: dict[str, set[str]] = defaultdict(set)
    says: set[Say] = set()
    for seed in SEEDS:
        instr = draw(seed)
        says.update(all_lines(instr))
        assert instr.oracle and instr.aliens and instr.psychic and instr.rascal
        assert instr.exposer and instr.blob and instr.mortician and instr.body_snatcher
        assert instr.ripple and instr.doppel_exposer
        for question in (instr.oracle, instr.doppel_oracle):
            assert question is not None
            seen["oracle"].add(question.kind.value)
        for name in ("aliens", "rascal", "doppel_rascal"):
            item = getattr(instr, name)
            seen[name.removeprefix("doppel_")].add(key(item.kind.value, item.target))
        for name in ("psychic", "doppel_psychic"):
            item = getattr(instr, name)
            seen["psychic"].add(key(str(item.count), item.target))
        for name in ("mortician", "doppel_mortician", "body_snatcher", "doppel_body_snatcher"):
            seen[name.removeprefix("doppel_")].add(getattr(instr, name).target.scope.value)
        seen["exposer"].add(str(instr.exposer.count))
        seen["doppel_exposer"].add(str(instr.doppel_exposer.count))
        # Never more than the Exposer left face down; none only when he had all three.
        left = 3 - instr.exposer.count
        assert instr.doppel_exposer.count == min(left, instr.doppel_exposer.count or 1)
        seen["blob"].add(instr.blob.pattern.value)
        for ripple in (instr.ripple, instr.forced_ripple):
            if ripple is not None:
                seen["ripple"].add(ripple.line.rpartition(".")[2])
    # Each outcome speaks one line, onenight.app.oracle.<question>.<result>.
    prefix = "onenight.app.oracle."
    outcomes = {say.line.removeprefix(prefix) for say in says if say.line.startswith(prefix)}
    seen["oracle_outcome"] = {line for line in outcomes if not line.endswith(".ask")}
    return seen, frozenset(says)


# -- determinism -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ROLE_SETS)
def test_the_same_seed_gives_the_same_instructions(name: str) -> None:
    for seed in range(20):
        assert draw(seed, ROLE_SETS[name], 0.5) == draw(seed, ROLE_SETS[name], 0.5)


def test_different_seeds_give_different_instructions() -> None:
    games = {draw(seed) for seed in range(200)}
    assert len(games) == 200


def test_a_role_keeps_its_instruction_when_other_roles_change() -> None:
    alone = draw_instructions(ALIEN_SET, 4, random.Random(9), ripple_rate=0.0)
    more = draw_instructions(EVERY_ROLE, 4, random.Random(9), ripple_rate=0.0)
    assert (alone.aliens, alone.psychic, alone.rascal, alone.exposer) == (
        more.aliens,
        more.psychic,
        more.rascal,
        more.exposer,
    )


def test_only_selected_roles_get_instructions() -> None:
    instr = draw(4, ALIEN_SET)
    assert instr.aliens and instr.psychic and instr.rascal and instr.exposer
    assert (instr.oracle, instr.blob, instr.mortician, instr.body_snatcher) == (None,) * 4
    wolves = draw(4, WOLF_SET)
    assert wolves == Instructions(players=wolves.players)


def test_the_doppelganger_gets_her_own_copies_only_of_selected_roles() -> None:
    without = draw(5, ALIEN_SET)
    assert without.doppel_psychic is None and without.doppel_rascal is None
    with_her = draw(5, (*ALIEN_SET, Role.DOPPELGANGER, Role.ORACLE))
    assert with_her.doppel_psychic and with_her.doppel_psychic.doppel
    assert with_her.doppel_exposer and with_her.exposer
    assert with_her.doppel_exposer.count in (0, 1, 2)
    assert with_her.oracle and with_her.doppel_oracle
    assert with_her.doppel_oracle.kind is not with_her.oracle.kind
    assert with_her.doppel_mortician is None and with_her.doppel_body_snatcher is None


# -- every variant is reached, and nothing else ----------------------------------------------------


@pytest.mark.parametrize("name", sorted(load_table("onenight_instructions", "variants")))
def test_every_variant_is_reached_over_many_seeds(name: str) -> None:
    assert survey()[0][name] == set(load_table("onenight_instructions", "variants")[name])


@pytest.mark.parametrize("players", range(3, 13))
def test_the_blob_patterns_fit_the_player_count(players: int) -> None:
    expected = load_table("onenight_instructions", "blob")[str(players)]
    assert [pattern.value for pattern in blob_patterns(players)] == expected
    roles = (Role.BLOB, Role.ALIEN)
    drawn = {
        draw_instructions(roles, players, random.Random(seed), ripple_rate=0).blob
        for seed in range(150)
    }
    assert {blob.pattern.value for blob in drawn if blob} == set(expected)


def test_two_even_players_are_never_asked_for_at_three_players() -> None:
    for seed in range(300):
        instr = draw_instructions(EVERY_ROLE, 3, random.Random(seed), ripple_rate=1)
        targets = [instr.psychic, instr.doppel_psychic, instr.rascal, instr.doppel_rascal]
        scopes = {item.target.scope for item in targets if item and item.target}
        if instr.ripple and instr.ripple.target:
            scopes.add(instr.ripple.target.scope)
        assert Scope.TWO_EVEN not in scopes


# -- the Oracle ------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", load_cases("onenight_instructions", "oracle"), ids=case_id)
def test_the_oracle_is_asked_only_questions_whose_roles_are_selected(case: dict[str, Any]) -> None:
    roles = parse_roles(case["roles"])
    even_odd = case.get("even_odd", True)
    asked = oracle_questions(roles, even_odd=even_odd)
    assert [kind.value for kind in asked] == case["questions"]
    drawn = {
        draw_instructions(
            roles, 5, random.Random(s), ripple_rate=0, oracle_even_odd=even_odd
        ).oracle
        for s in range(200)
    }
    assert {question.kind.value for question in drawn if question} == set(case["questions"])


@pytest.mark.parametrize("case", load_cases("onenight_instructions", "outcome"), ids=case_id)
def test_each_answer_brings_its_outcome(case: dict[str, Any]) -> None:
    question = question_from(case["question"])
    outcome = oracle_outcome(question, case.get("answer"), case.get("oracle_seat"))
    assert outcome.result.value == case["result"]
    assert outcome.lines == tuple(say_from(line) for line in case["lines"])
    assert outcome.timed_out is case.get("timed_out", False)
    hints = typing.get_type_hints(OracleOutcome)
    effects = {name: decode(hints[name], value) for name, value in case["effects"].items()}
    effects.setdefault("answer", case.get("answer"))
    defaults = OracleOutcome(outcome.kind, outcome.result, outcome.answer, False, ())
    for field in dataclasses.fields(OracleOutcome):
        if field.name in ("kind", "result", "timed_out", "lines"):
            continue
        expected = effects.get(field.name, getattr(defaults, field.name))
        assert getattr(outcome, field.name) == expected, field.name


@pytest.mark.parametrize("case", load_cases("onenight_instructions", "bad_answer"), ids=case_id)
def test_an_answer_that_does_not_fit_is_refused(case: dict[str, Any]) -> None:
    question = question_from(case["question"])
    with pytest.raises(InstructionError) as error:
        oracle_outcome(question, case["answer"], case.get("oracle_seat"))
    assert str(error.value) == case["error"]
    assert isinstance(error.value, RulesError)


def test_the_question_says_how_she_answers() -> None:
    which = question_from(
        {"kind": "which_player", "players": 7, "device_answer": 1, "approved": [True] * 7}
    )
    assert (which.line, which.answer_kind.value, which.answer_range) == (
        "onenight.app.oracle.which_player.ask",
        "number",
        (1, 7),
    )
    assert which.lines() == (Say.of(which.line, role="Oracle", players=7),)
    assert which.listen == "number:7"
    guess = question_from({"kind": "guess_number", "players": 7, "device_answer": 1, "secret": 4})
    assert (guess.answer_kind.value, guess.answer_range, guess.listen) == (
        "number",
        (1, 10),
        "number:10",
    )
    parity = question_from({"kind": "even_odd", "players": 7, "device_answer": 1})
    assert (parity.answer_kind.value, parity.answer_range) == ("none", None)
    ripple = question_from({"kind": "guarantee_ripple", "players": 7, "device_answer": True})
    assert (ripple.answer_kind.value, ripple.listen) == ("yes_no", "yes_no")


@pytest.mark.parametrize(("answer", "said"), [(None, "no_number"), (3, "odd"), (4, "even")])
def test_even_or_odd_announces_only_the_parity_of_a_pressed_seat(
    answer: int | None, said: str
) -> None:
    setup = OneNightSetup(5, (*ALIEN_SET, Role.ORACLE), seed=1)
    question = OracleQuestion(OracleKind.EVEN_ODD, 5, device_answer=2)
    instr = dataclasses.replace(draw(1, setup.roles, 0.0), players=5, oracle=question)
    script = night_script(setup, instr, (("oracle", answer),))
    cues = [cue for cue in script if cue.step == "oracle"]
    asked = next(i for i, cue in enumerate(cues) if cue.say.line == question.line)
    assert (cues[asked].listen, cues[asked].hold) == ("number:5", setup.options.role_seconds)
    assert cues[asked + 1].say == Say.of(f"onenight.app.oracle.even_odd.{said}", role="Oracle")
    parities = {f"onenight.app.oracle.even_odd.{parity}" for parity in ("even", "odd")}
    spoken = {cue.say.line for cue in cues}
    assert bool(spoken & parities) is (answer is not None)


def test_the_drawn_which_player_parts_never_name_the_chosen_seat() -> None:
    for seed in range(300):
        question = draw(seed).oracle
        assert question is not None
        if question.kind is OracleKind.WHICH_PLAYER:
            assert len(question.approved) == len(question.others) == question.players
            for choice, (first, second) in enumerate(question.others, start=1):
                assert first != second and choice not in (first, second)


# -- lines -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", load_cases("onenight_instructions", "phrase"), ids=case_id)
def test_identifier_phrases(case: dict[str, Any]) -> None:
    target: Target = decode(Target, case["target"])
    assert phrase(target, start=case.get("start", False)) == case["text"]


def test_every_line_exists_and_every_placeholder_is_filled() -> None:
    catalogue = Catalogue.load("common", "onenight", "onenight_app")
    says = set(survey()[1])
    for roles in ROLE_SETS.values():
        for seed in range(60):
            says.update(all_lines(draw(seed, roles, 0.5)))
    for say in says:
        assert catalogue.text(say.line, say.param_map()), say
    app_lines = {line for line in catalogue.ids() if line.startswith("onenight.app.")}
    assert app_lines == {say.line for say in says}, "lines that no instruction speaks"


def test_all_lines_cover_the_oracle_outcomes_and_are_unique() -> None:
    instr = draw(11)
    lines = all_lines(instr)
    assert len(lines) == len(set(lines))
    assert instr.oracle is not None
    for outcome in all_outcomes(instr.oracle):
        assert set(outcome.lines) <= set(lines)
    if instr.ripple:
        assert set(instr.ripple.lines() + instr.ripple.close_lines()) <= set(lines)


def test_the_empath_and_nostradamus_prompts_are_drawn_from_the_seed() -> None:
    roles = ROLE_SETS["empath and nostradamus"]
    first, again = draw(4, roles), draw(4, roles)
    assert first.empath == again.empath and first.nostradamus == again.nostradamus
    assert first.empath is not None and first.doppel_empath is not None
    prompts = {draw(seed, roles).empath.prompt for seed in range(200)}  # type: ignore[union-attr]
    assert prompts == set(EMPATH_PROMPTS)
    teams = {draw(seed, roles).nostradamus.team for seed in range(200)}  # type: ignore[union-attr]
    assert teams == {Team.VILLAGE, Team.WEREWOLF, Team.VAMPIRE, Team.ALIEN}
    wolves = parse_roles(["nostradamus", "werewolf", "minion", "seer", "villager", "villager"])
    only = {draw(seed, wolves).nostradamus.team for seed in range(60)}  # type: ignore[union-attr]
    assert only == {Team.VILLAGE, Team.WEREWOLF}
    assert Instructions.from_json(first.to_json()) == first


def test_the_empath_is_told_who_points_and_to_watch() -> None:
    empath = EmpathInstruction("trust", Target(Scope.ODD_PLAYERS))
    (say,) = empath.lines()
    assert say.line == "onenight.app.empath.trust"
    assert say.param_map() == {
        "group": phrase(Target(Scope.ODD_PLAYERS), start=True),
        "role": "Empath",
    }
    (mine,) = EmpathInstruction("trust", Target(Scope.EVERYONE), doppel=True).lines()
    assert mine.param_map()["role"] == "Doppelganger"


def test_instruction_lines_fill_their_identifiers() -> None:
    instr = draw(3, ALIEN_SET)
    assert instr.psychic is not None
    (say,) = instr.psychic.lines()
    assert say.param_map() == {"role": "Psychic", "who": phrase(instr.psychic.target)}


# -- JSON and bad input ----------------------------------------------------------------------------


def test_instructions_survive_a_json_round_trip() -> None:
    for seed in range(300):
        instr = draw(seed, EVERY_ROLE, 0.5)
        text = json.dumps(instr.to_json())
        assert Instructions.from_json(json.loads(text)) == instr


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"players": 5, "blob": {"pattern": "left_9"}}, "instructions.blob.pattern: 'left_9' is"),
        ({"players": "5"}, "instructions.players: expected int, got '5'"),
        ({"players": 5, "colour": "red"}, "instructions: unknown field 'colour'"),
        ({"players": 5, "ripple": {"kind": "swap", "seats": 3}}, "expected a list, got 3"),
    ],
)
def test_bad_json_is_refused_with_the_bad_value(data: dict[str, Any], error: str) -> None:
    with pytest.raises(InstructionError) as caught:
        Instructions.from_json(data)
    assert error in str(caught.value)


@pytest.mark.parametrize(
    ("players", "rate", "error"),
    [
        (2, 0.1, "2 players: instructions are drawn for 3 to 12"),
        (13, 0.1, "13 players: instructions are drawn for 3 to 12"),
        (5, 1.5, "ripple_rate must be from 0 to 1, got 1.5"),
        (5, -0.1, "ripple_rate must be from 0 to 1, got -0.1"),
    ],
)
def test_bad_draw_inputs_are_refused(players: int, rate: float, error: str) -> None:
    with pytest.raises(InstructionError) as caught:
        draw_instructions(ALIEN_SET, players, random.Random(1), ripple_rate=rate)
    assert str(caught.value) == error
