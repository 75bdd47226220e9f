"""The random night instructions of the Aliens, Psychic, Rascal, Exposer, Blob, Mortician and
Body Snatcher (reference sections 2.2 and 2.6 to 2.11), drawn up front, as plain data.

Every instruction says its lines with :meth:`lines`, using ids ``onenight.app.<role>.<variant>``
from ``narration/lines/onenight_app.toml``. A Doppelganger who copied the role is called again
after it (reference section 1.3) with an instruction of her own, drawn separately (as fan
implementations do): ``doppel=True`` addresses it to her through the ``{role}`` placeholder.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from games.effects import Say
from games.onenight.instructions.common import (
    NUMBER_WORDS,
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

DOPPELGANGER = Role.DOPPELGANGER.addressed


def _role(role: Role, doppel: bool) -> str:
    """Who an instruction is said to: the role as addressed, or the Doppelganger for her copy."""
    return DOPPELGANGER if doppel else role.addressed


# -- Aliens (2.2) -------------------------------------------------------------------------------


class AlienKind(enum.Enum):
    """The nine alien directives, in the order of reference section 2.2."""

    EACH_VIEW = "each_view"
    TOGETHER_VIEW = "together_view"
    STARE = "stare"
    GIVE_LEFT = "give_left"
    GIVE_RIGHT = "give_right"
    SHOW = "show"
    HALVE_TIMER = "halve_timer"
    NEW_ALIEN = "new_alien"
    HELPER = "helper"


ALIEN_VIEW_SCOPES = (Scope.ANY, Scope.EVEN, Scope.ODD, Scope.NAMED)
ALIEN_FIST_SCOPES = (Scope.EVERYONE, Scope.ODD_PLAYERS, Scope.EVEN_PLAYERS)


@dataclass(frozen=True)
class AlienDirective:
    """What the aliens do after finding each other."""

    kind: AlienKind
    target: Target | None = None
    """Where the card comes from (views) or who holds out a fist (new alien, helper)."""
    forced: bool = False
    """Replaced by the Oracle's "yes" to forcing the aliens to exchange cards."""

    @property
    def halves_day(self) -> bool:
        """Whether the day's discussion time is halved (directive 7)."""
        return self.kind is AlienKind.HALVE_TIMER

    @property
    def line(self) -> str:
        """The catalogue id of the directive."""
        return f"onenight.app.aliens.{self.kind.value}"

    def lines(self) -> tuple[Say, ...]:
        """The directive as spoken."""
        if self.kind in (AlienKind.EACH_VIEW, AlienKind.TOGETHER_VIEW):
            return (Say.of(self.line, who=phrase(self._target)),)
        if self.kind in (AlienKind.NEW_ALIEN, AlienKind.HELPER):
            return (Say.of(self.line, group=phrase(self._target, start=True)),)
        return (Say.of(self.line),)

    def close_lines(self) -> tuple[Say, ...]:
        """Said once the aliens have acted: fists away after a tap, else nothing."""
        if self.kind in (AlienKind.NEW_ALIEN, AlienKind.HELPER):
            return (
                Say.of("onenight.app.aliens.fists_away", group=phrase(self._target, start=True)),
            )
        return ()

    @property
    def _target(self) -> Target:
        assert self.target is not None, self
        return self.target


def draw_aliens(rng: random.Random, players: int) -> AlienDirective:
    """One of the nine directives, uniformly, with its identifier."""
    kind = pick(rng, list(AlienKind))
    if kind in (AlienKind.EACH_VIEW, AlienKind.TOGETHER_VIEW):
        return AlienDirective(kind, draw_target(rng, ALIEN_VIEW_SCOPES, players))
    if kind in (AlienKind.NEW_ALIEN, AlienKind.HELPER):
        return AlienDirective(kind, draw_target(rng, ALIEN_FIST_SCOPES, players))
    return AlienDirective(kind)


