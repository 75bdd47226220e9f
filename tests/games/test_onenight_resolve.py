"""The One Night resolution: table-driven rule cases and exact error messages (its properties:
``test_onenight_resolve_properties.py``)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tables import load_cases

from games.errors import RulesError
from games.onenight.artifacts import find_artifact
from games.onenight.instructions import oracle_outcome
from games.onenight.instructions.oracle import OracleKind, OracleQuestion, OracleResult
from games.onenight.instructions.roles import BlobPattern
from games.onenight.resolve import (
    DeathCause,
    Mark,
    OracleFact,
    ResolutionError,
    ResolutionInput,
    Reveal,
    Rulings,
    WinReason,
    resolve,
)
from games.onenight.resolve.explain import team_line
from games.onenight.resolve.model import Conversion, Side
from games.onenight.result import shown_lines
from games.onenight.roles import Role, Team, find_role

CASES = load_cases("onenight_resolution")
DAYBREAK = load_cases("onenight_daybreak_resolution")


def _oracle(data: dict[str, Any] | None) -> OracleFact | None:
    if data is None:
        return None
    becomes = data.get("becomes")
    joins = data.get("joins")
    return OracleFact(
        becomes=find_role(becomes) if becomes else None,
        joins=Team(joins) if joins else None,
        failed_guess=data.get("failed_guess", False),
        seat=data.get("seat"),
    )


def _foretold(name: str | None) -> Team | Role | None:
    """A case's ``foretold``: a team's name, or the card with a win of its own he stopped on."""
    if name is None:
        return None
    return Team(name) if name in {team.value for team in Team} else find_role(name)


def build(case: dict[str, Any]) -> tuple[ResolutionInput, Rulings]:
    """The input and rulings of a table case."""
    marks, copied, became = case.get("marks", {}), case.get("copied", {}), case.get("became", {})
    artifacts, foretold = case.get("artifacts", {}), case.get("foretold", {})
    reveals = tuple(
        Reveal(
            seat,
            find_role(card),
            mark=Mark(marks[str(seat)]) if str(seat) in marks else None,
            became=Conversion(became[str(seat)]) if str(seat) in became else None,
            copied=find_role(copied[str(seat)]) if str(seat) in copied else None,
            snatched=seat in case.get("snatched", ()),
            artifact=find_artifact(artifacts[str(seat)]) if str(seat) in artifacts else None,
            foretold=_foretold(foretold.get(str(seat))),
        )
        for seat, card in enumerate(case["cards"], start=1)
    )
    votes = {
        seat: tuple(target) if isinstance(target, list) else (target,)
        for seat, target in enumerate(case["votes"], start=1)
    }
    game = ResolutionInput(
        players=len(case["cards"]),
        reveals=reveals,
        votes=votes,
        selected=tuple(find_role(name) for name in case.get("roles", ())),
        oracle=_oracle(case.get("oracle")),
        doppel_oracle=_oracle(case.get("doppel_oracle")),
        blob=BlobPattern(case["blob"]) if "blob" in case else None,
        two_hand_voters=tuple(case.get("two_hands", ())),
        device_can_be_voted=case.get("device_vote", False),
        left_is_higher=case.get("left_is_higher", True),
    )
    return game, Rulings(**case.get("rulings", {}))


def test_there_are_at_least_eighty_cases_each_citing_its_rule() -> None:
    assert len(CASES) >= 80
    for case in CASES + DAYBREAK:
        assert re.match(r"(\d(\.\d+)*|RB-[WVADB]|ruling) ", case["rule"]), case["rule"]
    rules = [case["rule"] for case in CASES + DAYBREAK]
    assert len(rules) == len(set(rules)), "every case has its own rule text"


def test_there_are_at_least_sixty_daybreak_and_bonus_cases() -> None:
    assert len(DAYBREAK) >= 60
    rules = " ".join(case["rule"] for case in DAYBREAK)
    for topic in ("Bodyguard", "Prince", "Cursed", "Artifact", "shielded Doppelganger"):
        assert topic in rules, topic


@pytest.mark.parametrize("case", CASES + DAYBREAK, ids=lambda case: case["rule"])
def test_rule_case(case: dict[str, Any]) -> None:
    game, rulings = build(case)
    result = resolve(game, rulings)
    assert list(result.deaths) == case["deaths"]
    assert list(result.winners) == case["winners"]
    assert list(result.teams) == case["teams"]
    if "tally" in case:
        assert list(result.tally) == case["tally"]
    if "epic" in case:
        assert result.epic_battle is case["epic"]
    for seat, expected in case.get("reasons", {}).items():
        reason = result.death_reason(int(seat))
        assert reason is not None, f"seat {seat} should have died"
        cause, _, detail = expected.partition(":")
        assert reason.cause is DeathCause(cause)
        chained = reason.cause in (DeathCause.HUNTER, DeathCause.LOVER)
        assert (reason.by if chained else reason.votes) == int(detail), expected
    for seat, expected in case.get("why", {}).items():
        assert result.win_reason(int(seat)) is WinReason(expected)
    if "explanation" in case:
        assert list(result.explanation()) == case["explanation"]


# -- bad input ------------------------------------------------------------------------------


def game_of(
    cards: tuple[str, ...] = ("werewolf", "seer", "villager", "robber"),
    votes: dict[int, tuple[int, ...]] | None = None,
    **extra: Any,
) -> ResolutionInput:
    reveals = tuple(Reveal(seat, find_role(card)) for seat, card in enumerate(cards, start=1))
    players = extra.pop("players", len(cards))
    if votes is None:
        votes = {seat: (seat % len(cards) + 1,) for seat in range(1, len(cards) + 1)}
    return ResolutionInput(players, extra.pop("reveals", reveals), votes, **extra)


CIRCLE = {1: (2,), 2: (3,), 3: (4,), 4: (1,)}
TEN = ("villager",) * 10


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (game_of(votes={**CIRCLE, 3: (3,)}), "seat 3 voted for itself"),
        (
            game_of(TEN, votes={**{s: (s % 10 + 1,) for s in range(1, 11)}, 12: (1,)}),
            "vote from seat 12: the game has 10 players",
        ),
        (game_of(votes={**CIRCLE, 2: (7,)}), "seat 2 voted for seat 7: the game has 4 players"),
        (game_of(votes={1: (2,), 2: (3,), 3: (4,)}), "seat 4 did not vote"),
        (game_of(votes={**CIRCLE, 1: ()}), "seat 1 voted for nobody"),
        (
            game_of(votes={**CIRCLE, 1: (2, 3)}),
            "seat 1 cast 2 votes: only two-hand voters vote twice",
        ),
        (
            game_of(votes={**CIRCLE, 1: (2, 3, 4)}, two_hand_voters=(1,)),
            "seat 1 cast 3 votes: at most 2",
        ),
        (
            game_of(votes={**CIRCLE, 1: (0,)}),
            "seat 1 voted for the device, which cannot be voted for",
        ),
        (
            game_of(reveals=(*game_of().reveals, Reveal(5, Role.SEER))),
            "reveal for seat 5: the game has 4 players",
        ),
        (game_of(reveals=game_of().reveals[:3]), "no reveal for seat 4"),
        (
            game_of(reveals=(*game_of().reveals[:3], Reveal(3, Role.SEER))),
            "two reveals for seat 3",
        ),
        (game_of(players=2), "the game has 2 players: need 3 to 12"),
        (
            game_of(
                reveals=(
                    *(Reveal(seat, Role.VILLAGER, mark=Mark.LOVE) for seat in range(1, 4)),
                    Reveal(4, Role.SEER),
                )
            ),
            "3 players hold the Mark of Love: at most 2",
        ),
        (
            game_of(reveals=(Reveal(1, Role.SEER, copied=Role.WEREWOLF), *game_of().reveals[1:])),
            "seat 1 holds the Seer: only a Doppelganger or Copycat card copies a role, "
            "got 'werewolf'",
        ),
        (
            game_of(("blob", "seer", "villager", "robber")),
            "seat 1 holds the Blob, but no blob pattern was given",
        ),
        (
            game_of(
                reveals=(Reveal(1, Role.SEER, snatched=True), *game_of().reveals[1:]),
                selected=(Role.WEREWOLF, Role.SEER, Role.ROBBER, *(Role.VILLAGER,) * 4),
            ),
            "seat 1 holds a snatched card, but no Body Snatcher is in the game",
        ),
        (
            game_of(reveals=(Reveal(1, Role.SEER, snatched=1), *game_of().reveals[1:])),  # type: ignore[arg-type]
            "seat 1 snatched 1: must be true or false",
        ),
        (
            game_of(blob=BlobPattern.EACH_SIDE_2),
            "blob pattern 'each_side_2' does not fit 4 players",
        ),
        (
            game_of(selected=(Role.WEREWOLF, Role.SEER, Role.VILLAGER)),
            "seat 4 holds the Robber card, which is not in the game",
        ),
        (
            game_of(("werewolf", "werewolf", "villager", "robber"), selected=(Role.WEREWOLF,) * 2),
            "seat 3 holds the Villager card, which is not in the game",
        ),
        (
            game_of(
                ("werewolf", "werewolf", "villager", "robber"),
                selected=(Role.WEREWOLF, Role.VILLAGER, Role.ROBBER, Role.SEER),
            ),
            "2 players hold the Werewolf card: the game has 1",
        ),
        (
            game_of(oracle=OracleFact(becomes=Role.SEER)),
            "oracle becomes the Seer: only an Alien, Werewolf or Vampire card",
        ),
        (
            game_of(two_hand_voters=(9,)),
            "two-hand voter seat 9: the game has 4 players",
        ),
    ],
)
def test_bad_input_is_refused_with_the_bad_value(game: ResolutionInput, message: str) -> None:
    with pytest.raises(ResolutionError) as error:
        resolve(game)
    assert str(error.value) == message
    assert isinstance(error.value, RulesError)


def test_a_self_vote_counts_for_nobody_under_the_abstain_ruling() -> None:
    result = resolve(game_of(votes={**CIRCLE, 3: (3,)}), Rulings(self_vote="abstain"))
    assert result.tally == (1, 1, 1, 0)
    assert result.deaths == ()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"self_vote": "skip"}, "ruling self_vote must be 'reject' or 'abstain', got 'skip'"),
        (
            {"protected_in_tie": "x"},
            "ruling protected_in_tie must be 'others_die' or 'fall_through', got 'x'",
        ),
        (
            {"fall_through_min_votes": 0},
            "ruling fall_through_min_votes must be a whole number from 1, got 0",
        ),
    ],
)
def test_bad_rulings_are_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ResolutionError) as error:
        Rulings(**fields)
    assert str(error.value) == message


def test_the_oracle_facts_come_from_her_outcome_in_the_game_record() -> None:
    guess = OracleQuestion(OracleKind.GUESS_NUMBER, 4, 3, secret=7)
    assert OracleFact.from_outcome(oracle_outcome(guess, 2, None), seat=1) == OracleFact(
        failed_guess=True, seat=1
    )
    becomes = OracleQuestion(OracleKind.JOIN_ALIEN, 4, True, OracleResult.BECOMES_ALIEN)
    assert OracleFact.from_outcome(oracle_outcome(becomes, True, None)) == OracleFact(
        becomes=Role.ALIEN
    )
    team = OracleQuestion(OracleKind.JOIN_ALIEN, 4, True, OracleResult.ALIEN_TEAM)
    assert OracleFact.from_outcome(oracle_outcome(team, True, None)) == OracleFact(joins=Team.ALIEN)


# -- no line said twice ---------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES + DAYBREAK, ids=lambda case: case["rule"])
def test_no_result_line_repeats_the_headline_or_a_line_before_it(case: dict[str, Any]) -> None:
    result = resolve(*build(case))
    lines = result.explanation()
    assert len(set(lines)) == len(lines)
    # The end screen leaves out the winning teams its headline names ("The village wins!"),
    # and only those.
    shown = shown_lines(result)
    headline = {team_line(Side(team), True) for team in result.teams}
    assert not headline & set(shown)
    assert [line for line in lines if line not in headline] == list(shown)
