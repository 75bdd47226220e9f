"""Rendering off the main loop: a thread that renders lines into the cache, the most urgent first.

The loop never waits for speech synthesis. It asks for a sentence (:meth:`LineRenderer.ask`) and
goes on; this thread renders it through the voice's one long-lived worker and tells the loop
(``wake``) when a line the game is waiting for is ready. Lines asked for now go before lines
prepared ahead (a game's results, names), which go before the background preparation of the
whole catalogue, so a line the game needs waits behind one sentence at most. Among lines
prepared ahead, the list asked last goes first (the results of the vote just cast before those
of the day, a name just given before the rest of a game's catalogue); within a list, its order.
A list costly to work out (:meth:`LineRenderer.ask_later`) is worked out by this thread too.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
from collections.abc import Callable, Iterable
from enum import IntEnum
from pathlib import Path

from narration.cache import WavCache
from narration.pace import RenderPace

__all__ = ["IDLE_RELEASE_SECONDS", "LineRenderer", "Urgency"]

logger = logging.getLogger(__name__)

Key = tuple[int, int, int]
"""A queued line's place: urgency, then its list (the last first), then the order asked."""

IDLE_RELEASE_SECONDS = 120.0
"""A voice worker with nothing to render for this long is let go (its memory is given back)."""


class Urgency(IntEnum):
    """How soon a line is needed; lower goes first."""

    NOW = 0
    """The game says it now: it plays as soon as it is rendered."""
    SOON = 1
    """The game may say it next (its fixed lines, the results of the seats in play, a name)."""
    LATER = 2
    """Background preparation of the catalogue."""


