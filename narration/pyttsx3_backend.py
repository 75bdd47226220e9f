"""The pyttsx3 speech backend, with every trap of pyttsx3 2.99 handled.

- ``pyttsx3.init()`` caches one engine per process, so this module owns one engine and
  one worker thread that alone touches it; every backend instance queues jobs to it.
- ``runAndWait()`` returns before the file is written, so each render waits for the
  ``finished-utterance`` callback (it fires on espeak's own thread) with a timeout.
- Two ``save_to_file`` calls per run drop the first, and ``say()`` after ``save_to_file``
  appends to the file: each run holds exactly one ``save_to_file`` and we never ``say()``.
- ``getProperty('rate')`` is garbage, so voice and rate are set before every utterance.
  Setting them is itself queued in espeak, and if espeak is still busy when
  ``runAndWait`` starts, pyttsx3 cancels the new utterance (a WAV with no frames, about
  one in ten under load): so we wait for espeak to go idle before each render, warm the
  engine up once at start, and still verify every file and retry once.
- The WAV header is always 22050 Hz, so MBROLA voices are refused.
- "Audio saved to ..." is printed on stdout: it is filtered out during a render.
"""

from __future__ import annotations

import logging
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from queue import SimpleQueue
from typing import Any, Generic, TextIO, TypeVar, cast

from narration.catalogue import did_you_mean
from narration.errors import BackendUnavailableError, NarrationError, VoiceError
from narration.speech import DEFAULT_RATE, check_rate, require_text
from narration.wav import check_wav

__all__ = ["Pyttsx3Backend"]

logger = logging.getLogger(__name__)

_T = TypeVar("_T")
_NOTICE = "Audio saved to "
_STARTUP_SECONDS = 20.0
_IDLE_SECONDS = 2.0


def _not_playing() -> int:
    return 0


class _Job(Generic[_T]):
    """A function to run on the engine thread, and its outcome."""

    def __init__(self, fn: Callable[[Any], _T]) -> None:
        self.fn = fn
        self.done = threading.Event()
        self.result: _T | None = None
        self.error: BaseException | None = None


class _HideSavedNotice:
    """A stdout stand-in that drops pyttsx3's "Audio saved to ..." lines.

    The notice is printed from espeak's thread, so a per-thread filter would miss it;
    everything else written meanwhile passes through to the real stdout.
    """

    def __init__(self, target: TextIO) -> None:
        self.target = target
        self._skip_newline = False

    def write(self, text: str) -> int:
        if text.startswith(_NOTICE):
            self._skip_newline = True  # print() writes the "\n" separately
            return len(text)
        if self._skip_newline and text == "\n":
            self._skip_newline = False
            return len(text)
        self._skip_newline = False
        return self.target.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.target, name)


class _EngineWorker:
    """The one pyttsx3 engine of this process and the one thread allowed to use it."""

    def __init__(self) -> None:
        self._jobs: SimpleQueue[_Job[Any] | None] = SimpleQueue()
        self._finished = threading.Event()
        self._errors: list[str] = []
        self._ready = threading.Event()
        self._is_playing: Callable[[], int] = _not_playing
        self._start_error: BaseException | None = None
        self.voices: tuple[str, ...] = ()
        self.thread = threading.Thread(target=self._run, name="pyttsx3-engine", daemon=True)
        self.thread.start()
        if not self._ready.wait(_STARTUP_SECONDS):
            raise BackendUnavailableError(f"pyttsx3 did not start within {_STARTUP_SECONDS} s")
        if self._start_error is not None:
            error = self._start_error
            raise BackendUnavailableError(f"pyttsx3 cannot start: {error}") from error

    def _run(self) -> None:
        try:
            import pyttsx3

            engine = pyttsx3.init()
            engine.connect("finished-utterance", self._on_finished)
            engine.connect("error", self._on_error)
            self.voices = tuple(str(v.id) for v in engine.getProperty("voices"))
            try:
                from pyttsx3.drivers import _espeak

                self._is_playing = _espeak.IsPlaying
            except (ImportError, AttributeError):  # another driver: nothing to wait for
                self._is_playing = _not_playing
            self._warm_up(engine)
        except Exception as exc:  # any failure here means "pyttsx3 is unusable"
            self._start_error = exc
            self._ready.set()
            return
        self._ready.set()
        while (job := self._jobs.get()) is not None:
            try:
                job.result = job.fn(engine)
            except BaseException as exc:  # the worker must survive any job
                job.error = exc
            finally:
                job.done.set()

    def _warm_up(self, engine: Any) -> None:
        """Run one throwaway utterance: until a first run, pyttsx3 queues property changes
        and applies them right before the loop ends, the very race described above."""
        with tempfile.TemporaryDirectory(prefix="mothership-pyttsx3-") as scratch:
            problem = self.render(engine, "Ready.", Path(scratch) / "warm.wav", None, None, 5.0)
        logger.debug("pyttsx3 warm-up: %s", problem or "ok")

    def _wait_idle(self) -> bool:
        """Wait (bounded) until espeak has no command in progress."""
        deadline = time.monotonic() + _IDLE_SECONDS
        while self._is_playing():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.001)
        return True

    def _on_finished(self, name: object = None, completed: object = True, **_: object) -> None:
        if completed is False:
            self._errors.append("utterance was cancelled")
        self._finished.set()

    def _on_error(self, name: object = None, exception: object = None, **_: object) -> None:
        self._errors.append(str(exception))

    def call(self, fn: Callable[[Any], _T], timeout: float) -> _T:
        """Run ``fn(engine)`` on the engine thread and return its result."""
        if not self.thread.is_alive():
            raise NarrationError("pyttsx3 engine thread has stopped")
        job: _Job[_T] = _Job(fn)
        self._jobs.put(job)
        if not job.done.wait(timeout):
            raise NarrationError(f"pyttsx3 engine did not answer within {timeout} s")
        if job.error is not None:
            raise job.error
        return cast(_T, job.result)

    def render(
        self,
        engine: Any,
        text: str,
        out_path: Path,
        voice: str | None,
        rate: int | None,
        timeout: float,
    ) -> str | None:
        """Render one utterance (on the engine thread); return a problem or None."""
        finished = threading.Event()
        self._finished = finished
        self._errors.clear()
        if voice is not None:
            engine.setProperty("voice", voice)
        if rate is not None:
            engine.setProperty("rate", rate)
        if not self._wait_idle():
            return f"espeak stayed busy for {_IDLE_SECONDS} s"
        real_stdout = sys.stdout
        sys.stdout = cast(TextIO, _HideSavedNotice(real_stdout))
        try:
            engine.save_to_file(text, str(out_path))
            engine.runAndWait()
            # The notice is printed just before finished-utterance: keep the filter until then.
            if not finished.wait(timeout):
                engine.stop()
                return f"no finished-utterance within {timeout} s"
        finally:
            if isinstance(sys.stdout, _HideSavedNotice):  # someone else may have swapped it
                sys.stdout = real_stdout
        if self._errors:
            return "; ".join(self._errors)
        return check_wav(out_path)

    def stop(self) -> None:
        """End the thread; the engine is dropped with it."""
        self._jobs.put(None)
        self.thread.join(timeout=5.0)


