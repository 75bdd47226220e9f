"""A driver for Alieninjas session tests: a session and its state, fed events at chosen times."""

from __future__ import annotations

from typing import Any

from games.alieninjas.session import AlieninjasSession
from games.alieninjas.setup import AlieninjasOptions, AlieninjasSetup
from games.effects import Effect
from games.events import Control, ControlPressed, Event, ScoreEntered, SeatPressed, Tick


class Game:
    """A session and its state, fed events at chosen times."""

    def __init__(self, players: int = 3, mission: str = "replicas", **options: Any) -> None:
        opts = AlieninjasOptions(**options)
        self.session = AlieninjasSession(AlieninjasSetup(mission, players, 7, opts))
        self.state, self.effects = self.session.start(0.0)
        self.log: list[Effect] = list(self.effects)

    def feed(self, event: Event, now: float) -> list[Effect]:
        self.state, self.effects = self.session.handle(self.state, event, now)
        self.log += self.effects
        return self.effects

    def tick(self, now: float) -> list[Effect]:
        return self.feed(Tick(now), now)

    def go(self, now: float) -> None:
        self.feed(ControlPressed(Control.GO, now), now)
        self.tick(now + 3.0)
        assert self.phase == "round"

    def press(self, seat: int, at: float, now: float | None = None) -> list[Effect]:
        return self.feed(SeatPressed(seat, at), at if now is None else now)

    def control(self, name: str, now: float) -> list[Effect]:
        return self.feed(ControlPressed(Control(name), now), now)

    def score(self, seat: int, points: int, now: float = 50.0, **extra: Any) -> list[Effect]:
        return self.feed(ScoreEntered(seat, points, tuple(sorted(extra.items()))), now)

    @property
    def phase(self) -> str:
        return self.session.phase(self.state)
