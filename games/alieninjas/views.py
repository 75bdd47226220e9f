"""Alieninjas' views: the Replicas round clock and a mission's score table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.public import Public, PublicSheet
from games.views import Checked, ScreenName, SeatName, View, ViewError

REPLICAS_STAGES = ("ready", "countdown", "round", "check", "score")
"""The phases the Replicas screen shows (the final goes on the end screen)."""


@dataclass(frozen=True)
class SeatTotal(Checked):
    """A seat's running total."""

    seat: int
    total: int
    rounds: tuple[int, ...] = ()
    """The seat's points in each closed round, in order (they add up to ``total``)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.rounds and sum(self.rounds) != self.total:
            raise ViewError(f"SeatTotal: rounds {self.rounds} do not add up to {self.total}")


@dataclass(frozen=True)
class ReplicasView(View):
    """The round clock, the Map side, who buzzed and who is out."""

    screen: ClassVar[ScreenName] = ScreenName.REPLICAS
    round: int
    rounds: int
    map: str
    """The Map side in play (``A`` or ``B``)."""
    stage: str
    """The phase: one of ``REPLICAS_STAGES``."""
    started_at: float | None
    """When the clock last started on the device clock (None: stopped)."""
    elapsed: float
    """Seconds of play counted before ``started_at``."""
    buzzed: int | None
    """The seat whose call is being checked."""
    out: tuple[int, ...]
    """Seats that called wrongly this round."""
    players: int
    totals: tuple[SeatTotal, ...] = ()
    """Each seat's running total after every closed round."""
    seat_names: tuple[SeatName, ...] = ()
    """The players' names linked to seats, for who buzzed (the device adds them)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.stage not in REPLICAS_STAGES:
            stages = ", ".join(REPLICAS_STAGES)
            raise ViewError(f"ReplicasView.stage must be one of {stages}, got {self.stage!r}")
        self.players_in_range(self.players)
        self.seats_in_range("buzzed", () if self.buzzed is None else (self.buzzed,), self.players)
        self.seats_in_range("out", self.out, self.players)
        self.seats_in_range("totals", (row.seat for row in self.totals), self.players)

    def public(self) -> Public:
        """Each closed round's points, then the total: the round table the device shows."""
        played = max((len(total.rounds) for total in self.totals), default=0)
        columns = (*(f"R{n}" for n in range(1, played + 1)), "Total")
        rows = tuple(
            (total.seat, (*(str(p) for p in total.rounds), str(total.total)))
            for total in self.totals
        )
        return Public(sheet=PublicSheet(columns, rows))


@dataclass(frozen=True)
class ScoreRow(Checked):
    """One seat's line on the score table."""

    seat: int
    last: int
    """Points in the last closed round (0 before any)."""
    total: int
    """Total of the closed rounds."""
    entered_points: int | None = None
    """This round's points, once entered."""


@dataclass(frozen=True)
class ScoresView(View):
    """A mission's score table: totals so far, the last round, and who has entered."""

    screen: ClassVar[ScreenName] = ScreenName.SCORES
    title: str
    mission: str
    round: int
    rounds: int
    players: int
    entered: tuple[int, ...]
    """Seats whose entry for this round is in."""
    rows: tuple[ScoreRow, ...]
    grabbed: int | None = None
    """Speed grab mode: who grabbed the stack last (until the grab re-arms)."""
    starter: int | None = None
    """Who started this round, as the rules name them (None: the table chose)."""
    marked: int | None = None
    """Who starts the next round, once an entry says so."""
    seat_names: tuple[SeatName, ...] = ()
    """The players' names linked to seats, for the rows' labels (the device adds them)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.players_in_range(self.players)
        seats = [*self.entered, *(row.seat for row in self.rows)]
        seats += [s for s in (self.grabbed, self.starter, self.marked) if s is not None]
        self.seats_in_range("seats", seats, self.players)

    def public(self) -> Public:
        """The score table: the last round and the total of each seat."""
        rows = tuple((row.seat, (str(row.last), str(row.total))) for row in self.rows)
        return Public(sheet=PublicSheet(("Last round", "Total"), rows))
