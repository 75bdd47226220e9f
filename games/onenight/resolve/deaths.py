"""Who dies (reference 4.1, 4.2, 4.4.1 to 4.4.4): the vote count, the Epic Battle, the Master's
protection with its fall-through, then Hunter shots and Lovers until nothing changes.

Rulings of ours, beyond the reference:

* A Hunter who votes with two hands shoots both targets; a vote for the device shoots nobody.
* In an Epic Battle the protection shifts both places down: when the Master is alone on top
  and protected, the next-most group takes the first place (at least ``fall_through_min_votes``)
  and the group after it the second. The "tie for most" is counted on the group that takes the
  first place. When the device holds the second place, nobody else dies.
* All Marks of Love (Cupid's and the Doppelganger's) link their holders into one group: when
  one dies, every other holder dies (the Vampire rulebook: up to four die together).

Daybreak and Bonus (RB-D, RB-B, reference 4.2):

* The Bodyguard's point is not a vote: it is left out of the count, and the player he points
  at cannot be killed by the vote, exactly as a protected Master (4.4.1 to 4.4.3 apply).
* Votes for the Prince do not count: he is passed over, and the next group below (with at
  least ``fall_through_min_votes``) dies in his place; a Hunter's shot never kills him (4.4.3).
  Lovers still die together, through any protection (RB-V).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.onenight.resolve.model import DEVICE, ENEMIES, Mark, Rulings, Side
from games.onenight.resolve.result import DeathCause, DeathReason, Identity

Level = tuple[int, frozenset[int]]
"""A vote count and every candidate (seats, and 0 for the device) with exactly that count."""


@dataclass(frozen=True)
class Deaths:
    """The deaths in the order they happened, and what the vote did on the way."""

    order: tuple[tuple[int, DeathReason], ...]
    tally: tuple[int, ...]
    """Votes received, ``tally[seat - 1]``."""
    device_votes: int
    epic_groups: int
    """How many of village, werewolves, vampires and aliens are held (3 or more: Epic Battle)."""
    protected: frozenset[int]
    """Masters voted for by another vampire, and whoever the Bodyguard points at."""
    shields: dict[int, str]
    """Why each protected player (and each Prince) cannot die, for the explanation."""
    saved: tuple[int, ...]
    """Protected players who would have died by vote."""
    spared: tuple[int, ...]
    """Protected players a Hunter shot at in vain (only when protection blocks the Hunter)."""
    device_place: int
    """0: the device decided nothing; 1: it got the most votes; 2: the second-most."""

    @property
    def epic(self) -> bool:
        """Whether this is an Epic Battle."""
        return self.epic_groups >= 3

    @property
    def dead(self) -> frozenset[int]:
        """Every dead seat."""
        return frozenset(seat for seat, _ in self.order)

    @property
    def from_vote(self) -> tuple[int, ...]:
        """The seats killed by the vote itself, in order."""
        causes = (DeathCause.HUNTER, DeathCause.LOVER)
        return tuple(seat for seat, why in self.order if why.cause not in causes)


def count(players: int, ballots: Mapping[int, Sequence[int]]) -> tuple[tuple[int, ...], int]:
    """Votes received by each seat (``[seat - 1]``) and by the device."""
    tally = [0] * (players + 1)
    for targets in ballots.values():
        for target in targets:
            tally[target] += 1
    return tuple(tally[1:]), tally[DEVICE]


def epic_groups(identities: Sequence[Identity]) -> int:
    """How many of the village, werewolves, vampires and aliens at least one player is."""
    groups = {i.kind for i in identities if i.kind in ENEMIES}
    villagers = any(i.side is Side.VILLAGE for i in identities)
    return len(groups) + villagers


def protected_seats(
    identities: Sequence[Identity], ballots: Mapping[int, Sequence[int]]
) -> frozenset[int]:
    """Masters voted for by another vampire: the vote cannot kill them."""
    vampires = [i.seat for i in identities if i.kind is Side.VAMPIRE]
    return frozenset(
        i.seat
        for i in identities
        if i.master and any(i.seat in ballots.get(v, ()) for v in vampires if v != i.seat)
    )


def split_guards(
    identities: Sequence[Identity], ballots: Mapping[int, Sequence[int]]
) -> tuple[dict[int, tuple[int, ...]], frozenset[int]]:
    """The ballots that are votes, and the players the Bodyguards' points protect (RB-D)."""
    guards = {i.seat for i in identities if i.bodyguard}
    votes = {seat: tuple(targets) for seat, targets in ballots.items() if seat not in guards}
    guarded = {t for seat in guards for t in ballots.get(seat, ()) if t != DEVICE}
    return votes, frozenset(guarded)


def shield_reasons(
    identities: Sequence[Identity], masters: frozenset[int], guarded: frozenset[int]
) -> dict[int, str]:
    """Why each protected player or Prince cannot die, in words."""
    reasons = {seat: "the Bodyguard protects them" for seat in guarded}
    reasons.update({seat: "a vampire voted for the Master" for seat in masters})
    reasons.update({i.seat: "the Prince cannot be killed" for i in identities if i.prince})
    return reasons


