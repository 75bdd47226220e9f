"""A case of ``tests/data/resume_phases.toml`` played through its game's real session
(``Play``): every effect kept, its events played as the data file gives them, its pre-rendered
lines timed at ``LINE_SECONDS`` each."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from device.config import default_config
from device.runtime.sessions import make_session
from games.effects import (
    Effect,
    Prepare,
    Show,
)
from games.events import (
    Control,
    ControlPressed,
    Event,
    LinesReady,
    RevealEntered,
    ScoreEntered,
    SeatPressed,
    Tick,
    Touched,
    VoteCast,
    parse_action,
)
from games.onenight import night
from games.onenight.state import OneNightState
from games.scorelog import players
from games.session import Session

CONFIG = default_config()

LINE_SECONDS = 1.5
"""The spoken length the test gives every pre-rendered line."""


class Play:
    """One game driven through its real session, keeping everything it did."""

    def __init__(self, case: Mapping[str, Any]) -> None:
        self.case = case
        setup = dict(case["setup"])
        self.session: Session[Any]
        self.state: Any
        if setup["game"] == "players":
            self.session = players.PlayersSession(tuple(setup["profiles"]), setup["players"])
        else:
            self.session = make_session(setup, CONFIG)
        self.now = 0.0
        self.saved_at = 0.0
        self.log: list[Effect] = []
        self.state, effects = self.session.start(self.now)
        self._done(effects)

    def _done(self, effects: list[Effect]) -> None:
        """Keep the effects of one transition, as the runtime does after checkpointing it."""
        self.saved_at = self.now
        self.log += effects
        for effect in effects:
            if isinstance(effect, Prepare) and not self.case.get("hold_lines", False):
                self.feed(LinesReady((LINE_SECONDS,) * len(effect.lines)))

    def feed(self, event: Event) -> None:
        """Hand ``event`` to the session now."""
        self.state, effects = self.session.handle(self.state, event, self.now)
        self._done(effects)

    def deadline(self) -> float | None:
        """The session's next deadline (None: nothing timed)."""
        return self.session.next_deadline(self.state)

    def tick_once(self) -> None:
        """Move the clock to the next deadline and tick there."""
        deadline = self.deadline()
        assert deadline is not None, f"nothing is timed in phase {self.phase!r}"
        self.now = max(self.now, deadline)
        self.feed(Tick(self.now))

    def tick_due(self) -> None:
        """Tick if a deadline has come."""
        deadline = self.deadline()
        if deadline is not None and deadline <= self.now:
            self.feed(Tick(self.now))

    def run_until(self, done: Callable[[], bool], what: str) -> None:
        """Tick deadline after deadline until ``done`` (``what`` names it if it never comes)."""
        for _ in range(10_000):
            if done():
                return
            self.tick_once()
        raise AssertionError(f"{what} never came")

    @property
    def phase(self) -> str:
        """The game's phase now."""
        return self.session.phase(self.state)

    def one(self, event: Mapping[str, Any]) -> None:
        """Play one event of a case (see the data file for the kinds)."""
        (kind, value), *_ = event.items()
        if kind == "wait":
            end = self.now + float(value)
            while (deadline := self.deadline()) is not None and deadline <= end:
                self.tick_once()
            self.now = end
            return
        if kind == "ticks":
            for _ in range(int(value)):
                self.tick_once()
            return
        if kind == "until":
            self.run_until(lambda: self.phase == value, f"phase {value!r}")
            return
        if kind == "until_step":
            self.run_until(lambda: self._last_step() == value, f"step {value!r}")
            return
        if kind == "until_window":
            self.run_until(lambda: bool(self.state.listening), "an answer window")
            return
        self.feed(_event(kind, value, self.now))
        self.tick_due()

    def _last_step(self) -> str | None:
        if self.phase not in ("dusk", "night") or self.state.cue == 0:
            return None
        state: OneNightState = self.state
        return night.cues(state)[state.cue - 1].step

    @property
    def screen(self) -> Show:
        """The last screen shown."""
        return [effect for effect in self.log if isinstance(effect, Show)][-1]


def _event(kind: str, value: Any, now: float) -> Event:
    if kind == "press":
        return SeatPressed(int(value), now)
    if kind == "control":
        return ControlPressed(Control(value), now)
    if kind == "touch":
        return Touched(parse_action(str(value)))
    if kind == "vote":
        return VoteCast(value["voter"], value["target"])
    if kind == "reveal":
        return RevealEntered(
            value["seat"],
            value["card"],
            value.get("mark"),
            value.get("became"),
            value.get("snatched", False),
        )
    if kind == "score":
        extra = tuple(sorted((k, v) for k, v in value.items() if k not in ("seat", "points")))
        return ScoreEntered(value["seat"], value.get("points"), extra)
    raise AssertionError(f"unknown event kind {kind!r}")


def played(case: Mapping[str, Any]) -> Play:
    """``case`` played to its last event."""
    play = Play(case)
    for event in case.get("events", ()):
        play.one(event)
    return play
