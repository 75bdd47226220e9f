"""One Night's views: what its screens show, built by the session and checked when built.

Secrecy lives in what these hold: the vote view has counts and voted seats, never who voted for
whom; the night view has only the public call.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar

from games.onenight.ballot import VoteMode
from games.views import DEVICE_SEAT, ScreenName, View, ViewError


@dataclass(frozen=True)
class VoteView(View):
    """The vote: the message, which seats have voted, and the voter being entered."""

    screen: ClassVar[ScreenName] = ScreenName.VOTE
    message: str
    players: int
    voted: tuple[int, ...]
    """Seats whose vote is in."""
    mode: VoteMode
    voter: int | None
    """Grid: the voter being entered; called: the player called; secret: always None."""
    device_target: bool
    """A ripple lets the device be voted for (grid mode shows it as a target)."""
    missing: tuple[int, ...]
    """Seats still to vote."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.players_in_range(self.players)
        self.seats_in_range("voted", self.voted, self.players)
        self.seats_in_range("voter", () if self.voter is None else (self.voter,), self.players)
        self.seats_in_range("missing", self.missing, self.players)


@dataclass(frozen=True)
class TallyView(View):
    """The votes out in the open, and who died (nobody yet before the reveal)."""

    screen: ClassVar[ScreenName] = ScreenName.TALLY
    players: int
    tally: tuple[tuple[int, int], ...]
    """(seat, votes) for each target (the device as seat 0); seats left out got no votes."""
    deaths: tuple[int, ...]
    message: str

    def __post_init__(self) -> None:
        super().__post_init__()
        self.players_in_range(self.players)
        self.seats_in_range("tally", (seat for seat, _ in self.tally), self.players, DEVICE_SEAT)
        for seat, votes in self.tally:
            if votes < 0:
                raise ViewError(f"TallyView.tally: seat {seat} has {votes} votes, fewer than 0")
        self.seats_in_range("deaths", self.deaths, self.players, DEVICE_SEAT)


class AnswerButtons(enum.StrEnum):
    """The answer buttons on the night screen while a role is asked a question."""

    NONE = ""
    """No answer window: the screen is dark but for the caption."""
    YES_NO = "yes_no"
    """Dim Yes and No buttons."""
    NUMBER = "number"
    """A dim button per number from 1 to ``players``."""


@dataclass(frozen=True)
class NightView(View):
    """The night: the public call as a caption, and answer buttons only while asked.

    The buttons show for every game with the asked role, whether or not the card is in play.
    """

    screen: ClassVar[ScreenName] = ScreenName.NIGHT
    caption: str
    answers: AnswerButtons = AnswerButtons.NONE
    players: int = 0
    """The highest number offered when ``answers`` is ``NUMBER`` (0: none)."""


@dataclass(frozen=True)
class DayView(View):
    """The discussion timer."""

    screen: ClassVar[ScreenName] = ScreenName.DAY
    ends_at: float | None
    """When the clock runs out on the device clock (None while paused)."""
    remaining: float
    """Seconds left while paused."""
    paused: bool
    players: int
