"""Daybreak and the Bonus roles: Artifacts, the checks on a finished game that uses them."""

from __future__ import annotations

import dataclasses

import pytest

from games.events import ChipKind, ChipTap, RevealEntered, SeatRole, SeatTap, Touched, parse_action
from games.onenight import result, reveal
from games.onenight.artifacts import Artifact, ArtifactError, artifact_pool, find_artifact
from games.onenight.ballot import Ballot
from games.onenight.resolve import ResolutionError, ResolutionInput, Reveal, resolve
from games.onenight.resolve.model import Conversion
from games.onenight.revealed import RevealDraft, RevealEntry
from games.onenight.roles import Role, Team
from games.onenight.setup import OneNightSetup, parse_roles
from games.onenight.state import OneNightPhase, OneNightState

BASE = (Role.WEREWOLF, Role.SEER, Role.VILLAGER, Role.ROBBER)


def game(
    *cards: Role,
    selected: tuple[Role, ...],
    artifacts: dict[int, Artifact] | None = None,
    became: dict[int, Conversion] | None = None,
) -> ResolutionInput:
    """A four-seat game where everyone votes for the next seat (nobody dies)."""
    artifacts, became = artifacts or {}, became or {}
    reveals = tuple(
        Reveal(seat, card, artifact=artifacts.get(seat), became=became.get(seat))
        for seat, card in enumerate(cards, start=1)
    )
    votes = {seat: (seat % len(cards) + 1,) for seat in range(1, len(cards) + 1)}
    return ResolutionInput(len(cards), reveals, votes, selected=selected)


def test_the_pool_holds_daybreak_artifacts_and_the_bonus_ones_whose_roles_are_in_play() -> None:
    pool = artifact_pool({Role.CURATOR, Role.PRINCE, Role.VAMPIRE, Role.ALIEN})
    assert pool == (
        *(Artifact.CLAW, Artifact.BRAND, Artifact.CUDGEL, Artifact.VOID, Artifact.MASK),
        *(Artifact.SHROUD, Artifact.CLOAK, Artifact.MIST, Artifact.ALIEN),
    )
    assert artifact_pool({Role.PRINCE, Role.HUNTER}) == ()


def test_role_changing_artifacts_name_the_role_they_give() -> None:
    assert Artifact.CLAW.role is Role.WEREWOLF and Artifact.CLAW.changes_role
    assert Artifact.VOID.role is None and Artifact.VOID.changes_role
    assert not Artifact.MASK.changes_role and not Artifact.DAGGER.changes_role


def test_an_unknown_artifact_repeats_the_name_and_suggests_one() -> None:
    with pytest.raises(ArtifactError) as error:
        find_artifact("shrowd")
    assert str(error.value) == "unknown artifact: 'shrowd'; did you mean 'shroud'?"


@pytest.mark.parametrize(
    ("built", "message"),
    [
        (
            game(
                *BASE,
                selected=(*BASE, Role.VILLAGER, Role.TROUBLEMAKER, Role.DRUNK),
                artifacts={1: Artifact.CLAW},
            ),
            "seat 1 holds the Claw of the Werewolf, which is not in this game's Artifacts: "
            "none, no Curator is in the game",
        ),
        (
            game(
                *BASE,
                selected=(*BASE, Role.CURATOR, Role.TROUBLEMAKER, Role.DRUNK),
                artifacts={1: Artifact.BOW},
            ),
            "seat 1 holds the Bow of the Hunter, which is not in this game's Artifacts: "
            "claw, brand, cudgel, void, mask, shroud",
        ),
        (
            game(
                *BASE,
                selected=(*BASE, Role.CURATOR, Role.DOPPELGANGER, Role.DRUNK),
                artifacts={1: Artifact.CLAW, 2: Artifact.CLAW},
            ),
            "2 players hold the Claw of the Werewolf: there is only one",
        ),
        (
            game(
                *BASE,
                selected=(*BASE, Role.CURATOR, Role.TROUBLEMAKER, Role.DRUNK),
                artifacts={1: Artifact.CLAW, 2: Artifact.MASK},
            ),
            "2 players hold an Artifact: this game places at most 1",
        ),
        (
            game(
                *BASE,
                selected=(*BASE, Role.VILLAGER, Role.TROUBLEMAKER, Role.DRUNK),
                became={3: Conversion.WEREWOLF},
            ),
            "seat 3 became 'werewolf', but no Paranormal Investigator is in the game",
        ),
        (
            game(
                Role.WEREWOLF,
                Role.WEREWOLF,
                Role.SEER,
                Role.VILLAGER,
                selected=(
                    Role.WEREWOLF,
                    Role.SEER,
                    Role.VILLAGER,
                    Role.ROBBER,
                    Role.DRUNK,
                    Role.TROUBLEMAKER,
                    Role.INSOMNIAC,
                ),
            ),
            "2 players hold the Werewolf card: the game has 1",
        ),
    ],
    ids=[
        "no curator",
        "bonus artifact without its role",
        "twice",
        "one curator",
        "pi sight without pi",
        "second werewolf without alpha",
    ],
)
def test_a_finished_game_that_cannot_be_is_refused(built: ResolutionInput, message: str) -> None:
    with pytest.raises(ResolutionError) as error:
        resolve(built)
    assert str(error.value) == message


def test_only_a_nostradamus_card_foresees_a_team() -> None:
    reveals = tuple(Reveal(seat, card) for seat, card in enumerate(BASE, start=1))
    wrong = (dataclasses.replace(reveals[0], foretold=Team.WEREWOLF), *reveals[1:])
    votes = {seat: (seat % 4 + 1,) for seat in range(1, 5)}
    with pytest.raises(ResolutionError) as error:
        resolve(ResolutionInput(4, wrong, votes))
    assert str(error.value) == "seat 1 holds the Werewolf: only Nostradamus foresees a team"


