"""The night's fixed calls say what the rulebooks say (table-driven, tests/data/night_calls.toml),
and every line names roles by one rule: no doubled article, no article before a name, and
"one of them" said only to a group."""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest
from tables import case_id, load_cases

from games.errors import SetupError
from games.onenight.cue import Cue
from games.onenight.instructions import draw_instructions
from games.onenight.instructions.common import Scope, Target
from games.onenight.instructions.ripple import Ripple, RippleKind, repeat_candidates
from games.onenight.instructions.roles import AlienDirective, AlienKind, ExposerInstruction
from games.onenight.resolve.identity import named
from games.onenight.roles import Role
from games.onenight.script import night_script
from games.onenight.setup import OneNightOptions, OneNightSetup, options_from, parse_roles
from games.onenight.wake import WAKE_ORDER
from narration.catalogue import Catalogue

CASES = load_cases("night_calls")
EVERYONE = Target(Scope.EVERYONE)
CATALOGUE = Catalogue.load("common", "onenight", "onenight_app")


def spoken(cue: Cue) -> str:
    return CATALOGUE.text(cue.say.line, cue.say.param_map())


def case_script(case: dict[str, Any]) -> tuple[Cue, ...]:
    roles = parse_roles(case["roles"])
    options = options_from(case.get("options", {}), OneNightOptions())
    players = case.get("players", len(roles) - 3)
    setup = OneNightSetup(players, roles, seed=7, options=options)
    if "ripple" not in case and "app" not in case:
        return night_script(setup)
    # The app's lines too, with the case's ripple or directives in place of the drawn ones.
    drawn = draw_instructions(roles, players, random.Random(7), ripple_rate=0.0)
    if "ripple" in case:
        ripple = Ripple(RippleKind(case["ripple"]["kind"]), role=Role(case["ripple"]["role"]))
        drawn = dataclasses.replace(drawn, ripple=ripple)
    app = case.get("app", {})
    if "aliens" in app:
        drawn = dataclasses.replace(
            drawn, aliens=AlienDirective(AlienKind(app["aliens"]), EVERYONE)
        )
    if "exposer" in app:
        counts = app["exposer"]
        exposer, doppel = ExposerInstruction(counts[0]), ExposerInstruction(counts[1], True)
        drawn = dataclasses.replace(drawn, exposer=exposer, doppel_exposer=doppel)
    # Closed answer windows: [step, number pressed], 0 for nothing pressed.
    answers = tuple((step, answer or None) for step, answer in case.get("answers", []))
    return night_script(setup, drawn, answers)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_night_calls_follow_the_rulebooks(case: dict[str, Any]) -> None:
    assert case["rule"].strip()
    assert {"run", "absent", "said", "unsaid"} & set(case), "a case must check something"
    cues = case_script(case)
    ids = [cue.say.line for cue in cues]
    run = case.get("run", [])
    if run:
        starts = [i for i in range(len(ids)) if ids[i : i + len(run)] == run]
        assert starts, f"{run} is not said in a row in {ids}"
    for line in case.get("absent", []):
        assert line not in ids
    text = "\n".join(spoken(cue) for cue in cues)
    at = 0
    for piece in case.get("said", []):
        found = text.find(piece, at)
        assert found >= 0, f"{piece!r} is not said (in order) in:\n{text}"
        at = found + len(piece)
    for piece in case.get("unsaid", []):
        assert piece not in text


# -- Wording: every line of many large mixed nights --------------------------------------------

GROUP_STEPS = {
    step.key
    for step in WAKE_ORDER
    if len(step.roles) > 1 or any(role.info.copies > 1 for role in step.roles)
}
"""Steps that call several players: only these may say "one of them"."""

DOUBLED = re.compile(r"\b[Tt]he [Tt]he\b")
NAME_WITH_ARTICLE = re.compile(r"\b[Tt]he (Renfield|Cupid|Groob|Zerb)\b")
ARTICLE_BEFORE_VOCATIVE = re.compile(r"(^|[.!?] )(The|A|An) [A-Z][\w-]*( [A-Z][\w-]*)*, ")
"""A sentence that calls someone by a role with an article: "The Count, open your eyes"."""


