"""Who wins (reference 4.1, 4.2 Epic Battle, 4.3, 2.1, 2.4, 2.5, 2.11 and section 3).

Order: the team conditions (with the Tanner's and the Leader's thumbs rules) and every special
condition, each on its own; then the Mark of the Traitor replaces its holder's condition; then
a dead Synthetic Alien makes everyone on the alien and village teams lose (the Traitor too, and
it beats the Leader's thumbs); then a dead Oracle who guessed wrong makes everyone else win;
last, whoever voted for a diseased player cannot win, whatever else happened.

Rulings of ours, beyond the reference:

* The Oracle who guessed wrong wins if and only if she survives ("wins only if", like the
  Synthetic's and Groob's conditions).
* Groob and Zerb with both in play are not "on the alien team" for the Synthetic's rule (they
  are on their own teams), but they are aliens: their deaths make the aliens lose, and they
  are on the alien team for the Leader's thumbs, which the Alien rulebook says outright.
* The Leader's thumbs: an alien-team player "points to the Leader" when any of his votes is for
  a player whose role is the Leader; the Leader himself is not asked to (no one votes for
  himself), and the rule needs at least one other alien-team player.
* The Tanner's death stops the werewolves only, as the Werewolf rulebook says. A Tanner by the
  Cudgel, by the Paranormal Investigator's sight, or an Apprentice Tanner playing as the Tanner
  is a Tanner for this too.
* The Squire is the Minion's twin (RB-B): with the werewolves when one is held, else he wins if
  someone else dies; the lone-Minion ruling (4.4.5) counts him too. The Apprentice Tanner with a
  Tanner held wins if a Tanner dies. The Void's holder never wins.
* The Beholder is a villager (RB-B). Only the house rule ``beholder_loses_if_seer_dies`` (off
  by default) takes his village win away when a player ending as a Seer or Apprentice Seer dies.
* The lone-Minion ruling (4.4.5) gives the village the win only when the one death is a
  Minion and no enemy is held: two dead Minions, or a Minion and anyone else (a Tanner
  included), leave the ordinary rules, so the village loses unless an enemy died. The Minion
  is never a werewolf for the Tanner's clause (section 3: the Tanner dying while every wolf is
  in the centre makes the village lose).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from games.onenight.instructions.roles import BlobPattern
from games.onenight.resolve.model import DEVICE, ENEMIES, Mark, Rulings, Side
from games.onenight.resolve.result import Identity, WinReason
from games.onenight.roles import Role

TEAMS = (Side.VILLAGE, *ENEMIES)
"""Sides that win or lose as a team."""
ALIEN_TEAM = (Side.ALIEN, Side.GROOB, Side.ZERB)
"""Sides on the alien team for the Leader's thumbs."""


@dataclass(frozen=True)
class Judgement:
    """Each seat's result and what decided it."""

    verdicts: tuple[tuple[bool, WinReason], ...]
    """(won, why) per seat, seat 1 first."""
    teams: tuple[Side, ...]
    """Winning sides with at least one player on them, in :class:`Side` order."""
    present: tuple[Side, ...]
    """Every side with at least one player on it, in :class:`Side` order."""
    thumbs: bool
    """Every alien-team player voted for the Leader."""
    tanner_stopped_wolves: bool
    """The werewolves met their condition, but the Tanner died."""
    traitors: tuple[tuple[int, bool], ...]
    """(seat, won) of each Traitor with a teammate."""
    diseased_voters: tuple[int, ...]
    beholders: tuple[int, ...] = ()
    """Beholders who lost the village's win because a Seer died."""


def wrap(seat: int, players: int) -> int:
    """A seat number taken round the table.

    >>> wrap(6, 5), wrap(0, 5), wrap(3, 5)
    (1, 5, 3)
    """
    return (seat - 1) % players + 1


def blob_members(
    seat: int, pattern: BlobPattern | None, players: int, left_is_higher: bool
) -> set[int]:
    """The Blob at ``seat`` and the players its pattern absorbs.

    One on each side, with "left" the higher seat numbers, wrapping round a five-player
    table; then two on the left with "left" the lower numbers:

    >>> sorted(blob_members(5, BlobPattern.EACH_SIDE_1, 5, left_is_higher=True))
    [1, 4, 5]
    >>> sorted(blob_members(2, BlobPattern.LEFT_2, 5, left_is_higher=False))
    [1, 2, 5]
    >>> blob_members(4, None, 5, left_is_higher=True)
    {4}
    """
    members = {seat}
    if pattern is not None:
        left = 1 if left_is_higher else -1
        members |= {wrap(seat + k * left, players) for k in range(1, pattern.left + 1)}
        members |= {wrap(seat - k * left, players) for k in range(1, pattern.right + 1)}
    return members


