"""Ripples: the app's random twist at the end of the night (reference section 2.12).

A ripple is drawn up front, with its seats, groups and role, so the night can be replayed. The
kinds follow the reference list, all nineteen; the two "X views" ripples (#10 and #11) are
separate kinds.

Rulings:

* Seats X, Y and Z are distinct seats from 1 to the player count.
* A set said to a known player (X, or Y and Z) is drawn only among the sets that name enough
  players other than them: player 1 is never sent to "a player with a number lower than yours",
  and "any two even players" needs two even players besides X.
* Show and shuffle (#15): Y, who shuffles, is the first seat; Z the second.
* A group is everyone, the odd players, the even players, or 1 to 3 named players.
* "A role repeats its action" picks a selected role that is woken at night, other than the
  Oracle (her question is asked once) and the Blob (it never opens its eyes). Without such a
  role this kind is not drawn.
* Time loop: each called wake step has a 50% chance to be skipped on the replay.
* "Y and Z view": together one card from the middle or a player set, or each two centre cards.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from games.effects import Say
from games.onenight.instructions.common import (
    GROUPS,
    ONE_CARD,
    TWO_CARDS,
    Scope,
    Target,
    draw_target,
    fits,
    phrase,
    pick,
)
from games.onenight.roles import Role
from games.onenight.wake import called_steps

ONE_MINUTE_SECONDS = 60.0


class RippleKind(enum.Enum):
    """The ripples, in the order of reference section 2.12."""

    ONE_MINUTE = "one_minute"
    TIME_LOOP = "time_loop"
    TIME_LOOP_WATCHER = "time_loop_watcher"
    GROUP_VIEWS_OWN = "group_views_own"
    GROUP_SILENT = "group_silent"
    GROUP_FACES_AWAY = "group_faces_away"
    SWAP = "swap"
    STEAL = "steal"
    CENTRE_GIVE = "centre_give"
    VIEW_ONE = "view_one"
    VIEW_TWO = "view_two"
    FLIP = "flip"
    PAIR_VIEW = "pair_view"
    TWO_HAND_VOTES = "two_hand_votes"
    SHOW_SHUFFLE = "show_shuffle"
    """Y and Z show each other their cards; Y shuffles both face down and gives Z one."""
    DRUNK_SWAP = "drunk_swap"
    """X must swap with a card from a set without looking at the new card."""
    DEVICE_VOTE = "device_vote"
    REPEAT = "repeat"
    ALIEN_ONLY = "alien_only"


_GROUP_KINDS = frozenset(
    {
        RippleKind.GROUP_VIEWS_OWN,
        RippleKind.GROUP_SILENT,
        RippleKind.GROUP_FACES_AWAY,
        RippleKind.TWO_HAND_VOTES,
        RippleKind.ALIEN_ONLY,
    }
)
_PLAYER_KINDS: dict[RippleKind, tuple[Scope, ...]] = {
    RippleKind.STEAL: ONE_CARD,
    RippleKind.CENTRE_GIVE: ONE_CARD,
    RippleKind.VIEW_ONE: (*ONE_CARD, Scope.CENTRE),
    RippleKind.VIEW_TWO: TWO_CARDS,
    RippleKind.FLIP: (Scope.LEFT, Scope.RIGHT, Scope.NEIGHBOUR),
    RippleKind.DRUNK_SWAP: (*ONE_CARD, Scope.CENTRE),
}
"""Ripples for one player X, with the scopes their cards may come from."""
_PAIR_SCOPES = (Scope.CENTRE, Scope.ANY, Scope.EVEN, Scope.ODD)
_PAIR_KINDS = frozenset({RippleKind.PAIR_VIEW, RippleKind.SHOW_SHUFFLE})
"""Ripples for two players Y and Z."""
_NIGHT_ACTS = frozenset(
    {RippleKind.GROUP_VIEWS_OWN, RippleKind.SWAP, RippleKind.REPEAT}
    | set(_PLAYER_KINDS)
    | _PAIR_KINDS
)
_PLURALS = {
    Role.ALIEN: "Aliens",
    Role.WEREWOLF: "Werewolves",
    Role.VAMPIRE: "Vampires",
    Role.MASON: "Masons",
}


def repeat_candidates(roles: Collection[Role]) -> tuple[Role, ...]:
    """The selected roles a "repeat your action" ripple may call, in role-table order."""
    selected = frozenset(roles)
    return tuple(role for role in _REPEATABLE if role in selected)


_REPEATABLE = tuple(
    role for role in Role if role.info.wakes and role not in (Role.ORACLE, Role.BLOB)
)


@dataclass(frozen=True)
class Ripple:
    """One ripple, with everything random already drawn."""

    kind: RippleKind
    seats: tuple[int, ...] = ()
    """X (one-player ripples, the time-loop watcher); X, Y, Z (swap); Y, Z (pair view, show
    and shuffle)."""
    target: Target | None = None
    """The group addressed, or where the cards come from."""
    count: int = 0
    """Pair view: 1 card together, or 2 centre cards each."""
    role: Role | None = None
    """The role that repeats its action."""
    skipped: tuple[str, ...] = ()
    """Time loop: the wake step keys that are not called on the replay."""

    @property
    def day_seconds_override(self) -> float | None:
        """The day's length when the ripple sets it (only one minute of discussion)."""
        return ONE_MINUTE_SECONDS if self.kind is RippleKind.ONE_MINUTE else None

    @property
    def halves_day(self) -> bool:
        """Always False: no ripple kind halves the day (the halved timer is alien directive 7).

        Kept so that a ripple and an alien directive answer the same question.
        """
        return False

    @property
    def two_hand_votes(self) -> bool:
        """Whether a group votes with two hands; :attr:`target` is that group."""
        return self.kind is RippleKind.TWO_HAND_VOTES

    @property
    def device_can_be_voted(self) -> bool:
        """Whether the device is a vote option today (most votes on it: nobody dies)."""
        return self.kind is RippleKind.DEVICE_VOTE

    @property
    def time_loop(self) -> bool:
        """Whether the whole night is replayed, without the :attr:`skipped` steps."""
        return self.kind in (RippleKind.TIME_LOOP, RippleKind.TIME_LOOP_WATCHER)

    @property
    def watcher(self) -> int | None:
        """The seat that keeps its eyes open through the replayed night."""
        return self.seats[0] if self.kind is RippleKind.TIME_LOOP_WATCHER else None

    @property
    def acts_at_night(self) -> bool:
        """Whether someone wakes to act now: hold the role timer, then say :meth:`close_lines`."""
        return self.kind in _NIGHT_ACTS

    @property
    def line(self) -> str:
        """The catalogue id of the ripple's instruction."""
        if self.kind is RippleKind.PAIR_VIEW:
            return f"onenight.app.ripple.pair_view_{'one' if self.count == 1 else 'two'}"
        return f"onenight.app.ripple.{self.kind.value}"

    def lines(self) -> tuple[Say, ...]:
        """The announcement, then the instruction."""
        return (Say.of("onenight.app.ripple.intro"), Say.of(self.line, **self._params()))

    def close_lines(self) -> tuple[Say, ...]:
        """Sent back to sleep after acting (nothing for a ripple nobody acts on at night)."""
        if not self.acts_at_night:
            return ()
        if self.kind is RippleKind.GROUP_VIEWS_OWN:
            return (Say.of("onenight.app.ripple.close_group", group=self._group()),)
        if self.kind is RippleKind.REPEAT:
            return (Say.of("onenight.app.ripple.close_role", role=self._role_name()),)
        if self.kind in _PAIR_KINDS:
            y, z = self.seats
            return (Say.of("onenight.app.ripple.close_pair", y=y, z=z),)
        return (Say.of("onenight.app.ripple.close_player", x=self.seats[0]),)

    def _params(self) -> dict[str, object]:
        kind = self.kind
        if kind in _GROUP_KINDS:
            return {"group": self._group()}
        if kind is RippleKind.TIME_LOOP_WATCHER:
            return {"x": self.seats[0]}
        if kind is RippleKind.SWAP:
            x, y, z = self.seats
            return {"x": x, "y": y, "z": z}
        if kind in _PLAYER_KINDS:
            return {"x": self.seats[0], "who": self._who()}
        if kind is RippleKind.PAIR_VIEW:
            y, z = self.seats
            return {"y": y, "z": z, "who": self._who()} if self.count == 1 else {"y": y, "z": z}
        if kind is RippleKind.SHOW_SHUFFLE:
            y, z = self.seats
            return {"y": y, "z": z}
        if kind is RippleKind.REPEAT:
            return {"role": self._role_name()}
        return {}

    def _group(self) -> str:
        assert self.target is not None, self
        return phrase(self.target, start=True)

    def _who(self) -> str:
        assert self.target is not None, self
        return phrase(self.target)

    def _role_name(self) -> str:
        assert self.role is not None, self
        return _PLURALS.get(self.role, self.role.addressed)


