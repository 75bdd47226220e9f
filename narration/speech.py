"""The speech backend interface and the helpers every backend shares."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

from narration.errors import NarrationError, VoiceError
from narration.wav import check_wav

__all__ = [
    "DEFAULT_RATE",
    "LineRecordings",
    "SpeechBackend",
    "check_rate",
    "require_text",
    "verify_wav",
]

DEFAULT_RATE = 175
"""Words per minute; espeak-ng's own default and an easy pace at a noisy table."""

_MIN_RATE, _MAX_RATE = 80, 500


@runtime_checkable
class SpeechBackend(Protocol):
    """Something that renders text to a WAV file."""

    # Read-only properties, so plain attributes and wrapper properties both fit.
    @property
    def name(self) -> str:
        """Backend name (part of the cache key)."""
        ...

    @property
    def voice(self) -> str:
        """Voice id as the backend understands it (part of the cache key)."""
        ...

    @property
    def rate(self) -> int:
        """Speaking rate in words per minute (part of the cache key)."""
        ...

    def synthesize(self, text: str, out_path: Path) -> None:
        """Render ``text`` to a WAV at ``out_path``; raise NarrationError on failure."""
        ...

    def close(self) -> None:
        """Release the engine; the backend is not used afterwards."""
        ...


@runtime_checkable
class LineRecordings(Protocol):
    """A backend that may hold a human recording for a line id."""

    def recording_for(self, line_id: str) -> Path | None:
        """Return the recorded WAV for ``line_id``, or None to synthesize it."""
        ...


def check_rate(rate: int) -> int:
    """Return ``rate`` if it is a sensible words-per-minute value.

    Raises:
        VoiceError: If the rate is not an int between 80 and 500.
    """
    if isinstance(rate, bool) or not isinstance(rate, int) or not _MIN_RATE <= rate <= _MAX_RATE:
        raise VoiceError(f"speech rate must be {_MIN_RATE}..{_MAX_RATE} words per minute: {rate!r}")
    return rate


def require_text(text: str) -> None:
    """Refuse empty or blank text (engines write empty or broken files for it)."""
    if not text.strip():
        raise NarrationError(f"nothing to say: {text!r}")


def verify_wav(out_path: Path, what: str, text: str) -> None:
    """Raise NarrationError unless ``out_path`` is a playable WAV."""
    problem = check_wav(out_path)
    if problem:
        raise NarrationError(f"{what} wrote no usable wav for {text!r}: {problem}")
