"""The one thread-safe input queue.

Hardware callbacks run on gpiozero's and the serial readers' threads. They only timestamp and
put an event here; the main loop drains it. ``wake`` (the UI's) ends the main loop's sleep early.
"""

from __future__ import annotations

import queue
from collections.abc import Callable

from games.events import Event


class Inbox:
    """A queue of input events with an optional wake-up hook for the sleeping main loop."""

    def __init__(self, wake: Callable[[], None] | None = None) -> None:
        self._queue: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self.wake = wake

    def put(self, event: Event) -> None:
        """Enqueue from any thread, and wake the main loop."""
        self._queue.put(event)
        if self.wake is not None:
            self.wake()

    def drain(self) -> list[Event]:
        """Everything queued so far, oldest first, without blocking."""
        events: list[Event] = []
        while True:
            try:
                events.append(self._queue.get_nowait())
            except queue.Empty:
                return events