def mixed_nights(count: int) -> list[OneNightSetup]:
    """``count`` playable role sets of 8 to 13 cards drawn from every box (seeded)."""
    rng = random.Random(11)
    deck: list[Role] = [
        role for role in Role for _ in range(role.info.copies) if role is not Role.MASON
    ]
    setups: list[OneNightSetup] = []
    while len(setups) < count:
        roles = rng.sample(deck, rng.randint(8, 13))
        if rng.random() < 0.3:
            roles[:2] = [Role.MASON, Role.MASON]
        # Half the nights with the Doppelganger and the Copycat, whose calls vary the most.
        if len(setups) % 2 and Role.DOPPELGANGER not in roles:
            roles[-1] = Role.DOPPELGANGER
        if len(setups) % 4 == 1 and Role.COPYCAT not in roles:
            roles[-2] = Role.COPYCAT
        try:
            setups.append(OneNightSetup(len(roles) - 3, tuple(roles), seed=len(setups)))
        except SetupError:
            continue
    return setups


@pytest.mark.parametrize("setup", mixed_nights(60), ids=lambda setup: str(setup.seed))
def test_every_line_names_roles_by_one_rule(setup: OneNightSetup) -> None:
    drawn = draw_instructions(
        setup.roles, setup.players, random.Random(setup.seed), ripple_rate=1.0
    )
    for cues in (night_script(setup), night_script(setup, drawn)):
        for cue in cues:
            text = spoken(cue)
            assert not DOUBLED.search(text), text
            assert not NAME_WITH_ARTICLE.search(text), text
            assert not ARTICLE_BEFORE_VOCATIVE.search(text), text
            if "one of them" in text.lower():
                assert cue.step in GROUP_STEPS, f"{cue.step}: {text}"


def test_the_vocative_check_catches_an_article() -> None:
    for bad in ["The Count, open your eyes.", "Wait. The Master, close your eyes.", "A Seer, wake"]:
        assert ARTICLE_BEFORE_VOCATIVE.search(bad), bad
    for good in ["Count, open your eyes.", "The aliens lose.", "Everyone, listen. The Oracle"]:
        assert not ARTICLE_BEFORE_VOCATIVE.search(good), good


@pytest.mark.parametrize("role", repeat_candidates(list(Role)), ids=lambda role: role.value)
def test_the_repeat_ripple_calls_every_role_as_addressed(role: Role) -> None:
    ripple = Ripple(RippleKind.REPEAT, role=role)
    for say in (*ripple.lines(), *ripple.close_lines()):
        text = CATALOGUE.text(say.line, say.param_map())
        assert not ARTICLE_BEFORE_VOCATIVE.search(text), text
        assert not DOUBLED.search(text) and not NAME_WITH_ARTICLE.search(text), text


@pytest.mark.parametrize(
    ("role", "definite", "addressed", "spoken_as"),
    [
        (Role.THE_COUNT, "the Count", "Count", "the Count"),
        (Role.THE_MASTER, "the Master", "Master", "the Master"),
        (Role.RENFIELD, "Renfield", "Renfield", "Renfield"),
        (Role.CUPID, "Cupid", "Cupid", "Cupid"),
        (Role.SEER, "the Seer", "Seer", "the Seer"),
        (Role.WEREWOLF, "the Werewolf", "Werewolf", "a Werewolf"),
        (Role.ALIEN, "the Alien", "Alien", "an Alien"),
    ],
)
def test_role_phrases_come_from_the_card_name(
    role: Role, definite: str, addressed: str, spoken_as: str
) -> None:
    assert (role.definite, role.addressed, role.spoken) == (definite, addressed, spoken_as)
    assert named(role) == spoken_as  # the result's "Player 3 was ..." uses the same rule
