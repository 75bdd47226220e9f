"""Wake the main loop when the touchscreen is touched, instead of polling SDL for it.

On ``kmsdrm`` SDL reads the touchscreen's evdev devices itself, but only when it is pumped: it
cannot block on its queue. Polling it 20 times a second was most of an idle daemon's CPU. Each
open of an evdev device gets its own copy of every event, so a thread can block in ``select()``
on copies of its own and call ``wake()`` when one arrives; the main loop then pumps SDL, whose
copy holds the same touch. An idle table then costs no wake-ups at all.
"""

from __future__ import annotations

import errno
import logging
import os
import select
import threading
from collections.abc import Callable
from pathlib import Path

logger = logging.getLogger(__name__)

INPUT_FOLDER = Path("/dev/input")
RESCAN_SECONDS = 5.0
"""How often the watcher looks for a device plugged in after it started."""
READ_BYTES = 4096

EVDEV_DRIVERS = frozenset({"kmsdrm", "fbcon", "directfb"})
"""SDL video drivers that read touches from evdev devices (the device's ``kmsdrm``)."""
NO_INPUT_DRIVERS = frozenset({"dummy", "offscreen"})
"""SDL video drivers with no outside input: only the program itself posts events."""


def event_nodes(folder: Path = INPUT_FOLDER) -> list[Path]:
    """The evdev device nodes under ``folder`` (``event0``, ``event1``, ...)."""
    try:
        return sorted(folder.glob("event*"))
    except OSError:
        return []


class InputWake:
    """A thread that calls ``wake`` whenever any input device has something to read.

    ``nodes`` lists the devices to watch (``event_nodes`` unless given); it is read again every
    ``rescan_seconds`` so a touchscreen plugged in later is watched too. A device that goes away
    is dropped. ``start()`` says how many devices could be opened: with none (no permission, say)
    the caller must poll instead.
    """

    def __init__(
        self,
        wake: Callable[[], None],
        nodes: Callable[[], list[Path]] = event_nodes,
        *,
        rescan_seconds: float = RESCAN_SECONDS,
    ) -> None:
        self._wake = wake
        self._nodes = nodes
        self._rescan_seconds = rescan_seconds
        self._open: dict[Path, int] = {}
        self._refused: set[Path] = set()
        self._stop_read, self._stop_write = -1, -1
        self._thread: threading.Thread | None = None

    @property
    def watching(self) -> list[Path]:
        """The devices being watched now."""
        return sorted(self._open.copy())  # a copy: the thread may drop one meanwhile

    def start(self) -> int:
        """Open the devices and start watching; the number opened (0: nothing to watch)."""
        if self._thread is not None:
            return len(self._open)
        self._rescan()
        if not self._open:
            return 0
        self._stop_read, self._stop_write = os.pipe()
        self._thread = threading.Thread(target=self._run, name="input-wake", daemon=True)
        self._thread.start()
        return len(self._open)

    def stop(self) -> None:
        """Stop the thread and close every device. Safe to call twice."""
        thread, self._thread = self._thread, None
        if thread is not None:
            os.write(self._stop_write, b"x")
            thread.join(timeout=2.0)
            os.close(self._stop_read)
            os.close(self._stop_write)
        for fd in self._open.values():
            os.close(fd)
        self._open.clear()

    def _rescan(self) -> None:
        for path in self._nodes():
            if path in self._open or path in self._refused:
                continue
            try:
                self._open[path] = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
            except OSError as error:
                # Said once per device: the service's user may lack the input group, say.
                self._refused.add(path)
                logger.info("cannot watch %s for touches: %s", path, error.strerror)

    def _run(self) -> None:
        while True:
            by_fd = {fd: path for path, fd in self._open.items()}
            try:
                ready, _, _ = select.select([self._stop_read, *by_fd], [], [], self._rescan_seconds)
            except OSError:
                ready = []
            if self._stop_read in ready:
                return
            woke = False
            for fd in ready:
                woke = self._drain(by_fd[fd], fd) or woke
            if woke:
                self._wake()
            if not ready:
                self._rescan()

    def _drain(self, path: Path, fd: int) -> bool:
        """Read our copy of the device's events; False once it is gone."""
        got = False
        while True:
            try:
                chunk = os.read(fd, READ_BYTES)
            except BlockingIOError:
                return got
            except OSError as error:
                if error.errno == errno.EINTR:
                    continue
                logger.info("stopped watching %s: %s", path, error.strerror)
                self._forget(path, fd)
                return got
            if not chunk:  # end of file: a pipe standing in for a device was closed
                self._forget(path, fd)
                return got
            got = True

    def _forget(self, path: Path, fd: int) -> None:
        os.close(fd)
        del self._open[path]
