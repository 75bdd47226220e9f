"""Small WAV helpers built on the standard library ``wave`` module."""

from __future__ import annotations

import logging
import wave
from pathlib import Path

from narration.errors import NarrationError

logger = logging.getLogger(__name__)

__all__ = ["check_wav", "estimate_speech_seconds", "wav_seconds", "write_silence"]

SILENCE_RATE = 22050
"""Sample rate of generated silence (the same as espeak's own output)."""


def wav_seconds(path: Path) -> float:
    """Return the duration of a WAV file in seconds.

    Args:
        path: The WAV file.

    Raises:
        NarrationError: If the file is missing or not a readable WAV.
    """
    try:
        with wave.open(str(path), "rb") as reader:
            return reader.getnframes() / float(reader.getframerate())
    except (OSError, EOFError, wave.Error, ZeroDivisionError) as exc:
        raise NarrationError(f"cannot read wav {str(path)!r}: {exc}") from exc


def captions_seconds(path: Path) -> float:
    """The length of the clip at ``path`` for showing it as captions: 0 (logged) when it
    cannot be read, since a caption must never stop the game."""
    try:
        return wav_seconds(path)
    except NarrationError as exc:
        logger.warning("cannot time %s: %s", path, exc)
        return 0.0


def check_wav(path: Path) -> str | None:
    """Say what is wrong with a WAV file, or return None when it is playable.

    A file is playable when it exists, parses as WAV, has at least one frame and
    holds every frame its header promises (a half-written file does not).

    Args:
        path: The WAV file.
    """
    if not path.is_file():
        return "file is missing"
    try:
        with wave.open(str(path), "rb") as reader:
            frames = reader.getnframes()
            if frames <= 0:
                return "file has no audio frames"
            expected = frames * reader.getsampwidth() * reader.getnchannels()
            # Reading the data is cheap (speech clips are small) and catches truncation.
            if len(reader.readframes(frames)) != expected:
                return "file is truncated"
    except (OSError, EOFError, wave.Error) as exc:
        return f"file is not a readable wav ({exc})"
    return None


def estimate_speech_seconds(text: str, rate: int) -> float:
    """Estimate how long ``text`` takes to say at ``rate`` words per minute (min 0.5 s).

    Args:
        text: The sentence.
        rate: Speaking rate in words per minute.
    """
    words = len(text.split())
    return max(0.5, words / (max(rate, 1) / 60.0))


def write_silence(path: Path, seconds: float) -> None:
    """Write a silent 16-bit mono WAV of about ``seconds`` length.

    Args:
        path: Where to write.
        seconds: Length of the silence.
    """
    frames = max(1, round(seconds * SILENCE_RATE))
    with wave.open(str(path), "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(2)
        writer.setframerate(SILENCE_RATE)
        writer.writeframes(b"\x00\x00" * frames)
