"""What One Night's lines may say, for ``mothership voice prepare``: each placeholder's values.

The device fills the placeholders it knows (seat numbers, counts, rounds); these are the game's
own: the roles as they are addressed, the card scopes ("any odd-numbered player"), the day's length.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.onenight.instructions.common import GROUPS, Scope, Target, phrase
from games.onenight.roles import Role

MINUTES = ("one minute", *(f"{n} minutes" for n in range(2, 31)))
"""The day's length as the day line says it."""


def _role_words() -> tuple[str, ...]:
    plural = ("Aliens", "Werewolves", "Vampires", "Masons")
    return tuple(dict.fromkeys([*(role.addressed for role in Role), *plural]))


def _scopes(*, start: bool) -> tuple[str, ...]:
    return tuple(phrase(Target(scope), start=start) for scope in Scope if scope is not Scope.NAMED)


def _role_values(line_id: str) -> tuple[str, ...]:
    """Who a ``{role}`` line may address: its own role (or the Doppelganger for her copy)."""
    parts = line_id.split(".")
    if len(parts) > 2 and parts[1] == "app":
        owner = next((role for role in Role if role.value == parts[2]), None)
        if owner is not None:
            return (owner.addressed, Role.DOPPELGANGER.addressed)
    if line_id == "onenight.doppelganger.again":
        return tuple(dict.fromkeys(role.definite for role in Role))
    return _role_words()


def _who_values(line_id: str) -> tuple[str, ...]:
    if line_id.startswith("onenight.join."):
        return ("Doppelganger", "Copycat", "Doppelganger or Copycat")
    return _scopes(start=False)


def values(line_id: str, name: str, seats: int) -> Sequence[object] | None:
    """The values ``name`` may take in ``line_id`` (None: the device's own for that name)."""
    if name == "role":
        return _role_values(line_id)
    if name == "who":
        return _who_values(line_id)
    if name == "group":
        return tuple(
            phrase(Target(scope), start=True) for scope in GROUPS if scope is not Scope.NAMED
        )
    if name == "length":
        return MINUTES
    if name == "n":
        return tuple(range(4, 11))
    return None
