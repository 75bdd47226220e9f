"""Every line the One Night script can speak is in the catalogue, placeholders filled."""

from __future__ import annotations

import pytest

from games.onenight.roles import Role
from games.onenight.script import all_day_lines, night_script
from games.onenight.setup import OneNightOptions, OneNightSetup
from narration.catalogue import Catalogue

FILLERS = (Role.VILLAGER, Role.VILLAGER, Role.WEREWOLF, Role.SEER, Role.TANNER)
EVERY_WAKING = tuple(role for role in Role if role.info.wakes)


def unchecked_setup(roles: tuple[Role, ...]) -> OneNightSetup:
    """A setup that skips the box and player-count checks: only its lines matter here."""
    setup = object.__new__(OneNightSetup)
    fields = {"players": 10, "roles": roles, "seed": 1, "options": OneNightOptions(), "preset": ""}
    for name, value in fields.items():
        object.__setattr__(setup, name, value)
    return setup


ROLE_SETS = [(role, *FILLERS) for role in Role] + [EVERY_WAKING]


@pytest.mark.parametrize("roles", ROLE_SETS, ids=lambda roles: roles[0].value)
def test_every_scripted_line_renders(roles: tuple[Role, ...]) -> None:
    catalogue = Catalogue.load("common", "onenight")
    setup = unchecked_setup(roles)
    for say in [cue.say for cue in night_script(setup)] + list(all_day_lines(setup)):
        text = catalogue.text(say.line, say.param_map())
        assert text and "{" not in text, say.line


def test_the_catalogue_has_no_line_the_script_never_uses() -> None:
    used: set[str] = set()
    for roles in ROLE_SETS:
        setup = unchecked_setup(roles)
        used |= {cue.say.line for cue in night_script(setup)}
        used |= {say.line for say in all_day_lines(setup)}
    assert set(Catalogue.load("onenight").ids()) - used == set()
