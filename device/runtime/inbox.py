"""The one thread-safe input queue.

Hardware callbacks run on gpiozero's and the serial readers' threads. They only timestamp and
put an event here (or, for a reader's warning, a ``Notice``); the main loop drains it. ``wake``
(the UI's) ends the main loop's sleep early. The companion page's requests come as a ``Call``:
work the main loop does for it, so the device stays the only thread that changes anything.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from games.events import Event


@dataclass(frozen=True)
class Notice:
    """A warning for the screen's banner from another thread (a tag reader lost, say)."""

    text: str


@dataclass(frozen=True)
class Call:
    """Work another thread asks of the main loop (a companion page request): the loop runs
    ``work`` with the daemon, and ``done`` gets its result or its error."""

    work: Callable[[Any], object]
    done: Future[object]

    def run(self, daemon: Any) -> None:
        """Do the work on the main loop's thread (a caller that gave up is skipped)."""
        if not self.done.set_running_or_notify_cancel():
            return
        try:
            result = self.work(daemon)
        except Exception as error:  # the caller reports it; the loop goes on
            self.done.set_exception(error)
        else:
            self.done.set_result(result)


class Inbox:
    """A queue of input events with an optional wake-up hook for the sleeping main loop."""

    def __init__(self, wake: Callable[[], None] | None = None) -> None:
        self._queue: queue.SimpleQueue[Event | Notice | Call] = queue.SimpleQueue()
        self.wake = wake

    def put(self, event: Event | Notice | Call) -> None:
        """Enqueue from any thread, and wake the main loop."""
        self._queue.put(event)
        if self.wake is not None:
            self.wake()

    def drain(self) -> list[Event | Notice | Call]:
        """Everything queued so far, oldest first, without blocking."""
        events: list[Event | Notice | Call] = []
        while True:
            try:
                events.append(self._queue.get_nowait())
            except queue.Empty:
                return events
