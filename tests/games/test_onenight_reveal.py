"""The reveal entries, by event and by touch, through the session to the result (table cases in
tests/data/onenight_reveal.toml), whatever directives the app drew."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from typing import Any

import pytest
from reveal_picker import copy_choices, picker
from tables import load_cases

from games.effects import Report, Say, Show
from games.events import RevealEntered, Tap, Touched, parse_action
from games.onenight import result, reveal
from games.onenight.ballot import Ballot
from games.onenight.instructions import Instructions, draw_instructions
from games.onenight.instructions.roles import BODY_SNATCHER_SCOPES, AlienKind
from games.onenight.revealed import Copied, RevealDraft, RevealEntry, entry_from_json
from games.onenight.roles import Role, Team
from games.onenight.setup import OneNightSetup, parse_roles
from games.onenight.state import OneNightPhase, OneNightState, state_from_json, state_to_json
from games.onenight.views import COPIED_NOTHING, RevealView

CASES = load_cases("onenight_reveal")


def directive_seeds(roles: tuple[Any, ...], players: int) -> list[int]:
    """Seeds that, between them, draw every Body Snatcher variant and every alien directive
    (one seed when neither is drawn in this game)."""
    first = draw(roles, players, 0)
    wanted = {scope.value for scope in BODY_SNATCHER_SCOPES if first.body_snatcher} | {
        kind.value for kind in AlienKind if first.aliens
    }
    if not wanted:
        return [1]
    seeds: list[int] = []
    for seed in range(1000):
        drawn = draw(roles, players, seed)
        found = {drawn.body_snatcher.target.scope.value} if drawn.body_snatcher else set()
        found |= {drawn.aliens.kind.value} if drawn.aliens else set()
        if found & wanted:
            wanted -= found
            seeds.append(seed)
        if not wanted:
            return seeds
    raise AssertionError(f"no seed draws {sorted(wanted)}")


def draw(roles: tuple[Any, ...], players: int, seed: int) -> Instructions:
    return draw_instructions(roles, players, random.Random(seed), ripple_rate=0.0)


def voting(case: dict[str, Any], seed: int) -> OneNightState:
    """The case's game at the reveal, with the instructions the seed draws."""
    roles = parse_roles(case["roles"])
    players = len(case["reveal"])
    votes = tuple((seat, (target,)) for seat, target in enumerate(case["votes"], start=1))
    # The answer windows closed at night: [step, number pressed or nothing] (Nostradamus).
    answers = tuple((step, answer) for step, answer in case.get("answers", []))
    return OneNightState(
        OneNightSetup(players, roles, seed),
        phase=OneNightPhase.REVEAL,
        ballot=Ballot(players, votes=votes),
        instructions=draw(roles, players, seed),
        answers=answers,
    )


def by_events(state: OneNightState, entries: list[dict[str, Any]]) -> OneNightState:
    for entry in entries:
        event = RevealEntered(
            entry["seat"],
            entry["card"],
            entry.get("mark"),
            entry.get("became"),
            entry.get("snatched", False),
            entry.get("artifact"),
            entry.get("foresaw"),
            entry.get("shielded", False),
        )
        state = reveal.record(state, reveal.check(state, event))
    return state


def by_touch(state: OneNightState, entries: list[dict[str, Any]]) -> OneNightState:
    body_snatcher = reveal.snatch_choices(state)
    for entry in entries:
        taps = [f"seat:{entry['seat']}", f"card:{entry['card']}"]
        if entry.get("snatched"):
            taps.append("snatched:yes")
        if entry.get("shielded"):
            taps.append("shielded:yes")
        if entry["card"] in COPIERS:
            # The role the card copied, from the roles offered once the card is picked.
            taps.append(f"became:{entry.get('became', COPIED_NOTHING)}")
        elif "became" in entry:  # the aliens' tap or the PI's sight
            taps.append(f"became:{entry['became']}")
        for field in ("foresaw", "mark", "artifact"):
            if field in entry:
                taps.append(f"{field}:{entry[field]}")
        for tap in taps:
            state, effects = reveal.on_touch(state, Touched(parse_action(tap)))
            if not effects:
                raise NotOffered(tap)
            view = next(e.view for e in effects if isinstance(e, Show))
            assert isinstance(view, RevealView)
            # The Snatched choice is offered whatever the app drew.
            assert view.snatch_choices is body_snatcher
            copying = entry["card"] in COPIERS
            if copying and tap.startswith("became:") and tap != f"became:{COPIED_NOTHING}":
                assert tap.removeprefix("became:") in copy_choices(view), tap
            if tap.startswith("artifact:"):  # offered only from the game's Artifacts
                assert tap.removeprefix("artifact:") in [a.value for a in view.artifacts]
            if tap.startswith("mark:"):  # offered only from the Marks the game places
                assert tap.removeprefix("mark:") in [m.value for m in view.marks]
            if tap.startswith("foresaw:"):
                assert tap.removeprefix("foresaw:") in view.team_choices
        assert isinstance(view, RevealView)
        assert view.snatched is bool(entry.get("snatched"))
        if entry["card"] in COPIERS:
            assert view.became == entry.get("became", COPIED_NOTHING)
        assert (view.mark, view.foresaw) == (entry.get("mark"), entry.get("foresaw"))
        state, _ = reveal.on_touch(state, Touched(Tap.CONFIRM))
    return state


