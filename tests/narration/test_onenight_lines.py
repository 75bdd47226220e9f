"""Every line the One Night script can speak is in the catalogue, placeholders filled."""

from __future__ import annotations

import random

import pytest

from games.effects import Say
from games.onenight.instructions import all_lines, draw_instructions
from games.onenight.roles import Role
from games.onenight.script import all_day_lines, night_script
from games.onenight.script_app import possible_day_lengths
from games.onenight.setup import OneNightOptions, OneNightSetup
from games.onenight.vote import seats_phrase, vote_lines
from narration.catalogue import Catalogue

CATALOGUES = ("common", "onenight", "onenight_app")

FILLERS = (Role.VILLAGER, Role.VILLAGER, Role.WEREWOLF, Role.SEER, Role.TANNER)
EVERY_WAKING = tuple(role for role in Role if role.info.wakes)


def unchecked_setup(
    roles: tuple[Role, ...], options: OneNightOptions | None = None
) -> OneNightSetup:
    """A setup that skips the box and player-count checks: only its lines matter here."""
    setup = object.__new__(OneNightSetup)
    options = options or OneNightOptions()
    fields = {"players": 10, "roles": roles, "seed": 1, "options": options, "preset": ""}
    for name, value in fields.items():
        object.__setattr__(setup, name, value)
    return setup


# Pairs whose calls change together (games/onenight/calls.py), without the Doppelganger.
PAIRS = [
    (Role.ASSASSIN, Role.APPRENTICE_ASSASSIN),
    (Role.GROOB, Role.ZERB, Role.LEADER),
    (Role.DOPPELGANGER, Role.APPRENTICE_ASSASSIN),
    (Role.DREAM_WOLF, Role.MINION, Role.SQUIRE),
    (Role.SENTINEL, Role.DOPPELGANGER, Role.SQUIRE),
]
ROLE_SETS = [(role, *FILLERS) for role in Role] + [(*pair, *FILLERS) for pair in PAIRS]
# The Beholder names only the seers in play (none, one or both), with the Doppelganger's repeat
# and the shield; the Doppelganger-Minion and -Squire with the Dream Wolf's thumb.
R = Role
ROLE_SETS += [
    (R.BEHOLDER, R.DOPPELGANGER, R.VILLAGER, R.VILLAGER, R.WEREWOLF),
    (R.BEHOLDER, R.APPRENTICE_SEER, R.DOPPELGANGER, R.VILLAGER, R.WEREWOLF),
    (R.BEHOLDER, R.APPRENTICE_SEER, R.DOPPELGANGER, R.SENTINEL, R.VILLAGER, R.WEREWOLF),
    (R.BEHOLDER, R.DOPPELGANGER, *FILLERS),
    (R.BEHOLDER, R.DOPPELGANGER, R.SENTINEL, *FILLERS),
    (R.MINION, R.SQUIRE, R.DOPPELGANGER, *FILLERS),
    (R.DREAM_WOLF, R.MINION, R.SQUIRE, R.DOPPELGANGER, *FILLERS),
    (R.DREAM_WOLF, R.SQUIRE, R.DOPPELGANGER, R.SENTINEL, *FILLERS),
]
ROLE_SETS.append(EVERY_WAKING)
# Without a Sentinel, the calls (and the Doppelganger's) say nothing of shields.
ROLE_SETS.append(tuple(role for role in EVERY_WAKING if role is not Role.SENTINEL))


def game_lines(
    roles: tuple[Role, ...], seed: int, options: OneNightOptions | None = None
) -> list[Say]:
    """Every line a game with these roles and seed may speak (app instructions included)."""
    setup = unchecked_setup(roles, options)
    drawn = draw_instructions(roles, setup.players, random.Random(seed), ripple_rate=1.0)
    says = [cue.say for cue in night_script(setup)] + [
        cue.say for cue in night_script(setup, drawn)
    ]
    says += list(all_lines(drawn)) + list(all_day_lines(possible_day_lengths(drawn, setup)))
    return (
        says
        + list(vote_lines(setup.players))
        + [Say.of("onenight.vote.missing", seats=seats_phrase((2, 5)))]
        + [Say.of("onenight.reveal.pick_card"), Say.of("onenight.reveal.pick_copied")]
        + [Say.of("onenight.result.line", text="Player 3 died with 4 votes.")]
    )


@pytest.mark.parametrize("roles", ROLE_SETS, ids=lambda roles: roles[0].value)
def test_every_scripted_line_renders(roles: tuple[Role, ...]) -> None:
    catalogue = Catalogue.load(*CATALOGUES)
    for seed in range(3):
        for say in game_lines(roles, seed):
            text = catalogue.text(say.line, say.param_map())
            assert text and "{" not in text, say.line


def test_the_catalogue_has_no_line_the_script_never_uses() -> None:
    used = {say.line for seed in range(40) for say in game_lines(EVERY_WAKING, seed)}
    for roles in ROLE_SETS:
        used |= {say.line for say in game_lines(roles, 0)}
    other_ruling = OneNightOptions(assassin_sees_doppelganger=False)
    used |= {say.line for say in game_lines(EVERY_WAKING, 0, other_ruling)}
    unused = set(Catalogue.load("onenight").ids()) - used
    assert unused == set()
