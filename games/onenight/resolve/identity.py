"""Who each seat is at the vote (reference 4.4.8): the final card, what a Doppelganger or
Copycat copied, the Oracle's outcome, a snatched card, the Mark, then the aliens' tap.

Rulings of ours (the reference leaves them open):

* A Mark of the Vampire or the aliens' tap replaces the team and win condition, but the card's
  vote powers stay (the Hunter's shot, the Master's protection, the Leader's thumbs), as the
  Mark of the Vampire's text says of night actions and vote power.
* A tap as alien helper never demotes a player who is already an alien.
* A snatched card (2.9: the card the Body Snatcher took, or his own card he left in its place)
  is an Alien card and nothing else: a snatched Hunter shoots nobody, a snatched Tanner does
  not win by dying. A Mark of the Vampire still makes its holder a vampire (Mark over card).
* An Artifact overrides the card and the Mark (RB-V "Artifacts & Vampire"): a role-changing
  one makes the player that role with its team and powers, and only those (the Hunter loses
  his shot, the Tanner his win); the Void leaves no role and no team. The aliens' tap and the
  Paranormal Investigator's conversion follow the player and come after it (4.4.8).
* The Paranormal Investigator who stopped on a werewolf is a werewolf; on the Tanner, a Tanner
  (RB-D); the seat that started as the PI is entered at the reveal, whatever card it ends with.
* The Cursed (still a villager after his card, Mark and Artifact) joins the team of whoever
  voted for him (RB-B): he becomes a werewolf or a vampire before the votes are counted (4.5
  step 3); with votes from both, the team with more voters, ``cursed_tie_joins`` on a tie.
  The Bodyguard's point is not a vote.
* Nostradamus's team follows his card, as the Oracle's outcome does by default: the reveal of
  the Nostradamus card says which team its last viewed card gave him (2.13; none: the village).
  He is not a member of that team, so his death never makes it lose.
* With no Tanner among the players, the Apprentice Tanner plays as the Tanner (he wins only if
  he dies, 4.3), so his death stops the werewolves as the Tanner's would.
* The contextual teams are decided on the players alone: a Minion with no werewolf held plays
  alone, a Renfield with no vampire held is a villager, an Assassin with no Mark of the
  Assassin held (and an Apprentice with neither an Assassin nor such a Mark) is a villager.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from games.onenight.resolve.check import COPIERS
from games.onenight.resolve.model import (
    Conversion,
    Mark,
    OracleFact,
    ResolutionInput,
    Reveal,
    Rulings,
    Side,
)
from games.onenight.resolve.result import Identity
from games.onenight.roles import Role, Team

W, V, A = Side.WEREWOLF, Side.VAMPIRE, Side.ALIEN

ROLE_SIDES: dict[Role, tuple[Side, Side | None]] = {
    Role.WEREWOLF: (W, W),
    Role.ALPHA_WOLF: (W, W),
    Role.MYSTIC_WOLF: (W, W),
    Role.DREAM_WOLF: (W, W),
    Role.MINION: (W, None),
    Role.SQUIRE: (W, None),
    Role.APPRENTICE_TANNER: (Side.APPRENTICE_TANNER, None),
    Role.NOSTRADAMUS: (Side.NOSTRADAMUS, None),
    Role.VAMPIRE: (V, V),
    Role.THE_MASTER: (V, V),
    Role.THE_COUNT: (V, V),
    Role.RENFIELD: (V, None),
    Role.ALIEN: (A, A),
    Role.BODY_SNATCHER: (A, A),
    Role.GROOB: (A, A),
    Role.ZERB: (A, A),
    Role.SYNTHETIC_ALIEN: (Side.SYNTHETIC, None),
    Role.TANNER: (Side.TANNER, None),
    Role.ASSASSIN: (Side.ASSASSIN, None),
    Role.APPRENTICE_ASSASSIN: (Side.APPRENTICE_ASSASSIN, None),
    Role.BLOB: (Side.BLOB, None),
    Role.MORTICIAN: (Side.MORTICIAN, None),
}
"""(side, kind) of a role; every other role is a villager."""

TEAM_SIDES = {Team.WEREWOLF: W, Team.VAMPIRE: V, Team.ALIEN: A, Team.VILLAGE: Side.VILLAGE}


def identities(
    game: ResolutionInput,
    reveals: Mapping[int, Reveal],
    rulings: Rulings,
    ballots: Mapping[int, Sequence[int]],
) -> tuple[Identity, ...]:
    """Every seat's identity, seat 1 first (``ballots`` decide only the Cursed's team)."""
    found = [_identity(reveals[seat], game, rulings) for seat in range(1, game.players + 1)]
    return _in_context(_cursed(tuple(found), ballots, rulings), game, rulings)


def _cursed(
    found: tuple[Identity, ...], ballots: Mapping[int, Sequence[int]], rulings: Rulings
) -> tuple[Identity, ...]:
    """The Cursed who got werewolf or vampire votes join that team (RB-B)."""
    out = list(found)
    for i in found:
        if i.role is not Role.CURSED or i.side is not Side.VILLAGE or i.kind is not None:
            continue
        voters = [found[v - 1] for v, targets in ballots.items() if i.seat in targets]
        voters = [v for v in voters if not v.bodyguard]  # his point is not a vote
        wolves = sum(v.kind is W for v in voters)
        vampires = sum(v.kind is V for v in voters)
        if not wolves and not vampires:
            continue
        if wolves == vampires:
            team = W if rulings.cursed_tie_joins == "werewolf" else V
        else:
            team = W if wolves > vampires else V
        out[i.seat - 1] = dataclasses.replace(i, side=team, kind=team, cursed_by=team)
    return tuple(out)


def _oracle_fact(
    reveal: Reveal, role: Role, game: ResolutionInput, rulings: Rulings
) -> OracleFact | None:
    if rulings.oracle_follows == "player":
        for fact in (game.oracle, game.doppel_oracle):
            if fact is not None and fact.seat == reveal.seat:
                return fact
        return None
    if role is not Role.ORACLE:
        return None
    if reveal.card is Role.ORACLE:
        return game.oracle
    # A Copycat is called after the Oracle, so only a Doppelganger-Oracle answers.
    return game.doppel_oracle if reveal.card is Role.DOPPELGANGER else None


def _identity(reveal: Reveal, game: ResolutionInput, rulings: Rulings) -> Identity:
    role = reveal.copied if reveal.card in COPIERS and reveal.copied else reveal.card
    fact = _oracle_fact(reveal, role, game, rulings)
    if fact is not None and fact.becomes is not None:
        role = fact.becomes
    if reveal.snatched:
        role = Role.ALIEN
    side, kind = ROLE_SIDES.get(role, (Side.VILLAGE, None))
    if fact is not None and fact.becomes is None and fact.joins is not None:
        side = TEAM_SIDES.get(fact.joins, side)
    if fact is not None and fact.failed_guess:
        side = Side.ORACLE
    if reveal.mark is Mark.VAMPIRE:
        side, kind = V, V
    artifact = reveal.artifact
    if artifact is not None and artifact.changes_role:
        # Artifact over Mark over card (RB-V); the Void leaves no role and no team.
        role = artifact.role or Role.VILLAGER
        side, kind = ROLE_SIDES.get(role, (Side.VILLAGE, None))
        if artifact.role is None:
            side = Side.NOBODY
    if reveal.became is Conversion.ALIEN and kind is not A:
        side, kind = A, A
    elif reveal.became is Conversion.ALIEN_HELPER and kind is not A:
        side, kind = A, None
    elif reveal.became is Conversion.WEREWOLF and kind is not W:
        side, kind = W, W
    elif reveal.became is Conversion.TANNER:
        side, kind = Side.TANNER, None
    return Identity(
        seat=reveal.seat,
        card=reveal.card,
        role=role,
        side=side,
        kind=kind,
        copied=reveal.copied if reveal.card in COPIERS else None,
        mark=reveal.mark,
        became=reveal.became,
        snatched=reveal.snatched,
        oracle=fact,
        artifact=artifact,
        foretold=_foreseen(reveal.foretold) if side is Side.NOSTRADAMUS else None,
    )


def _foreseen(foretold: Team | Role | None) -> Side:
    """The side Nostradamus shares: a team's, or a card's own (the Tanner's, the Blob's...)."""
    if isinstance(foretold, Role):
        return ROLE_SIDES[foretold][0]
    return TEAM_SIDES[foretold or Team.VILLAGE]


OWN_CARD_OF = {side: role for role, (side, _) in ROLE_SIDES.items() if role.info.team is Team.OWN}
"""The card whose own win a side is: how Nostradamus's stop on it is named."""


