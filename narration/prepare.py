"""Finishing the voice cache in the background while the device runs.

``mothership voice prepare`` (which the installer runs) renders every sentence ahead. If that
was cut short, or the voice or its settings changed since, the daemon finishes it behind the
game: a thread renders what is missing in small batches through a low-priority worker, so a
line a game asks for on demand never waits behind more than one batch, and it starts nothing
while a night is being played. It looks again at every start, so a restart resumes it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence

from narration.cache import WavCache
from narration.errors import NarrationError
from narration.renderer import LineRenderer, Urgency

__all__ = ["BackgroundPrepare"]

logger = logging.getLogger(__name__)

BATCH = 8
"""Sentences per worker: the voice loads once per batch (about a second on a Pi), and a line a
game needs at once waits behind one batch at most."""


HOLD_LOOK_SECONDS = 2.0
"""How often a held background looks whether the night is over."""


class BackgroundPrepare:
    """Renders the missing sentences of a cache on a thread; stops when told or done."""

    def __init__(
        self,
        cache: WavCache,
        texts: Sequence[str] | Callable[[], Sequence[str]],
        *,
        yield_to: LineRenderer | None = None,
        hold: Callable[[], bool] | None = None,
        wake: Callable[[], None] | None = None,
    ) -> None:
        """Set up, without starting.

        Args:
            cache: The cache to fill (its backend renders).
            texts: Every sentence that should be there, in the order to render what is
                missing; or what works them out (called on the thread, not the caller's).
            yield_to: The renderer of the lines a game asks for: while it has any to render,
                this waits, and it renders one sentence at a time.
            hold: While it says so (a night is being played), no sentence is started: the
                table's night never shares the machine with the background's.
            wake: Told after each batch (the device's loop, whose screens say how much of
                the voice is ready).
        """
        self.cache = cache
        self.yield_to = yield_to
        self.hold = hold
        self.wake = wake
        self._texts = texts
        self.texts: tuple[str, ...] = () if callable(texts) else tuple(texts)
        self.held = threading.Event()
        """Set once the thread has waited for ``hold``."""
        self.rendered = 0
        self.missing: int | None = None
        """Sentences missing when the thread looked (None before it looked)."""
        self.done = 0
        """Of those, how many it has been through (rendered, or found rendered since)."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="voice-prepare", daemon=True)

    def start(self) -> None:
        """Start the thread (a Piper worker then runs at a lower priority than the screen)."""
        inner = getattr(self.cache.backend, "inner", self.cache.backend)
        if hasattr(inner, "nice"):
            inner.nice = 10
        self._thread.start()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the thread to finish."""
        self._thread.join(timeout)

    def _run(self) -> None:
        if callable(self._texts):
            self.texts = tuple(self._texts())
        # A cheap look first (is a file there?): a full check of 1,600 files would read 200 MB.
        todo = [text for text in self.texts if not self.cache.cached_path(text).is_file()]
        self.missing = len(todo)
        if not todo:
            return
        logger.info(
            "voice cache: %d of %d sentences missing; rendering them in the background",
            len(todo),
            len(self.texts),
        )
        step = 1 if self.yield_to is not None else BATCH
        for start in range(0, len(todo), step):
            while self.hold is not None and self.hold() and not self._stop.is_set():
                self.held.set()
                self._stop.wait(HOLD_LOOK_SECONDS)  # a night is on: nothing starts
            while self.yield_to is not None and not self._stop.is_set():
                if self.yield_to.wait_quiet(Urgency.LATER, timeout=1.0):
                    break  # the game's lines go first
            if self._stop.is_set():
                return
            try:
                self.rendered += self.cache.render_many(todo[start : start + step])
                self.done = min(len(todo), start + step)
                if self.wake is not None:
                    self.wake()
            except NarrationError as error:
                if self._stop.is_set():  # the worker was stopped with the device: no fault
                    logger.info("voice cache: stopped with the device; the rest is rendered later")
                    return
                logger.warning("voice cache: background rendering stopped: %s", error)
                return
        logger.info("voice cache: complete (%d sentences rendered)", self.rendered)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop after the current batch (its worker is stopped too) and wait for the thread."""
        self._stop.set()
        if self._thread.is_alive():
            cancel = getattr(self.cache.backend, "cancel", None)
            if cancel is not None:
                cancel()  # a Piper worker: killed, so the thread ends now
            self._thread.join(timeout)

    @property
    def ready(self) -> tuple[int, int] | None:
        """How many of its sentences are in the cache, of how many: counted once when the
        thread looked (a look for each file) and moved on as it renders, never looked again
        (None before the first look). A line a game had rendered meanwhile counts when the
        thread reaches it."""
        if self.missing is None:
            return None
        return len(self.texts) - self.missing + self.done, len(self.texts)

    @property
    def running(self) -> bool:
        """Whether the thread is still rendering."""
        return self._thread.is_alive()
