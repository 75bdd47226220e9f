"""Session fuzzing: random input for a session, and what every transition must keep.

Shared by ``tests/games/test_fuzz_sessions.py`` (a hypothesis state machine per kind, a few
hundred sequences) and ``bench/fuzz.py`` (10,000 or more sequences from a seeded
``random.Random``). Both draw through ``Pick``, so one generator serves both. What is fed is in
``session_fuzz_input``; the kinds of session (how each is set up, and what its screens and
entries offer) are in ``session_fuzz_kinds``.

A ``Run`` plays one session as the device would (``LinesReady`` answers every ``Prepare``; a due
deadline gets its ``Tick``; ``Finished`` sends the table home and a new game of the same setup
begins) and checks, after every event:

- only rule errors (``RulesError``) escape ``handle``;
- a refused event changes nothing (the state's JSON is the same before and after);
- the checkpoint round-trips: ``to_json`` is plain JSON (string keys, no NaN or infinity) and
  ``from_json(json.loads(json.dumps(data)))`` equals the state;
- deadlines move forward: a deadline is a finite number, and after a ``Tick`` at ``now`` the next
  one is None or later than ``now`` (so the session never asks twice for a tick in the past);
- every record and report can be stored (strict JSON, as the store writes them);
- no transition takes longer than ``STEP_SECONDS`` (a deadline loop that never ends is a hang).

A failed check raises ``Crash``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import random
import signal
import threading
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from session_fuzz_input import Kind, Pick, RandomPick, any_entry, garbage_action, seat

from games.effects import Effect, Finished, Prepare, Record, Report
from games.errors import RulesError
from games.events import (
    Control,
    ControlPressed,
    Event,
    LinesReady,
    SeatPressed,
    TagSeen,
    Tick,
    Touched,
    parse_action,
)
from games.session import Session

START = 1000.0
"""The device clock when a run begins (a realistic monotonic time, not 0)."""
STEP_SECONDS = 10.0
"""A transition taking longer than this is a hang."""
GAMES_DIR = Path(__file__).resolve().parents[1] / "games"


class Crash(AssertionError):
    """A session broke one of the fuzz's rules; ``signature`` names the bug, not the run."""

    def __init__(self, kind: str, problem: str, signature: str, history: Sequence[str]) -> None:
        self.kind = kind
        self.problem = problem
        self.signature = signature
        self.history = tuple(history)
        steps = "\n".join(f"  {line}" for line in self.history[-40:])
        super().__init__(f"{kind}: {problem}\nlast steps (newest last):\n{steps}")


# -- checks ----------------------------------------------------------------------------------


def plain_json_problem(data: object) -> str:
    """Why ``data`` is not plain JSON ("" when it is): JSON types only, string keys, finite."""
    # Paths are kept as (parent, key) links and spelled out only for a problem: it runs often.
    stack: list[tuple[Any, Any]] = [(None, data)]
    while stack:
        path, value = stack.pop()
        kind = type(value)
        if kind is str or kind is int or kind is bool or value is None:
            continue
        if kind is float:
            if not math.isfinite(value):
                return f"{_path(path)} is {value!r}"
        elif kind is dict:
            for key, item in value.items():
                if type(key) is not str:
                    return f"{_path(path)} has the key {key!r}, not a string"
                stack.append(((path, key), item))
        elif kind is list or kind is tuple:
            stack.extend(((path, index), item) for index, item in enumerate(value))
        else:
            return f"{_path(path)} is a {kind.__name__}: {value!r}"
    return ""


def _path(path: Any) -> str:
    keys = []
    while path is not None:
        path, key = path
        keys.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return "state" + "".join(reversed(keys))


