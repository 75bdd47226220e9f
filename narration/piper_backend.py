"""Piper, the default voice, rendered in a worker process that loads the voice once.

The daemon never imports piper: it starts ``python -m narration.piper_worker`` when a line is
first needed and keeps it, sending it one sentence at a time (so a line the game needs now waits
behind one sentence at most, never behind a batch), until the worker has rendered
:data:`WORKER_LINES` lines or is released for being idle.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from narration.delivery import Delivery
from narration.errors import BackendUnavailableError, NarrationError
from narration.piper_model import PiperModel, verify_model
from narration.speech import DEFAULT_RATE, require_text
from narration.stallwatch import StallWatch

__all__ = ["PiperBackend"]

logger = logging.getLogger(__name__)

WORKER_LINES = 100
"""Lines one worker renders before it is replaced: onnxruntime's memory grows with a long run
(a worker that rendered 1,661 lines held 460 MB; a fresh one, 270)."""
_LOAD_SECONDS = 60.0
"""A load that has used no CPU this long is stuck (0.5 s of loading on a laptop, a few seconds on
a Pi). The worker's limits count time without CPU (``stallwatch``): a worker starved by other
work goes on, up to ``CAP_FACTOR`` times the limit."""

LINE_BASE_SECONDS = 30.0
"""How long any sentence may go without CPU before its worker is taken for stuck and killed: a
short line, with room for a machine loaded by other work."""
LINE_SECONDS_PER_CHAR = 0.3
"""Added for each character of the sentence. A Pi 4 renders about 0.02 s a character (1.5 s
for a line of the catalogue's mean 75); the worker renders at nice 10 behind the game and may
get a tenth of a core on a loaded machine, and a fixed 30 s killed the Alpha Wolf's 167
characters there. At 0.3 s the longest line in the catalogue (243 characters) may take 103 s,
the Alpha Wolf's 80 s, 15 times a quiet Pi 4's pace plus the base."""


SLOWER_ENV = "MOTHERSHIP_VOICE_SLOWER"
"""How many times slower than a Pi this machine renders, where that is known to be far slower
(an emulated CPU: the booted check under qemu's TCG sets 20 for arm64): the worker's limits
are stretched by it. Unset, or 1, on a real device."""


def slower() -> float:
    """The factor ``MOTHERSHIP_VOICE_SLOWER`` gives (1 when unset; a bad value is named in the
    log and ignored)."""
    raw = os.environ.get(SLOWER_ENV, "").strip()
    if not raw:
        return 1.0
    try:
        factor = float(raw)
    except ValueError:
        factor = 0.0
    if not 1.0 <= factor <= 1000.0:
        logger.warning("%s=%r is not a number from 1 to 1000: ignored", SLOWER_ENV, raw)
        return 1.0
    return factor


def line_seconds(text: str) -> float:
    """How long the worker may take over ``text`` before it is killed as stuck."""
    return (LINE_BASE_SECONDS + LINE_SECONDS_PER_CHAR * len(text)) * slower()


class _Worker:
    """One running worker process with the voice loaded."""

    def __init__(self, command: list[str]) -> None:
        """Start the process (the voice is loaded by ``load``)."""
        try:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        except OSError as exc:
            raise BackendUnavailableError(f"cannot start the piper worker: {exc}") from exc
        self.lines = 0
        self.note = ""
        """What the worker said beside "ready" (why it could not lower its priority)."""

    def load(self, header: dict[str, object], voice: str) -> None:
        """Send the job and wait for "ready" (a kill meanwhile ends the wait at once)."""
        reply = self._ask(json.dumps(header), _LOAD_SECONDS * slower())
        word, _, self.note = reply.partition(" ")
        if word != "ready":
            self.kill()
            stderr = self.process.stderr.read() if self.process.stderr is not None else ""
            code = self.process.wait()
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream is not None:
                    with contextlib.suppress(OSError):  # a pipe to a dead worker
                        stream.close()
            detail = stderr.strip().splitlines()[-1:] or [f"exit code {code}"]
            raise BackendUnavailableError(f"piper cannot load voice {voice}: {detail[0]}")

    def _ask(self, request: str, seconds: float) -> str:
        """Send one request line and read one answer ("" if the worker died, or was killed as
        stuck: no CPU used for ``seconds``, see ``stallwatch``)."""
        process = self.process
        assert process.stdin is not None and process.stdout is not None
        watch = StallWatch(process.pid, seconds, process.kill).start()
        try:
            process.stdin.write(request + "\n")
            process.stdin.flush()
            return process.stdout.readline().strip()
        except (BrokenPipeError, ValueError, OSError):
            return ""
        finally:
            watch.cancel()

    def render(self, text: str, out_path: Path) -> None:
        """Render one sentence; raise NarrationError when it failed."""
        self.lines += 1
        sentence = " ".join(text.split())
        reply = self._ask(json.dumps([sentence, str(out_path)]), line_seconds(sentence))
        word, _, rest = reply.partition(" ")
        if word == "done":
            return
        if word == "error":
            raise NarrationError(f"piper failed on {text!r}: {rest.partition(' ')[2]}")
        self.kill()
        self.process.wait()  # reaped: the backend sees it dead and the next line starts another
        raise NarrationError(f"the piper worker stopped while rendering {text!r}")

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()

    def close(self) -> None:
        """Let the worker exit (its stdin closes), killing it if it does not."""
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.process.wait(timeout=5.0)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            self.kill()
            self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


class PiperBackend:
    """Renders with a verified Piper voice model, in one long-lived worker process."""

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
        delay: float = 0.0,
    ) -> None:
        """Check the model (the listing's digests) before it is ever used.

        Args:
            model: The voice model.
            delivery: Pace and pauses (part of the cache key).
            python: The interpreter that runs the worker (by default this one).
            nice: Niceness added to every worker this starts, the probe's and each one after
                a crash or a stuck line (10 when rendering behind a running game).
            delay: Seconds the worker waits before each line (the benchmark's slow Pi).

        Raises:
            VoiceModelRefusedError: If the model does not match the official digests.
        """
        self.verified = verify_model(model)
        self.model = model
        self.delivery = delivery or Delivery()
        self.voice = model.name
        self.rate = DEFAULT_RATE  # Piper's pace is the delivery's length scale
        self.nice = nice
        self.delay = delay
        self._python = python or sys.executable
        self._lock = threading.Lock()  # one line at a time, one worker: two would take 540 MB
        self._worker: _Worker | None = None
        self._loading: _Worker | None = None
        """The worker being started, until its voice is loaded (then ``_worker``)."""
        self._cancels = 0
        """How many times ``cancel`` was called: one that comes while a worker's process starts,
        before it is ``_loading``, is seen by this count changing."""
        self._closed = False
        self.started = 0
        """Workers started so far (each loads the voice once)."""
        self.priority_note = ""
        """Why the workers render at the daemon's priority ("" while none was refused)."""

    @property
    def settings(self) -> str:
        """The delivery settings, part of the cache key."""
        return self.delivery.key

    def synthesize(self, text: str, out_path: Path) -> None:
        """Render one line with the running worker (started, and the voice loaded, if none)."""
        require_text(text)
        with self._lock:
            worker = self._running_worker()
            try:
                worker.render(text, out_path)
            finally:
                if worker.lines >= WORKER_LINES or not worker.alive:
                    self._retire()

    def synthesize_many(
        self,
        lines: Sequence[tuple[str, Path]],
        progress: Callable[[int], None] | None = None,
    ) -> None:
        """Render many lines with the one worker, a sentence at a time.

        Args:
            lines: ``(text, wav path)`` pairs.
            progress: Told the index of each line once it is written.

        Raises:
            BackendUnavailableError: If the worker cannot start or load the voice.
            NarrationError: If a line failed (the others are written).
        """
        for text, _ in lines:
            require_text(text)
        errors: list[str] = []
        for index, (text, path) in enumerate(lines):
            try:
                self.synthesize(text, path)
            except BackendUnavailableError:
                raise
            except NarrationError as error:
                errors.append(str(error))
                continue
            if progress is not None:
                progress(index)
        if errors:
            raise NarrationError(
                f"piper failed on {len(errors)} of {len(lines)} lines: {errors[0]}"
            )

    def probe(self) -> None:
        """Start the worker and load the voice, to learn whether Piper runs here (the worker
        is kept for the first line).

        Raises:
            BackendUnavailableError: If it cannot.
        """
        with self._lock:
            self._running_worker()

    def _running_worker(self) -> _Worker:
        worker = self._worker
        if worker is not None and worker.alive:
            return worker
        job = {
            "onnx": str(self.model.onnx),
            "config": str(self.model.config),
            "length_scale": self.delivery.length_scale,
            "sentence_pause": self.delivery.sentence_pause,
            "loudness": self.delivery.loudness,
            "ceiling": self.delivery.ceiling,
            "nice": self.nice,
            "delay": self.delay,
        }
        if self._closed:
            raise BackendUnavailableError("the piper backend is closed")
        # Kept in ``_loading`` before the voice loads (up to a minute), so ``cancel`` can kill
        # it then too: a stop must not wait on a load.
        cancels = self._cancels
        loading = _Worker([self._python, "-m", "narration.piper_worker"])
        self._loading = loading
        try:
            if self._closed or self._cancels != cancels:  # closed or cancelled meanwhile
                loading.kill()
            loading.load(job, self.voice)
        finally:
            self._loading = None
        self._worker = loading
        self.started += 1
        logger.debug("piper worker %d started", self._worker.process.pid)
        if self._worker.note and not self.priority_note:
            # Said once: every later worker meets the same sandbox.
            self.priority_note = self._worker.note
            logger.warning("piper worker: %s", self._worker.note)
        return self._worker

    def _retire(self) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.close()

    @property
    def worker_pid(self) -> int | None:
        """The process id of the running worker (None when none runs)."""
        worker = self._worker
        return worker.process.pid if worker is not None and worker.alive else None

    @property
    def loaded(self) -> bool:
        """Whether a worker holds the voice now."""
        worker = self._worker
        return worker is not None and worker.alive

    def release(self) -> None:
        """Let the worker exit once its current line is done (the next line starts another):
        its memory is given back while nothing is rendered."""
        with self._lock:
            self._retire()

    def cancel(self) -> None:
        """Stop the worker at once, even mid-line or while it loads the voice (that line
        fails)."""
        self._cancels += 1
        for worker in (self._loading, self._worker):
            if worker is not None:
                worker.kill()

    def close(self) -> None:
        """Stop the worker, and start no other: the lock is taken only once everything
        running was killed, so a load or a line in progress ends at once instead of being
        waited for (SIGTERM must stop the daemon within 5 s)."""
        self._closed = True
        self.cancel()
        with self._lock:
            self._retire()

    def __repr__(self) -> str:
        return f"PiperBackend({self.voice!r}, {self.delivery!r})"
