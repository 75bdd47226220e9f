"""One Night's views: what its screens show, built by the session and checked when built.

Secrecy lives in what these hold: the vote view has counts and voted seats, never who voted for
whom; the night view has only the public call.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar

from games.onenight.ballot import VoteMode
from games.public import Public
from games.views import DEVICE_SEAT, MAX_SEATS, Checked, ScreenName, SeatName, View, ViewError


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
    """The voter being entered: picked (grid), called (called) or identified by their own seat
    (secret); everyone saw that press, so it is public."""
    device_target: bool
    """A ripple lets the device be voted for (grid mode shows it as a target)."""
    missing: tuple[int, ...]
    """Seats still to vote."""
    seat_names: tuple[SeatName, ...] = ()
    """The names linked to seats (the device fills them): the ring and the call say them."""
    refused: bool = False
    """The message refuses a vote ("You cannot vote for yourself"): drawn as a refusal."""
    voter_cast: int = 0
    """How many of the voter's votes are in (a ripple's two-hand voter has cast one)."""
    voter_hands: int = 1

    def public(self) -> Public:
        """How many have voted, never for whom."""
        return Public(votes=(len(self.voted), self.players))
    """How many votes the voter casts (2 for a ripple's two-hand voter)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.players_in_range(self.players)
        if not (0 <= self.voter_cast <= self.voter_hands and 1 <= self.voter_hands <= 2):
            raise ViewError(
                f"VoteView.voter_cast: {self.voter_cast} of {self.voter_hands} votes"
                " (a voter casts 1 or 2 votes, and no more than that)"
            )
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
    pointed: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(voter, targets) for every seat that voted, as the table pointed: public once every
    vote is in, and what the Hunter's and the Mortician's rules read."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.players_in_range(self.players)
        self.seats_in_range("pointed", (voter for voter, _ in self.pointed), self.players)
        for _, targets in self.pointed:
            self.seats_in_range("pointed", targets, self.players, DEVICE_SEAT)
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
    """The night: dark, with answer buttons only while asked (the device adds the public call
    just said as a caption).

    The buttons show for every game with the asked role, whether or not the card is in play.
    """

    screen: ClassVar[ScreenName] = ScreenName.NIGHT
    answers: AnswerButtons = AnswerButtons.NONE
    players: int = 0
    """The highest number offered when ``answers`` is ``NUMBER`` (0: none)."""
    taken: bool = False
    """An answer is in: one sign, the same whatever the answer (the last one counts)."""


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
    roles: str = ""
    """The roles in play, as the table reads them ("2 Alien, Cow, Psychic")."""

    def public(self) -> Public:
        """The clock (running or paused) and the roles in play."""
        if self.paused:
            return Public(clock_left=self.remaining, roles=self.roles)
        return Public(clock_ends_at=self.ends_at, roles=self.roles)


@dataclass(frozen=True)
class PresetChoice(Checked):
    """A preset the setup screen offers: its key and its name."""

    key: str
    name: str


@dataclass(frozen=True)
class RoleTab(Checked):
    """One role tab (a box): its key, its label and how many chosen cards are on it."""

    key: str
    name: str
    count: int


@dataclass(frozen=True)
class RoleChip(Checked):
    """One role chip of the shown tab: how many of it are chosen, of how many in the box."""

    role: str
    """The role's scenario name (what a tap on the chip toggles)."""
    name: str
    count: int
    copies: int


@dataclass(frozen=True)
class SetupView(View):
    """One Night's setup (the lobby): players, check-ins, presets and role chips by tab."""

    screen: ClassVar[ScreenName] = ScreenName.SETUP
    game: str
    players: int
    preset: str
    """The active preset's key ("" for none)."""
    presets: tuple[PresetChoice, ...]
    """The shown tab's presets only: all of them would not fit one row."""
    tab: str
    tabs: tuple[RoleTab, ...]
    chips: tuple[RoleChip, ...]
    """The shown tab's roles."""
    roles: tuple[str, ...]
    """The chosen cards' names."""
    added: tuple[str, ...]
    """The cards the active preset added for this table."""
    status: str
    playable: bool
    notice: str
    seated: tuple[int, ...]
    """The seats checked in."""
    preparing: bool = False
    """The night's lines are being prepared: nothing can change (the device shows how far)."""
    pace: str = ""
    """The Options' values in words: seconds per role, discussion, vote mode."""
    deal: str = ""
    """What the table deals besides the cards: a Vampire game's Marks ("" for none)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.seats_in_range("seated", self.seated, MAX_SEATS)

    def public(self) -> Public:
        """The Options in words."""
        return Public(pace=self.pace)


BECAME = ("alien", "alien_helper")
"""What an app directive can have made a player (the reveal's ``became``)."""
PI_SIGHTS = ("werewolf", "tanner")
"""What the Paranormal Investigator's sight can make of the player who started as him."""
COPIED_NOTHING = "nothing"
"""The picker's value for a Doppelganger or Copycat card that copied nothing (it started in the
centre, 1.3): said on purpose, unlike no choice yet; recorded as no copy."""


@dataclass(frozen=True)
class RevealChoice(Checked):
    """One choice the reveal screen offers: its value and the name it shows."""

    value: str
    name: str


@dataclass(frozen=True)
class RevealView(View):
    """The reveal: the seat being entered, what is chosen for it so far, and the choices.

    Built by ``games.onenight.reveal.reveal_view``; every choice offered is one in play, and
    every chosen value is one of the choices offered.
    """

    screen: ClassVar[ScreenName] = ScreenName.REVEAL
    players: int
    seat: int
    """The seat being entered."""
    revealed: tuple[int, ...]
    """The seats whose card is in."""
    cards: tuple[RevealChoice, ...]
    """The roles in play, by scenario name."""
    marks: tuple[RevealChoice, ...]
    """The Marks (empty without Marks in play)."""
    card: str | None
    mark: str | None
    became: str | None
    """None, one of ``BECAME``; or for a copier card one of ``copy_choices`` or
    ``COPIED_NOTHING``; or one of ``PI_SIGHTS`` when they are offered."""
    alien_choices: bool
    """Offer "Became alien" and "Became alien helper" (an app directive could have)."""
    snatched: bool
    snatch_choices: bool
    """Offer the Snatched chip (a Body Snatcher is in play)."""
    copy_choices: tuple[RevealChoice, ...]
    """The roles the chosen Doppelganger or Copycat card can have copied (empty otherwise)."""
    artifacts: tuple[RevealChoice, ...] = ()
    """The game's Artifacts (empty without a Curator)."""
    artifact: str | None = None
    sight_choices: bool = False
    """Offer the Paranormal Investigator's sights as ``became``."""
    team_choices: tuple[str, ...] = ()
    """The teams a Nostradamus card (or a copier card that copied him) can have foreseen
    ("werewolf_team"...), then the cards with a win of their own he can have stopped on
    ("tanner"...), else empty."""
    foresaw: str | None = None
    """The team (or card) chosen of ``team_choices``."""
    shielded: bool = False
    shield_choices: bool = False
    """Offer the Shielded chip (a Sentinel is in play)."""

    seat_names: tuple[SeatName, ...] = ()
    """The names linked to seats (the device fills them): the seat being entered is named."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.players_in_range(self.players)
        self.seats_in_range("seat", (self.seat,), self.players)
        self.seats_in_range("revealed", self.revealed, self.players)
        self._one_of("card", self.card, self.cards, "one of the cards in play")
        self._one_of("mark", self.mark, self.marks, "one of the Marks in play")
        self._one_of("artifact", self.artifact, self.artifacts, "one of the Artifacts in play")
        if self.copy_choices and self.card is None:
            raise ViewError("RevealView.copy_choices need a card chosen, got card None")
        copied = (
            {c.value for c in self.copy_choices} | {COPIED_NOTHING} if self.copy_choices else set()
        )
        if self.sight_choices and not self.copy_choices:
            copied = set(PI_SIGHTS)
        if self.foresaw is not None and self.foresaw not in self.team_choices:
            raise ViewError(f"RevealView.foresaw must be one of team_choices, got {self.foresaw!r}")
        if self.shielded and not self.shield_choices:
            raise ViewError("RevealView.shielded needs shield_choices")
        if self.became not in (None, *BECAME) and self.became not in copied:
            kinds = (
                "None, 'alien', 'alien_helper', 'nothing' or one of copy_choices"
                if self.copy_choices
                else "None, 'alien' or 'alien_helper'"
            )
            raise ViewError(f"RevealView.became must be {kinds}, got {self.became!r}")

    def _one_of(
        self, field: str, value: str | None, choices: tuple[RevealChoice, ...], kind: str
    ) -> None:
        if value is not None and value not in {c.value for c in choices}:
            raise ViewError(f"RevealView.{field} must be {kind}, got {value!r}")
