"""Words and sound: narration lines, speech backends, the WAV cache and audio output.

Importing this package loads no speech engine and no pygame: pyttsx3 and pygame are
imported only when a :class:`Pyttsx3Backend` or an :class:`AudioOutput` is opened.
"""

from __future__ import annotations

from narration.audio import AudioOutput
from narration.backends import (
    BACKEND_NAMES,
    EspeakBackend,
    PiperBackend,
    RecordedVoice,
    SilentBackend,
    make_backend,
)
from narration.cache import WavCache, wav_seconds
from narration.catalogue import Catalogue
from narration.errors import (
    BackendUnavailableError,
    CatalogueError,
    MissingPlaceholderError,
    NarrationError,
    PlaceholderError,
    UnexpectedPlaceholderError,
    UnknownBackendError,
    UnknownLineError,
    VoiceError,
    VolumeError,
)
from narration.narrator import Narrator, SpeechOutput, Spoken
from narration.pyttsx3_backend import Pyttsx3Backend
from narration.speech import DEFAULT_RATE, LineRecordings, SpeechBackend

__all__ = [
    "BACKEND_NAMES",
    "DEFAULT_RATE",
    "AudioOutput",
    "BackendUnavailableError",
    "Catalogue",
    "CatalogueError",
    "EspeakBackend",
    "LineRecordings",
    "MissingPlaceholderError",
    "NarrationError",
    "Narrator",
    "PiperBackend",
    "PlaceholderError",
    "Pyttsx3Backend",
    "RecordedVoice",
    "SilentBackend",
    "SpeechBackend",
    "SpeechOutput",
    "Spoken",
    "UnexpectedPlaceholderError",
    "UnknownBackendError",
    "UnknownLineError",
    "VoiceError",
    "VolumeError",
    "WavCache",
    "make_backend",
    "wav_seconds",
]
