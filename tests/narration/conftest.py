"""Fixtures for the narration tests: real engines, and pygame's mixer on a discarding driver."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from device.headless import headless_env
from narration.backends import EspeakBackend
from narration.catalogue import Catalogue
from narration.fake import CountingBackend
from narration.pyttsx3_backend import Pyttsx3Backend


@pytest.fixture(autouse=True)
def headless_audio(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every narration test gets the discarding audio driver (restored afterwards): faster
    than real time, into a FIFO that a drainer empties."""
    for key, value in headless_env().items():
        if key.startswith(("SDL_AUDIO", "SDL_DISKAUDIO", "PYGAME")):
            monkeypatch.setenv(key, value)


@pytest.fixture(scope="session")
def pyttsx3_backend() -> Iterator[Pyttsx3Backend]:
    """One real pyttsx3 backend for the whole run (the engine is per process anyway)."""
    backend = Pyttsx3Backend()
    yield backend
    backend.close()


@pytest.fixture
def espeak() -> EspeakBackend:
    """The real espeak-ng command line."""
    return EspeakBackend()


@pytest.fixture
def counting_espeak(espeak: EspeakBackend) -> CountingBackend:
    """espeak-ng, counting its renders."""
    return CountingBackend(espeak)


@pytest.fixture
def catalogue() -> Catalogue:
    """A small catalogue with and without placeholders."""
    return Catalogue.from_mapping(
        {
            "test.hello": "Hello, table.",
            "test.count": "There are {count} players tonight.",
            "test.pair": "Seat {first} and seat {second}, open your eyes.",
        },
        source="test",
    )


@pytest.fixture
def speech(tmp_path: Path) -> Path:
    """A short line rendered by espeak-ng."""
    path = tmp_path / "speech.wav"
    EspeakBackend().synthesize("Aliens, open your eyes.", path)
    return path


@pytest.fixture
def long_speech(tmp_path: Path) -> Path:
    """A clip that cannot end while a test looks at it, however fast the driver plays."""
    import wave

    path = tmp_path / "long.wav"
    with wave.open(str(path), "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(2)
        writer.setframerate(22050)
        writer.writeframes(b"\x00\x01" * 22050 * 60)
    return path
