"""The One Night vote as pure data: who voted for whom, replacements, and the tally.

Every way of voting (the voter->target grid on the screen, a player called in turn pressing the
target's seat button, a secret ballot of seat-then-target presses, or the simulator's ``vote``
event) ends in :func:`cast`. Seat 0 stands for the device itself, a legal target only when a
ripple says the device can be voted for.
"""

from __future__ import annotations

import dataclasses
import enum
from collections import Counter
from dataclasses import dataclass

from games.errors import RulesError

DEVICE = 0
"""The target number of the device itself."""


class VoteMode(enum.StrEnum):
    """How votes are entered with buttons and touch (the setup option ``vote_mode``)."""

    SECRET = "secret"
    """Each player presses their own seat, then their choice."""
    CALLED = "called"
    """Each player in turn is called and presses a target."""
    GRID = "grid"
    """One person enters everyone's votes on screen."""


class VoteError(RulesError):
    """A vote that names no seat of the game."""


class Cast(enum.Enum):
    """What became of one vote."""

    ACCEPTED = "accepted"
    """Counted."""
    SELF = "self"
    """Refused: players may never vote for themselves."""
    CONFIRM = "confirm"
    """This voter had voted already: the new vote waits for a yes (or a no to keep the old)."""


@dataclass(frozen=True)
class Ballot:
    """The votes of one game so far."""

    players: int
    mode: VoteMode = VoteMode.SECRET
    """How votes are entered with buttons and touch (a name is read as its ``VoteMode``)."""
    two_votes: tuple[int, ...] = ()
    """Seats that vote with both hands (a ripple): their two votes count separately."""
    device_target: bool = False
    """A ripple lets the device be voted for; if it gets the most votes, nobody dies."""
    votes: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(voter, targets) for every voter who has voted."""
    voter: int | None = None
    """The voter being entered: identified (secret), called (called) or picked (grid)."""
    replacing: tuple[int, tuple[int, ...]] | None = None
    """A new vote waiting for confirmation, with the voter's new targets."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", VoteMode(self.mode))

    def allowed(self, voter: int) -> int:
        """How many votes ``voter`` casts."""
        return 2 if voter in self.two_votes else 1

    def targets(self, voter: int) -> tuple[int, ...]:
        """The votes ``voter`` has cast so far."""
        return dict(self.votes).get(voter, ())

    @property
    def voted(self) -> tuple[int, ...]:
        """Seats whose vote is complete, in seat order (public: counts, not choices)."""
        return tuple(seat for seat in range(1, self.players + 1) if self.is_done(seat))

    def is_done(self, voter: int) -> bool:
        """Whether ``voter`` has cast all their votes."""
        return len(self.targets(voter)) >= self.allowed(voter)

    @property
    def missing(self) -> tuple[int, ...]:
        """Seats still to vote."""
        return tuple(seat for seat in range(1, self.players + 1) if not self.is_done(seat))

    @property
    def complete(self) -> bool:
        """Whether every seat has voted (the vote then closes by itself)."""
        return not self.missing

    def tally(self) -> dict[int, int]:
        """Votes received per target (the device as seat 0), targets with no vote left out."""
        counts: Counter[int] = Counter()
        for _, targets in self.votes:
            counts.update(targets)
        return dict(sorted(counts.items()))


def check_seat(ballot: Ballot, seat: int, what: str) -> None:
    """Refuse a seat that is not in the game (the device only where it may be voted for)."""
    if seat == DEVICE and what == "target" and ballot.device_target:
        return
    if not 1 <= seat <= ballot.players:
        raise VoteError(f"{what} seat {seat}: the game has seats 1 to {ballot.players}")


def cast(ballot: Ballot, voter: int, target: int) -> tuple[Ballot, Cast]:
    """Record ``voter``'s vote for ``target``; a self vote is refused, a second one confirmed."""
    check_seat(ballot, voter, "voter")
    check_seat(ballot, target, "target")
    if target == voter:
        return ballot, Cast.SELF
    current = ballot.targets(voter)
    if len(current) < ballot.allowed(voter):
        return _set(ballot, voter, (*current, target)), Cast.ACCEPTED
    new = (*current[1:], target) if ballot.allowed(voter) == 2 else (target,)
    return dataclasses.replace(ballot, replacing=(voter, new)), Cast.CONFIRM


def confirm(ballot: Ballot, *, keep_new: bool) -> Ballot:
    """Answer a pending replacement: yes takes the new vote, no keeps the old one."""
    if ballot.replacing is None:
        return ballot
    voter, new = ballot.replacing
    ballot = dataclasses.replace(ballot, replacing=None)
    return _set(ballot, voter, new) if keep_new else ballot


def _set(ballot: Ballot, voter: int, targets: tuple[int, ...]) -> Ballot:
    votes = dict(ballot.votes)
    votes[voter] = targets
    return dataclasses.replace(ballot, votes=tuple(sorted(votes.items())))