# -- Psychic (2.6) ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PsychicInstruction:
    """View 1 or 2 cards from any even or any odd player(s)."""

    count: int
    target: Target
    """EVEN/ODD for one card, TWO_EVEN/TWO_ODD for two."""
    doppel: bool = False

    def lines(self) -> tuple[Say, ...]:
        """The instruction as spoken."""
        variant = "view_one" if self.count == 1 else "view_two"
        return (
            Say.of(
                f"onenight.app.psychic.{variant}",
                role=_role(Role.PSYCHIC, self.doppel),
                who=phrase(self.target),
            ),
        )


PSYCHIC_OPTIONS = ((1, Scope.EVEN), (1, Scope.ODD), (2, Scope.TWO_EVEN), (2, Scope.TWO_ODD))


def draw_psychic(rng: random.Random, players: int, doppel: bool = False) -> PsychicInstruction:
    """1 or 2 cards, even or odd players; two even players need at least 4 players."""
    count, scope = pick(rng, [option for option in PSYCHIC_OPTIONS if fits(option[1], players)])
    return PsychicInstruction(count, Target(scope), doppel)


# -- Rascal (2.7) -------------------------------------------------------------------------------


class RascalKind(enum.Enum):
    """The classic action the Rascal copies."""

    VILLAGE_IDIOT = "village_idiot"
    TROUBLEMAKER = "troublemaker"
    WITCH = "witch"
    DRUNK = "drunk"
    ROBBER = "robber"


RASCAL_ONE_CARD = (*ONE_CARD, Scope.CENTRE)


@dataclass(frozen=True)
class RascalInstruction:
    """One classic action, with the cards it may touch (none for the Village Idiot)."""

    kind: RascalKind
    target: Target | None = None
    doppel: bool = False

    def lines(self) -> tuple[Say, ...]:
        """The instruction as spoken."""
        line = f"onenight.app.rascal.{self.kind.value}"
        role = _role(Role.RASCAL, self.doppel)
        if self.target is None:
            return (Say.of(line, role=role),)
        return (Say.of(line, role=role, who=phrase(self.target)),)


def draw_rascal(rng: random.Random, players: int, doppel: bool = False) -> RascalInstruction:
    """A classic action; the Troublemaker swaps two players, the others touch one card."""
    kind = pick(rng, list(RascalKind))
    if kind is RascalKind.VILLAGE_IDIOT:
        return RascalInstruction(kind, None, doppel)
    scopes = TWO_CARDS if kind is RascalKind.TROUBLEMAKER else RASCAL_ONE_CARD
    return RascalInstruction(kind, draw_target(rng, scopes, players), doppel)


# -- Exposer (2.8) ------------------------------------------------------------------------------


CENTRE_CARDS = 3
"""The cards in the middle the Exposer can turn over."""


@dataclass(frozen=True)
class ExposerInstruction:
    """Flip exactly ``count`` centre cards, or none (the Doppelganger: 1 or 2 more, 0 when the
    Exposer may have turned them all)."""

    count: int
    doppel: bool = False

    def lines(self) -> tuple[Say, ...]:
        """The instruction as spoken."""
        if self.doppel and not self.count:
            return (Say.of("onenight.app.exposer.doppel_none_left"),)
        variant = f"doppel_{NUMBER_WORDS[self.count]}" if self.doppel else NUMBER_WORDS[self.count]
        return (Say.of(f"onenight.app.exposer.{variant}"),)


def draw_exposer(rng: random.Random, doppel: bool = False, turned: int = 0) -> ExposerInstruction:
    """1, 2 or 3 cards; 1 or 2 more for the Doppelganger, but never more than the ``turned``
    cards the Exposer was told to turn leave face down (none left: 0, her call says so)."""
    if not doppel:
        return ExposerInstruction(rng.randint(1, CENTRE_CARDS))
    left = CENTRE_CARDS - turned
    return ExposerInstruction(rng.randint(1, min(2, left)) if left > 0 else 0, True)


# -- Blob and Mortician (2.11) ------------------------------------------------------------------


