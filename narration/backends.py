"""Speech backends: turn one sentence into one WAV file.

Every backend has the same small interface (:class:`SpeechBackend`), so the cache and
the narrator never care which engine speaks. pyttsx3 lives in ``pyttsx3_backend.py`` and
the command-line engines in ``commandline.py``; nothing here imports a TTS library.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from narration.catalogue import did_you_mean
from narration.commandline import EspeakBackend
from narration.delivery import Delivery
from narration.errors import BackendUnavailableError, NarrationError, UnknownBackendError
from narration.piper_backend import PiperBackend
from narration.piper_model import bundled_model, find_model, piper_installed
from narration.speech import (
    DEFAULT_RATE,
    LineRecordings,
    SpeechBackend,
    check_rate,
    require_text,
)
from narration.wav import check_wav, estimate_speech_seconds, write_silence

__all__ = [
    "BACKEND_NAMES",
    "DEFAULT_RATE",
    "EspeakBackend",
    "LineRecordings",
    "PiperBackend",
    "RecordedVoice",
    "SilentBackend",
    "SpeechBackend",
    "make_backend",
]

BACKEND_NAMES = ("pyttsx3", "espeak", "piper", "silent")
_ALIASES = {"espeak-ng": "espeak", "none": "silent"}


class SilentBackend:
    """Writes silence as long as the sentence would take to say.

    Used when nothing can speak (the device then shows captions) and in fast tests.
    """

    name = "silent"

    def __init__(self, rate: int = DEFAULT_RATE, voice: str = "silence") -> None:
        """Create the backend.

        Args:
            rate: Words per minute used to estimate each clip's length.
            voice: Only part of the cache key.
        """
        self.rate = check_rate(rate)
        self.voice = voice

    def synthesize(self, text: str, out_path: Path) -> None:
        """Write ``words / (rate / 60)`` seconds of silence (at least 0.5 s)."""
        require_text(text)
        write_silence(out_path, estimate_speech_seconds(text, self.rate))

    def close(self) -> None:
        """Nothing to release."""

    def __repr__(self) -> str:
        return f"SilentBackend(rate={self.rate!r})"


class RecordedVoice:
    """Human recordings that override synthesis, line by line.

    ``<folder>/<line_id>.wav`` (e.g. ``onenight.dusk.start.wav``) is played for that line
    id whatever its parameters, so record only lines without placeholders. Every other
    line, and free text, goes to the wrapped backend.
    """

    def __init__(self, folder: str | Path, inner: SpeechBackend) -> None:
        """Wrap a backend.

        Args:
            folder: Folder of ``<line_id>.wav`` files.
            inner: Backend for everything not recorded.

        Raises:
            BackendUnavailableError: If the folder does not exist.
        """
        self.folder = Path(folder).expanduser()
        if not self.folder.is_dir():
            raise BackendUnavailableError(f"recorded voice folder not found: {str(self.folder)!r}")
        self.inner = inner

    # The cache key is the inner backend's, so synthesized lines share its cache.
    @property
    def name(self) -> str:
        """The wrapped backend's name."""
        return self.inner.name

    @property
    def voice(self) -> str:
        """The wrapped backend's voice."""
        return self.inner.voice

    @property
    def rate(self) -> int:
        """The wrapped backend's rate."""
        return self.inner.rate

    def recording_for(self, line_id: str) -> Path | None:
        """Return ``<folder>/<line_id>.wav`` if it exists.

        Raises:
            NarrationError: If the recording exists but is not a playable WAV.
        """
        if not line_id or "/" in line_id or "\\" in line_id or line_id.startswith("."):
            return None
        path = self.folder / f"{line_id}.wav"
        if not path.exists():
            return None
        problem = check_wav(path)
        if problem:
            raise NarrationError(f"recording for line {line_id!r} is unusable: {problem}")
        return path

    @property
    def finishes(self) -> bool:
        """Whether the wrapped backend finishes its own lines (Piper's worker does)."""
        return bool(getattr(self.inner, "finishes", False))

    @property
    def delivery(self) -> Delivery:
        """The wrapped backend's delivery (part of the cache key)."""
        delivery = getattr(self.inner, "delivery", None)
        return delivery if isinstance(delivery, Delivery) else Delivery()

    def synthesize(self, text: str, out_path: Path) -> None:
        """Render through the wrapped backend."""
        self.inner.synthesize(text, out_path)

    def synthesize_many(
        self, lines: Sequence[tuple[str, Path]], progress: Callable[[int], None] | None = None
    ) -> None:
        """Render a batch through the wrapped backend (in one go when it can)."""
        many = getattr(self.inner, "synthesize_many", None)
        if many is not None:
            many(lines, progress)
            return
        for index, (text, path) in enumerate(lines):
            self.inner.synthesize(text, path)
            if progress is not None:
                progress(index)

    def cancel(self) -> None:
        """Stop a render the wrapped backend runs elsewhere (a Piper worker), if any."""
        cancel = getattr(self.inner, "cancel", None)
        if cancel is not None:
            cancel()

    def close(self) -> None:
        """Close the wrapped backend."""
        self.inner.close()

    def __repr__(self) -> str:
        return f"RecordedVoice({str(self.folder)!r}, {self.inner!r})"


def make_backend(
    name: str,
    *,
    voice: str | None = None,
    rate: int = DEFAULT_RATE,
    piper_model: str | None = None,
    delivery: Delivery | None = None,
    recordings: str | None = None,
    nice: int = 0,
) -> SpeechBackend:
    """Build a speech backend by name.

    Args:
        name: ``"pyttsx3"``, ``"espeak"``, ``"piper"`` or ``"silent"``.
        voice: Backend voice id; None picks the backend's default
            (``gmw/en-us`` for pyttsx3, ``en-us`` for espeak).
        rate: Words per minute.
        piper_model: Path to the Piper ``.onnx`` model (piper only); None means the
            bundled ``en_US-joe-medium`` voice.
        delivery: Piper's pace and pauses (piper only).
        recordings: Optional folder of ``<line_id>.wav`` recordings that override lines.
        nice: Niceness of Piper's worker processes (piper only).

    Raises:
        UnknownBackendError: If the name is unknown (with a "did you mean").
        BackendUnavailableError: If the backend cannot run here (for Piper also a model
            that fails the official digests: ``VoiceModelRefusedError``).
        VoiceError: If the voice or rate cannot be used.
    """
    key = _ALIASES.get(name, name)
    backend: SpeechBackend
    if key == "pyttsx3":
        from narration.pyttsx3_backend import Pyttsx3Backend

        backend = Pyttsx3Backend(voice or Pyttsx3Backend.DEFAULT_VOICE, rate)
    elif key == "espeak":
        backend = EspeakBackend(voice or "en-us", rate)
    elif key == "piper":
        if not piper_installed():
            raise BackendUnavailableError(
                "piper is not installed (no piper-tts and onnxruntime); "
                "install it with: pip install piper-tts"
            )
        model = find_model(piper_model) if piper_model else bundled_model()
        backend = PiperBackend(model, delivery, nice=nice)
    elif key == "silent":
        backend = SilentBackend(rate)
    else:
        raise UnknownBackendError(
            f"unknown speech backend: {name!r}{did_you_mean(name, BACKEND_NAMES)}"
        )
    if recordings is not None:
        try:
            return RecordedVoice(recordings, backend)
        except NarrationError:
            backend.close()
            raise
    return backend
