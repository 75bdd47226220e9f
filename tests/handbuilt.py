"""A daemon built by hand on a virtual clock, with a touch screen and a store, and what the tests
that plant bugs in it share (tests/device/runtime/test_reliability.py, test_guard_inputs.py)."""

from __future__ import annotations

from pathlib import Path

from device.clock import VirtualClock
from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.executor import Executor, Outputs
from device.runtime.inbox import Inbox
from device.runtime.session import Runtime
from device.store.database import Store
from device.transcript import Transcript
from device.ui import TouchUI


def make_daemon(db: Path, store: Store | None = None, *, keys_quit: bool = True) -> Daemon:
    """A daemon on a store at `db` (or `store`), its day two minutes, not started; `keys_quit`
    as ``Daemon`` takes it (False: the fullscreen device, where no key quits)."""
    config = load_config(system_path=None, overrides={"onenight.day_minutes": 2})
    clock = VirtualClock()
    ui = TouchUI()
    ui.open()
    outputs = Outputs(transcript=Transcript(clock), screen=ui, now=clock.now)
    notices: list[str] = []
    store = store or Store(db, on_write_error=notices.append)
    runtime = Runtime(clock, Executor(outputs), store)
    inbox = Inbox(wake=ui.wake)
    return Daemon(config, clock, runtime, ui, inbox, notices=notices, keys_quit=keys_quit)


def said(daemon: Daemon) -> list[str]:
    """The ids of the lines the daemon has said."""
    return [e["line"] for e in daemon.runtime.executor.out.transcript.entries if "line" in e]


class Broken(Exception):
    """A bug planted in a session."""