_lock = threading.Lock()
_worker: _EngineWorker | None = None
_users = 0


def _acquire() -> _EngineWorker:
    global _worker, _users
    with _lock:
        if _worker is None or not _worker.thread.is_alive():
            _worker = _EngineWorker()
        _users += 1
        return _worker


def _release() -> None:
    global _worker, _users
    with _lock:
        _users -= 1
        if _users == 0 and _worker is not None:
            _worker.stop()
            _worker = None


def _is_mbrola(voice: str) -> bool:
    lowered = voice.lower()
    return lowered.startswith(("mb-", "mb/")) or "/mb-" in lowered


class Pyttsx3Backend:
    """pyttsx3 (espeak driver), the default backend: about 10 ms per sentence."""

    name = "pyttsx3"
    DEFAULT_VOICE = "gmw/en-us"

    def __init__(
        self, voice: str = DEFAULT_VOICE, rate: int = DEFAULT_RATE, *, timeout: float = 10.0
    ) -> None:
        """Start (or share) the engine thread and check the voice.

        Args:
            voice: pyttsx3 voice id such as ``gmw/en-us`` or ``gmw/en-gb-x-rp``; a short
                name (``en-us``) that ends exactly one id is accepted too.
            rate: Words per minute.
            timeout: Seconds allowed for one utterance to finish.

        Raises:
            VoiceError: For an MBROLA voice, an unknown voice or a bad rate.
            BackendUnavailableError: If pyttsx3 or its espeak library cannot start.
        """
        if _is_mbrola(voice):
            raise VoiceError(
                f"pyttsx3 cannot use mbrola voice {voice!r}: it writes every wav at 22050 hz, "
                "so mbrola speech would play too fast; use the espeak backend for mbrola voices"
            )
        self.rate = check_rate(rate)
        self.timeout = timeout
        self._worker: _EngineWorker | None = _acquire()
        known = self._worker.voices
        # Accept espeak's short names too ("en-us" for "gmw/en-us"): one config fits both.
        matches = [v for v in known if v == voice] or [v for v in known if v.endswith("/" + voice)]
        if len(matches) != 1:
            self.close()
            raise VoiceError(f"unknown pyttsx3 voice: {voice!r}{did_you_mean(voice, known)}")
        self.voice = matches[0]

    def voices(self) -> tuple[str, ...]:
        """Return the voice ids the engine offers."""
        if self._worker is None:
            raise NarrationError("pyttsx3 backend is closed")
        return self._worker.voices

    def synthesize(self, text: str, out_path: Path) -> None:
        """Render ``text`` to ``out_path``, retrying once if the file comes out wrong.

        Raises:
            NarrationError: If both attempts fail, the engine stalls, or the backend is closed.
        """
        require_text(text)
        worker = self._worker
        if worker is None:
            raise NarrationError("pyttsx3 backend is closed")
        problem: str | None = None
        for attempt in (1, 2):
            out_path.unlink(missing_ok=True)  # never judge a stale file from a failed try

            def job(engine: Any) -> str | None:
                return worker.render(engine, text, out_path, self.voice, self.rate, self.timeout)

            problem = worker.call(job, timeout=self.timeout + 5.0)
            if problem is None:
                return
            logger.warning("pyttsx3 attempt %d failed for %r: %s", attempt, text, problem)
        out_path.unlink(missing_ok=True)
        raise NarrationError(f"pyttsx3 could not render {text!r}: {problem}")

    def close(self) -> None:
        """Let go of the shared engine; the last backend to close stops its thread."""
        if self._worker is not None:
            self._worker = None
            _release()

    def __repr__(self) -> str:
        return f"Pyttsx3Backend(voice={self.voice!r}, rate={self.rate!r})"
