"""The Oracle's random question and what each answer brings (reference section 2.1).

The question is drawn up front with every random part of every possible outcome, so the answer
alone decides what happens: ``outcome.oracle_outcome`` needs no random numbers. When
she does not answer in time, or her card is in the centre, the device answers for her with the
pre-drawn :attr:`OracleQuestion.device_answer` (reference section 1.4), except to even or odd.

Rulings (no published rule says otherwise):

* The device's own answer is drawn fairly: yes or no at 50%, a seat, a guess from 1 to 10.
* Even or odd announces the parity of the seat she presses (her own seat button). With no seat
  pressed the device never makes a parity up: it says, after the same full timer, that no number
  came. The question can be left out of the draw (``even_odd=False``; docs/onenight.md, Oracle).
* "Which player": the device approves the chosen number half of the time; otherwise it names
  another player, pre-drawn for every possible choice. Each choice has two pre-drawn other
  seats; the second is used when the first is the Oracle's own seat.
* "Guarantee a ripple" is asked whenever ripples are possible, which is always the case when the
  Oracle is selected (she is an Alien-box role).
* A Doppelganger-Oracle answers a second question, different from the Oracle's, at the end of
  her -7 step; it is the same kind of data with ``doppel=True``.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Collection
from dataclasses import dataclass

from games.effects import Say
from games.onenight.instructions.common import (
    alien_team_selected,
    aliens_selected,
    pick,
    ripples_possible,
)
from games.onenight.instructions.roles import DOPPELGANGER, AlienKind
from games.onenight.roles import Role

GUESS_RANGE = (1, 10)


class OracleKind(enum.Enum):
    """The ten questions, in the order of reference section 2.1."""

    JOIN_ALIEN = "join_alien"
    JOIN_WEREWOLF = "join_werewolf"
    JOIN_VAMPIRE = "join_vampire"
    FORCE_EXCHANGE = "force_exchange"
    CENTRE_EXCHANGE = "centre_exchange"
    VIEW_CENTRE = "view_centre"
    GUARANTEE_RIPPLE = "guarantee_ripple"
    WHICH_PLAYER = "which_player"
    EVEN_ODD = "even_odd"
    GUESS_NUMBER = "guess_number"


class AnswerKind(enum.Enum):
    """How the Oracle answers."""

    YES_NO = "yes_no"
    NUMBER = "number"
    NONE = "none"
    """She gives no free answer: she presses her own seat, and its parity is announced."""


class OracleResult(enum.Enum):
    """What an answer led to; the outcome line is ``onenight.app.oracle.<kind>.<result>``."""

    STAYS = "stays"
    BECOMES_ALIEN = "becomes_alien"
    ALIEN_TEAM = "alien_team"
    BECOMES_WEREWOLF = "becomes_werewolf"
    BECOMES_VAMPIRE = "becomes_vampire"
    REFUSED = "refused"
    EXCHANGE = "exchange"
    NO_EXCHANGE = "no_exchange"
    SWAP_CENTRE = "swap_centre"
    KEEP_CARD = "keep_card"
    VIEW_ONE = "view_one"
    VIEW_TWO = "view_two"
    VIEW_THREE = "view_three"
    NO_VIEW = "no_view"
    RIPPLE = "ripple"
    NO_RIPPLE = "no_ripple"
    APPROVED = "approved"
    REDIRECTED = "redirected"
    EVEN = "even"
    ODD = "odd"
    NO_NUMBER = "no_number"
    """Even or odd with no seat pressed: no parity is announced."""
    GUESSED = "guessed"
    MISSED = "missed"


_WOLVES = frozenset({Role.WEREWOLF})
_VAMPIRES = frozenset({Role.VAMPIRE, Role.THE_MASTER, Role.THE_COUNT})

PRECONDITIONS: dict[OracleKind, Callable[[Collection[Role]], bool]] = {
    OracleKind.JOIN_ALIEN: alien_team_selected,
    OracleKind.JOIN_WEREWOLF: lambda roles: not _WOLVES.isdisjoint(roles),
    OracleKind.JOIN_VAMPIRE: lambda roles: not _VAMPIRES.isdisjoint(roles),
    OracleKind.FORCE_EXCHANGE: aliens_selected,
    OracleKind.GUARANTEE_RIPPLE: ripples_possible,
}
"""Questions asked only with some roles selected; the others are always possible."""

YES_RESULTS: dict[OracleKind, tuple[OracleResult, ...]] = {
    OracleKind.JOIN_ALIEN: (
        OracleResult.BECOMES_ALIEN,
        OracleResult.ALIEN_TEAM,
        OracleResult.REFUSED,
    ),
    OracleKind.JOIN_WEREWOLF: (OracleResult.BECOMES_WEREWOLF, OracleResult.REFUSED),
    OracleKind.JOIN_VAMPIRE: (OracleResult.BECOMES_VAMPIRE, OracleResult.REFUSED),
    OracleKind.CENTRE_EXCHANGE: (OracleResult.SWAP_CENTRE, OracleResult.REFUSED),
    OracleKind.VIEW_CENTRE: (OracleResult.VIEW_ONE, OracleResult.VIEW_TWO, OracleResult.VIEW_THREE),
}
"""Yes-outcomes drawn at random, up front."""

FIXED_RESULTS: dict[OracleKind, tuple[OracleResult, OracleResult]] = {
    OracleKind.JOIN_ALIEN: (OracleResult.REFUSED, OracleResult.STAYS),
    OracleKind.JOIN_WEREWOLF: (OracleResult.REFUSED, OracleResult.STAYS),
    OracleKind.JOIN_VAMPIRE: (OracleResult.REFUSED, OracleResult.STAYS),
    OracleKind.FORCE_EXCHANGE: (OracleResult.EXCHANGE, OracleResult.NO_EXCHANGE),
    OracleKind.CENTRE_EXCHANGE: (OracleResult.REFUSED, OracleResult.KEEP_CARD),
    OracleKind.VIEW_CENTRE: (OracleResult.VIEW_ONE, OracleResult.NO_VIEW),
    OracleKind.GUARANTEE_RIPPLE: (OracleResult.RIPPLE, OracleResult.NO_RIPPLE),
}
"""(yes, no) results of the yes/no questions; a drawn ``yes_result`` overrides the yes."""


def oracle_questions(roles: Collection[Role], *, even_odd: bool = True) -> tuple[OracleKind, ...]:
    """The questions whose preconditions hold for the selected ``roles``.

    Without ``even_odd`` the even-or-odd question is left out (setting ``oracle_even_odd``).
    """
    selected = frozenset(roles)
    return tuple(
        kind
        for kind in OracleKind
        if (kind not in PRECONDITIONS or PRECONDITIONS[kind](selected))
        and (even_odd or kind is not OracleKind.EVEN_ODD)
    )


@dataclass(frozen=True)
class OracleQuestion:
    """One question with the pre-drawn random part of every outcome."""

    kind: OracleKind
    players: int
    device_answer: bool | int
    """The device's answer when hers does not come: yes/no, a seat (which player) or a guess
    (guess the number). Unused for even or odd (0): the device never makes a parity up."""
    yes_result: OracleResult | None = None
    """What a yes brings, for the questions in ``YES_RESULTS``."""
    exchange: AlienKind | None = None
    """Force the aliens to exchange: ``GIVE_LEFT`` or ``GIVE_RIGHT`` on a yes."""
    approved: tuple[bool, ...] = ()
    """Which player: whether the choice of seat ``n`` is approved, at index ``n - 1``."""
    others: tuple[tuple[int, int], ...] = ()
    """Which player: the other seats named when choice ``n`` is refused, at index ``n - 1``."""
    secret: int = 0
    """Guess the number: the number the device thinks of."""
    doppel: bool = False
    """Asked to the Doppelganger-Oracle."""

    @property
    def role(self) -> str:
        """Who is addressed: ``"Oracle"`` or ``"Doppelganger"``."""
        return DOPPELGANGER if self.doppel else Role.ORACLE.addressed

    @property
    def answer_kind(self) -> AnswerKind:
        """How she answers."""
        if self.kind in (OracleKind.WHICH_PLAYER, OracleKind.GUESS_NUMBER):
            return AnswerKind.NUMBER
        return AnswerKind.NONE if self.kind is OracleKind.EVEN_ODD else AnswerKind.YES_NO

    @property
    def answer_range(self) -> tuple[int, int] | None:
        """The lowest and highest number she may answer (number questions only)."""
        if self.kind is OracleKind.WHICH_PLAYER:
            return (1, self.players)
        return GUESS_RANGE if self.kind is OracleKind.GUESS_NUMBER else None

    @property
    def listen(self) -> str:
        """The answer window in the night script's terms: ``"yes_no"`` or ``"number:<highest>"``.

        Even or odd listens for a seat number: her own seat, given as ``oracle_seat``.
        """
        if self.answer_kind is AnswerKind.YES_NO:
            return "yes_no"
        highest = self.answer_range[1] if self.answer_range else self.players
        return f"number:{highest}"

    @property
    def line(self) -> str:
        """The catalogue id of the question."""
        return f"onenight.app.oracle.{self.kind.value}.ask"

    def lines(self) -> tuple[Say, ...]:
        """The question as spoken."""
        if self.kind is OracleKind.WHICH_PLAYER:
            return (Say.of(self.line, role=self.role, players=self.players),)
        return (Say.of(self.line, role=self.role),)


def draw_oracle(
    rng: random.Random,
    roles: Collection[Role],
    players: int,
    *,
    doppel: bool = False,
    exclude: OracleKind | None = None,
    even_odd: bool = True,
) -> OracleQuestion:
    """A question allowed by ``roles`` (other than ``exclude``), with all its random parts.

    ``even_odd`` False leaves the even-or-odd question out.
    """
    allowed = oracle_questions(roles, even_odd=even_odd)
    kind = pick(rng, [kind for kind in allowed if kind is not exclude])
    seats = range(1, players + 1)
    if kind is OracleKind.WHICH_PLAYER:
        approved = tuple(rng.random() < 0.5 for _ in seats)
        others = tuple(_two(rng.sample([s for s in seats if s != seat], 2)) for seat in seats)
        device = rng.randint(1, players)
        return OracleQuestion(
            kind, players, device, approved=approved, others=others, doppel=doppel
        )
    if kind is OracleKind.EVEN_ODD:
        return OracleQuestion(kind, players, 0, doppel=doppel)
    if kind is OracleKind.GUESS_NUMBER:
        secret, guess = rng.randint(*GUESS_RANGE), rng.randint(*GUESS_RANGE)
        return OracleQuestion(kind, players, guess, secret=secret, doppel=doppel)
    device_yes = rng.random() < 0.5
    yes = pick(rng, YES_RESULTS[kind]) if kind in YES_RESULTS else None
    exchange = None
    if kind is OracleKind.FORCE_EXCHANGE:
        exchange = pick(rng, (AlienKind.GIVE_LEFT, AlienKind.GIVE_RIGHT))
    return OracleQuestion(kind, players, device_yes, yes, exchange, doppel=doppel)


def _two(seats: list[int]) -> tuple[int, int]:
    return seats[0], seats[1]
