"""What each view lets the phone page show (``View.public``): declared by the view, typed."""

from __future__ import annotations

import pytest

from games.alieninjas.views import ReplicasView, ScoreRow, ScoresView, SeatTotal
from games.onenight.ballot import VoteMode
from games.onenight.views import DayView, VoteView
from games.public import NOTHING_PUBLIC, Public, PublicSheet
from games.views import EndView, HomeView, SheetRow, SheetView, View

CASES: list[tuple[str, View, Public]] = [
    (
        "a running day: its end and the roles",
        DayView(300.0, 120.0, paused=False, players=5, roles="2 Alien, Cow"),
        Public(clock_ends_at=300.0, roles="2 Alien, Cow"),
    ),
    (
        "a paused day: what is left",
        DayView(None, 61.5, paused=True, players=5),
        Public(clock_left=61.5),
    ),
    (
        "a vote: how many, never for whom",
        VoteView("Vote", 5, (2, 4), VoteMode.GRID, 3, device_target=False, missing=(1, 3, 5)),
        Public(votes=(2, 5)),
    ),
    (
        "an end: its title and lines",
        EndView("Aliens win", ("Ada died.",)),
        Public(result=("Aliens win", "Ada died.")),
    ),
    (
        "a sheet: its columns, rows and message",
        SheetView("Round 1", ("Points",), (SheetRow(1, ("4",)),), "Enter scores", 1, 3, ()),
        Public(sheet=PublicSheet(("Points",), ((1, ("4",)),)), message="Enter scores"),
    ),
    (
        "a mission's scores: last round and total",
        ScoresView("Memory", "memory", 2, 3, 2, (), (ScoreRow(1, 3, 7), ScoreRow(2, 0, 5))),
        Public(sheet=PublicSheet(("Last round", "Total"), ((1, ("3", "7")), (2, ("0", "5"))))),
    ),
    (
        "Replicas: each closed round, then the total",
        ReplicasView(
            3,
            5,
            "A",
            "ready",
            None,
            0.0,
            None,
            (),
            2,
            totals=(SeatTotal(1, 7, (3, 4)), SeatTotal(2, 2, (2, 0))),
        ),
        Public(
            sheet=PublicSheet(("R1", "R2", "Total"), ((1, ("3", "4", "7")), (2, ("2", "0", "2"))))
        ),
    ),
    ("home: nothing", HomeView("Games", ("One Night",)), NOTHING_PUBLIC),
]


@pytest.mark.parametrize(("what", "view", "public"), CASES, ids=[c[0] for c in CASES])
def test_a_view_declares_what_the_phone_may_show(what: str, view: View, public: Public) -> None:
    assert view.public() == public
