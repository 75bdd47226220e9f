"""The narrator: line ids in, speech out.

It joins the catalogue (what to say), a speech backend (how it sounds), the WAV cache
(render once) and the audio output (play, or captions when there is no speaker). The
line id travels with the text all the way down, so a recorded voice can stand in for a
single line.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Protocol

from narration.cache import WavCache
from narration.catalogue import Catalogue
from narration.errors import NarrationError
from narration.renderer import LineRenderer, Urgency
from narration.speech import LineRecordings, SpeechBackend, require_text
from narration.speechqueue import LATE_AFTER_SECONDS, SpeechQueue
from narration.wav import estimate_speech_seconds, wav_seconds

__all__ = ["Narrator", "Progress", "SpeechOutput", "Spoken"]

logger = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
_LENGTHS_KEPT = 4096  # clip lengths remembered: the whole catalogue's, a few dozen KB
"""Told ``(done, total)`` while lines are pre-rendered."""


class SpeechOutput(Protocol):
    """Where speech plays: :class:`~narration.audio.AudioOutput` or a fake."""

    def play_speech(self, path: Path) -> float:
        """Start playing a WAV; return its length in seconds."""
        ...

    def preload(self, paths: Sequence[Path]) -> None:
        """Load these WAVs now, so playing them later starts at once."""
        ...

    def close(self) -> None:
        """Release the output."""
        ...


@dataclass(frozen=True)
class Spoken:
    """One thing the narrator said."""

    line_id: str | None
    """The catalogue line id, or None for free text (``mothership say``)."""
    text: str
    """The words, placeholders filled in (what a caption shows)."""
    path: Path
    """The WAV that was played."""
    seconds: float
    """How long it lasts."""


class Narrator:
    """Says catalogue lines (and free text) through a backend, a cache and an output."""

    def __init__(
        self,
        catalogue: Catalogue,
        backend: SpeechBackend,
        cache_dir: Path,
        audio: SpeechOutput | None = None,
        *,
        timing_only: bool = False,
    ) -> None:
        """Create the narrator.

        Args:
            catalogue: The lines it may say.
            backend: Renders speech; a :class:`~narration.backends.RecordedVoice`
                also supplies recordings by line id.
            cache_dir: Folder of rendered WAVs (created if missing).
            audio: Where speech plays; None renders only (simulator, captions).
            timing_only: Render nothing: every line lasts as long as it takes to say at the
                voice's rate (the simulator without WAVs: a scenario plays in seconds).
        """
        self.catalogue = catalogue
        self.backend = backend
        self.cache = WavCache(cache_dir, backend)
        self.audio = audio
        self.timing_only = timing_only
        self.renderer: LineRenderer | None = None
        """Renders lines off the main loop, once :meth:`render_behind` started it."""
        self.queue: SpeechQueue | None = None
        self._lengths: dict[Path, float] = {}
        """Clip lengths by WAV path, each read once (the same text and voice, the same file)."""
        """The lines waiting to be said, in order, while rendering is behind the loop."""

    def render_behind(
        self,
        *,
        fallback: SpeechBackend | None,
        late_after: float = LATE_AFTER_SECONDS,
        clock: Callable[[], float] | None = None,
        wake: Callable[[], None] | None = None,
    ) -> LineRenderer:
        """From now on never render on the caller's thread: :meth:`speak` returns at once and
        the line plays when its thread has rendered it, in the order asked (:meth:`update`
        plays it); a line not ready within ``late_after`` is said with ``fallback``.

        Args:
            fallback: The fast voice for late lines (espeak-ng), or None to wait for them.
            late_after: Seconds a line may take before ``fallback`` says it.
            clock: The caller's clock (:meth:`due` is on it).
            wake: Wakes the caller's loop when a line is ready (called from other threads).
        """
        self.renderer = LineRenderer(self.cache, wake=wake)
        spare = WavCache(self.cache.directory, fallback) if fallback is not None else None
        kwargs = {"clock": clock} if clock is not None else {}
        self.queue = SpeechQueue(
            self.renderer, self._start, fallback=spare, late_after=late_after, wake=wake, **kwargs
        )
        self.renderer.start()
        return self.renderer

    def update(self) -> None:
        """Play the lines whose turn has come and that are rendered (the main loop's look)."""
        if self.queue is not None:
            self.queue.update()
            if self.queue.waiting:
                expect = getattr(self.audio, "expect_speech", None)
                if expect is not None:
                    expect()  # a line is on its way: the speaker stays open for it

    def due(self) -> float | None:
        """When :meth:`update` must look again for a late line (None: nothing is late)."""
        return self.queue.due() if self.queue is not None else None

    def ask_ahead(
        self, items: Sequence[tuple[str, Mapping[str, object]]], urgency: Urgency = Urgency.SOON
    ) -> int:
        """Have these lines rendered behind the loop, ready before they are said (nothing
        happens when lines render on the caller's thread). Returns how many were asked for
        (lines said now: how many were missing; others are looked up behind the loop)."""
        if self.renderer is None or self.timing_only:
            return 0
        texts = [
            self.text(line_id, params)
            for line_id, params in items
            if self._recording(line_id) is None
        ]
        return self.renderer.ask_all(dict.fromkeys(texts), urgency)

    def ask_ahead_later(
        self,
        make: Callable[[], Sequence[tuple[str, Mapping[str, object]]]],
        urgency: Urgency = Urgency.SOON,
    ) -> None:
        """As :meth:`ask_ahead`, for lines costly to work out: ``make`` is called behind the
        loop, by the renderer's thread (nothing happens when lines render on the caller's)."""
        if self.renderer is None or self.timing_only:
            return

        def texts() -> list[str]:
            made = make()
            return [self.text(i, params) for i, params in made if self._recording(i) is None]

        self.renderer.ask_later(texts, urgency)

    def unready(self, items: Sequence[tuple[str, Mapping[str, object]]]) -> int:
        """How many of these lines are neither rendered nor failed yet."""
        return len(self.unready_texts(items))

    def unready_texts(self, items: Sequence[tuple[str, Mapping[str, object]]]) -> list[str]:
        """The texts of these lines that are neither rendered nor failed yet."""
        if self.timing_only:
            return []
        texts = []
        for line_id, params in items:
            text = self.text(line_id, params)
            if self._recording(line_id) is not None or self.cache.has(text):
                continue
            if self.renderer is None or self.renderer.result(text) is None:
                texts.append(text)
        return texts

    def text(self, line_id: str, params: Mapping[str, object] | None = None) -> str:
        """Return the words of a line with its placeholders filled in.

        Raises:
            UnknownLineError, MissingPlaceholderError, UnexpectedPlaceholderError:
                See :meth:`Catalogue.text`.
        """
        return self.catalogue.text(line_id, params)

    def wav_path(self, line_id: str, params: Mapping[str, object] | None = None) -> Path:
        """Return the WAV of a line: its recording if there is one, else the cached render.

        While rendering is behind the loop, a line not rendered yet is asked for and
        NarrationError says it is not ready: the caller goes on without it.

        Raises:
            NarrationError: If the line is bad or cannot be rendered (or is not ready).
        """
        text = self.text(line_id, params)
        rendering = self.renderer is not None and self._recording(line_id) is None
        if rendering and self.renderer is not None and not self.cache.has(text):
            self.renderer.ask(text, Urgency.NOW)
            raise NarrationError(f"not rendered yet: {text!r}")
        return self._path(line_id, text)

    def seconds(self, line_id: str, params: Mapping[str, object] | None = None) -> float:
        """Return how long a line lasts when spoken: its WAV's length, or while it is not
        rendered (and never, when only timing) as long as it takes to say at the voice's rate."""
        text = self.text(line_id, params)
        if self.timing_only:
            return self._estimate(text)
        recording = self._recording(line_id)
        if recording is not None:
            return self._length(recording)
        if self.renderer is not None and not self.cache.has(text):
            return self._estimate(text)
        return self._length(self.cache.path_for(text))

    def _estimate(self, text: str) -> float:
        return estimate_speech_seconds(text, self.backend.rate)

    def prepare(
        self,
        items: Sequence[tuple[str, Mapping[str, object]]],
        progress: Progress | None = None,
    ) -> None:
        """Make sure every ``(line_id, params)`` is rendered, so play starts instantly.

        With a prepared cache (``mothership voice prepare``) nothing is rendered: the lines are
        only checked. Lines that are missing are rendered together (one Piper worker for all)
        and logged.

        Args:
            items: The lines a phase will say.
            progress: Told ``(0, total)`` first, then ``(done, total)`` as lines are ready.

        Raises:
            NarrationError: If a line is bad (before anything renders) or cannot be rendered.
        """
        total = len(items)
        if progress is not None:
            progress(0, total)
        if self.timing_only:
            for line_id, params in items:
                self.text(line_id, params)  # a bad line is still refused
            if progress is not None:
                progress(total, total)
            return
        texts = [(line_id, self.text(line_id, params)) for line_id, params in items]
        synthesized = [text for line_id, text in texts if self._recording(line_id) is None]
        missing = self.cache.missing(synthesized)
        if missing:
            logger.info("rendering %d lines that were not prepared", len(missing))

            def rendering(done: int, count: int) -> None:
                if progress is not None and done and count:
                    progress(done * total // count, total)

            self.cache.render_many(missing, rendering)
        if progress is not None and (not missing or total == 0):
            progress(total, total)
        paths = [self._path(line_id, text) for line_id, text in texts]
        if self.audio is not None:
            # The output decodes the first few now and streams the rest a few lines ahead.
            self.audio.preload(paths)

    def preload(self, items: Sequence[tuple[str, Mapping[str, object]]]) -> int:
        """Have the audio output decode the clips of lines about to be said, in the order they
        will be said: the first few now, the rest a few lines ahead. Only lines already in the
        cache (or recorded) are taken; nothing renders here, so the loop may call it (the
        device, rendering behind the loop, once a night's lines are all rendered). Returns how
        many clips were planned."""
        if self.audio is None or self.timing_only:
            return 0
        paths: list[Path] = []
        for line_id, params in items:
            text = self.text(line_id, params)
            path = self._recording(line_id)
            if path is None and self.cache.has(text):
                path = self.cache.cached_path(text)
            if path is not None:
                paths.append(path)
        self.audio.preload(paths)
        # A speaker closed for being idle opens now, so the first lines decode before their
        # cue rather than at it (it closes again if nothing plays).
        wake_ahead = getattr(self.audio, "wake_ahead", None)
        if wake_ahead is not None:
            wake_ahead()
        return len(paths)

    def speak(self, line_id: str, params: Mapping[str, object] | None = None) -> Spoken:
        """Say a catalogue line (returns at once; the clip plays in the background).

        Raises:
            NarrationError: If the line is bad or cannot be rendered.
        """
        return self._say(line_id, self.text(line_id, params))

    def say_text(self, text: str) -> Spoken:
        """Say arbitrary text (``mothership say "TEXT"``), through the same cache.

        Raises:
            NarrationError: If the text is blank or cannot be rendered.
        """
        require_text(text)
        return self._say(None, text)

    def _say(self, line_id: str | None, text: str) -> Spoken:
        if self.timing_only:
            return Spoken(line_id, text, self.cache.cached_path(text), self._estimate(text))
        if self.queue is None:
            path = self._path(line_id, text) if line_id is not None else self.cache.path_for(text)
            return self._play(line_id, text, path)
        ready = self._recording(line_id) if line_id is not None else None
        if ready is None and self.cache.has(text):
            ready = self.cache.cached_path(text)
        self.queue.add(text, ready)
        self.update()
        seconds = self._length(ready) if ready is not None else self._estimate(text)
        logger.debug("say %s: %r (%.1f s)%s", line_id, text, seconds, "" if ready else " later")
        return Spoken(line_id, text, ready or self.cache.cached_path(text), seconds)

    def _start(self, path: Path) -> float | None:
        if self.audio is None:
            return None
        seconds = self.audio.play_speech(path)
        self._lengths[path] = seconds  # the cue's own length: no file is read on a cue
        return seconds

    def _length(self, path: Path) -> float:
        """A clip's length, read once (a cue that read its WAV's header twice spent half its
        time there, and a busy SD card can hold an open for milliseconds)."""
        seconds = self._lengths.get(path)
        if seconds is None:
            if len(self._lengths) >= _LENGTHS_KEPT:
                self._lengths.clear()
            seconds = self._lengths[path] = wav_seconds(path)
        return seconds

    def close(self) -> None:
        """Stop rendering, and release the backend and the audio output."""
        try:
            if self.renderer is not None:
                self.renderer.stop()
            if self.queue is not None:
                self.queue.close()
            self.backend.close()
        finally:
            if self.audio is not None:
                self.audio.close()

    def __enter__(self) -> Narrator:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _recording(self, line_id: str) -> Path | None:
        if isinstance(self.backend, LineRecordings):
            return self.backend.recording_for(line_id)
        return None

    def _path(self, line_id: str, text: str) -> Path:
        return self._recording(line_id) or self.cache.path_for(text)

    def _play(self, line_id: str | None, text: str, path: Path) -> Spoken:
        # Without an output the clip is only timed: the device shows it as a caption.
        seconds = self.audio.play_speech(path) if self.audio is not None else wav_seconds(path)
        logger.debug("say %s: %r (%.1f s)", line_id, text, seconds)
        return Spoken(line_id, text, path, seconds)

    def __repr__(self) -> str:
        return f"Narrator({self.catalogue!r}, {self.backend!r}, {str(self.cache.directory)!r})"