def _where(error: BaseException) -> str:
    """The innermost line of the game code an exception came from, as ``file:line``."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if Path(f.filename).resolve().is_relative_to(GAMES_DIR)]
    chosen = ours or list(frames)
    if not chosen:
        return "?"
    frame = chosen[-1]
    path = Path(frame.filename).resolve()
    shown = path.relative_to(GAMES_DIR.parent) if path.is_relative_to(GAMES_DIR.parent) else path
    return f"{shown}:{frame.lineno}"


class Hang(Exception):
    """A transition ran past ``STEP_SECONDS``."""


@contextlib.contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Raise ``Hang`` in the main thread if the block runs longer than ``seconds``."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGALRM"):
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise Hang(f"no answer after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- a run -----------------------------------------------------------------------------------

WEIGHTS: dict[str, int] = {
    "press": 12,
    "control": 10,
    "touch": 16,
    "late touch": 3,
    "garbage": 4,
    "tag": 2,
    "entry": 24,
    "foreign": 3,
    "wait": 8,
    "deadline": 14,
    "tick": 2,
    "forward": 20,
}
"""What a run can do next (``Run.act``), and how often: enough entries and deadlines to get
games to their end."""
ACTIONS = tuple(WEIGHTS)


def swarm(pick: Pick) -> list[str]:
    """The actions of one sequence, each repeated by its weight: each action is left out of a
    sequence one time in five (swarm testing), so some play only presses, some never wait..."""
    kept = [action for action in ACTIONS if pick.chance(80)] or ["entry"]
    return [action for action in kept for _ in range(WEIGHTS[action])]


WAITS = (0.0, 0.001, 0.019, 0.021, 0.5, 1.0, 2.9, 3.0, 10.0, 59.0, 60.0, 300.0, 3600.0, 1e6)


class Run:
    """One session, played through random input as the device plays it, checked at every step."""

    def __init__(self, kind: Kind, pick: Pick) -> None:
        self.kind = kind
        self.session = kind.build(pick)
        self.now = START + pick.integer(0, 10**6) / 1000
        self.line_seconds = pick.choice((0.0, 0.4, 1.7, 4.0))
        self.history: list[str] = [f"setup: {_describe_setup(self.session)}"]
        self.events = 0
        self.refused = 0
        self.games = 1
        self.phases: set[str] = set()
        self.checkpoint = ""
        with self._guard("start"):
            self.state, effects = self.session.start(self.now)
        self._accepted(None, effects)

    # -- driving --

    def act(self, pick: Pick, action: str) -> None:
        """Do one of ``ACTIONS``, drawing its details from ``pick``."""
        players = self.kind.players(self.state)
        if action == "press":
            edge = self.now - pick.choice((0.0, 0.0001, 0.004, 0.5, -0.001))  # -: a clock skew
            self.feed(SeatPressed(seat(pick, players), edge))
        elif action == "control":
            self.feed(ControlPressed(pick.choice(list(Control)), self.now))
        elif action in ("touch", "late touch"):
            screens = self.kind.touches(self.state)
            offered = screens.get(self.session.phase(self.state), ())
            if action == "late touch" or not offered:  # a tap on a screen that has just gone
                offered = pick.choice(list(screens.values()))
            self.feed(Touched(parse_action(pick.choice(offered))))
        elif action == "garbage":
            self.feed(Touched(garbage_action(pick)))
        elif action == "tag":
            uid = pick.choice(("04A1B2C3D4E5F6", "0000", "", "\x07BEL", "DEADBEEF"))
            self.feed(TagSeen(uid, self.now))
        elif action == "entry":
            self.feed(self.kind.entry(pick, self.state))
        elif action == "forward":
            self.forward(pick)
        elif action == "foreign":
            self.feed(any_entry(pick, players))
        elif action == "wait":
            self.wait(pick.choice(WAITS) if pick.chance(70) else pick.integer(0, 10**6) / 1000)
            if pick.chance(90):
                self.tick_if_due()
        elif action == "deadline":
            deadline = self.session.next_deadline(self.state)
            if deadline is not None:
                self.wait(max(0.0, deadline - self.now) + pick.choice((0.0, 0.0, 1e-6, 0.5)))
                self.tick_if_due()
        elif action == "tick":
            self.feed(Tick(self.now))  # a tick with nothing due must do nothing harmful
        else:
            raise ValueError(f"unknown action {action!r}; actions: {', '.join(ACTIONS)}")

    def fast_forward(self, pick: Pick, most: int = 300) -> None:
        """Play right until a phase drawn from the kind's, so the fuzz starts anywhere in a game
        (a sequence of random input alone seldom gets through three rounds or a whole night)."""
        phases = self.kind.phases  # the last one often: every phase is on the way there
        target = phases[-1] if pick.chance(40) else pick.choice(phases)
        pick = RandomPick(random.Random(pick.integer(0, 2**32)))  # one draw: quick to generate
        for _ in range(most):
            if self.session.phase(self.state) == target:
                return
            before = (self.events, self.now)
            self.forward(pick)
            if (self.events, self.now) == before:
                return  # nothing moves this phase on by itself

    def forward(self, pick: Pick) -> None:
        """Move the game on as a table playing it right would: an input, else time."""
        event = self.kind.forward(pick, self.state)
        if event is None:
            deadline = self.session.next_deadline(self.state)
            if deadline is not None:  # the night's cues, the countdown...: their time passes
                self.wait(max(0.0, deadline - self.now) + pick.choice((0.0, 0.0, 30.0, 600.0)))
                self.tick_if_due()
        elif isinstance(event, SeatPressed | ControlPressed):
            self.feed(dataclasses.replace(event, at=self.now))
        else:
            self.feed(event)

    def wait(self, seconds: float) -> None:
        """Move the clock on (it never goes back)."""
        self.now += seconds
        self.history.append(f"wait {seconds:g} -> {self.now:.6f}")

    def tick_if_due(self) -> None:
        """Give the session its ``Tick`` if a deadline has come, as the device's loop does."""
        deadline = self.session.next_deadline(self.state)
        if deadline is not None and deadline <= self.now:
            self.feed(Tick(self.now))

    def feed(self, event: Event) -> None:
        """Hand one event to the session at ``now`` and check what it did."""
        shown = repr(event)
        shown = shown if len(shown) <= 160 else shown[:150] + "...)"
        self.history.append(f"{self.now:.6f} {self.session.phase(self.state)}: {shown}")
        self.events += 1
        try:
            with watchdog(STEP_SECONDS):
                state, effects = self.session.handle(self.state, event, self.now)
        except RulesError:
            self.refused += 1
            self._same("a refused event")
            return
        except Exception as error:
            self._crash(f"{type(error).__name__}: {error}", error)
        self.state = state
        self._accepted(event, effects)

    # -- checking --

    def _accepted(self, event: Event | None, effects: list[Effect]) -> None:
        self.phases.add(self.session.phase(self.state))
        self._round_trip()
        deadline = self.session.next_deadline(self.state)
        if deadline is not None and (
            isinstance(deadline, bool)
            or not isinstance(deadline, int | float)
            or not math.isfinite(deadline)
        ):
            self._fail(f"next_deadline is {deadline!r}", "deadline not a finite number")
        if isinstance(event, Tick) and deadline is not None and deadline <= self.now:
            self._fail(
                f"after a Tick at {self.now!r} the next deadline is {deadline!r}, not later",
                f"deadline not moved past the tick in phase {self.session.phase(self.state)}",
            )
        for effect in effects:
            if isinstance(effect, Record | Report):
                # The store writes records as strict JSON: one it cannot write is lost.
                try:
                    json.dumps(effect.data, allow_nan=False)
                except (TypeError, ValueError) as error:
                    self._fail(
                        f"{effect!r} cannot be stored: {error}",
                        f"{type(effect).__name__} {effect.kind} not JSON",
                    )
            if isinstance(effect, Prepare):
                lengths = tuple(self.line_seconds * (1 + i % 3) for i in range(len(effect.lines)))
                self.feed(LinesReady(lengths))
            elif isinstance(effect, Finished):
                self.history.append("finished: the next game begins")
                self.games += 1
                with self._guard("start"):
                    self.state, more = self.session.start(self.now)
                self._accepted(None, more)
                return

    def _round_trip(self) -> None:
        with self._guard("to_json"):
            data = self.session.to_json(self.state)
        problem = plain_json_problem(data)
        if problem:
            self._fail(f"to_json is not plain JSON: {problem}", "checkpoint not plain JSON")
        text = json.dumps(data, allow_nan=False, sort_keys=True)
        with self._guard("from_json"):
            back = self.session.from_json(json.loads(text))
        if back != self.state:
            self._fail(
                f"the checkpoint does not round-trip:\n  state {self.state!r}\n  back  {back!r}",
                f"checkpoint round-trip in phase {self.session.phase(self.state)}",
            )
        self.checkpoint = text

    def _same(self, what: str) -> None:
        with self._guard("to_json"):
            text = json.dumps(self.session.to_json(self.state), allow_nan=False, sort_keys=True)
        if text != self.checkpoint:
            self._fail(f"{what} changed the state", "refused event changed the state")

    @contextlib.contextmanager
    def _guard(self, what: str) -> Iterator[None]:
        try:
            with watchdog(STEP_SECONDS):
                yield
        except Crash:
            raise
        except Exception as error:
            self._crash(f"{what}: {type(error).__name__}: {error}", error)

    def _crash(self, problem: str, error: BaseException) -> None:
        signature = f"{type(error).__name__} at {_where(error)}"
        self.history.append("".join(traceback.format_exception(error)).rstrip())
        raise Crash(self.kind.name, problem, signature, self.history) from error

    def _fail(self, problem: str, signature: str) -> None:
        raise Crash(self.kind.name, problem, signature, self.history)


def _describe_setup(session: Session[Any]) -> str:
    setup = getattr(session, "setup", None)
    if setup is None:
        return f"{type(session).__name__}(profiles={getattr(session, 'profiles', ())!r})"
    return repr(setup)
