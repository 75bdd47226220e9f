"""Piper, the default voice, rendered in a worker process that exits when done.

The daemon never imports piper: it starts ``python -m narration.piper_worker`` for a batch of
lines (a whole catalogue for ``mothership voice prepare``, the missing lines of a night, or one
line on demand), and the worker loads the voice once for the whole batch.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from narration.delivery import Delivery
from narration.errors import BackendUnavailableError, NarrationError
from narration.piper_model import PiperModel, verify_model
from narration.speech import DEFAULT_RATE, require_text

__all__ = ["PiperBackend"]

logger = logging.getLogger(__name__)

WORKER_LINES = 100
"""Lines one worker renders before it exits: onnxruntime's memory grows with a long batch
(a worker that rendered 1,661 lines held 460 MB; a fresh one, 270)."""
_LOAD_SECONDS = 60.0  # loading takes 0.5 s on a laptop, a few seconds on a Pi
_LINE_SECONDS = 30.0


class PiperBackend:
    """Renders with a verified Piper voice model, in a worker process per batch."""

    name = "piper"
    finishes = True
    """The worker trims, evens out and limits each line itself (the cache need not)."""

    def __init__(
        self,
        model: PiperModel,
        delivery: Delivery | None = None,
        *,
        python: str | None = None,
        nice: int = 0,
    ) -> None:
        """Check the model (the listing's digests) before it is ever used.

        Args:
            model: The voice model.
            delivery: Pace and pauses (part of the cache key).
            python: The interpreter that runs the worker (by default this one).
            nice: Niceness of the worker (10 when rendering behind a running game).

        Raises:
            VoiceModelRefusedError: If the model does not match the official digests.
        """
        self.verified = verify_model(model)
        self.model = model
        self.delivery = delivery or Delivery()
        self.voice = model.name
        self.rate = DEFAULT_RATE  # Piper's pace is the delivery's length scale
        self.nice = nice
        self._python = python or sys.executable
        self._lock = threading.Lock()  # one worker at a time: two would take 540 MB
        self._worker: subprocess.Popen[str] | None = None

    @property
    def settings(self) -> str:
        """The delivery settings, part of the cache key."""
        return self.delivery.key

    def synthesize(self, text: str, out_path: Path) -> None:
        """Render one line (a worker for one line: about a second, most of it loading)."""
        require_text(text)
        self.synthesize_many([(text, out_path)])

    def synthesize_many(
        self,
        lines: Sequence[tuple[str, Path]],
        progress: Callable[[int], None] | None = None,
    ) -> None:
        """Render many lines with one load of the voice.

        Args:
            lines: ``(text, wav path)`` pairs.
            progress: Told the index of each line once it is written.

        Raises:
            BackendUnavailableError: If the worker cannot start or load the voice.
            NarrationError: If a line failed (the others are written).
        """
        for text, _ in lines:
            require_text(text)
        for first in range(0, max(1, len(lines)), WORKER_LINES):
            batch = lines[first : first + WORKER_LINES]

            def told(index: int, first: int = first) -> None:
                if progress is not None:
                    progress(first + index)

            self._batch(batch, told)

    def _batch(self, lines: Sequence[tuple[str, Path]], progress: Callable[[int], None]) -> None:
        job = {
            "onnx": str(self.model.onnx),
            "config": str(self.model.config),
            "length_scale": self.delivery.length_scale,
            "sentence_pause": self.delivery.sentence_pause,
            "loudness": self.delivery.loudness,
            "ceiling": self.delivery.ceiling,
            "nice": self.nice,
            "lines": [[" ".join(text.split()), str(path)] for text, path in lines],
        }
        with self._lock:
            self._run(job, len(lines), progress)

    def probe(self) -> None:
        """Start a worker that only loads the voice, to learn whether Piper runs here.

        Raises:
            BackendUnavailableError: If it cannot.
        """
        self.synthesize_many([])

    def _run(
        self, job: dict[str, object], count: int, progress: Callable[[int], None] | None
    ) -> None:
        started = time.monotonic()
        try:
            worker = subprocess.Popen(
                [self._python, "-m", "narration.piper_worker"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        except OSError as exc:
            raise BackendUnavailableError(f"cannot start the piper worker: {exc}") from exc
        self._worker = worker
        timer = threading.Timer(_LOAD_SECONDS + _LINE_SECONDS * count, worker.kill)
        timer.start()
        errors: list[str] = []
        ready = False
        try:
            assert worker.stdin is not None and worker.stdout is not None
            try:
                worker.stdin.write(json.dumps(job))
                worker.stdin.close()
            except BrokenPipeError:
                pass  # it died at once: its stderr says why
            for reply in worker.stdout:
                word, _, rest = reply.strip().partition(" ")
                if word == "ready":
                    ready = True
                elif word == "done" and progress is not None:
                    progress(int(rest))
                elif word == "error":
                    errors.append(rest)
            stderr = worker.stderr.read() if worker.stderr is not None else ""
            worker.wait()
        finally:
            timer.cancel()
            self._worker = None
            if worker.poll() is None:
                worker.kill()
                worker.wait()
        if not ready:
            detail = stderr.strip().splitlines()[-1:] or [f"exit code {worker.returncode}"]
            raise BackendUnavailableError(f"piper cannot load voice {self.voice}: {detail[0]}")
        logger.debug("piper worker rendered %d lines in %.1f s", count, time.monotonic() - started)
        if errors:
            raise NarrationError(f"piper failed on {len(errors)} of {count} lines: {errors[0]}")
        if worker.returncode != 0:
            raise NarrationError(f"the piper worker stopped with exit code {worker.returncode}")

    def cancel(self) -> None:
        """Stop a worker still rendering (its batch fails)."""
        worker = self._worker
        if worker is not None and worker.poll() is None:
            worker.kill()

    def close(self) -> None:
        """Stop a worker still rendering (nothing else stays loaded between batches)."""
        self.cancel()

    def __repr__(self) -> str:
        return f"PiperBackend({self.voice!r}, {self.delivery!r})"
