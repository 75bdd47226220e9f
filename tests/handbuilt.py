"""Daemons and runtimes built by hand on a virtual clock, and what the tests that plant bugs in
them share (tests/device/runtime/test_reliability.py, test_guard_inputs.py).

The suite's one place for these parts, so a change to how the device wires them (a field of
``Outputs``, an argument of ``Daemon``) is made here once:

- ``hand_daemon``: a ``Daemon`` on a touch screen and a store, on a virtual clock; every part a
  test may vary (the config, the store, the screen's clock, a narrator, the play log, the
  notices, ``keys_quit``) is an argument, the rest is as the device wires it;
- ``make_daemon``: the one most tests use, the day two minutes and the store's write errors
  noticed on the screen (the ``daemon`` fixture in ``conftest.py`` is it, at home);
- ``at_home``: a hand-built daemon shown at home for a fixture, its screen closed after;
- ``store_runtime``: a ``Runtime`` with no screen on a store (checkpoints; plays logged if asked);
- ``tick_until``: a runtime's virtual time run from deadline to deadline up to a phase;
  ``step_until`` the same for a whole daemon's loop, which also waits for lines rendering.

The configs the simulator and the tables run on are ``touchplay.sim_config`` and
``touchplay.table_config`` (the ``config`` fixture in ``conftest.py`` is the first).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from device.clock import VirtualClock
from device.config import Config, load_config
from device.runtime.app import Daemon
from device.runtime.executor import Executor, Outputs
from device.runtime.inbox import Inbox
from device.runtime.ports import NarratorLike
from device.runtime.session import Runtime
from device.store.database import Store
from device.transcript import Transcript
from device.ui import TouchUI


def hand_daemon(
    config: Config,
    store: Store,
    *,
    waits_on_clock: bool = False,
    narrator: NarratorLike | None = None,
    log_plays: bool = False,
    notices: list[str] | None = None,
    keys_quit: bool = True,
    clock: VirtualClock | None = None,
) -> Daemon:
    """A daemon on ``store``, ``clock`` (a fresh virtual one unless given) and an open
    ``TouchUI``, not started.

    ``waits_on_clock``: the screen's waits take the virtual clock (they jump) rather than a real
    one; ``narrator``: the voice effects reach (None: none is said aloud); ``log_plays``: the
    executor writes records and plays to ``store`` as the device does (otherwise only the
    runtime's checkpoints reach it); ``notices`` and ``keys_quit`` as ``Daemon`` takes them.
    """
    clock = clock or VirtualClock()
    ui = TouchUI(clock=clock) if waits_on_clock else TouchUI()
    ui.open()
    outputs = Outputs(
        transcript=Transcript(clock),
        screen=ui,
        narrator=narrator,
        store=store if log_plays else None,
        now=clock.now,
    )
    runtime = Runtime(clock, Executor(outputs), store)
    return Daemon(
        config, clock, runtime, ui, Inbox(wake=ui.wake), notices=notices, keys_quit=keys_quit
    )


def make_daemon(db: Path, store: Store | None = None, *, keys_quit: bool = True) -> Daemon:
    """A daemon on a store at `db` (or `store`), its day two minutes, not started; `keys_quit`
    as ``Daemon`` takes it (False: the fullscreen device, where no key quits). A write the
    store's disk refuses becomes a notice on the screen, as on the device."""
    config = load_config(system_path=None, overrides={"onenight.day_minutes": 2})
    notices: list[str] = []
    store = store or Store(db, on_write_error=notices.append)
    return hand_daemon(config, store, notices=notices, keys_quit=keys_quit)


@contextlib.contextmanager
def at_home(daemon: Daemon) -> Iterator[Daemon]:
    """``daemon`` showing its home screen; its screen is closed when the block ends (or when
    going home fails)."""
    try:
        daemon.home()
        yield daemon
    finally:
        daemon.ui.close()


def store_runtime(
    store: Store, clock: VirtualClock | None = None, *, log_plays: bool = True
) -> Runtime:
    """A runtime with no screen checkpointing to ``store`` on ``clock`` (a fresh one unless
    given); ``log_plays``: its executor also logs records and plays there, as the app wires it."""
    clock = clock or VirtualClock()
    outputs = Outputs(transcript=Transcript(clock), store=store if log_plays else None)
    return Runtime(clock, Executor(outputs), store)


def tick_until(runtime: Runtime, clock: VirtualClock, phase: str) -> None:
    """Run ``clock`` from one of ``runtime``'s deadlines to the next, ticking it at each, until
    its game is in ``phase`` (a game that asks for no more ticks before then fails the test)."""
    while runtime.phase != phase:
        deadline = runtime.next_deadline()
        assert deadline is not None, f"no deadline on the way to {phase}: in {runtime.phase}"
        clock.advance_to(deadline)
        runtime.tick()


def step_until(daemon: Daemon, clock: VirtualClock, phase: str) -> None:
    """Run ``daemon``'s loop on its virtual ``clock``, deadline by deadline, until its game is in
    ``phase``; while the night's lines are rendering the loop waits for them, not for a clock."""
    runtime = daemon.runtime
    while runtime.phase != phase:
        daemon.step(until=clock.now())
        if runtime.phase == phase or runtime.executor.lines.wait():
            continue
        deadline = runtime.next_deadline()
        assert deadline is not None, f"stuck in {runtime.phase}"
        clock.advance_to(max(deadline, clock.now()))


def said(daemon: Daemon) -> list[str]:
    """The ids of the lines the daemon has said."""
    return [e["line"] for e in daemon.runtime.executor.out.transcript.entries if "line" in e]


class Broken(Exception):
    """A bug planted in a session."""
