"""Stateful fuzz: a hypothesis state machine per kind of session, fed random input.

Every kind (One Night in each vote mode, each Alieninjas mission, Alienation, Encounters, the
Players screen, and any other registered game from what its spec declares: the suite's Stars)
gets the same machine (``fuzz_machine``): presses on any seat, controls,
the touches its screens offer and garbage ones, score, vote and reveal entries (valid or not),
tags and time jumps past deadlines. ``session_fuzz.Run`` checks every step (only rule errors
escape, a refused event changes nothing, checkpoints round-trip, deadlines move forward).

The suite runs a few hundred sequences, derandomised so CI sees the same ones every time;
``bench/fuzz.py`` runs 10,000 or more and reports them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from benchrun import run_quick
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule, run_state_machine_as_test
from session_fuzz import Crash, Run, swarm
from session_fuzz_input import Kind
from session_fuzz_kinds import KINDS, find_kind

from games import catalog
from games.alienation.rules import AlienationSetup
from games.alienation.session import AlienationSession
from games.effects import Effect, Prepare
from games.errors import EventNotAcceptedError
from games.events import (
    ActionError,
    Control,
    ControlPressed,
    Event,
    LinesReady,
    RevealEntered,
    SeatRole,
    SeatTap,
    Tick,
    Touched,
    VoteCast,
    parse_action,
)
from games.onenight.ballot import VoteMode
from games.onenight.presets import find_preset, preset_roles
from games.onenight.reveal import RevealError
from games.onenight.session import OneNightSession
from games.onenight.setup import OneNightOptions, OneNightSetup
from games.onenight.state import OneNightState
from games.session import Session

T = TypeVar("T")
REACHED: dict[str, set[str]] = {}
"""The phases each kind's sequences reached (to show that they get through whole games)."""
ROOT = Path(__file__).resolve().parents[2]

SETTINGS = settings(
    max_examples=20,
    stateful_step_count=40,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=False,
    suppress_health_check=list(HealthCheck),
)
"""20 sequences of up to 40 actions per kind (after a prefix of right play): 220 in all."""