def test_the_doppelganger_curator_places_a_second_artifact() -> None:
    selected = (*BASE, Role.CURATOR, Role.DOPPELGANGER, Role.DRUNK)
    two = game(*BASE, selected=selected, artifacts={1: Artifact.BRAND, 2: Artifact.MASK})
    result = resolve(two)
    assert result.deaths == ()
    # The Brand took the only werewolf's team: no enemy held and nobody died.
    assert result.teams == ("village",)
    assert "Player 1" not in " ".join(result.explanation())


# -- The reveal: an Artifact per seat, the PI's sight, the Alpha Wolf's centre card ---------------

TOTAL_CHAOS: tuple[str, ...] = ("doppelganger", "alpha_wolf", "werewolf", "robber", "witch")
TOTAL_CHAOS += ("troublemaker", "village_idiot", "curator")


def at_reveal(roles: tuple[str, ...] = TOTAL_CHAOS, players: int = 5) -> OneNightState:
    """A game at its reveal: everyone voted for seat 1."""
    setup = OneNightSetup(players, parse_roles(roles), 1)
    votes = tuple((seat, (1 if seat != 1 else 2,)) for seat in range(1, players + 1))
    return OneNightState(setup, phase=OneNightPhase.REVEAL, ballot=Ballot(players, votes=votes))


def test_the_picker_offers_artifacts_only_with_a_curator_and_never_names_one_at_night() -> None:
    view = reveal.reveal_view(at_reveal())
    assert [a.value for a in view.artifacts] == [
        "claw",
        "brand",
        "cudgel",
        "void",
        "mask",
        "shroud",
    ]
    basic = at_reveal(("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"), 3)
    assert reveal.reveal_view(basic).artifacts == ()


def test_an_artifact_picked_by_touch_is_recorded_with_the_seat() -> None:
    state = at_reveal()
    for action in ("seat:2", "card:villager", "artifact:claw", "card:troublemaker", "confirm"):
        state, _ = reveal.on_touch(state, Touched(parse_action(action)))
    assert state.reveals == (RevealEntry(2, Role.TROUBLEMAKER, artifact=Artifact.CLAW),)
    state, _ = reveal.on_touch(state, Touched(SeatTap(SeatRole.SEAT, 3)))
    state, _ = reveal.on_touch(state, Touched(ChipTap(ChipKind.ARTIFACT, "mask")))
    state, _ = reveal.on_touch(state, Touched(ChipTap(ChipKind.ARTIFACT, "none")))
    assert state.draft == RevealDraft(3)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            RevealEntered(1, "robber", artifact="bow"),
            "seat 1: artifact 'bow' is not in this game; "
            "artifacts: claw, brand, cudgel, void, mask, shroud",
        ),
        (
            RevealEntered(1, "robber", artifact=["claw"]),  # type: ignore[arg-type]
            "seat 1: artifact must be a name, got ['claw']",
        ),
        (
            RevealEntered(1, "robber", became="tanner"),
            "seat 1: became 'tanner'; expected 'alien', 'alien_helper'",
        ),
    ],
)
def test_a_bad_artifact_or_sight_is_refused_with_what_was_wrong(
    entry: RevealEntered, message: str
) -> None:
    with pytest.raises(reveal.RevealError) as error:
        reveal.check(at_reveal(), entry)
    assert str(error.value) == message


def test_one_artifact_cannot_lie_on_two_cards() -> None:
    state = at_reveal()
    state = reveal.record(state, reveal.check(state, RevealEntered(1, "robber", artifact="void")))
    with pytest.raises(reveal.RevealError) as error:
        reveal.check(state, RevealEntered(2, "witch", artifact="void"))
    assert str(error.value) == "seat 2: artifact 'void' is already on another seat's card"
    # The same seat entered again corrects itself.
    assert reveal.check(state, RevealEntered(1, "witch", artifact="void")).artifact is Artifact.VOID


def test_the_alpha_wolfs_centre_werewolf_card_can_be_revealed() -> None:
    roles = ("alpha_wolf", "seer", "robber", "witch", "villager", "villager")
    state = at_reveal(roles, 3)
    assert reveal.check(state, RevealEntered(2, "werewolf")).card is Role.WEREWOLF
    assert "werewolf" in [card.value for card in reveal.reveal_view(state).cards]


def test_the_pis_sight_follows_the_player_into_the_result() -> None:
    roles = ("werewolf", "paranormal_investigator", "seer", "villager", "villager", "robber")
    state = at_reveal(roles, 3)
    for entry in (
        RevealEntered(1, "robber", became="werewolf"),  # the PI, robbed of his card
        RevealEntered(2, "seer"),
        RevealEntered(3, "werewolf"),
    ):
        state = reveal.record(state, reveal.check(state, entry))
    game = result.resolution_input(state)
    assert game.reveals[0].became is Conversion.WEREWOLF
    # Seat 1 got every vote and was a werewolf by his sight: the village wins.
    assert resolve(game).teams == ("village",)


def test_an_artifact_reaches_the_resolution() -> None:
    state = at_reveal()
    entries = [
        RevealEntered(1, "werewolf", artifact="brand"),
        RevealEntered(2, "robber"),
        RevealEntered(3, "witch"),
        RevealEntered(4, "troublemaker"),
        RevealEntered(5, "village_idiot"),
    ]
    for entry in entries:
        state = reveal.record(state, reveal.check(state, entry))
    outcome = resolve(result.resolution_input(state))
    # The Brand made the werewolf a villager: he died as one, and no werewolf is held.
    assert outcome.deaths == (1,)
    assert "Player 1 was a Werewolf, with the Brand of the Villager." in outcome.explanation()
