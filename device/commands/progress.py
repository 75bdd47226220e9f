"""A text progress bar on stderr, for pre-rendering a night or a voice on the command line."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

LINE_EVERY = 30.0
"""Seconds between progress lines when the output is not a terminal (a log, the journal)."""


def duration(seconds: float) -> str:
    """A short, human duration.

    >>> duration(4.2), duration(65), duration(3725)
    ('4s', '1m05s', '1h02m')
    """
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole % 3600 // 60:02d}m"


class ProgressBar:
    """Draws ``label [#####.....] done/total, 1m05s, about 3m10s left`` in place on a terminal;
    elsewhere (an installer's log, the journal) writes it as a line now and then, so a long
    run shows it is alive, and once at the end."""

    def __init__(
        self,
        label: str,
        stream: TextIO | None = None,
        width: int = 30,
        *,
        clock: Callable[[], float] = time.monotonic,
        line_every: float = LINE_EVERY,
    ) -> None:
        self.label, self.width = label, width
        self.stream = stream or sys.stderr
        self._interactive = self.stream.isatty()
        self._clock, self._line_every = clock, line_every
        self._started = clock()
        self._last_line: float | None = None

    def __call__(self, done: int, total: int) -> None:
        """Report progress; the bar ends its line when ``done == total``."""
        if total <= 0:
            return
        now = self._clock()
        elapsed = now - self._started
        filled = round(self.width * done / total)
        bar = f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {done}/{total}"
        bar += f", {duration(elapsed)}"
        if 0 < done < total:
            bar += f", about {duration(elapsed * (total - done) / done)} left"
        finished = done >= total
        if self._interactive:
            self.stream.write("\r" + bar + ("\n" if finished else ""))
        elif finished or self._last_line is None or now - self._last_line >= self._line_every:
            self.stream.write(bar + "\n")
            self._last_line = now
        self.stream.flush()