class DataPick:
    """``session_fuzz_input.Pick`` from hypothesis data, so failures shrink."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def integer(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``."""
        return self.data.draw(st.integers(low, high))

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``."""
        return self.data.draw(st.sampled_from(options))

    def chance(self, percent: int) -> bool:
        """True ``percent`` times in a hundred (shrinks towards True)."""
        return self.data.draw(st.integers(0, 99)) < percent


def fuzz_machine(kind: Kind) -> type[RuleBasedStateMachine]:
    """The state machine that fuzzes sessions of ``kind``.

    One rule draws the next action from the sequence's swarm (``session_fuzz.swarm``), so
    entries and deadlines come often enough for games to reach their end, which hypothesis's
    even choice between rules would rarely allow.
    """

    class Fuzz(RuleBasedStateMachine):
        run: Run
        actions: list[str]

        @initialize(data=st.data())
        def begin(self, data: st.DataObject) -> None:
            pick = DataPick(data)
            self.run = Run(kind, pick)
            self.run.fast_forward(pick)
            self.actions = swarm(pick)

        @rule(data=st.data())
        def act(self, data: st.DataObject) -> None:
            pick = DataPick(data)
            self.run.act(pick, pick.choice(self.actions))

        def teardown(self) -> None:
            if hasattr(self, "run"):
                REACHED.setdefault(kind.name, set()).update(self.run.phases)

    Fuzz.__name__ = Fuzz.__qualname__ = f"Fuzz_{kind.name.replace('-', '_')}"
    return Fuzz


@pytest.mark.parametrize("name", [kind.name for kind in KINDS])
def test_random_input_never_breaks_a_session(name: str) -> None:
    kind = find_kind(name)
    run_state_machine_as_test(fuzz_machine(kind), settings=SETTINGS)
    assert set(kind.phases) <= REACHED[name]  # the fuzz got into every phase


def test_every_registered_game_is_fuzzed() -> None:
    fuzzed = {kind.name.split("-")[0] for kind in KINDS}
    assert {spec.key for spec in catalog.GAMES} <= fuzzed
    assert "stars" in fuzzed  # the suite's own game, by its spec (session_fuzz_generic)


def test_the_bench_runs_in_quick_mode() -> None:
    out = run_quick("fuzz")
    assert "crashes" in out and "alienation" in out


# -- the checks can fail ---------------------------------------------------------------------


class Broken:
    """A real session with one fault put in (``fault``), to show the fuzz catches it."""

    def __init__(self, inner: Session[Any], fault: str) -> None:
        self.inner, self.fault = inner, fault
        self.game = inner.game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def handle(self, state: Any, event: Event, now: float) -> tuple[Any, list[Effect]]:
        if self.fault == "crash":
            raise IndexError("tuple index out of range")
        if self.fault == "refuse after changing":
            object.__setattr__(state, "message", state.message + "!")  # in place, then refuse
            raise EventNotAcceptedError(f"{event!r} refused")
        return self.inner.handle(state, event, now)

    def next_deadline(self, state: Any) -> float | None:
        if self.fault == "deadline in the past":
            return 0.0
        return self.inner.next_deadline(state)

    def to_json(self, state: Any) -> dict[str, Any]:
        data = self.inner.to_json(state)
        if self.fault == "int keys":
            data["rounds"] = {1: data["rounds"]}
        if self.fault == "lossy":
            data["round"] += 1
        return data


@pytest.mark.parametrize(
    ("fault", "problem"),
    [
        ("crash", "IndexError: tuple index out of range"),
        ("refuse after changing", "a refused event changed the state"),
        ("deadline in the past", "after a Tick at"),
        ("int keys", "to_json is not plain JSON: state.rounds has the key 1, not a string"),
        ("lossy", "the checkpoint does not round-trip"),
    ],
)
def test_the_fuzz_catches_a_broken_session(fault: str, problem: str) -> None:
    kind = find_kind("alienation")
    broken = dataclasses.replace(
        kind,
        build=lambda pick: Broken(kind.build(pick), fault),
    )
    quick = settings(SETTINGS, max_examples=10, phases=[Phase.generate])  # no shrinking
    with pytest.raises(Crash) as caught:
        run_state_machine_as_test(fuzz_machine(broken), settings=quick)
    assert problem in caught.value.problem


# -- what the fuzz found: each input once escaped ``handle`` as a bug ---------------------------


def onenight_at(phase: str, mode: str) -> tuple[OneNightSession, OneNightState]:
    """A 4-player Basic game in ``vote`` (the night and day passed) or ``reveal`` (all voted)."""
    setup = OneNightSetup(
        4, preset_roles(find_preset("basic"), 4), 7, OneNightOptions(vote_mode=VoteMode(mode))
    )
    session = OneNightSession(setup)
    state, _ = session.start(0.0)
    state, effects = session.handle(state, ControlPressed(Control.GO, 0.0), 0.0)
    lines = next(effect for effect in effects if isinstance(effect, Prepare)).lines
    state, _ = session.handle(state, LinesReady(tuple(0.0 for _ in lines)), 0.0)
    state, _ = session.handle(state, Tick(10_000.0), 10_000.0)  # the whole night and day
    if phase == "reveal":
        for voter in range(1, 5):
            state, _ = session.handle(state, VoteCast(voter, voter % 4 + 1), 10_000.0)
    assert state.phase == phase
    return session, state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # '²'.isdigit() is true, but int('²') raised ValueError
        ("voter:²", "no action 'voter:²': a voter takes a seat number"),
        ("target:²", "no action 'target:²': a target takes a seat number"),
        ("seat:²", "no action 'seat:²': a seat takes a seat number"),
        ("first:x", "no action 'first:x': a first takes a seat number"),
        ("friendliest:²", "no action 'friendliest:²': a friendliest takes a seat number"),
        ("answer:²", "no action 'answer:²': an answer is yes, no or a number"),
        ("answer:", "no action 'answer:': an answer is yes, no or a number"),
        ("clsoe", "no action 'clsoe' (did you mean 'close'?)"),
    ],
)
def test_text_naming_no_action_is_refused_where_it_comes_in(text: str, message: str) -> None:
    # A session only ever sees typed taps: a seat that is no number cannot reach it.
    with pytest.raises(ActionError) as error:
        parse_action(text)
    assert str(error.value) == message


def test_a_vote_tap_of_another_screen_changes_nothing() -> None:
    session, state = onenight_at("vote", "grid")
    assert session.handle(state, Touched(SeatTap(SeatRole.FIRST, 2)), 10_000.0) == (state, [])


def test_a_reveal_tap_of_another_kind_keeps_the_seat() -> None:
    session, state = onenight_at("reveal", "secret")
    state, _ = session.handle(state, Touched(SeatTap(SeatRole.SEAT, 2)), 10_000.0)
    state, _ = session.handle(state, Touched(SeatTap(SeatRole.VOTER, 3)), 10_000.0)
    assert state.draft is not None and state.draft.seat == 2


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("card", ["seer"], "seat 1: card must be a name, got ['seer']"),
        ("mark", {"mark": "fear"}, "seat 1: mark must be a name, got {'mark': 'fear'}"),
        ("became", ["alien"], "seat 1: became must be a name, got ['alien']"),
        ("card", 3, "seat 1: card must be a name, got 3"),
    ],
)
def test_a_reveal_entry_that_names_nothing_is_refused(
    field: str, value: object, message: str
) -> None:
    session, state = onenight_at("reveal", "secret")
    # A wrong type on purpose, as a broken scenario or page could send it.
    entry = dataclasses.replace(RevealEntered(1, "seer"), **{field: value})  # type: ignore[arg-type]
    with pytest.raises(RevealError) as error:
        session.handle(state, entry, 10_000.0)
    assert str(error.value) == message


def test_an_alienation_friendliest_tap_outside_the_table_is_refused() -> None:
    session = AlienationSession(AlienationSetup(3, 5, "table"))
    state, _ = session.start(0.0)
    assert state.phase == "friendliest"
    with pytest.raises(EventNotAcceptedError) as error:
        session.handle(state, Touched(SeatTap(SeatRole.FRIENDLIEST, 4)), 1.0)
    assert str(error.value) == "seat 4 cannot be the friendliest player: the seats are 1 to 3"