def _in_context(
    found: tuple[Identity, ...], game: ResolutionInput, rulings: Rulings
) -> tuple[Identity, ...]:
    kinds = {identity.kind for identity in found}
    assassin_mark = any(i.mark is not None and i.mark.kind is Mark.ASSASSIN for i in found)
    groob = any(i.role is Role.GROOB and i.kind is A for i in found)
    zerb = any(i.role is Role.ZERB and i.kind is A for i in found)
    if rulings.groob_zerb_in_play == "selected" and game.selected:
        both = Role.GROOB in game.selected and Role.ZERB in game.selected
    else:
        both = groob and zerb
    tanner = any(i.side is Side.TANNER for i in found)
    changes: dict[int, Side] = {}
    for i in found:
        if i.role is Role.MINION and i.side is W and W not in kinds:
            changes[i.seat] = Side.MINION
        elif i.role is Role.SQUIRE and i.side is W and W not in kinds:
            changes[i.seat] = Side.SQUIRE
        elif i.side is Side.APPRENTICE_TANNER and not tanner:
            changes[i.seat] = Side.TANNER
        elif i.role is Role.RENFIELD and i.side is V and V not in kinds:
            changes[i.seat] = Side.VILLAGE
        elif both and i.side is A and i.kind is A and i.role in (Role.GROOB, Role.ZERB):
            changes[i.seat] = Side.GROOB if i.role is Role.GROOB else Side.ZERB
        elif both and i.role is Role.LEADER and i.side is Side.VILLAGE:
            changes[i.seat] = Side.LEADER
        elif i.side is Side.ASSASSIN and not assassin_mark:
            changes[i.seat] = Side.VILLAGE
    assassins = any(changes.get(i.seat, i.side) is Side.ASSASSIN for i in found)
    for i in found:
        if i.side is Side.APPRENTICE_ASSASSIN and not (assassins or assassin_mark):
            changes[i.seat] = Side.VILLAGE
    return tuple(
        dataclasses.replace(i, side=changes[i.seat]) if i.seat in changes else i for i in found
    )


