"""From the reveal to the result: the engine's input, the announcement and the game record."""

from __future__ import annotations

import dataclasses

import pytest

from games.effects import LogPlay, Phase, Record, Report, Say, Show
from games.events import RevealEntered
from games.onenight import result, reveal
from games.onenight.ballot import Ballot
from games.onenight.revealed import RevealEntry
from games.onenight.roles import Role
from games.onenight.setup import OneNightSetup, parse_roles
from games.onenight.state import OneNightPhase, OneNightState
from games.views import EndView

ROLES = ("doppelganger", "werewolf", "seer", "villager", "villager", "robber")


def revealed(*entries: tuple[int, str, str | None]) -> OneNightState:
    setup = OneNightSetup(3, parse_roles(ROLES), 1)
    ballot = Ballot(3, votes=((1, (2,)), (2, (1,)), (3, (1,))))
    state = OneNightState(setup, phase=OneNightPhase.REVEAL, ballot=ballot)
    for seat, card, became in entries:
        state = reveal.record(state, reveal.check(state, RevealEntered(seat, card, None, became)))
    return state


def test_a_doppelganger_reveal_carries_the_role_she_became() -> None:
    state = revealed((1, "doppelganger", "werewolf"), (2, "seer", None), (3, "villager", None))
    game = result.resolution_input(state)
    assert game.reveals[0].copied is Role.WEREWOLF
    assert game.votes == {1: (2,), 2: (1,), 3: (1,)}


def test_the_result_is_announced_shown_reported_and_recorded() -> None:
    state = revealed((1, "doppelganger", "werewolf"), (2, "seer", None), (3, "villager", None))
    state, effects = result.finish(state)
    assert state.phase == "result"
    assert effects[0] == Phase(OneNightPhase.RESULT)
    report = next(e for e in effects if isinstance(e, Report))
    assert report.data == {"deaths": [1], "winners": [2, 3], "teams": ["village"]}
    record = next(e for e in effects if isinstance(e, Record))
    assert record.kind == "onenight.game" and record.data["reveal"][0] == [
        1,
        "doppelganger",
        None,
        "werewolf",
        False,
        None,
        None,
        False,
    ]
    end = next(e for e in effects if isinstance(e, Show))
    assert end.screen == "end" and isinstance(end.view, EndView)
    assert end.view.title == "The village wins!"
    said = [e.param_map()["text"] for e in effects if isinstance(e, Say)]
    assert said[0] == "Player 1 died with 2 votes." and "The village wins." in said
    # The screen's headline says who won: its lines do not say it again.
    assert list(end.view.lines) == [line for line in said if line != "The village wins."]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (RevealEntered(4, "seer"), "reveal for seat 4: the game has seats 1 to 3"),
        (
            RevealEntered(1, "seer", became="werewolf"),
            "seat 1: became 'werewolf'; expected 'alien', 'alien_helper'",
        ),
        (
            RevealEntered(1, "doppelganger", became="cow"),
            "seat 1: became 'cow'; expected 'alien', 'alien_helper' or a role she could have "
            "copied: werewolf, seer, robber, villager",
        ),
        (
            RevealEntered(1, "doppelganger", became="doppelganger"),
            "seat 1: became 'doppelganger'; expected 'alien', 'alien_helper' or a role she could "
            "have copied: werewolf, seer, robber, villager",
        ),
        (RevealEntered(1, "seer", mark="love"), "seat 1: mark 'love', but no Marks are in play"),
    ],
)
def test_a_reveal_that_does_not_fit_is_refused_by_name(entry: RevealEntered, message: str) -> None:
    state = revealed()
    with pytest.raises(reveal.RevealError) as error:
        reveal.check(state, entry)
    assert str(error.value) == message


def test_a_second_entry_for_a_seat_corrects_the_first() -> None:
    state = revealed((1, "seer", None), (1, "robber", None))
    assert state.reveals == (RevealEntry(1, Role.ROBBER),)
    assert not reveal.complete(dataclasses.replace(state))


def test_the_logged_result_carries_final_roles_teams_and_the_deaths() -> None:
    state = revealed((1, "doppelganger", "werewolf"), (2, "seer", None), (3, "villager", None))
    _, effects = result.finish(state)
    final = next(e for e in effects if isinstance(e, LogPlay)).result
    assert final is not None
    assert final.scores == (None, None, None) and final.winners == (2, 3)
    assert final.roles == ("Doppelganger as Werewolf", "Seer", "Villager")
    assert final.teams == ("Werewolf", "Village", "Village")
    assert final.comments == (
        "Roles: Doppelganger, Werewolf, Seer, Villager, Villager, Robber. "
        "Died: seat 1 (Doppelganger as Werewolf)."
    )


@pytest.mark.parametrize(
    ("teams", "title"),
    [
        (("alien",), "The aliens win!"),
        (("village", "tanner"), "The village and the Tanner win!"),
        (("groob",), "Groob wins!"),
        ((), "Nobody wins"),
    ],
)
def test_the_headline_names_teams_as_the_result_lines_do(
    teams: tuple[str, ...], title: str
) -> None:
    from types import SimpleNamespace

    from games.onenight.result import _title

    assert _title(SimpleNamespace(teams=teams)) == title  # type: ignore[arg-type]
