"""Kill a worker process when it is stuck, not when it is only slow.

The Piper worker renders at nice 10, behind the game. On a machine busy with other work (an
update's pip at nice 0, a test suite at a load of 25) it may get a hundredth of a core, and a
fixed time limit killed it while it was loading its voice or rendering a line: the device then
spoke with the fallback voice although Piper was working. A stuck worker (a deadlock, a read
that never returns) uses no CPU at all; a starved one still uses some. So the watch kills the
process once its CPU time (``/proc/<pid>/stat``, all its threads) has not moved for ``stall``
seconds, or once it has run ``cap`` seconds in all (a worker spinning for ever).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

__all__ = ["CAP_FACTOR", "StallWatch", "cpu_ticks"]

CAP_FACTOR = 10.0
"""A watch's cap, in stalls: a worker that keeps using CPU is killed after this many."""


def cpu_ticks(pid: int) -> int | None:
    """The CPU ticks (user + system) process ``pid`` has used; None where it cannot be read
    (gone, or no ``/proc``: the watch then counts it as making no progress)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
    return int(fields[11]) + int(fields[12])


class StallWatch:
    """Calls ``kill`` when process ``pid`` has used no CPU for ``stall`` seconds, or after
    ``cap`` seconds (``CAP_FACTOR`` stalls by default), unless ``cancel`` comes first."""

    def __init__(
        self,
        pid: int,
        stall: float,
        kill: Callable[[], None],
        cap: float | None = None,
        ticks: Callable[[int], int | None] = cpu_ticks,
    ) -> None:
        self._pid, self._stall, self._kill, self._ticks = pid, stall, kill, ticks
        self._cap = stall * CAP_FACTOR if cap is None else cap
        self._done = threading.Event()
        self.killed = False
        """Whether the watch killed the process."""
        self._thread = threading.Thread(target=self._watch, name=f"stallwatch-{pid}", daemon=True)

    def start(self) -> StallWatch:
        """Start watching; the watch itself, for a ``with``-less one-liner."""
        self._thread.start()
        return self

    def cancel(self) -> None:
        """Stop watching (the request was answered)."""
        self._done.set()

    def _watch(self) -> None:
        started = last_move = time.monotonic()
        last = self._ticks(self._pid)
        step = min(1.0, self._stall / 4)
        while not self._done.wait(step):
            now, used = time.monotonic(), self._ticks(self._pid)
            if used is not None and used != last:
                last, last_move = used, now
            if now - last_move >= self._stall or now - started >= self._cap:
                if not self._done.is_set():
                    self.killed = True
                    self._kill()
                return
