"""Reveal views for the reveal screen's tests: the cards and Marks in play, a view with
changes (``reveal``), and the fullest views a seat can show."""

from __future__ import annotations

import dataclasses

from games.onenight.roles import Role
from games.onenight.views import RevealChoice, RevealView

IN_PLAY = [Role.ALIEN, Role.ALIEN, Role.COW, Role.GROOB, Role.BODY_SNATCHER, Role.VILLAGER]
THIRTEEN = [
    Role.ALIEN,
    Role.SYNTHETIC_ALIEN,
    Role.GROOB,
    Role.ZERB,
    Role.BODY_SNATCHER,
    Role.APPRENTICE_ASSASSIN,
    Role.VAMPIRE,
    Role.THE_COUNT,
    Role.CUPID,
    Role.DOPPELGANGER,
    Role.TROUBLEMAKER,
    Role.INSOMNIAC,
    Role.VILLAGER,
]
MARKS = {
    "clarity": "Mark of Clarity",
    "vampire": "Mark of the Vampire",
    "fear": "Mark of Fear",
    "bat": "Mark of the Bat",
    "disease": "Mark of Disease",
    "love": "Mark of Love",
    "traitor": "Mark of the Traitor",
    "assassin": "Mark of the Assassin",
}
DOPPEL_MARKS = {
    f"doppel_{key}": f"Doppelganger {name}" for key, name in MARKS.items() if key != "vampire"
}
"""The Doppelganger's own set: no Mark of the Vampire among them (1.3)."""


def cards(roles: list[Role]) -> tuple[RevealChoice, ...]:
    """The choices of ``roles``' cards."""
    return tuple(RevealChoice(role.value, role.display_name) for role in roles)


def marks(keys: list[str]) -> tuple[RevealChoice, ...]:
    """The choices of the Marks named by ``keys`` (either set's)."""
    return tuple(RevealChoice(key, {**MARKS, **DOPPEL_MARKS}[key]) for key in keys)


def reveal(**changes: object) -> RevealView:
    """A reveal view: seat 2 of 4 being entered, nothing chosen, with ``changes`` (lists are
    taken as the view's tuples)."""
    fields: dict[str, object] = {
        "players": 4,
        "seat": 2,
        "revealed": (1,),
        "cards": cards(IN_PLAY),
        "marks": (),
        "card": None,
        "mark": None,
        "became": None,
        "alien_choices": False,
        "snatched": False,
        "snatch_choices": False,
        "copy_choices": (),
    }
    fields.update({k: tuple(v) if isinstance(v, list) else v for k, v in changes.items()})
    return RevealView(**fields)  # type: ignore[arg-type]


FULL = reveal(
    players=12,
    seat=7,
    revealed=[1, 2, 3, 4, 5, 6],
    cards=cards(THIRTEEN),
    marks=marks(list(MARKS)),
    card="zerb",
    mark="love",
    became="alien",
    alien_choices=True,
    snatched=True,
    snatch_choices=True,
)


DOPPEL_IN_PLAY = [Role.DOPPELGANGER, Role.WEREWOLF, Role.SEER, Role.ROBBER, Role.VILLAGER]
FIFTEEN = [
    *THIRTEEN,
    Role.SEER,
    Role.ROBBER,
]
FULL_COPYING = dataclasses.replace(
    FULL,
    cards=cards(FIFTEEN),
    card="doppelganger",
    became="seer",
    copy_choices=cards([role for role in FIFTEEN if role is not Role.DOPPELGANGER]),
)
"""The most a copier card can offer: fifteen roles in play, Marks and every other chip."""
DOPPEL_FULL = dataclasses.replace(
    FULL_COPYING,
    marks=marks([*MARKS, *DOPPEL_MARKS]),
    mark="doppel_love",
    shield_choices=True,
    shielded=False,
)
"""Every Mark of both sets (fifteen), beside fifteen roles, Snatched and Shielded."""
