"""A sixth game needs its package and one registry entry, and no edit of ``device/``.

"Stars" lives in this file: a tiny session and its ``GameSpec``. Registered (one more entry in
``games.catalog.GAMES``), it is parsed from a scenario, played through the simulator, started
from its home button, entered on the touch keypad and resumed from a checkpoint, all by the
device's own code.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from device.config import Config, load_config
from device.runtime.app import Daemon
from device.runtime.clock import VirtualClock
from device.runtime.executor import Executor, Outputs
from device.runtime.inbox import Inbox
from device.runtime.session import Runtime
from device.runtime.sessions import make_session, session_for_checkpoint
from device.simulator.run import simulate
from device.simulator.scenario import ScenarioError, parse_scenario
from device.simulator.transcript import Transcript
from device.store.database import Store
from device.ui import TouchUI
from device.ui.keypad.entry import Keypad, fields_for, press
from games import catalog
from games.effects import Effect, GamePhase, Phase, Record, Report, Show
from games.errors import EventNotAcceptedError, SetupError
from games.events import (
    Control,
    ControlPressed,
    Event,
    ScoreEntered,
    SeatPressed,
    TagSeen,
    Tick,
    Touched,
)
from games.spec import EntryContext, FieldKind, GameSpec, ScoreField, Settings
from games.views import SheetRow, SheetView

# -- The game: what its package in games/ would hold ---------------------------------------------


class StarsPhase(GamePhase):
    PLAY = "play"
    SCORE = "score"
    FINAL = "final"

    @property
    def scoring(self) -> bool:
        return self is StarsPhase.SCORE


@dataclass(frozen=True)
class StarsSetup:
    players: int
    seed: int = 0
    level: int = 1
    """Each star caught scores ``level`` points."""


@dataclass(frozen=True)
class StarsState:
    setup: StarsSetup
    phase: StarsPhase = StarsPhase.PLAY
    scores: tuple[tuple[int, int], ...] = ()


def stars_setup(block: Mapping[str, Any], settings: Settings) -> StarsSetup:
    players, level = block.get("players", 2), block.get("level", 1)
    for key, value in (("players", players), ("level", level)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise SetupError(f"setup.{key}: expected a whole number >= 1, got {value!r}")
    settings.check_seats(players)
    return StarsSetup(players, int(block.get("seed", 0)), level)


def sheet(state: StarsState) -> SheetView:
    scores = dict(state.scores)
    rows = tuple(
        SheetRow(seat, (str(scores.get(seat, "-")),)) for seat in range(1, state.setup.players + 1)
    )
    return SheetView("Stars", ("Points",), rows, message="", round=1, rounds=1, controls=())


class StarsSession:
    game = "stars"

    def __init__(self, setup: StarsSetup) -> None:
        self.setup = setup

    def start(self, now: float) -> tuple[StarsState, list[Effect]]:
        state = StarsState(self.setup)
        return state, [Phase(StarsPhase.PLAY), Show("sheet", sheet(state))]

    def handle(
        self, state: StarsState, event: Event, now: float
    ) -> tuple[StarsState, list[Effect]]:
        go = isinstance(event, ControlPressed) and event.control is Control.GO
        if go and state.phase is StarsPhase.PLAY:
            state = dataclasses.replace(state, phase=StarsPhase.SCORE)
            return state, [Phase(StarsPhase.SCORE), Show("sheet", sheet(state))]
        if isinstance(event, ScoreEntered) and state.phase is StarsPhase.SCORE:
            return self._enter(state, event)
        if isinstance(event, Tick | SeatPressed | ControlPressed | Touched | TagSeen):
            return state, []
        raise EventNotAcceptedError(f"{type(event).__name__} is not accepted in {state.phase!r}")

    def _enter(self, state: StarsState, event: ScoreEntered) -> tuple[StarsState, list[Effect]]:
        extra: dict[str, Any] = dict(event.extra)
        unknown = sorted(set(extra) - {"stars", "bonus", "penalty"})
        if unknown or event.points is None:
            raise EventNotAcceptedError(f"seat {event.seat}: a Stars entry has points, stars...")
        points = (
            event.points
            + int(extra.get("stars", 0)) * state.setup.level
            + (5 if extra.get("bonus", False) else 0)
            - int(extra.get("penalty", 0))
        )
        scores = tuple(sorted({**dict(state.scores), event.seat: points}.items()))
        state = dataclasses.replace(state, scores=scores)
        if len(scores) < state.setup.players:
            return state, [Show("sheet", sheet(state))]
        state = dataclasses.replace(state, phase=StarsPhase.FINAL)
        totals = dict(scores)
        return state, [
            Phase(StarsPhase.FINAL),
            Record("stars.final", {"totals": totals}),
            Report("final", {"totals": totals}),
            Show("sheet", sheet(state)),
        ]

    def next_deadline(self, state: StarsState) -> float | None:
        return None

    def phase(self, state: StarsState) -> StarsPhase:
        return state.phase

    def to_json(self, state: StarsState) -> dict[str, Any]:
        return {
            "setup": dataclasses.asdict(state.setup),
            "phase": state.phase,
            "scores": [list(item) for item in state.scores],
        }

    def from_json(self, data: Mapping[str, Any]) -> StarsState:
        return StarsState(
            StarsSetup(**data["setup"]),
            StarsPhase(data["phase"]),
            tuple((int(seat), int(points)) for seat, points in data["scores"]),
        )

    def resume(
        self, state: StarsState, saved_at: float, now: float
    ) -> tuple[StarsState, list[Effect]]:
        return state, [Phase(state.phase), Show("sheet", sheet(state))]


def _scored(entry: EntryContext) -> bool:
    """Stars are asked only of a seat that scored points."""
    return entry.values.get("points") != 0


# -- Its one registry entry ---------------------------------------------------------------------

STARS: GameSpec[StarsSetup] = GameSpec(
    "stars",
    "Stars",
    stars_setup,
    StarsSession,
    lambda data: StarsSession(StarsSetup(**data["setup"])),
    setup_keys=frozenset({"players", "seed", "level"}),
    fields=(
        ScoreField("points"),
        ScoreField("stars", prompt="stars caught", default=0, asked=_scored),
        ScoreField("bonus", FieldKind.YES_NO, "reached the comet?", default=False),
        ScoreField("penalty", default=0, keypad=False),
    ),
    home={"players": 2, "level": 3},
)

SCENARIO = {
    "setup": {"game": "stars", "players": 2, "level": 2},
    "events": [
        {"control": "go"},
        {"until": "phase", "is": "score"},
        {"score": {"seat": 1, "points": 4, "stars": 3, "bonus": True}},
        {"score": {"seat": 2, "points": 6, "penalty": 1}},
        {"until": "phase", "is": "final"},
    ],
}


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(catalog, "GAMES", (*catalog.GAMES, STARS))
    yield


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return load_config(
        system_path=None,
        overrides={"narration.backend": "silent", "narration.cache_dir": str(tmp_path / "wav")},
    )


def test_without_its_entry_the_device_knows_no_stars(config: Config) -> None:
    with pytest.raises(ScenarioError, match="setup: unknown key 'level'"):
        parse_scenario(json.dumps(SCENARIO))
    assert fields_for("stars") is None


def test_a_scenario_of_the_new_game_is_read_and_played_to_its_final(
    registered: None, config: Config
) -> None:
    scenario = parse_scenario(json.dumps(SCENARIO))
    assert scenario.events[2].value == {"seat": 1, "points": 4, "stars": 3, "bonus": True}
    entries = simulate(scenario, config).transcript.entries
    assert [e["phase"] for e in entries if "phase" in e] == ["play", "score", "final"]
    assert next(e["final"] for e in entries if "final" in e) == {"totals": {1: 15, 2: 5}}


def test_its_setup_is_checked_with_the_device_settings(registered: None, config: Config) -> None:
    seats = config.hardware.seats
    with pytest.raises(SetupError, match=f"{seats + 1} players: the device has {seats} seats"):
        make_session({"game": "stars", "players": seats + 1}, config)
    with pytest.raises(ScenarioError, match=r"score\.starz: unknown key; did you mean 'stars'"):
        parse_scenario(json.dumps({**SCENARIO, "events": [{"score": {"seat": 1, "starz": 1}}]}))


def test_the_keypad_asks_its_declared_fields(registered: None) -> None:
    fields = fields_for("stars")
    assert fields is not None and [f.name for f in fields] == ["points", "stars", "bonus"]
    pad: Keypad | None = Keypad(fields, 2)
    entries = []
    for action in ("digit:4", "ok", "digit:3", "ok", "pick:yes", "digit:0", "ok", "pick:no"):
        assert pad is not None
        if pad.seat == 1 and pad.index == 1:
            assert pad.view().prompt == "stars caught"
        pad, entry = press(pad, action)
        if entry is not None:
            entries.append(entry)
    assert pad is None  # seat 2 scored nothing: not asked for stars
    assert entries == [
        ScoreEntered(1, 4, (("bonus", True), ("stars", 3))),
        ScoreEntered(2, 0, (("bonus", False),)),
    ]


def test_it_has_a_home_button_and_plays_and_resumes_on_the_daemon(
    registered: None, config: Config, tmp_path: Path
) -> None:
    clock = VirtualClock()
    ui = TouchUI()
    ui.open()
    try:
        outputs = Outputs(transcript=Transcript(clock), screen=ui, now=clock.now)
        runtime = Runtime(clock, Executor(outputs), Store(tmp_path / "m.db"))
        daemon = Daemon(config, clock, runtime, ui, Inbox(wake=ui.wake))
        daemon.home()
        assert ("Stars", "game:Stars") in ui.controls()
        ui.tap("Stars")
        daemon.step()
        assert runtime.session is not None and runtime.session.game == "stars"
        assert getattr(runtime.session, "setup", None) == StarsSetup(players=2, level=3)
        daemon.inbox.put(ControlPressed(Control.GO, clock.now()))
        daemon.step()
        for label in ("Enter scores", "2", "OK", "1", "OK", "No"):
            ui.tap(label)
            daemon.step()
        assert runtime.state.scores == ((1, 5),)  # 2 + 1 star x level 3
        state = runtime.session.to_json(runtime.state)
        resumed = session_for_checkpoint("stars", json.loads(json.dumps(state)))
        assert resumed.from_json(state) == runtime.state
    finally:
        ui.close()
