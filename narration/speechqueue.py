"""The lines waiting to be said, in the order they were asked, each played once it is rendered.

A line that is cached plays at once (behind the lines before it). A line that is not is asked of
the :class:`~narration.renderer.LineRenderer` and waits; the lines after it wait behind it, so
the table always hears them in order. A line not ready ``late_after`` seconds after it is
needed (when it was asked, or when the lines before it have been said, whichever is later) is
said with the fast fallback voice (espeak-ng) instead, rendered on a thread of its own, and
logged: the table never waits for the neural voice, and while one line plays the next has its
length to render.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from narration.cache import WavCache
from narration.errors import NarrationError
from narration.renderer import LineRenderer, Urgency
from narration.wav import wav_seconds

__all__ = ["LATE_AFTER_SECONDS", "SpeechQueue"]

logger = logging.getLogger(__name__)

LATE_AFTER_SECONDS = 1.0
"""How long a line may take to render before the fallback voice says it instead."""


@dataclass
class _Line:
    text: str
    asked: float
    path: Path | None
    fallback: Future[Path] | None = None
    dropped: bool = False


def _seconds(path: Path) -> float:
    try:
        return wav_seconds(path)
    except NarrationError:
        return 0.0


class SpeechQueue:
    """Plays lines in the order asked, each as soon as it is rendered (or late, with the
    fallback voice). Used from the main loop only; the renderer's thread only wakes it."""

    def __init__(
        self,
        renderer: LineRenderer,
        play: Callable[[Path], float | None],
        *,
        fallback: WavCache | None = None,
        late_after: float = LATE_AFTER_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        wake: Callable[[], None] | None = None,
    ) -> None:
        """Set up.

        Args:
            renderer: Renders the lines not cached yet.
            play: Starts a rendered line (the audio output queues it behind the one playing);
                returns its length, or None to have it read from the file.
            fallback: The fast voice's cache, for late lines (None: a late line is waited for).
            late_after: Seconds before a line not rendered yet is said with ``fallback``.
            clock: The device clock (``due`` is on it).
            wake: Wakes the main loop (called from other threads).
        """
        self.renderer = renderer
        self.play = play
        self.fallback = fallback
        self.late_after = late_after
        self.clock = clock
        self.wake = wake or (lambda: None)
        self.said_late: list[str] = []
        """Lines said with the fallback voice because they were not ready in time (their
        Piper renders are demoted, not dropped: the next time they are ready)."""
        self._lines: deque[_Line] = deque()
        self._pool: ThreadPoolExecutor | None = None
        if fallback is not None:
            self._fallback_pool().submit(lambda: None)  # its thread starts now, not in a pass
        self._free_at = 0.0  # when the lines handed to the speaker will have been said

    @property
    def late(self) -> int:
        """How many lines were said with the fallback voice."""
        return len(self.said_late)

    @property
    def waiting(self) -> int:
        """Lines asked for and not yet played."""
        return len(self._lines)

    def add(self, text: str, path: Path | None) -> None:
        """Queue a line: ``path`` is its WAV when it is ready (cached, or a recording), None
        when it is still to be rendered (it is asked of the renderer now)."""
        if path is None:
            self.renderer.ask(text, Urgency.NOW)
        self._lines.append(_Line(text, self.clock(), path))
        self.update()

    def update(self) -> None:
        """Play every line at the head of the queue that is ready."""
        now = self.clock()
        while self._lines:
            line = self._lines[0]
            if line.path is None and not line.dropped:
                self._resolve(line, now)
            if line.path is None and not line.dropped:
                return
            self._lines.popleft()
            if line.path is not None:
                seconds = self.play(line.path)  # its length, if the player knows it
                if seconds is None:
                    seconds = _seconds(line.path)
                self._free_at = max(now, self._free_at) + seconds

    def due(self) -> float | None:
        """When the head line turns late (the renderer and the fallback wake the loop when a
        line is ready); None when nothing waits for a deadline."""
        if not self._lines:
            return None
        head = self._lines[0]
        if head.path is None and head.fallback is None and self.fallback is not None:
            return self._needed(head) + self.late_after
        return None

    def _needed(self, line: _Line) -> float:
        """When the table needs ``line``: when asked, or once the lines before it are said."""
        return max(line.asked, self._free_at)

    def _resolve(self, line: _Line, now: float) -> None:
        outcome = self.renderer.result(line.text)
        if isinstance(outcome, Path):
            line.path = outcome
            self.renderer.forget(line.text)
            return
        failed = isinstance(outcome, str)
        if line.fallback is None and (failed or now - self._needed(line) >= self.late_after):
            if self.fallback is None:
                line.dropped = failed  # no fast voice: a late line is still waited for
                return
            self.said_late.append(line.text)
            why = f"it failed ({outcome})" if failed else f"not ready after {self.late_after:g} s"
            logger.warning("said with the fallback voice, %s: %r", why, line.text)
            self.renderer.demote(line.text)  # the voice goes on to the lines still to come
            line.fallback = self._fallback_pool().submit(self.fallback.path_for, line.text)
            line.fallback.add_done_callback(lambda _: self.wake())
        if line.fallback is not None and line.fallback.done():
            try:
                line.path = line.fallback.result()
            except Exception as error:
                logger.warning("the fallback voice failed too, line not said: %s", error)
                line.dropped = True

    def _fallback_pool(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="voice-fallback")
        return self._pool

    def clear(self) -> None:
        """Forget the lines not said yet."""
        self._lines.clear()

    def close(self) -> None:
        """Forget the waiting lines and stop the fallback's thread."""
        self._lines.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
