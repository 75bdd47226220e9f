"""Daybreak and the Bonus roles: Artifacts, the checks on a finished game that uses them."""

from __future__ import annotations

import pytest

from games.onenight.artifacts import Artifact, ArtifactError, artifact_pool, find_artifact
from games.onenight.resolve import ResolutionError, ResolutionInput, Reveal, resolve
from games.onenight.resolve.model import Conversion
from games.onenight.roles import Role

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


def test_the_doppelganger_curator_places_a_second_artifact() -> None:
    selected = (*BASE, Role.CURATOR, Role.DOPPELGANGER, Role.DRUNK)
    two = game(*BASE, selected=selected, artifacts={1: Artifact.BRAND, 2: Artifact.MASK})
    result = resolve(two)
    assert result.deaths == ()
    # The Brand took the only werewolf's team: no enemy held and nobody died.
    assert result.teams == ("village",)
    assert "Player 1" not in " ".join(result.explanation())