class LineRenderer:
    """Renders sentences into a :class:`WavCache` on a thread of its own."""

    def __init__(
        self,
        cache: WavCache,
        *,
        wake: Callable[[], None] | None = None,
        idle_release: float = IDLE_RELEASE_SECONDS,
        pace: RenderPace | None = None,
    ) -> None:
        """Set up, without starting (:meth:`start`).

        Args:
            cache: Where lines go; its backend renders them.
            wake: Called (on this thread) when a line asked for ``NOW`` is ready or failed.
            idle_release: Idle seconds after which the backend's worker is released.
            pace: Where render times go (by default a pace of its own, on the monotonic clock).
        """
        self.cache = cache
        self.wake = wake or (lambda: None)
        self.idle_release = idle_release
        self.rendered = 0
        """Lines this thread rendered."""
        self.pace = pace or RenderPace()
        """How fast lines render here (only lines the voice rendered, not cache hits)."""
        self._ready: dict[str, Path] = {}
        self._failed: dict[str, str] = {}
        self._queued: dict[str, Urgency] = {}
        self._keys: dict[str, Key] = {}
        """Each queued line's place in the heap (an entry with another key is stale)."""
        self._heap: list[tuple[int, int, int, str]] = []
        self._later: list[tuple[Callable[[], Iterable[str]], Urgency, int]] = []
        """Lists still to work out (``ask_later``), each with its place."""
        self._working: Urgency | None = None
        """The urgency of the list being worked out now."""
        self._order = itertools.count()
        self._lists = itertools.count(1)
        self._busy = False
        self._current = ""
        self._stopping = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="voice-render", daemon=True)

    def start(self) -> None:
        """Start the thread."""
        self._thread.start()

    def ask(self, text: str, urgency: Urgency = Urgency.NOW) -> None:
        """Have ``text`` rendered (sooner if it was asked for less urgently before)."""
        with self._changed:
            self._push(text, urgency, next(self._lists))
            self._changed.notify_all()

    def ask_all(self, texts: Iterable[str], urgency: Urgency) -> int:
        """Ask for every text not cached yet, as one list; returns how many were asked for.
        Lines said now are looked up in the cache here; a list prepared ahead (hundreds of
        lines) is looked up by this thread as it comes to each line, so the caller (the loop)
        never waits for a slow disk, and the thread checks each cached WAV on the way (the
        line is then said without reading the disk first)."""
        if urgency is Urgency.NOW:
            missing = [text for text in texts if not self.cache.cached_path(text).is_file()]
        else:
            missing = list(texts)
        with self._changed:
            listed = next(self._lists)
            for text in missing:
                self._push(text, urgency, listed)
            self._changed.notify_all()
        return len(missing)

    def ask_later(self, make: Callable[[], Iterable[str]], urgency: Urgency) -> None:
        """Have the texts ``make`` returns rendered as one list, in the place of a list asked
        now; ``make`` is called on this thread before it renders another line (a list that
        takes tens of milliseconds to work out, which the loop does not wait for)."""
        with self._changed:
            self._later.append((make, urgency, next(self._lists)))
            self._changed.notify_all()

    def _work_out(self, make: Callable[[], Iterable[str]], urgency: Urgency, listed: int) -> None:
        try:
            texts = list(make())
        except Exception:  # a bad list must not end the thread
            logger.exception("cannot work out the lines to prepare")
            texts = []
        with self._changed:
            self._working = None
            for text in texts if not self._stopping else ():
                self._push(text, urgency, listed)
            self._changed.notify_all()

    def _push(self, text: str, urgency: Urgency, listed: int) -> None:
        """Queue ``text`` (the lock held): lines said now in the order asked, others list by
        list, the last list first."""
        if text in self._ready or text in self._failed:
            return
        queued = self._queued.get(text)
        if queued is not None and (queued < urgency or queued == urgency == Urgency.NOW):
            return
        key = (int(urgency), 0 if urgency is Urgency.NOW else -listed, next(self._order))
        if queued == urgency and self._keys[text] < key:
            return  # in a list that goes first already (one worked out late is an older one)
        self._queued[text], self._keys[text] = urgency, key
        heapq.heappush(self._heap, (*key, text))

    def demote(self, text: str) -> None:
        """A line no longer needed now (the fast voice said it): render it behind the others
        still needed (every list asked ahead), but before the background preparation, which
        waits for it: it was said once, so it is likely said again, and a table that stops
        soon after must not find it missing the next time."""
        with self._changed:
            if self._queued.get(text, Urgency.LATER) < Urgency.LATER and not self._rendering(text):
                key = (int(Urgency.SOON), 1, next(self._order))  # after every list (-n)
                self._queued[text], self._keys[text] = Urgency.SOON, key
                heapq.heappush(self._heap, (*key, text))

    def _rendering(self, text: str) -> bool:
        return self._busy and self._current == text

    def result(self, text: str) -> Path | str | None:
        """The rendered WAV, the error (a string) if it failed, or None while it is not done."""
        with self._changed:
            if text in self._ready:
                return self._ready[text]
            return self._failed.get(text)

    def pending(self, urgency: Urgency = Urgency.LATER) -> int:
        """Lines waiting (or rendering) at ``urgency`` or more urgent (a list still to work
        out counts as one)."""
        with self._changed:
            return sum(1 for level in self._still_to_come() if level <= urgency)

    def wait_quiet(self, urgency: int = len(Urgency), timeout: float | None = None) -> bool:
        """Block until no line more urgent than ``urgency`` waits (by default none at all);
        whether that happened."""
        with self._changed:
            return self._changed.wait_for(
                lambda: (
                    self._stopping or not any(level < urgency for level in self._still_to_come())
                ),
                timeout,
            )

    def _still_to_come(self) -> list[Urgency]:
        """The urgency of each line queued and of each list still to work out (the lock
        held)."""
        lists = [level for _, level, _ in self._later]
        working = [] if self._working is None else [self._working]
        return [*self._queued.values(), *lists, *working]

    def wait_cached(self, texts: Iterable[str], timeout: float | None = None) -> bool:
        """Block until every text is in the cache (rendered, by this thread or before);
        whether that happened (a text that failed never comes)."""
        wanted = list(texts)
        with self._changed:
            self._changed.wait_for(
                lambda: self._stopping or all(self.cache.has(text) for text in wanted), timeout
            )
        return all(self.cache.has(text) for text in wanted)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop after the current line (a worker mid-line is stopped) and wait for the thread."""
        with self._changed:
            self._stopping = True
            self._heap.clear()
            self._later.clear()
            self._queued.clear()
            self._keys.clear()
            self._changed.notify_all()
        if self._thread.is_alive():
            cancel = getattr(self.cache.backend, "cancel", None)
            if self._busy and cancel is not None:
                cancel()
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        """Whether the thread runs."""
        return self._thread.is_alive()

    def _next(self) -> str | None:
        while True:
            while (later := self._next_later()) is not None:
                self._work_out(*later)  # not holding the lock: asking goes on meanwhile
            with self._changed:
                while not self._later:
                    while self._heap:
                        *key, text = heapq.heappop(self._heap)
                        if self._keys.get(text) == tuple(key):  # else an entry since moved
                            self._busy, self._current = True, text
                            return text
                    if self._stopping:
                        return None
                    idle = not self._changed.wait(self.idle_release)
                    if idle and not self._heap and not self._later:
                        release = getattr(self.cache.backend, "release", None)
                        if release is not None:
                            release()  # nothing to render for a while: free the voice's memory

    def _next_later(self) -> tuple[Callable[[], Iterable[str]], Urgency, int] | None:
        with self._changed:
            if not self._later or self._stopping:
                return None
            later = self._later.pop(0)
            self._working = later[1]
            return later

    def _run(self) -> None:
        while (text := self._next()) is not None:
            try:
                before, started = self.cache.rendered, self.pace.clock()
                path = self.cache.path_for(text)
                if self.cache.rendered > before:
                    self.rendered += self.cache.rendered - before
                    self.pace.record(text, self.pace.clock() - started)
            except Exception as error:  # a bad line must not end the thread
                # A line cut by a stop is no failure of the voice: not a warning at every stop.
                log = logger.info if self._stopping else logger.warning
                log("cannot render %r: %s", text, error)
                self._finish(text, str(error) or type(error).__name__)
            else:
                self._finish(text, path)

    def _finish(self, text: str, outcome: Path | str) -> None:
        with self._changed:
            self._busy = False
            urgency = self._queued.pop(text, None)  # asked more urgently while it rendered?
            self._keys.pop(text, None)
            if urgency is None:
                return  # stopped meanwhile
            if urgency is not Urgency.LATER:  # someone may be waiting for it
                if isinstance(outcome, Path):
                    self._ready[text] = outcome
                else:
                    self._failed[text] = outcome
            self._changed.notify_all()
        if urgency is Urgency.NOW:
            self.wake()

    def forget(self, text: str) -> None:
        """Drop what is known of ``text`` once it was said (the cache keeps the WAV)."""
        with self._changed:
            self._ready.pop(text, None)
            self._failed.pop(text, None)
