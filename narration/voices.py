"""Which voice speaks, and why: Piper when it can, espeak-ng through pyttsx3 when it cannot.

:func:`choose_voice` builds the configured engine. When that is Piper and Piper is missing
(not installed, no model) or refused (the model fails its digests, the worker cannot load
it), espeak-ng through pyttsx3 takes over, and the choice carries the reason, for the log and
for ``mothership doctor``.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from narration.backends import RecordedVoice, make_backend
from narration.delivery import Delivery
from narration.errors import BackendUnavailableError, NarrationError
from narration.piper_backend import PiperBackend
from narration.speech import DEFAULT_RATE, SpeechBackend

__all__ = ["FALLBACK", "VoiceChoice", "choose_voice", "describe"]

logger = logging.getLogger(__name__)

FALLBACK = ("pyttsx3", "espeak", "silent")
"""What takes over from Piper, in order: espeak-ng through pyttsx3, its command line, silence."""
_PROBE_STAMP = "piper-probe.json"


@dataclass(frozen=True)
class VoiceChoice:
    """The backend that speaks, and why it was chosen."""

    backend: SpeechBackend
    wanted: str
    """The configured engine."""
    reason: str
    """One sentence: why this voice speaks (and why the wanted one does not, if so)."""

    @property
    def fell_back(self) -> bool:
        """Whether another engine speaks than the one configured."""
        return self.backend.name != {"espeak-ng": "espeak", "none": "silent"}.get(
            self.wanted, self.wanted
        )


def describe(backend: SpeechBackend) -> str:
    """``"piper voice en_US-joe-medium"`` or ``"pyttsx3 (espeak-ng) voice gmw/en-us"``."""
    engine = "pyttsx3 (espeak-ng)" if backend.name == "pyttsx3" else backend.name
    return f"{engine} voice {backend.voice}"


def _piper_version() -> str:
    from importlib import metadata  # only to probe: costs a start a twentieth of a second

    try:
        return metadata.version("piper-tts")
    except metadata.PackageNotFoundError:
        return "?"


def _probe(backend: PiperBackend, stamp_dir: Path | None) -> None:
    """Load the voice once in a worker, unless it is known to load (a stamp in the cache)."""
    onnx = backend.model.onnx.stat()
    stamp = {"voice": backend.voice, "piper": _piper_version(), "bytes": onnx.st_size}
    stamp_file = stamp_dir / _PROBE_STAMP if stamp_dir is not None else None
    try:
        if stamp_file is not None and json.loads(stamp_file.read_text("utf-8")) == stamp:
            return
    except (OSError, ValueError):
        pass
    backend.probe()
    if stamp_file is not None:
        try:
            stamp_file.parent.mkdir(parents=True, exist_ok=True)
            stamp_file.write_text(json.dumps(stamp), "utf-8")
        except OSError as exc:
            logger.debug("cannot write %s: %s", stamp_file, exc)


def choose_voice(
    name: str,
    *,
    voice: str | None = None,
    rate: int = DEFAULT_RATE,
    piper_model: str | None = None,
    delivery: Delivery | None = None,
    recordings: str | None = None,
    probe: bool = False,
    stamp_dir: Path | None = None,
    nice: int = 0,
) -> VoiceChoice:
    """Build the configured voice, or the fallback when it is Piper and Piper cannot speak.

    Args:
        name: The configured engine (``piper``, ``pyttsx3``, ``espeak``, ``silent``).
        voice: The engine's voice id (not Piper's: its voice is the model).
        rate: Words per minute (espeak-ng); Piper's pace is ``delivery.length_scale``.
        piper_model: A Piper ``.onnx``; None means the bundled ``en_US-joe-medium``.
        delivery: Pace, pauses and loudness.
        recordings: A folder of ``<line_id>.wav`` recordings that win over any engine.
        probe: Also check that a worker really loads the voice (once: remembered in
            ``stamp_dir``).
        stamp_dir: Where a successful probe is remembered (the WAV cache).
        nice: Niceness of Piper's workers, the probe's among them.

    Raises:
        NarrationError: If the configured engine (not Piper) cannot run, or no fallback can.
    """
    delivery = delivery or Delivery()
    if name != "piper":
        backend = make_backend(name, voice=voice, rate=rate, delivery=delivery)
        choice = VoiceChoice(backend, name, f"{describe(backend)}, as configured")
    else:
        try:
            backend = make_backend("piper", piper_model=piper_model, delivery=delivery, nice=nice)
            assert isinstance(backend, PiperBackend)
            if probe:
                _probe(backend, stamp_dir)
            checked = (
                "checked against the official digests"
                if backend.verified
                else "not in the official listing, used as supplied"
            )
            choice = VoiceChoice(backend, name, f"{describe(backend)}, {checked}")
        except BackendUnavailableError as problem:
            choice = _fallback(name, problem, rate, delivery)
    if recordings is not None:
        try:
            wrapped = RecordedVoice(recordings, choice.backend)
        except NarrationError:
            choice.backend.close()
            raise
        choice = VoiceChoice(wrapped, name, f"{choice.reason}; recorded lines from {recordings}")
    return choice


def _fallback(name: str, problem: Exception, rate: int, delivery: Delivery) -> VoiceChoice:
    failures = [f"piper: {problem}"]
    for other in FALLBACK:
        try:
            backend = make_backend(other, rate=rate, delivery=delivery)
        except NarrationError as error:
            failures.append(f"{other}: {error}")
            continue
        reason = f"{describe(backend)}, because piper cannot speak here ({problem})"
        logger.warning("speaking with %s", reason)
        return VoiceChoice(backend, name, reason)
    raise BackendUnavailableError("no voice can speak: " + "; ".join(failures))