class BlobPattern(enum.Enum):
    """Which neighbours the Blob absorbs, as (left, right) counts."""

    LEFT_1 = "left_1"
    RIGHT_1 = "right_1"
    EACH_SIDE_1 = "each_side_1"
    LEFT_2 = "left_2"
    RIGHT_2 = "right_2"
    LEFT_3 = "left_3"
    RIGHT_3 = "right_3"
    LEFT_4 = "left_4"
    RIGHT_4 = "right_4"
    EACH_SIDE_2 = "each_side_2"

    @property
    def left(self) -> int:
        """How many players on the Blob's left are absorbed."""
        side, _, count = self.value.rpartition("_")
        return int(count) if side in ("left", "each_side") else 0

    @property
    def right(self) -> int:
        """How many players on the Blob's right are absorbed."""
        side, _, count = self.value.rpartition("_")
        return int(count) if side in ("right", "each_side") else 0


def blob_patterns(players: int) -> tuple[BlobPattern, ...]:
    """The patterns that fit ``players``.

    Ruling: a pattern may absorb at most ``players - 1`` other seats (the Blob is one of the
    players), counting both sides, so that every absorbed seat is a different player. That gives
    the reference's limits: at 3 players only 1 left, 1 right, 1 each side, 2 left and 2 right;
    at 4 no 4 left/right and no 2 each side; from 5 players every pattern.

    >>> [pattern.value for pattern in blob_patterns(3)]
    ['left_1', 'right_1', 'each_side_1', 'left_2', 'right_2']
    """
    return tuple(p for p in BlobPattern if p.left + p.right <= players - 1)


@dataclass(frozen=True)
class BlobInstruction:
    """The Blob is told which neighbours are now part of it (it never opens its eyes).

    A Doppelganger-Blob absorbs players "in the same manner" (the Alien rulebook), so she
    shares this pattern, measured from her own card.
    """

    pattern: BlobPattern

    def lines(self) -> tuple[Say, ...]:
        """The instruction as spoken."""
        return (Say.of(f"onenight.app.blob.{self.pattern.value}"),)


def draw_blob(rng: random.Random, players: int) -> BlobInstruction:
    """A pattern drawn uniformly among those that fit ``players``."""
    return BlobInstruction(pick(rng, blob_patterns(players)))


MORTICIAN_SCOPES = (Scope.LEFT, Scope.RIGHT, Scope.NEIGHBOUR, Scope.SELF, Scope.BOTH_NEIGHBOURS)


@dataclass(frozen=True)
class MorticianInstruction:
    """Look at one card (left, right, one neighbour, his own), or at both neighbours."""

    target: Target
    doppel: bool = False

    def lines(self) -> tuple[Say, ...]:
        """The instruction as spoken."""
        role = _role(Role.MORTICIAN, self.doppel)
        if self.target.scope is Scope.SELF:
            return (Say.of("onenight.app.mortician.own", role=role),)
        if self.target.scope is Scope.BOTH_NEIGHBOURS:
            return (Say.of("onenight.app.mortician.both", role=role),)
        return (Say.of("onenight.app.mortician.one", role=role, who=phrase(self.target)),)


def draw_mortician(rng: random.Random, players: int, doppel: bool = False) -> MorticianInstruction:
    """One of the five variants, uniformly."""
    return MorticianInstruction(draw_target(rng, MORTICIAN_SCOPES, players), doppel)


# -- Body Snatcher (2.9) ------------------------------------------------------------------------

BODY_SNATCHER_SCOPES = (
    Scope.ANY,
    Scope.EVEN,
    Scope.ODD,
    Scope.LEFT,
    Scope.RIGHT,
    Scope.NEIGHBOUR,
    Scope.CENTRE,
)


@dataclass(frozen=True)
class BodySnatcherInstruction:
    """Steal a non-alien card from a player set, or a card from the centre."""

    target: Target
    doppel: bool = False

    def lines(self) -> tuple[Say, ...]:
        """The instruction as spoken."""
        role = _role(Role.BODY_SNATCHER, self.doppel)
        if self.target.scope is Scope.CENTRE:
            return (Say.of("onenight.app.body_snatcher.centre", role=role),)
        return (Say.of("onenight.app.body_snatcher.steal", role=role, who=phrase(self.target)),)


def draw_body_snatcher(
    rng: random.Random, players: int, doppel: bool = False
) -> BodySnatcherInstruction:
    """One of the seven variants, uniformly."""
    return BodySnatcherInstruction(draw_target(rng, BODY_SNATCHER_SCOPES, players), doppel)
