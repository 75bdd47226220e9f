"""Every registered game resumes in every phase: the games of the resume table
(``test_resume_phases``, with their times, lines and lamps) and, for any other game (the suite's
Stars, a new game), a walk through its phases played right by the fuzz's kind made from its
spec, killed in each phase on the way and resumed from the checkpoint's text."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from session_fuzz_input import Kind, RandomPick
from session_fuzz_kinds import KINDS
from tables import load_cases

from device.runtime.sessions import session_for_checkpoint
from games import catalog
from games.effects import Effect, Finished, Phase, Prepare, Record, Report, Show
from games.events import ControlPressed, Event, LinesReady, SeatPressed, Tick
from games.session import Session

TABLED = {str(case["setup"]["game"]) for case in load_cases("resume_phases")}
"""The games the resume table has cases for."""
WALKED = [kind for kind in KINDS if kind.name in {spec.key for spec in catalog.GAMES} - TABLED]
"""The fuzz's kind of every other registered game."""
LATER = 1000.0
"""How long the device was off."""


def test_every_registered_game_is_resumed_in_the_table_or_by_a_walk() -> None:
    games = {spec.key for spec in catalog.GAMES}
    assert games <= TABLED | {kind.name for kind in WALKED}
    assert "stars" in {kind.name for kind in WALKED}  # the suite's own game, by its spec


class Walk:
    """A game played right by its fuzz kind, its checkpoint text kept at each phase reached."""

    def __init__(self, kind: Kind) -> None:
        self.kind, self.pick = kind, RandomPick(random.Random(1))
        self.session: Session[Any] = kind.build(self.pick)
        self.now = 0.0
        self.saved: dict[str, tuple[str, float, list[Effect]]] = {}
        self.state, effects = self.session.start(self.now)
        self._done(effects)

    def _done(self, effects: list[Effect]) -> None:
        phase = str(self.session.phase(self.state))
        if phase not in self.saved:
            self.saved[phase] = (json.dumps(self.session.to_json(self.state)), self.now, effects)
        for effect in effects:
            if isinstance(effect, Prepare):  # rendered at once
                self.feed(LinesReady((1.5,) * len(effect.lines)))

    def feed(self, event: Event) -> None:
        self.state, effects = self.session.handle(self.state, event, self.now)
        self._done(effects)

    def walk(self, steps: int = 500) -> None:
        """Play right: the kind's next input, else the time the game waits for."""
        for _ in range(steps):
            event = self.kind.forward(self.pick, self.state)
            if isinstance(event, SeatPressed | ControlPressed):
                event = dataclasses.replace(event, at=self.now)
            if event is not None:
                self.feed(event)
                continue
            deadline = self.session.next_deadline(self.state)
            if deadline is None:
                return
            self.now = max(self.now, deadline)
            self.feed(Tick(self.now))


@pytest.mark.parametrize("kind", WALKED, ids=lambda kind: kind.name)
def test_a_game_killed_in_each_phase_resumes_in_it_with_its_time_left(kind: Kind) -> None:
    walk = Walk(kind)
    walk.walk()
    assert set(walk.saved) == set(kind.phases), "the walk did not reach every phase"
    for phase, (text, saved_at, _) in walk.saved.items():
        data = json.loads(text)
        session = session_for_checkpoint(walk.session.game, data)
        loaded = session.from_json(data)
        assert str(session.phase(loaded)) == phase
        assert json.loads(json.dumps(session.to_json(loaded))) == data  # the text round-trips
        for now in (saved_at, saved_at + LATER):
            resumed, effects = session.resume(loaded, saved_at, now)
            assert str(session.phase(resumed)) == phase
            assert [e for e in effects if isinstance(e, Phase)] == [Phase(session.phase(loaded))]
            assert [e for e in effects if isinstance(e, Record | Report | Finished)] == []
            assert [e for e in effects if isinstance(e, Show)], f"{phase}: resume shows nothing"
            before, after = session.next_deadline(loaded), session.next_deadline(resumed)
            assert (after is None) == (before is None), phase
            if before is not None and after is not None:
                assert after - now == pytest.approx(before - saved_at), phase
            if now == saved_at:  # not a moment lost: the very state
                assert json.loads(json.dumps(session.to_json(resumed))) == data