def ripple_scopes(kind: RippleKind, players: int, seats: Sequence[int]) -> tuple[Scope, ...]:
    """The sets a ripple of ``kind`` may name when said to the players at ``seats``.

    Only sets with enough players other than them (see ``common.fits``), in draw
    order; groups for the group ripples; nothing for ripples that name no set.
    """
    if kind in _GROUP_KINDS:
        return GROUPS
    if kind in _PLAYER_KINDS:
        scopes = _PLAYER_KINDS[kind]
    elif kind is RippleKind.PAIR_VIEW:
        scopes = _PAIR_SCOPES
    else:
        return ()
    return tuple(scope for scope in scopes if fits(scope, players, seats))


def draw_ripple(rng: random.Random, roles: Collection[Role], players: int) -> Ripple:
    """One ripple kind, uniformly among those possible, with its random parts."""
    candidates = repeat_candidates(roles)
    kind = pick(rng, [k for k in RippleKind if k is not RippleKind.REPEAT or candidates])
    if kind in (RippleKind.TIME_LOOP, RippleKind.TIME_LOOP_WATCHER):
        skipped = tuple(step.key for step in called_steps(roles) if rng.random() < 0.5)
        watcher = (rng.randint(1, players),) if kind is RippleKind.TIME_LOOP_WATCHER else ()
        return Ripple(kind, watcher, skipped=skipped)
    if kind in _GROUP_KINDS:
        return Ripple(kind, target=draw_target(rng, GROUPS, players))
    if kind is RippleKind.SWAP:
        x, y, z = rng.sample(range(1, players + 1), 3)
        return Ripple(kind, (x, *sorted((y, z))))
    if kind in _PLAYER_KINDS:
        x = rng.randint(1, players)
        return Ripple(kind, (x,), draw_target(rng, ripple_scopes(kind, players, (x,)), players))
    if kind is RippleKind.PAIR_VIEW:
        pair = tuple(sorted(rng.sample(range(1, players + 1), 2)))
        count = rng.randint(1, 2)
        scopes = ripple_scopes(kind, players, pair)
        target = draw_target(rng, scopes, players) if count == 1 else Target(Scope.CENTRE)
        return Ripple(kind, pair, target, count)
    if kind is RippleKind.SHOW_SHUFFLE:
        return Ripple(kind, tuple(rng.sample(range(1, players + 1), 2)))
    if kind is RippleKind.REPEAT:
        return Ripple(kind, role=pick(rng, candidates))
    return Ripple(kind)
