"""The result lines listed ahead (games.onenight.foresee) are the ones the result then says."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tables import load_cases

from games.effects import Prepare, PrepareAhead, Say
from games.errors import RulesError, SetupError
from games.events import LinesReady, RevealEntered, Tap, Tick, Touched, VoteCast
from games.onenight import foresee, result, reveal
from games.onenight.ballot import Ballot
from games.onenight.resolve.explain import TEAM_NAMES
from games.onenight.revealed import RevealEntry
from games.onenight.roles import Role
from games.onenight.session import OneNightSession
from games.onenight.setup import OneNightSetup, parse_roles
from games.onenight.state import OneNightPhase, OneNightState

CASES = load_cases("onenight_resolution") + load_cases("onenight_daybreak_resolution")
FANCY = (
    "marks", "copied", "became", "snatched", "artifacts", "foretold", "oracle", "doppel_oracle",
    "blob", "two_hands", "device_vote", "rulings", "left_is_higher",
)  # fmt: skip
"""What the plain cases leave out: every card is turned over as itself."""
CENTRE = ("villager", "insomniac", "drunk", "troublemaker", "mason", "villager", "drunk")
"""Centre cards for a case that lists only the players' cards."""


def _deal(case: dict[str, Any]) -> OneNightSetup | None:
    """A setup of the case: its roles, or its cards and three centre cards (None: none fits)."""
    if "roles" in case:
        deals = [case["roles"]]
    else:
        deals = [[*case["cards"], *CENTRE[i : i + 3]] for i in range(len(CENTRE) - 2)]
    for roles in deals:
        try:
            return OneNightSetup(len(case["cards"]), parse_roles(roles), 1)
        except SetupError:
            continue
    return None


PLAIN = [case for case in CASES if not any(key in case for key in FANCY) and _deal(case)]
LIKELY = (
    r"Player \d+ died with [234] votes\.",
    r"Player \d+ was (a|an|the) [A-Z][\w' -]*\.",
    rf"({'|'.join(re.escape(name) for name, _ in TEAM_NAMES.values())}) (wins|win|loses|lose)\.",
    r"Nobody got more than one vote, so nobody dies\.",
    r"Winner: player \d+\.",
    r"Nobody wins\.",
)
"""Lines the day's list must hold whenever a result says them."""


def _state(case: dict[str, Any], revealed: int) -> OneNightState:
    """The case's game at its reveal, its first ``revealed`` cards turned over."""
    cards = case["cards"]
    setup = _deal(case)
    assert setup is not None
    votes = tuple((seat, (target,)) for seat, target in enumerate(case["votes"], start=1))
    ballot = Ballot(len(cards), votes=votes)
    state = OneNightState(setup, phase=OneNightPhase.REVEAL, ballot=ballot)
    for seat, card in enumerate(cards[:revealed], start=1):
        state = reveal.record(state, reveal.check(state, RevealEntered(seat, card)))
    return state


def _said(case: dict[str, Any]) -> tuple[str, ...]:
    return result.resolution(_state(case, len(case["cards"]))).explanation()


def test_most_cases_are_plain() -> None:
    assert len(PLAIN) >= 60


@pytest.mark.parametrize("case", PLAIN, ids=lambda case: case["rule"])
def test_with_one_card_left_every_line_of_the_result_is_listed(case: dict[str, Any]) -> None:
    listed = foresee.last_card_lines(_state(case, len(case["cards"]) - 1))
    missing = [line for line in _said(case) if line not in listed]
    assert not missing


@pytest.mark.parametrize("case", PLAIN, ids=lambda case: case["rule"])
def test_the_day_lists_every_likely_line(case: dict[str, Any]) -> None:
    state = _state(case, 0)
    listed = set(foresee.day_lines(state.setup.roles, state.setup.players))
    likely = [line for line in _said(case) if any(re.fullmatch(p, line) for p in LIKELY)]
    assert likely, "every result has a team line at least"
    assert [line for line in likely if line not in listed] == []


@pytest.mark.parametrize("case", PLAIN, ids=lambda case: case["rule"])
def test_the_vote_lists_every_death_by_vote_and_shot(case: dict[str, Any]) -> None:
    state = _state(case, 0)
    assert state.ballot is not None
    listed = foresee.vote_lines(state.ballot, state.setup.roles)
    deaths = [line for line in _said(case) if " died with " in line or " shot by " in line]
    assert [line for line in deaths if line not in listed] == []


ENGINE_ONLY = (
    "oracle", "doppel_oracle", "blob", "two_hands", "device_vote", "rulings", "left_is_higher",
)  # fmt: skip
"""What a case can say that a game's reveal does not enter (the app's answers, rulings)."""


def _foresaw(name: str | None) -> str | None:
    """A case's ``foretold`` as the reveal enters it: ``werewolf_team``, or the card ``tanner``."""
    teams = ("village", "werewolf", "vampire", "alien")
    return None if name is None else f"{name}_team" if name in teams else name


