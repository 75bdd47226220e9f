"""What the reveal offers in a game: the cards in play, the Marks, Artifacts, conversions, copied
roles and foreseen teams a seat can end with. Each answers with members, never names."""

from __future__ import annotations

from games.onenight.artifacts import Artifact, artifact_pool
from games.onenight.instructions import AlienKind, directive_after_oracle
from games.onenight.instructions.bonus import teams_in_play
from games.onenight.marks import placeable
from games.onenight.resolve.check import COPIERS, OWN_CARDS
from games.onenight.resolve.model import Conversion, Mark
from games.onenight.revealed import (
    ALIEN_TAPS,
    SIGHTS,
    Became,
    Copied,
    Foreseen,
    is_copier,
)
from games.onenight.roles import Role
from games.onenight.script_app import outcomes
from games.onenight.state import OneNightState


def alien_choices(state: OneNightState) -> bool:
    """Whether an app directive could have made a player an alien or an alien helper."""
    if state.instructions is None:
        return False
    found = outcomes(state.instructions, state.answers)
    directive = directive_after_oracle(state.instructions, *found.values())
    return directive is not None and directive.kind in (AlienKind.NEW_ALIEN, AlienKind.HELPER)


def sight_choices(state: OneNightState) -> bool:
    """Whether the Paranormal Investigator's sight can have made a player something."""
    return Role.PARANORMAL_INVESTIGATOR in state.setup.roles


def snatch_choices(state: OneNightState) -> bool:
    """Whether a card can have been snatched: a Body Snatcher is in play (a Doppelganger or
    Copycat can only copy him when he is)."""
    return Role.BODY_SNATCHER in state.setup.roles


def shield_choices(state: OneNightState) -> bool:
    """Whether a card can be shielded: a Sentinel is in play."""
    return Role.SENTINEL in state.setup.roles


def shields(state: OneNightState) -> int:
    """How many shields the game places: the Sentinel's, and a Doppelganger-Sentinel's own."""
    roles = state.setup.roles
    return (Role.SENTINEL in roles) * (1 + (Role.DOPPELGANGER in roles))


def follows(state: OneNightState) -> tuple[Conversion, ...]:
    """Every conversion that follows a player in this game's entries: the aliens' tap (always
    accepted), the PI's sight when he is in play."""
    return ALIEN_TAPS + (SIGHTS if sight_choices(state) else ())


def conversions(state: OneNightState) -> tuple[Conversion, ...]:
    """The conversions the picker offers in this game: the aliens' tap when a directive could
    have made one, the PI's sight."""
    return (ALIEN_TAPS if alien_choices(state) else ()) + (SIGHTS if sight_choices(state) else ())


def team_choices(
    state: OneNightState, card: Role | None, became: Became | Copied | None = None
) -> list[Foreseen]:
    """What a Nostradamus card, or a copier card that copied him, can have foreseen: the teams
    in play, then the cards in play with a win of their own he can have stopped on (2.13),
    else none."""
    if card is not Role.NOSTRADAMUS and not (is_copier(card) and became is Role.NOSTRADAMUS):
        return []
    selected = set(state.setup.roles)
    return [*teams_in_play(selected), *(role for role in OWN_CARDS if role in selected)]


def artifact_choices(state: OneNightState) -> tuple[Artifact, ...]:
    """The Artifacts a card can hold in this game (none without a Curator)."""
    return artifact_pool(set(state.setup.roles))


def mark_choices(state: OneNightState) -> tuple[Mark, ...]:
    """The Marks players can end with in this game (:mod:`games.onenight.marks`)."""
    return tuple(Mark(name) for name in placeable(state.setup.roles))


def cards_in_play(state: OneNightState) -> list[Role]:
    """Every card a player can end with, in role order: the selected roles, and the Alpha
    Wolf's centre Werewolf card (RB-D)."""
    cards = set(state.setup.roles)
    if Role.ALPHA_WOLF in cards:
        cards.add(Role.WEREWOLF)
    return sorted(cards, key=list(Role).index)


def copy_choices(state: OneNightState) -> list[Role]:
    """The roles a Doppelganger or Copycat card can have become: those in play, in role order,
    but never a Doppelganger or Copycat (one that copied the Copycat is what the Copycat saw)."""
    return sorted(set(state.setup.roles) - set(COPIERS), key=list(Role).index)


def copied_allowed(state: OneNightState) -> tuple[Became, ...]:
    """What a copier card's entry may say it became: a role it could have copied, the aliens'
    tap, and (as entries always took them) the PI's sight names, read as roles copied."""
    sights = tuple(Role(sight.value) for sight in SIGHTS) if sight_choices(state) else ()
    return (*ALIEN_TAPS, *copy_choices(state), *sights)