def levels(tally: Sequence[int], device_votes: int) -> list[Level]:
    """The candidates grouped by vote count, most votes first (0 votes left out)."""
    by_count: dict[int, set[int]] = {}
    for seat, votes in enumerate(tally, start=1):
        if votes:
            by_count.setdefault(votes, set()).add(seat)
    if device_votes:
        by_count.setdefault(device_votes, set()).add(DEVICE)
    return [(votes, frozenset(by_count[votes])) for votes in sorted(by_count, reverse=True)]


@dataclass(frozen=True)
class _Pick:
    index: int
    votes: int
    dead: frozenset[int]
    device: bool


def _pick(
    found: Sequence[Level],
    start: int,
    needs: tuple[int, int],
    protected: frozenset[int],
    rulings: Rulings,
    saved: list[int],
    princes: frozenset[int] = frozenset(),
) -> _Pick | None:
    """The first group from ``start`` down that can die (first needs ``needs[0]`` votes, the
    fall-through ones ``needs[1]``), or the device's place; None when nobody can die."""
    for index in range(start, len(found)):
        votes, group = found[index]
        if votes < (needs[0] if index == start else needs[1]):
            return None
        passed = group & princes  # votes for a Prince do not count: he is passed over
        saved += sorted(passed - set(saved))
        players = group - {DEVICE} - princes
        if DEVICE in group and (rulings.device_tie_saves_everyone or not players):
            return _Pick(index, votes, frozenset(), device=True)
        shielded = players & protected
        saved += sorted(shielded - set(saved))
        free = players - shielded
        if shielded and rulings.protected_in_tie == "fall_through":
            free = frozenset()
        if free:
            return _Pick(index, votes, free, device=False)
    return None


def vote_deaths(
    identities: Sequence[Identity],
    ballots: Mapping[int, Sequence[int]],
    device_can_be_voted: bool,
    rulings: Rulings,
    guarded: frozenset[int] = frozenset(),
) -> Deaths:
    """The vote's deaths, then every Hunter shot and Lover death they bring.

    ``ballots`` are the votes only: the Bodyguard's point comes in ``guarded``."""
    tally, device_votes = count(len(identities), ballots)
    groups = epic_groups(identities)
    epic = groups >= 3
    masters = protected_seats(identities, ballots)
    protected = masters | guarded
    princes = frozenset(i.seat for i in identities if i.prince)
    found = levels(tally, device_votes if device_can_be_voted else 0)
    saved: list[int] = []
    first_need = 2 if not epic or rulings.epic_most_needs_two_votes else 1
    needs = (first_need, rulings.fall_through_min_votes)
    first = _pick(found, 0, needs, protected, rulings, saved, princes)
    order: list[tuple[int, DeathReason]] = []
    device_place = 1 if first is not None and first.device else 0
    if first is not None and not first.device:
        cause = DeathCause.MOST_VOTES if first.index == 0 else DeathCause.NEXT_MOST_VOTES
        order += [(seat, DeathReason(cause, first.votes)) for seat in sorted(first.dead)]
        if epic and len(found[first.index][1]) == 1:
            second = _pick(found, first.index + 1, (1, 1), protected, rulings, saved, princes)
            if second is not None and second.device:
                device_place = 2
            elif second is not None:
                why = DeathReason(DeathCause.SECOND_MOST_VOTES, second.votes)
                order += [(seat, why) for seat in sorted(second.dead)]
    chained, spared = _chain(order, identities, ballots, protected, rulings)
    return Deaths(
        order=tuple(chained),
        tally=tally,
        device_votes=device_votes,
        epic_groups=groups,
        protected=protected,
        shields=shield_reasons(identities, masters, guarded),
        saved=tuple(saved),
        spared=tuple(spared),
        device_place=device_place,
    )


def _chain(
    order: list[tuple[int, DeathReason]],
    identities: Sequence[Identity],
    ballots: Mapping[int, Sequence[int]],
    protected: frozenset[int],
    rulings: Rulings,
) -> tuple[list[tuple[int, DeathReason]], list[int]]:
    """Hunter shots and Lovers, repeated until nothing changes (or once, by ruling)."""
    dead = dict(order)
    chained = list(order)
    lovers = [i.seat for i in identities if i.mark is not None and i.mark.kind is Mark.LOVE]
    if len(lovers) < 2:
        lovers = []  # a lone Mark of Love has no effect
    from_vote = set(dead)
    queue = list(dead)
    spared: list[int] = []
    while queue:
        seat = queue.pop(0)
        if not rulings.repeat_chains and seat not in from_vote:
            continue
        taken: list[tuple[int, DeathReason]] = []
        if identities[seat - 1].hunter:
            for target in ballots.get(seat, ()):
                if target == DEVICE or target in dead:
                    continue
                blocked = rulings.hunter_blocked_by_protection and target in protected
                if blocked or identities[target - 1].prince:
                    if target not in spared:
                        spared.append(target)
                    continue
                dead[target] = DeathReason(DeathCause.HUNTER, by=seat)
                taken.append((target, dead[target]))
        if seat in lovers:
            for lover in lovers:
                if lover not in dead:
                    dead[lover] = DeathReason(DeathCause.LOVER, by=seat)
                    taken.append((lover, dead[lover]))
        chained += taken
        queue += [target for target, _ in taken]
    return chained, spared