def named(role: Role) -> str:
    """A role as spoken in a sentence: "the Seer", "a Werewolf", "the Master", "Cupid"."""
    return role.spoken


def _short(role: Role) -> str:
    return role.addressed


def describe(identity: Identity) -> str:
    """Who the player was, for "Player 3 was ...": "the Seer, with the Mark of the Vampire"."""
    card = identity.card
    if identity.copied is not None:
        words = f"the {card.display_name}-{_short(identity.copied)}"
    else:
        words = named(card)
    fact = identity.oracle
    if fact is not None and fact.becomes is not None:
        words += f", now {named(fact.becomes)}"
    elif fact is not None and fact.joins is not None:
        words += f", on the {fact.joins.value} team"
    if identity.snatched:
        words += ", snatched: an Alien card"
    if identity.mark is Mark.VAMPIRE:
        words += ", with the Mark of the Vampire"
    if identity.artifact is not None:
        words += f", with the {identity.artifact.display_name}"
    foretold = identity.foretold
    if foretold is not None and foretold in OWN_CARD_OF:
        words += f", who stopped on the {OWN_CARD_OF[foretold].display_name}"
    elif foretold is not None:
        words += f", who foresaw the {foretold.value} team"
    if identity.cursed_by is not None:
        words += f", cursed: now on the {identity.cursed_by.value} team"
    if identity.became is Conversion.WEREWOLF and identity.side is W:
        words += ", who saw a werewolf and joined them"
    elif identity.became is Conversion.TANNER and identity.side is Side.TANNER:
        words += ", who saw the Tanner and became one"
    if identity.became is Conversion.ALIEN and identity.side is A:
        words += ", made an alien by the aliens"
    elif identity.became is Conversion.ALIEN_HELPER and identity.side is A and not identity.kind:
        words += ", the aliens' helper"
    return words