def _entry(case: dict[str, Any], seat: int) -> RevealEntered:
    """The case's card at ``seat`` as the reveal takes it: its Mark, copy, conversion..."""
    key = str(seat)
    copied, became = case.get("copied", {}), case.get("became", {})
    foretold = case.get("foretold", {})
    return RevealEntered(
        seat,
        case["cards"][seat - 1],
        mark=case.get("marks", {}).get(key),
        became=copied.get(key) or became.get(key),
        snatched=seat in case.get("snatched", ()),
        artifact=case.get("artifacts", {}).get(key),
        foresaw=_foresaw(foretold.get(key)),
    )


def _entered(case: dict[str, Any], last: int) -> OneNightState | None:
    """The case's game at its reveal, every card but seat ``last``'s entered as the table
    would (None: the game's reveal refuses one, e.g. an alien conversion without the app's
    say)."""
    setup = _deal(case)
    if setup is None:
        return None
    votes = tuple((seat, (target,)) for seat, target in enumerate(case["votes"], start=1))
    ballot = Ballot(setup.players, votes=votes)
    state = OneNightState(setup, phase=OneNightPhase.REVEAL, ballot=ballot)
    try:
        for seat in [*(s for s in range(1, setup.players + 1) if s != last), last]:
            entry = reveal.check(state, _entry(case, seat))  # the last one too: it must fit
            if seat != last:
                state = reveal.record(state, entry)
    except RulesError:
        return None
    copier = entry.card in (Role.DOPPELGANGER, Role.COPYCAT)
    if entry.became and not copier and entry.became not in reveal.conversions(state):
        return None  # the picker offers no such conversion in this game (the app's say)
    return state


def _extras(entry: RevealEntered) -> int:
    """In how many ways the entry differs from a plain card (a copier card that copied
    Nostradamus and the team he foresaw are one choice)."""
    extras = (entry.mark, entry.became, entry.snatched or None, entry.artifact, entry.foresaw)
    copier_foresaw = entry.became == "nostradamus" and entry.foresaw is not None
    return sum(extra is not None for extra in extras) - copier_foresaw


RARE = [
    (case, seat)
    for case in CASES
    if any(key in case for key in FANCY) and not any(key in case for key in ENGINE_ONLY)
    for seat in range(1, len(case["cards"]) + 1)
    if _extras(_entry(case, seat)) == 1 and _entered(case, seat) is not None
]
"""Each rule case with a seat whose card is not plain in one way, that seat turned over last."""


def test_many_rarer_cards_are_entered_last_as_a_table_would() -> None:
    last = [_entry(case, seat) for case, seat in RARE]
    assert len(last) >= 40
    assert sum(1 for entry in last if entry.mark) >= 10, "Marks"
    assert sum(1 for entry in last if entry.became) >= 10, "copies and conversions"
    assert sum(1 for entry in last if entry.artifact) >= 5, "Artifacts"


@pytest.mark.parametrize(
    ("case", "seat"), RARE, ids=[f"{case['rule']} (seat {seat})" for case, seat in RARE]
)
def test_with_one_card_left_a_rarer_result_is_listed_too(case: dict[str, Any], seat: int) -> None:
    state = _entered(case, seat)
    assert state is not None
    listed = set(foresee.last_card_lines(state)) | set(foresee.rare_last_card_lines(state))
    last = reveal.check(state, _entry(case, seat))
    said = result.resolution(reveal.record(state, last)).explanation()
    assert [line for line in said if line not in listed] == []


def test_the_rarer_lines_are_worked_out_later_and_add_to_the_plain_ones() -> None:
    deal = ["vampire", "vampire", "cupid", "diseased", "seer", "villager", "villager"]
    session = OneNightSession(OneNightSetup(4, parse_roles(deal), 1))
    ballot = Ballot(4, votes=((1, (2,)), (2, (4,)), (3, (4,)), (4, (1,))))
    state = OneNightState(session.setup, phase=OneNightPhase.REVEAL, ballot=ballot)
    for seat, card in ((1, "vampire"), (2, "seer")):
        state, _ = session.handle(state, RevealEntered(seat, card), 0.0)
    state, more = session.handle(state, RevealEntered(3, "villager"), 0.0)
    (asked,) = [e for e in more if isinstance(e, PrepareAhead)]
    assert asked.later is not None  # a callable: nothing rare is worked out in this step
    rare = asked.later()
    assert rare and not set(rare) & set(asked.lines)
    # Seat 4 turned over as a Villager with the Mark of the Vampire: a vampire now.
    marked = RevealEntered(4, "villager", mark="vampire")
    said = result.resolution(reveal.record(state, reveal.check(state, marked))).explanation()
    says = [Say.of(foresee.RESULT_LINE, text=line) for line in said]
    assert [say for say in says if say not in asked.lines]  # not among the plain cards' lines
    assert [say for say in says if say not in asked.lines + rare] == []