def _own(
    i: Identity,
    identities: Sequence[Identity],
    dead: frozenset[int],
    blob: BlobPattern | None,
    left_is_higher: bool,
) -> bool:
    """Whether a player on his own side meets his condition."""
    players = len(identities)
    alive = i.seat not in dead

    def any_dead(side: Side) -> bool:
        return any(j.side is side and j.seat in dead for j in identities)

    assassin_marks = [j.seat for j in identities if j.mark and j.mark.kind is Mark.ASSASSIN]
    conditions: dict[Side, Callable[[], bool]] = {
        Side.TANNER: lambda: not alive,
        Side.SYNTHETIC: lambda: not alive,
        Side.MINION: lambda: bool(dead - {i.seat}),
        Side.SQUIRE: lambda: bool(dead - {i.seat}),
        Side.APPRENTICE_TANNER: lambda: any_dead(Side.TANNER),
        Side.NOBODY: lambda: False,
        Side.GROOB: lambda: alive and any_dead(Side.ZERB),
        Side.ZERB: lambda: alive and any_dead(Side.GROOB),
        Side.LEADER: lambda: not (any_dead(Side.GROOB) or any_dead(Side.ZERB)),
        Side.ASSASSIN: lambda: bool(dead.intersection(assassin_marks)),
        Side.APPRENTICE_ASSASSIN: lambda: (
            any_dead(Side.ASSASSIN)
            if any(j.side is Side.ASSASSIN for j in identities)
            else bool(dead.intersection(assassin_marks))
        ),
        Side.BLOB: lambda: not dead & blob_members(i.seat, blob, players, left_is_higher),
        Side.MORTICIAN: lambda: bool(dead & {wrap(i.seat - 1, players), wrap(i.seat + 1, players)}),
        Side.ORACLE: lambda: alive,
    }
    return conditions[i.side]()


def _team_results(
    identities: Sequence[Identity], dead: frozenset[int], epic: bool, rulings: Rulings
) -> tuple[dict[Side, bool], bool]:
    """Whether the village and each enemy team win, and whether the Tanner stopped the wolves."""
    held = {i.kind for i in identities if i.kind is not None}
    fallen = [identities[seat - 1] for seat in dead]
    dead_kinds = {i.kind for i in fallen if i.kind is not None}
    tanner_dead = any(i.side is Side.TANNER for i in fallen)

    def enemy(kind: Side) -> bool:
        if kind not in held or kind in dead_kinds:
            return False
        return not epic or bool(dead_kinds - {kind})

    results = {kind: enemy(kind) for kind in ENEMIES}
    stopped = results[Side.WEREWOLF] and tanner_dead and rulings.tanner_death_stops_werewolves
    if stopped:
        results[Side.WEREWOLF] = False
    if epic and rulings.epic_village_needs_two_enemy_teams:
        village = len(dead_kinds) >= 2
    elif epic:
        village = len({i.kind or i.side for i in fallen}) >= 2
    else:
        # 4.4.5 stretches "nobody is an enemy and nobody dies" to one lone Minion death only;
        # with any other death, or an enemy held, the ordinary rules decide.
        lone_minion = (
            rulings.village_wins_when_only_minion_dies_without_wolves
            and not held
            and len(fallen) == 1
            and fallen[0].side in (Side.MINION, Side.SQUIRE)
        )
        village = bool(dead_kinds) or lone_minion or (not held and not dead)
    results[Side.VILLAGE] = village
    return results, stopped


def _thumbs(identities: Sequence[Identity], ballots: Mapping[int, Sequence[int]]) -> bool:
    leaders = {i.seat for i in identities if i.role is Role.LEADER}
    team = [i.seat for i in identities if i.side in ALIEN_TEAM and i.seat not in leaders]
    # A Bodyguard's point is no vote (RB-D): an alien Bodyguard never votes for the Leader.
    return bool(leaders and team) and all(leaders.intersection(ballots.get(s, ())) for s in team)


