"""The transcript: one JSON object per line, each stamped with ``t`` (clock seconds).

Its kinds are a public interface (see DESIGN.md, "Simulator and scenarios").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from device.clock import Clock
from device.outputs import cannot_write


class Transcript:
    """Collects transcript entries, and streams them to a file when given one."""

    def __init__(self, clock: Clock, path: Path | None = None, *, keep: bool = True) -> None:
        self._clock = clock
        self._keep = keep
        self.entries: list[dict[str, Any]] = []
        self._file: IO[str] | None = None
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._file = path.open("w", encoding="utf-8")
            except OSError as error:
                raise cannot_write("transcript", path, error) from None

    def write(self, **entry: Any) -> None:
        """Add one entry, stamped with the current time (rounded to the millisecond)."""
        stamped = {"t": round(self._clock.now(), 3), **entry}
        if self._keep:  # a long-running daemon keeps no history in memory
            self.entries.append(stamped)
        if self._file is not None:
            self._file.write(json.dumps(stamped) + "\n")
            self._file.flush()

    def close(self) -> None:
        """Close the file, if any."""
        if self._file is not None:
            self._file.close()
            self._file = None
