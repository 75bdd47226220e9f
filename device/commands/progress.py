"""A text progress bar on stderr, for pre-rendering a night on the command line."""

from __future__ import annotations

import sys
from typing import TextIO


class ProgressBar:
    """Draws ``label [#####.....] done/total`` in place on a terminal, or once at the end."""

    def __init__(self, label: str, stream: TextIO | None = None, width: int = 30) -> None:
        self.label, self.width = label, width
        self.stream = stream or sys.stderr
        self._interactive = self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        """Report progress; the bar ends its line when ``done == total``."""
        if total <= 0:
            return
        filled = round(self.width * done / total)
        bar = f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {done}/{total}"
        if self._interactive:
            self.stream.write("\r" + bar + ("\n" if done >= total else ""))
        elif done >= total:
            self.stream.write(bar + "\n")
        self.stream.flush()
