"""The outcome of the One Night resolution: who died and why, who won and why, and the words.

:class:`Resolution` is what :func:`games.onenight.resolve.resolve` returns; its
:meth:`Resolution.explanation` is a list of short sentences to speak or show.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from games.onenight.artifacts import Artifact
from games.onenight.resolve.model import Conversion, Mark, OracleFact, Side
from games.onenight.roles import Role


@dataclass(frozen=True)
class Identity:
    """Who a seat turned out to be: card, then copy, Oracle outcome, Mark and conversion."""

    seat: int
    card: Role
    """The card in front of the player."""
    role: Role
    """What the card counts as: the role a Doppelganger or Copycat copied, the Oracle's new
    card, an Alien for a snatched card; the card itself otherwise (a Doppelganger or Copycat
    that copied nothing keeps her own card, with no power)."""
    side: Side
    """The team whose win condition the player follows."""
    kind: Side | None
    """WEREWOLF, VAMPIRE or ALIEN if the player counts as one (an enemy of the village)."""
    copied: Role | None = None
    """The role a Doppelganger or Copycat card copied (None: not a copy, or copied nothing)."""
    mark: Mark | None = None
    became: Conversion | None = None
    snatched: bool = False
    oracle: OracleFact | None = None
    """The Oracle outcome applied to this seat, if any."""
    artifact: Artifact | None = None
    """The Artifact on the player's card (it overrides the card and the Mark)."""
    cursed_by: Side | None = None
    """The team whose votes turned this Cursed player (werewolf or vampire)."""
    foretold: Side | None = None
    """The team Nostradamus foresaw (village, werewolf, vampire or alien)."""

    @property
    def hunter(self) -> bool:
        """Whether the player shoots whoever he voted for when he dies."""
        return self.role is Role.HUNTER

    @property
    def bodyguard(self) -> bool:
        """Whether the player's point protects instead of voting (RB-D Bodyguard)."""
        return self.role is Role.BODYGUARD

    @property
    def prince(self) -> bool:
        """Whether votes for the player do not count and nothing can kill him (RB-B Prince)."""
        return self.role is Role.PRINCE

    @property
    def master(self) -> bool:
        """Whether a vampire's vote protects the player (The Master)."""
        return self.role is Role.THE_MASTER

    @property
    def traitor(self) -> bool:
        """Whether the player holds a Mark of the Traitor (or the Dagger of the Traitor)."""
        dagger = self.artifact is Artifact.DAGGER
        return dagger or (self.mark is not None and self.mark.kind is Mark.TRAITOR)


class DeathCause(enum.Enum):
    """Why a player died."""

    MOST_VOTES = "most_votes"
    """The most votes (tied players all die)."""
    NEXT_MOST_VOTES = "next_most_votes"
    """The next-most votes, because everyone above was protected."""
    SECOND_MOST_VOTES = "second_most_votes"
    """The second-most votes in an Epic Battle (a single vote is enough)."""
    HUNTER = "hunter"
    """Shot by a dying Hunter he voted for."""
    LOVER = "lover"
    """A lover died."""


@dataclass(frozen=True)
class DeathReason:
    """How one player died."""

    cause: DeathCause
    votes: int = 0
    """The votes received (vote deaths)."""
    by: int | None = None
    """The Hunter who shot, or the lover whose death carried this one."""


class WinReason(enum.Enum):
    """What decided whether a player won."""

    TEAM = "team"
    """His team's condition (the village, werewolves, vampires or aliens)."""
    OWN = "own"
    """His own condition (Tanner, Synthetic, Groob, Zerb, Leader, Assassin, Blob...)."""
    LEADER_THUMBS = "leader_thumbs"
    """Every alien-team player voted for the Leader: the aliens win, the village loses."""
    TRAITOR = "traitor"
    """His Mark of the Traitor: he wins only if a teammate died."""
    SYNTHETIC = "synthetic"
    """The Synthetic Alien died: the aliens and the village lose."""
    ORACLE_CURSE = "oracle_curse"
    """The Oracle died after a wrong guess: everyone else wins."""
    DISEASE = "disease"
    """He voted for a diseased player, so he cannot win."""
    BEHOLDER = "beholder"
    """The Beholder loses with the village's win because a Seer or Apprentice Seer died."""


@dataclass(frozen=True)
class SeatResult:
    """Everything the resolution says about one seat."""

    identity: Identity
    votes: int
    """Votes received."""
    death: DeathReason | None
    """None: the player survived."""
    won: bool
    why: WinReason

    @property
    def seat(self) -> int:
        """The seat number."""
        return self.identity.seat

    @property
    def team(self) -> str:
        """The name of the team the player played for."""
        return self.identity.side.value


@dataclass(frozen=True)
class Resolution:
    """Who died, who won, and why."""

    deaths: tuple[int, ...]
    """Dead seats, sorted."""
    winners: tuple[int, ...]
    """Winning seats, sorted."""
    teams: tuple[str, ...]
    """Winning teams (with at least one player on them), in the order of :class:`Side`."""
    seats: tuple[SeatResult, ...]
    """One per seat, seat 1 first."""
    tally: tuple[int, ...]
    """Votes received: ``tally[seat - 1]``."""
    device_votes: int
    """Votes for the device."""
    epic_battle: bool
    """Three or more of village, werewolves, vampires and aliens were held by players."""
    saved: tuple[int, ...]
    """Protected players (the Master, the Bodyguard's choice, the Prince) who would have died
    by vote."""
    lines: tuple[str, ...]
    """The explanation, see :meth:`explanation`."""

    def explanation(self) -> tuple[str, ...]:
        """Short sentences in speaking order: the deaths, who the dead were, what that did,
        each team's result, and the winners."""
        return self.lines

    def seat(self, seat: int) -> SeatResult:
        """The result of one seat."""
        return self.seats[seat - 1]

    def death_reason(self, seat: int) -> DeathReason | None:
        """Why ``seat`` died (None: survived)."""
        return self.seat(seat).death

    def win_reason(self, seat: int) -> WinReason:
        """What decided whether ``seat`` won."""
        return self.seat(seat).why