COPIERS = ("doppelganger", "copycat")


class NotOffered(Exception):
    """The picker offers no chip for this tap (so the table cannot enter it by touch)."""


CASE_SEEDS = [
    pytest.param(case, seed, id=f"{case['rule']} (seed {seed})")
    for case in CASES
    for seed in directive_seeds(parse_roles(case["roles"]), len(case["reveal"]))
]


def test_every_case_cites_its_rule() -> None:
    assert len(CASES) >= 5
    for case in CASES:
        assert re.match(r"(\d(\.\d+)*|RB-[WVABD]|ruling) ", case["rule"]), case["rule"]


@pytest.mark.parametrize("enter", [by_events, by_touch], ids=["events", "touch"])
@pytest.mark.parametrize(("case", "seed"), CASE_SEEDS)
def test_reveal_case(case: dict[str, Any], seed: int, enter: Any) -> None:
    if "refused" in case:
        # Every entry but the last is taken; the last is refused, saying why.
        state = enter(voting(case, seed), case["reveal"][:-1])
        with pytest.raises((reveal.RevealError, NotOffered)) as error:
            enter(state, case["reveal"][-1:])
        if isinstance(error.value, NotOffered):  # by touch: no chip for the refused value
            kind, value = str(error.value).split(":")
            assert case["reveal"][-1][kind] == value
            assert not reveal.offered(state, parse_action(f"{kind}:{value}"))
        else:
            assert str(error.value) == case["refused"]
        return
    state = enter(voting(case, seed), case["reveal"])
    assert reveal.complete(state)
    state, effects = result.finish(state)
    report = next(e for e in effects if isinstance(e, Report))
    assert report.data == {
        "deaths": case["deaths"],
        "winners": case["winners"],
        "teams": case["teams"],
    }
    said = [e.param_map()["text"] for e in effects if isinstance(e, Say)]
    for line in case.get("said", []):
        assert line in said


def test_a_snatched_card_needs_a_body_snatcher_in_play() -> None:
    roles = ["werewolf", "seer", "villager", "robber", "villager", "troublemaker"]
    setup = OneNightSetup(3, parse_roles(roles), 1)
    state = OneNightState(setup, phase=OneNightPhase.REVEAL)
    with pytest.raises(reveal.RevealError) as error:
        reveal.check(state, RevealEntered(1, "seer", snatched=True))
    assert str(error.value) == "seat 1: snatched, but no Body Snatcher is in play"
    assert reveal.reveal_view(state).snatch_choices is False


def test_a_snatched_entry_is_true_or_false() -> None:
    state = voting(CASES[0], 1)
    with pytest.raises(reveal.RevealError) as error:
        reveal.check(state, RevealEntered(1, "seer", snatched="yes"))  # type: ignore[arg-type]
    assert str(error.value) == "seat 1: snatched must be true or false, got 'yes'"


def test_snatched_toggles_and_a_new_seat_clears_it() -> None:
    state = voting(CASES[0], 1)
    for tap, expected in [
        ("snatched:yes", True),
        ("card:seer", True),
        ("snatched:no", False),
        ("snatched:yes", True),
        ("seat:2", False),
    ]:
        state, _ = reveal.on_touch(state, Touched(parse_action(tap)))
        assert reveal.reveal_view(state).snatched is expected, tap


def test_a_state_saved_before_the_snatched_flag_reads_as_not_snatched() -> None:
    state = by_events(voting(CASES[0], 1), CASES[0]["reveal"][:2])
    draft = RevealDraft(3, Role.VILLAGER)
    data = state_to_json(dataclasses.replace(state, draft=draft))
    data["reveals"] = [list(entry[:4]) for entry in data["reveals"]]
    data["draft"] = [3, "villager", None, None]
    old = state_from_json(json.loads(json.dumps(data)))
    assert old.reveals == (RevealEntry(1, Role.SEER), RevealEntry(2, Role.BODY_SNATCHER))
    assert old.draft == draft
    assert state_from_json(state_to_json(state)).reveals == state.reveals


