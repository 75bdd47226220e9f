"""Fakes shipped with the package, for the device layer's tests and ``--mock`` runs.

They document the narrator's interface and need no speech engine and no sound card.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from narration.catalogue import Catalogue
from narration.narrator import Progress, Spoken
from narration.speech import DEFAULT_RATE, SpeechBackend
from narration.wav import estimate_speech_seconds, wav_seconds, write_silence

__all__ = ["CountingBackend", "RecordingAudio", "RecordingSpeaker", "SlowBackend"]


class RecordingSpeaker:
    """A narrator-like object that records what it says instead of rendering speech.

    Durations are estimated like :class:`~narration.backends.SilentBackend`'s. With a
    ``directory``, every utterance is also written there as a silent WAV (so code that
    copies ``spoken.path`` gets a real file); without one, ``path`` is ``os.devnull``.
    """

    def __init__(
        self,
        catalogue: Catalogue | None = None,
        *,
        rate: int = DEFAULT_RATE,
        directory: Path | None = None,
    ) -> None:
        """Create the fake.

        Args:
            catalogue: Fills in line texts (and checks ids and params); without one the
                text is the line id followed by its params.
            rate: Words per minute for the duration estimate.
            directory: Where to write silent WAVs, if anywhere.
        """
        self.catalogue = catalogue
        self.rate = rate
        self.directory = directory
        self.spoken: list[Spoken] = []
        """Everything said, in order."""
        self.prepared: list[tuple[str, dict[str, object]]] = []
        """Every item passed to :meth:`prepare`, in order."""
        self.closed = False

    @property
    def lines(self) -> list[str | None]:
        """The line ids said, in order (None for free text)."""
        return [spoken.line_id for spoken in self.spoken]

    def text(self, line_id: str, params: Mapping[str, object] | None = None) -> str:
        """Return the line's text (see the class docstring)."""
        if self.catalogue is not None:
            return self.catalogue.text(line_id, params)
        shown = " ".join(f"{key}={value}" for key, value in sorted((params or {}).items()))
        return f"{line_id} {shown}".strip()

    def seconds(self, line_id: str, params: Mapping[str, object] | None = None) -> float:
        """Return the estimated length of the line."""
        return estimate_speech_seconds(self.text(line_id, params), self.rate)

    def prepare(
        self,
        items: Sequence[tuple[str, Mapping[str, object]]],
        progress: Progress | None = None,
    ) -> None:
        """Record the items (checking them) and report progress like the real narrator."""
        total = len(items)
        if progress is not None:
            progress(0, total)
        for done, (line_id, params) in enumerate(items, start=1):
            self.text(line_id, params)
            self.prepared.append((line_id, dict(params)))
            if progress is not None:
                progress(done, total)

    def speak(self, line_id: str, params: Mapping[str, object] | None = None) -> Spoken:
        """Record a catalogue line as said."""
        return self._record(line_id, self.text(line_id, params))

    def say_text(self, text: str) -> Spoken:
        """Record free text as said."""
        return self._record(None, text)

    def close(self) -> None:
        """Mark the fake closed."""
        self.closed = True

    def _record(self, line_id: str | None, text: str) -> Spoken:
        seconds = estimate_speech_seconds(text, self.rate)
        path = Path(os.devnull)
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True)
            path = self.directory / f"{len(self.spoken) + 1:03d}-{line_id or 'text'}.wav"
            write_silence(path, seconds)
        spoken = Spoken(line_id, text, path, seconds)
        self.spoken.append(spoken)
        return spoken


class RecordingAudio:
    """An :class:`~narration.audio.AudioOutput` stand-in that records what it was asked to play."""

    def __init__(self) -> None:
        """Create the fake (always in captions mode)."""
        self.speech: list[Path] = []
        self.effects: list[Path] = []
        self.music: list[Path] = []
        self.preloaded: list[Path] = []
        self.available = False

    def open(self) -> bool:
        """Pretend there is no speaker."""
        return False

    def play_speech(self, path: Path) -> float:
        """Record the clip and return its real length."""
        self.speech.append(path)
        return wav_seconds(path)

    def preload(self, paths: Sequence[Path]) -> None:
        """Record the clips asked to be loaded ahead."""
        self.preloaded += paths

    def play_effect(self, path: Path) -> None:
        """Record the effect."""
        self.effects.append(path)

    def play_music(self, path: Path, *, loops: int = -1) -> None:
        """Record the music."""
        self.music.append(path)

    def update(self) -> None:
        """Nothing to do."""

    def stop(self) -> None:
        """Nothing to do."""

    def close(self) -> None:
        """Nothing to do."""


class CountingBackend:
    """Wraps a real backend and records every text that reaches it (to check caching)."""

    def __init__(self, inner: SpeechBackend) -> None:
        """Wrap ``inner``; its name, voice and rate are used as is (same cache keys)."""
        self.inner = inner
        self.name = inner.name
        self.voice = inner.voice
        self.rate = inner.rate
        self.calls: list[str] = []
        """Every text rendered, in order."""

    def synthesize(self, text: str, out_path: Path) -> None:
        """Record the text, then render it with the wrapped backend."""
        self.calls.append(text)
        self.inner.synthesize(text, out_path)

    def close(self) -> None:
        """Close the wrapped backend."""
        self.inner.close()


class SlowBackend:
    """Wraps a real backend and makes it slow: each line waits until :attr:`gate` is open, then
    ``delay`` seconds more (a Pi rendering Piper, for the benchmark), then renders."""

    def __init__(self, inner: SpeechBackend, *, delay: float = 0.0, held: bool = False) -> None:
        """Wrap ``inner`` (same cache keys); ``held`` closes the gate until :meth:`let_go`."""
        self.inner = inner
        self.name = inner.name
        self.voice = inner.voice
        self.rate = inner.rate
        self.delay = delay
        self.gate = threading.Event()
        if not held:
            self.gate.set()
        self.started: list[str] = []
        """Every text whose rendering began, in order."""

    def let_go(self) -> None:
        """Open the gate: held lines render."""
        self.gate.set()

    def synthesize(self, text: str, out_path: Path) -> None:
        """Wait for the gate and the delay, then render with the wrapped backend."""
        self.started.append(text)
        self.gate.wait()
        if self.delay:
            time.sleep(self.delay)
        self.inner.synthesize(text, out_path)

    def close(self) -> None:
        """Open the gate (nothing stays held) and close the wrapped backend."""
        self.gate.set()
        self.inner.close()
