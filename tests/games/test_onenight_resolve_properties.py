"""The One Night resolution's properties: any legal game, drawn at random (its roles, votes,
marks, artifacts, Oracle facts and rulings), resolves to seats of the game and says so."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.onenight.artifacts import DAYBREAK_ARTIFACTS
from games.onenight.instructions.roles import blob_patterns
from games.onenight.resolve import (
    Mark,
    OracleFact,
    ResolutionInput,
    Reveal,
    Rulings,
    WinReason,
    resolve,
)
from games.onenight.resolve.check import BECOMES, FORESEEABLE
from games.onenight.resolve.model import Conversion
from games.onenight.roles import Role, Team

DAYBREAK_SET = list(DAYBREAK_ARTIFACTS)
COPY_TARGETS = [role for role in Role if role not in (Role.DOPPELGANGER, Role.COPYCAT)]
CHOICES = {
    "protected_in_tie": ("others_die", "fall_through"),
    "self_vote": ("reject", "abstain"),
    "oracle_follows": ("card", "player"),
    "groob_zerb_in_play": ("held", "selected"),
    "cursed_tie_joins": ("werewolf", "vampire"),
}
FLAGS = (
    "beholder_loses_if_seer_dies",
    "hunter_blocked_by_protection",
    "repeat_chains",
    "village_wins_when_only_minion_dies_without_wolves",
    "tanner_death_stops_werewolves",
    "epic_most_needs_two_votes",
    "epic_village_needs_two_enemy_teams",
    "device_tie_saves_everyone",
)


@st.composite
def oracle_facts(draw: st.DrawFn, players: int) -> OracleFact | None:
    if not draw(st.booleans()):
        return None
    kind = draw(st.sampled_from(("becomes", "joins", "failed", "nothing")))
    return OracleFact(
        becomes=draw(st.sampled_from(BECOMES)) if kind == "becomes" else None,
        joins=Team.ALIEN if kind == "joins" else None,
        failed_guess=kind == "failed",
        seat=draw(st.none() | st.integers(1, players)),
    )


@st.composite
def finished_games(draw: st.DrawFn) -> tuple[ResolutionInput, Rulings]:
    """Any legal reveal and votes: 3 to 10 players, any roles and Marks, no self votes."""
    players = draw(st.integers(3, 10))
    cards = draw(st.lists(st.sampled_from(list(Role)), min_size=players, max_size=players))
    held: dict[Mark, int] = {}
    reveals = []
    for seat, card in enumerate(cards, start=1):
        mark = draw(st.none() | st.sampled_from(list(Mark)))
        if mark is not None and mark.limit is not None and held.get(mark, 0) >= mark.limit:
            mark = None
        if mark is not None:
            held[mark] = held.get(mark, 0) + 1
        copied = None
        if card in (Role.DOPPELGANGER, Role.COPYCAT):
            copied = draw(st.none() | st.sampled_from(COPY_TARGETS))
        became = draw(st.none() | st.sampled_from(list(Conversion)))
        snatched = draw(st.booleans())
        foretold = None
        if Role.NOSTRADAMUS in (card, copied):
            foretold = draw(st.none() | st.sampled_from(FORESEEABLE))
        reveals.append(Reveal(seat, card, mark, became, copied, snatched, foretold=foretold))
    placed = draw(st.none() | st.tuples(st.integers(1, players), st.sampled_from(DAYBREAK_SET)))
    if placed is not None:  # the Curator's one Artifact
        seat, artifact = placed
        reveals[seat - 1] = dataclasses.replace(reveals[seat - 1], artifact=artifact)
    two_hands = draw(st.lists(st.integers(1, players), unique=True, max_size=players))
    device = draw(st.booleans())
    votes = {}
    for seat in range(1, players + 1):
        targets = [other for other in range(1, players + 1) if other != seat]
        if device:
            targets.append(0)
        count = draw(st.integers(1, 2)) if seat in two_hands else 1
        votes[seat] = tuple(draw(st.sampled_from(targets)) for _ in range(count))
    extra = draw(st.lists(st.sampled_from(list(Role)), min_size=3, max_size=3))
    if any(r.snatched for r in reveals) and Role.BODY_SNATCHER not in cards + extra:
        extra[0] = Role.BODY_SNATCHER  # only a Body Snatcher in the game snatches a card
    sights = (Conversion.WEREWOLF, Conversion.TANNER)
    if any(r.became in sights for r in reveals) and Role.PARANORMAL_INVESTIGATOR not in cards:
        extra.append(Role.PARANORMAL_INVESTIGATOR)  # only his sight makes a werewolf or Tanner
    if placed is not None and Role.CURATOR not in cards:
        extra.append(Role.CURATOR)
    game = ResolutionInput(
        players=players,
        reveals=tuple(draw(st.permutations(reveals))),
        votes=votes,
        selected=tuple(cards) + tuple(extra),
        oracle=draw(oracle_facts(players)),
        doppel_oracle=draw(oracle_facts(players)),
        blob=draw(st.sampled_from(blob_patterns(players))),
        two_hand_voters=tuple(two_hands),
        device_can_be_voted=device,
        left_is_higher=draw(st.booleans()),
    )
    fields: dict[str, Any] = {name: draw(st.sampled_from(v)) for name, v in CHOICES.items()}
    fields |= {name: draw(st.booleans()) for name in FLAGS}
    fields["fall_through_min_votes"] = draw(st.integers(1, 3))
    return game, Rulings(**fields)


WINNERS = re.compile(r"(?:Winners?: players? (?P<seats>[\d, and]+)\.|Nobody wins\.)")


def listed(line: str) -> list[int]:
    match = WINNERS.fullmatch(line)
    assert match, line
    return [int(n) for n in re.findall(r"\d+", match.group("seats") or "")]


@settings(max_examples=400, deadline=None)
@given(finished_games())
def test_any_legal_game_resolves_to_seats_of_the_game_and_says_so(
    drawn: tuple[ResolutionInput, Rulings],
) -> None:
    game, rulings = drawn
    result = resolve(game, rulings)
    seats = range(1, game.players + 1)
    assert list(result.deaths) == sorted(set(result.deaths))
    assert set(result.deaths) <= set(seats) and set(result.winners) <= set(seats)
    assert [s.seat for s in result.seats] == list(seats)
    assert {s.seat for s in result.seats if s.death is not None} == set(result.deaths)
    assert {s.seat for s in result.seats if s.won} == set(result.winners)
    counted = sum(len(targets) for targets in game.votes.values())
    assert sum(result.tally) + result.device_votes <= counted
    lines = result.explanation()
    assert lines and all(line.endswith(".") for line in lines)
    assert listed(lines[-1]) == list(result.winners)
    for seat in result.deaths:
        assert any(
            line.startswith(f"Player {seat} ") and ("died" in line or "shot" in line)
            for line in lines
        ), (seat, lines)
    if max(*result.tally, result.device_votes) <= 1 and rulings.epic_most_needs_two_votes:
        assert result.deaths == ()
    for row in result.seats:
        if row.why is WinReason.DISEASE:
            assert not row.won
    assert resolve(game, rulings) == result
