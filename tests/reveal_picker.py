"""A One Night game at its reveal for the reveal tests, and taps on its picker by action."""

from __future__ import annotations

from typing import Any

from games.events import Touched, parse_action
from games.onenight import reveal
from games.onenight.ballot import Ballot
from games.onenight.setup import OneNightSetup, parse_roles
from games.onenight.state import OneNightPhase, OneNightState
from games.onenight.views import RevealView

DOPPEL = ["doppelganger", "werewolf", "seer", "robber", "villager", "villager", "troublemaker"]


def picker(roles: list[str] = DOPPEL) -> OneNightState:
    """A game of ``roles`` (three of them in the middle) at its reveal."""
    setup = OneNightSetup(len(roles) - 3, parse_roles(roles), 1)
    return OneNightState(setup, phase=OneNightPhase.REVEAL, ballot=Ballot(setup.players))


def tap(state: OneNightState, *actions: str) -> tuple[OneNightState, list[Any]]:
    """Tap each of ``actions`` (as they read: ``card:seer``) on the picker; the last effects."""
    effects: list[Any] = []
    for action in actions:
        state, effects = reveal.on_touch(state, Touched(parse_action(action)))
    return state, effects


def copy_choices(view: RevealView) -> list[str]:
    """The roles a copier card's chips offer."""
    return [choice.value for choice in view.copy_choices]