def test_a_state_saved_before_the_artifacts_reads_as_holding_none() -> None:
    state = by_events(voting(CASES[0], 1), CASES[0]["reveal"][:2])
    data = state_to_json(state)
    data["reveals"] = [[*entry[:4], True] for entry in data["reveals"]]
    data["draft"] = [3, "villager", None, None, True]
    old = state_from_json(json.loads(json.dumps(data)))
    held = [(e.snatched, e.artifact, e.foresaw, e.shielded) for e in old.reveals]
    assert held == [(True, None, None, False)] * 2
    assert old.draft == RevealDraft(3, Role.VILLAGER, snatched=True)


def test_a_checkpoint_keeps_each_entry_as_the_eight_names_it_always_held() -> None:
    # The saved-game format did not change with the typed entries: older releases read it.
    state = picker(["doppelganger", "nostradamus", "werewolf", "seer", "villager", "tanner"])
    state = reveal.record(state, RevealEntry(1, Role.DOPPELGANGER, became=Role.NOSTRADAMUS))
    state = reveal.record(state, RevealEntry(2, Role.NOSTRADAMUS, foresaw=Team.WEREWOLF))
    state = dataclasses.replace(
        state, draft=RevealDraft(3, Role.DOPPELGANGER, became=Copied.NOTHING)
    )
    data = json.loads(json.dumps(state_to_json(state)))
    assert data["reveals"] == [
        [1, "doppelganger", None, "nostradamus", False, None, None, False],
        [2, "nostradamus", None, None, False, None, "werewolf_team", False],
    ]
    assert data["draft"] == [3, "doppelganger", None, "nothing", False, None, None, False]
    assert state_from_json(data) == state


def test_a_nostradamus_team_saved_as_his_conversion_reads_as_foreseen() -> None:
    # Saved before ``foresaw`` was its own field: six fields, the team in ``became``.
    old = entry_from_json([2, "nostradamus", None, "vampire_team", False, None])
    assert old == RevealEntry(2, Role.NOSTRADAMUS, foresaw=Team.VAMPIRE)
    with pytest.raises(ValueError, match="became is 'cow': not a known name"):
        entry_from_json([2, "seer", None, "cow"])


# -- An entry given by name is read at the edge; a name that is no member is refused as written --

PLAIN = ["doppelganger", "werewolf", "seer", "robber", "villager", "villager", "troublemaker"]
VAMPIRE = ["vampire", "cupid", "seer", "villager", "villager", "nostradamus"]


@pytest.mark.parametrize(
    ("deal", "entry", "message"),
    [
        (
            PLAIN,
            RevealEntered(1, "cow"),
            "seat 1 revealed 'cow', which is not in this game; cards in play: doppelganger, "
            "robber, seer, troublemaker, villager, werewolf",
        ),
        (
            PLAIN,
            RevealEntered(1, "seer", mark="fog"),
            "seat 1: mark 'fog', but no Marks are in play",
        ),
        (
            VAMPIRE,
            RevealEntered(1, "seer", mark="fog"),
            "seat 1: unknown mark 'fog'; marks in play: clarity, vampire, love",
        ),
        (
            VAMPIRE,
            RevealEntered(1, "nostradamus", foresaw="own_team"),
            "seat 1: foresaw 'own_team'; expected a team in play, or a card in play with a win "
            "of its own: village_team, vampire_team",
        ),
        (
            PLAIN,
            RevealEntered(1, "seer", artifact="cow"),
            "seat 1: artifact 'cow' is not in this game; artifacts: none, no Curator is in play",
        ),
        (
            PLAIN,
            RevealEntered(1, "doppelganger", became="nothing"),  # the picker's word, not an entry's
            "seat 1: became 'nothing'; expected 'alien', 'alien_helper' or a role she could have "
            "copied: werewolf, seer, robber, troublemaker, villager",
        ),
        (
            # Wrong twice: the Mark is checked before the conversion is read, as it always was.
            VAMPIRE,
            RevealEntered(1, "seer", mark="fear", became="cow"),
            "seat 1: the Mark of Fear is not in this game; marks in play: clarity, vampire, love",
        ),
    ],
)
def test_a_name_that_is_no_member_is_refused_as_written(
    deal: list[str], entry: RevealEntered, message: str
) -> None:
    with pytest.raises(reveal.RevealError) as error:
        reveal.check(picker(deal), entry)
    assert str(error.value) == message
