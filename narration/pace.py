"""How fast the voice renders here: seconds per character, from the lines it rendered last.

A table waiting for a night's lines is told how long they will take ("about 2 min left"), and
may start at once instead. The figure comes from this machine's own recent renders, never from
a constant: a Pi 4 renders a line in about 1.5 s, a PC in a tenth of that, a loaded box in
several times more.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable

__all__ = ["RenderPace"]

WINDOW = 24
"""How many recent renders the pace is taken from."""


class RenderPace:
    """Recent render times per character; thread-safe (the renderer records, the loop reads)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._rates: deque[float] = deque(maxlen=WINDOW)
        self._lock = threading.Lock()

    def record(self, text: str, seconds: float) -> None:
        """One line of ``text`` took ``seconds`` to render."""
        if seconds <= 0 or not text:
            return
        with self._lock:
            self._rates.append(seconds / len(text))

    @property
    def known(self) -> bool:
        """Whether any render was timed yet."""
        with self._lock:
            return bool(self._rates)

    def seconds_per_char(self) -> float | None:
        """The median of the recent rates (a worker's load inflates its first line only, and
        the median ignores it); None before any line was timed."""
        with self._lock:
            return statistics.median(self._rates) if self._rates else None

    def seconds_for(self, texts: Iterable[str]) -> float | None:
        """How long rendering ``texts`` should take at the recent pace (None: not known)."""
        rate = self.seconds_per_char()
        if rate is None:
            return None
        return rate * sum(len(text) for text in texts)
