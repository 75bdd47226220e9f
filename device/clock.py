"""Clocks: the one source of time for sessions and timers.

The real clock is ``time.monotonic``. The simulator's is virtual: it moves only when the scenario
moves it, so a ten-minute game runs in a second and every transcript time is reproducible.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Anything that tells the time in seconds."""

    def now(self) -> float:
        """The current time in seconds (only differences are meaningful)."""
        ...


class RealClock:
    """Monotonic wall time."""

    def now(self) -> float:
        """Seconds from ``time.monotonic``."""
        return time.monotonic()


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