def judge(
    identities: Sequence[Identity],
    dead: frozenset[int],
    ballots: Mapping[int, Sequence[int]],
    *,
    epic: bool,
    blob: BlobPattern | None,
    left_is_higher: bool,
    rulings: Rulings,
) -> Judgement:
    """Every seat's result, in the order described in the module docstring."""
    results, stopped = _team_results(identities, dead, epic, rulings)
    thumbs = _thumbs(identities, ballots)
    if thumbs:
        results[Side.ALIEN], results[Side.VILLAGE] = True, False
    side_won: dict[Side, bool] = dict(results)
    verdicts: list[tuple[bool, WinReason]] = []
    for i in identities:
        if i.side in TEAMS:
            hit = thumbs and i.side in (Side.ALIEN, Side.VILLAGE)
            verdicts.append((results[i.side], WinReason.LEADER_THUMBS if hit else WinReason.TEAM))
        elif thumbs and i.side in ALIEN_TEAM:
            verdicts.append((True, WinReason.LEADER_THUMBS))
        elif i.side is Side.NOSTRADAMUS:
            # 2.13: he wins if he lives and the team he foresaw wins (a card's own win is
            # known only once its holders are judged: below).
            foreseen = results.get(i.foretold or Side.VILLAGE, False)
            verdicts.append((i.seat not in dead and foreseen, WinReason.OWN))
        else:
            verdicts.append((_own(i, identities, dead, blob, left_is_higher), WinReason.OWN))
        won = verdicts[-1][0]
        side_won[i.side] = side_won.get(i.side, False) or won
    for i in identities:
        if i.side is Side.NOSTRADAMUS and i.foretold is not None and i.foretold not in TEAMS:
            # He stopped on a card with a win of its own: he wins if he lives and it wins.
            won = i.seat not in dead and side_won.get(i.foretold, False)
            verdicts[i.seat - 1] = (won, WinReason.OWN)
            side_won[Side.NOSTRADAMUS] = side_won[Side.NOSTRADAMUS] or won
    traitors: list[tuple[int, bool]] = []
    for i in identities:
        mates = [j.seat for j in identities if j.side is i.side and j.seat != i.seat]
        if i.traitor and mates:
            traitors.append((i.seat, bool(dead.intersection(mates))))
            verdicts[i.seat - 1] = (traitors[-1][1], WinReason.TRAITOR)
    synthetic = any(i.side is Side.SYNTHETIC and i.seat in dead for i in identities)
    if synthetic:
        side_won[Side.VILLAGE] = side_won[Side.ALIEN] = False
        for i in identities:
            if i.side in (Side.VILLAGE, Side.ALIEN):
                verdicts[i.seat - 1] = (False, WinReason.SYNTHETIC)
    seers = {i.seat for i in identities if i.role in (Role.SEER, Role.APPRENTICE_SEER)}
    beholders: list[int] = []
    if rulings.beholder_loses_if_seer_dies and dead & seers:
        for i in identities:
            if i.role is Role.BEHOLDER and verdicts[i.seat - 1] == (True, WinReason.TEAM):
                verdicts[i.seat - 1] = (False, WinReason.BEHOLDER)
                beholders.append(i.seat)
    cursed = tuple(i.seat for i in identities if i.side is Side.ORACLE and i.seat in dead)
    for i in identities:
        if set(cursed) - {i.seat}:
            side_won[i.side] = True
            if not verdicts[i.seat - 1][0]:
                verdicts[i.seat - 1] = (True, WinReason.ORACLE_CURSE)
    diseased = {
        i.seat
        for i in identities
        if (i.mark is not None and i.mark.kind is Mark.DISEASE) or i.role is Role.DISEASED
    }
    voters = tuple(
        seat
        for seat, targets in sorted(ballots.items())
        if diseased.intersection(t for t in targets if t != DEVICE)
    )
    for seat in voters:
        verdicts[seat - 1] = (False, WinReason.DISEASE)
    present = tuple(side for side in Side if any(i.side is side for i in identities))
    return Judgement(
        verdicts=tuple(verdicts),
        teams=tuple(side for side in present if side_won.get(side, False)),
        present=present,
        thumbs=thumbs,
        tanner_stopped_wolves=stopped,
        traitors=tuple(traitors),
        diseased_voters=voters,
        beholders=tuple(beholders),
    )
