"""Headless pygame for the UI tests: dummy video, silent fast audio, no banner."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from games.events import Tap

# `pytest` (unlike `python -m pytest`) does not put the project root on sys.path.
_ROOT = str(Path(__file__).resolve().parents[3])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from device.headless import headless_env  # noqa: E402

# Set before pygame is imported anywhere in this run, so SDL reads them at init.
os.environ.update(headless_env())  # sound goes into a FIFO that a drainer throws away

import pytest  # noqa: E402

from device.runtime.home import home_view  # noqa: E402
from device.ui import TouchUI  # noqa: E402
from device.ui.actions import Valued  # noqa: E402
from games.alieninjas.views import ReplicasView, ScoreRow, ScoresView  # noqa: E402
from games.events import ValueTap  # noqa: E402
from games.onenight.ballot import VoteMode  # noqa: E402
from games.onenight.lobby import Lobby  # noqa: E402
from games.onenight.views import (  # noqa: E402
    DayView,
    NightView,
    RevealChoice,
    RevealView,
    TallyView,
    VoteView,
)
from games.scorelog.views import (  # noqa: E402
    BgStatsView,
    HistoryPoint,
    HistoryView,
    PlayRow,
    PlaysView,
    TotalsLine,
    TotalsView,
    WhoView,
    WinsBar,
    WinsView,
)
from games.views import (  # noqa: E402
    EndView,
    KeyboardView,
    KeypadView,
    MessageView,
    PlayersView,
    ScreenName,
    SeatName,
    SheetButton,
    SheetRow,
    SheetView,
    TableView,
    View,
)

VIEWS: dict[str, View] = {
    "keypad": KeypadView(
        seat=2, players=4, field="points", kind="number", typed="12", done=(), prompt="points"
    ),
    "table": TableView(title="Replicas", players=3, fewest=2, most=6),
    "home": home_view(),  # every registered game's button (Stars' too), Players, Scores
    # The setup view is the lobby's own, so these tests also hold the two to one contract.
    "setup": Lobby().apply_preset("alien_first_game").seat_checked_in(2).seat_checked_in(4).view(),
    "night": NightView(),
    "day": DayView(ends_at=100.0, remaining=0.0, paused=False, players=7),
    "vote": VoteView(
        message="Everyone point at who you think is an alien.",
        voted=(1, 3, 4),
        players=7,
        mode=VoteMode.SECRET,
        voter=None,
        device_target=False,
        missing=(2, 5, 6, 7),
    ),
    "tally": TallyView(
        players=5,
        tally=tuple(enumerate([0, 3, 1, 1, 0], 1)),
        deaths=(2,),
        message="Seat 2 has the most votes and dies.",
        pointed=((1, (2,)), (2, (3,)), (3, (2,)), (4, (2,)), (5, (4,))),
    ),
    "reveal": RevealView(
        players=5,
        seat=2,
        revealed=(1,),
        cards=(RevealChoice("alien", "Alien"), RevealChoice("cow", "Cow")),
        marks=(),
        card="cow",
        mark=None,
        became=None,
        alien_choices=True,
        snatched=False,
        snatch_choices=False,
        copy_choices=(),
    ),
    "end": EndView(
        title="The village wins!",
        lines=("Seat 3 (Alien) died.", "Winners: 1, 2, 4, 5, 6, 7"),
    ),
    "message": MessageView(title="No audio device", lines=("Narration is shown as captions.",)),
    "replicas": ReplicasView(
        round=2,
        rounds=3,
        map="B",
        stage="check",
        started_at=None,
        elapsed=41.5,
        buzzed=3,
        out=(1,),
        players=4,
    ),
    "scores": ScoresView(
        title="Round 2 - enter the scores",
        mission="memory",
        round=2,
        rounds=3,
        players=3,
        entered=(2,),
        rows=tuple(ScoreRow(s, s + 1, 2 * s) for s in (1, 2, 3)),
    ),
    "sheet": SheetView(
        title="Alienation: round 2 of 3",
        columns=("R1", "R2", "R3", "Sun", "Total"),
        rows=tuple(
            SheetRow(s, (str(9 + s), "-", "", str(s), str(9 + s)), s == 2) for s in (1, 2, 3)
        ),
        message="Waiting for players 1 and 3",
        round=2,
        rounds=10,
        controls=(SheetButton("Undo", Tap.UNDO), SheetButton("Home", Tap.HOME, primary=True)),
    ),
    "wins": WinsView(
        title="Wins - 9 plays",
        bars=(WinsBar("Ada", 4, 7), WinsBar("Ben", 3, 9), WinsBar("Cleo", 0, 2)),
    ),
    "totals": TotalsView(
        title="Alienation, 3 May 2025",
        lines=(
            TotalsLine("Ada", (3, 5, 11)),
            TotalsLine("Ben", (4, 4, 9)),
            TotalsLine("Cleo", (-1, 2, 12)),
        ),
    ),
    "history": HistoryView(
        title="Ada's scores",
        player="Ada",
        points=(
            HistoryPoint("1 May", 12, False),
            HistoryPoint("3 May", None, True),
            HistoryPoint("9 May", 21, True),
        ),
    ),
    "players": PlayersView(
        title="Players",
        names=("Cleo", "Ada", "Ben"),
        picked="Ada",
        seats=(SeatName(1, "Ben"),),
        message="Ada: press your seat button",
    ),
    "keyboard": KeyboardView(title="New player", text="ADA", most=16, message=""),
    "bgstats": BgStatsView("One Night", ("1 Feb 2025",), "https://x.example/"),
    "plays": PlaysView(
        title="Plays",
        rows=(PlayRow("1 Feb 2025 One Night", ValueTap(Valued.LOG_PLAY, "1")),),
        footer="1 play",
        older=False,
        newer=False,
    ),
    "who": WhoView("Who played?", "Seat 2", ("Ada", "Ben")),
}


assert set(VIEWS) == set(ScreenName), "every screen needs a sample view"


@pytest.fixture
def views() -> dict[str, Any]:
    """A valid sample view for every screen (frozen: edit one with ``dataclasses.replace``)."""
    return dict(VIEWS)


@pytest.fixture
def ui() -> Iterator[TouchUI]:
    """An open 800x480 TouchUI on the dummy video driver, closed afterwards."""
    touch_ui = TouchUI()
    touch_ui.open()
    try:
        yield touch_ui
    finally:
        touch_ui.close()
