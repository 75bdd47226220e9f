"""The one thread-safe input queue.

Hardware callbacks run on gpiozero's and the serial readers' threads. They only timestamp and
put an event here (or, for a reader's warning, a ``Notice``); the main loop drains it. ``wake``
(the UI's) ends the main loop's sleep early.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass

from games.events import Event


@dataclass(frozen=True)
class Notice:
    """A warning for the screen's banner from another thread (a tag reader lost, say)."""

    text: str


class Inbox:
    """A queue of input events with an optional wake-up hook for the sleeping main loop."""

    def __init__(self, wake: Callable[[], None] | None = None) -> None:
        self._queue: queue.SimpleQueue[Event | Notice] = queue.SimpleQueue()
        self.wake = wake

    def put(self, event: Event | Notice) -> None:
        """Enqueue from any thread, and wake the main loop."""
        self._queue.put(event)
        if self.wake is not None:
            self.wake()

    def drain(self) -> list[Event | Notice]:
        """Everything queued so far, oldest first, without blocking."""
        events: list[Event | Notice] = []
        while True:
            try:
                events.append(self._queue.get_nowait())
            except queue.Empty:
                return events
