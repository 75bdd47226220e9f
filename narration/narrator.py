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
from narration.speech import LineRecordings, SpeechBackend, require_text
from narration.wav import wav_seconds

__all__ = ["Narrator", "Progress", "SpeechOutput", "Spoken"]

logger = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
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
    ) -> None:
        """Create the narrator.

        Args:
            catalogue: The lines it may say.
            backend: Renders speech; a :class:`~narration.backends.RecordedVoice`
                also supplies recordings by line id.
            cache_dir: Folder of rendered WAVs (created if missing).
            audio: Where speech plays; None renders only (simulator, captions).
        """
        self.catalogue = catalogue
        self.backend = backend
        self.cache = WavCache(cache_dir, backend)
        self.audio = audio

    def text(self, line_id: str, params: Mapping[str, object] | None = None) -> str:
        """Return the words of a line with its placeholders filled in.

        Raises:
            UnknownLineError, MissingPlaceholderError, UnexpectedPlaceholderError:
                See :meth:`Catalogue.text`.
        """
        return self.catalogue.text(line_id, params)

    def wav_path(self, line_id: str, params: Mapping[str, object] | None = None) -> Path:
        """Return the WAV of a line: its recording if there is one, else the cached render.

        Raises:
            NarrationError: If the line is bad or cannot be rendered.
        """
        return self._path(line_id, self.text(line_id, params))

    def seconds(self, line_id: str, params: Mapping[str, object] | None = None) -> float:
        """Return how long a line lasts when spoken (rendering it if needed)."""
        return wav_seconds(self.wav_path(line_id, params))

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

    def speak(self, line_id: str, params: Mapping[str, object] | None = None) -> Spoken:
        """Say a catalogue line (returns at once; the clip plays in the background).

        Raises:
            NarrationError: If the line is bad or cannot be rendered.
        """
        text = self.text(line_id, params)
        return self._play(line_id, text, self._path(line_id, text))

    def say_text(self, text: str) -> Spoken:
        """Say arbitrary text (``mothership say "TEXT"``), through the same cache.

        Raises:
            NarrationError: If the text is blank or cannot be rendered.
        """
        require_text(text)
        return self._play(None, text, self.cache.path_for(text))

    def close(self) -> None:
        """Release the backend and the audio output."""
        try:
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