def test_the_day_list_starts_with_the_likely_lines_and_knows_the_table() -> None:
    roles = parse_roles(["werewolf", "werewolf", "seer", "robber", "hunter", "villager"])
    lines = foresee.day_lines(roles, 3)
    shot = "Player 1 was shot by the Hunter, player 2."
    assert lines.index("Player 3 was the Seer.") < lines.index(shot)
    assert "Player 4 was the Seer." not in lines  # three seats
    assert not any("Tanner" in line for line in lines)  # no Tanner in play
    assert len(lines) == len(set(lines))


def _to_the_day(seed: int, deal: list[str]) -> list[PrepareAhead]:
    """A game from setup to its day (each line timed as one second); what it asked ahead."""
    session = OneNightSession(OneNightSetup(4, parse_roles(deal), seed))
    state, effects = session.start(0.0)
    state, more = session.handle(state, Touched(Tap.START), 0.0)
    effects += more
    prepare = next(effect for effect in more if isinstance(effect, Prepare))
    state, more = session.handle(state, LinesReady(tuple(1.0 for _ in prepare.lines)), 0.0)
    effects += more
    while state.phase is not OneNightPhase.DAY:
        deadline = session.next_deadline(state)
        assert deadline is not None
        state, more = session.handle(state, Tick(deadline), deadline)
        effects += more
    return [effect for effect in effects if isinstance(effect, PrepareAhead)]


DEAL = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "tanner", "villager"]


def test_the_day_asks_ahead_the_same_lines_whatever_the_hidden_deal() -> None:
    first = _to_the_day(1, DEAL)
    assert len(first) == 1, "asked once, when the day opens (never at night)"
    assert Say.of(foresee.RESULT_LINE, text="Player 4 was the Tanner.") in first[0].lines
    # Another seed deals the cards and draws the night differently: the list is the same.
    assert _to_the_day(99, DEAL) == first


def test_the_vote_and_the_second_last_card_ask_ahead() -> None:
    session = OneNightSession(OneNightSetup(3, parse_roles(DEAL[:6]), 1))
    state = OneNightState(session.setup, phase=OneNightPhase.VOTE, ballot=Ballot(3))
    effects: list[Any] = []
    for voter, target in ((1, 2), (2, 1), (3, 1)):
        state, more = session.handle(state, VoteCast(voter, target), 0.0)
        effects += more
    assert state.phase is OneNightPhase.REVEAL
    asked = [e for e in effects if isinstance(e, PrepareAhead)]
    assert len(asked) == 1 and asked[0].lines[0] == Say.of(
        foresee.RESULT_LINE, text="Player 1 died with 2 votes."
    )
    state, more = session.handle(state, RevealEntered(1, "werewolf"), 0.0)
    assert not [e for e in more if isinstance(e, PrepareAhead)]  # two cards still to come
    state, more = session.handle(state, RevealEntered(2, "seer"), 0.0)
    (last,) = [e for e in more if isinstance(e, PrepareAhead)]
    state, more = session.handle(state, RevealEntered(3, "tanner"), 0.0)
    said = [e for e in more if isinstance(e, Say)]
    assert said and all(line in last.lines for line in said)


def test_a_resumed_reveal_asks_its_lines_again() -> None:
    session = OneNightSession(OneNightSetup(3, parse_roles(DEAL[:6]), 1))
    ballot = Ballot(3, votes=((1, (2,)), (2, (1,)), (3, (1,))))
    state = OneNightState(session.setup, phase=OneNightPhase.REVEAL, ballot=ballot)
    _, effects = session.resume(state, 0.0, 10.0)
    (asked,) = [e for e in effects if isinstance(e, PrepareAhead)]
    assert asked.lines[0] == Say.of(foresee.RESULT_LINE, text="Player 1 died with 2 votes.")
    assert Role.TANNER.spoken in " ".join(str(say.params) for say in asked.lines)


def test_a_copier_card_that_copied_nostradamus_is_listed_with_each_team_he_foresaw() -> None:
    # 2.13: a Doppelganger card turned over last as Nostradamus, with the team he foresaw.
    deal = ["doppelganger", "nostradamus", "werewolf", "vampire", "seer", "villager", "tanner"]
    setup = OneNightSetup(4, parse_roles(deal), 1)
    ballot = Ballot(4, votes=((1, (2,)), (2, (1,)), (3, (1,)), (4, (1,))))
    state = OneNightState(setup, phase=OneNightPhase.REVEAL, ballot=ballot)
    for seat, card in ((2, "werewolf"), (3, "vampire"), (4, "seer")):
        state = reveal.record(state, reveal.check(state, RevealEntered(seat, card)))
    listed = set(foresee.last_card_lines(state)) | set(foresee.rare_last_card_lines(state))
    teams = reveal.team_choices(state, Role.DOPPELGANGER, Role.NOSTRADAMUS)
    assert len(teams) >= 3
    for team in teams:
        last = RevealEntry(1, Role.DOPPELGANGER, became=Role.NOSTRADAMUS, foresaw=team)
        said = result.resolution(reveal.record(state, reveal.validate(state, last))).explanation()
        assert [line for line in said if line not in listed] == [], team
