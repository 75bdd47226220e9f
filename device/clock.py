"""Clocks: the one source of time for sessions and timers.

The real clock is ``time.monotonic``. The simulator's is virtual: it moves only when the daemon's
loop waits (a wait jumps to its end), so a ten-minute game runs in a second and every transcript
time is reproducible.
"""

from __future__ import annotations

import threading
import time
from typing import Protocol


class Clock(Protocol):
    """Anything that tells the time in seconds."""

    def now(self) -> float:
        """The current time in seconds (only differences are meaningful)."""
        ...

    def sleep(self, until: float, wake: threading.Event, poll: float) -> None:
        """Let time pass until ``until``, ending early once ``wake`` is set.

        A real clock also returns after ``poll`` seconds, so the caller can look at a queue
        that cannot wake it (SDL's); in virtual time nothing arrives meanwhile.
        """
        ...


class RealClock:
    """Monotonic wall time."""

    def now(self) -> float:
        """Seconds from ``time.monotonic``."""
        return time.monotonic()

    def sleep(self, until: float, wake: threading.Event, poll: float) -> None:
        """Block up to ``poll`` seconds, no later than ``until``, or until ``wake`` is set."""
        wake.wait(max(0.0, min(poll, until - time.monotonic())))


class VirtualClock:
    """A clock that only moves when told to."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        """The virtual time."""
        return self._now

    def advance_to(self, when: float) -> None:
        """Move forward to ``when``; the clock never runs backwards."""
        if when < self._now:
            raise ValueError(f"virtual clock cannot go back from {self._now} to {when}")
        self._now = when

    def sleep(self, until: float, wake: threading.Event, poll: float) -> None:
        """Jump to ``until`` at once, unless ``wake`` is set already: no real time passes."""
        if not wake.is_set():
            self.advance_to(max(until, self._now))
