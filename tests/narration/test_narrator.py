"""The narrator end to end: catalogue, real backends, cache and audio."""

from __future__ import annotations

from pathlib import Path

import pytest
from mixerwatch import speech_watch

from narration.audio import AudioOutput
from narration.backends import EspeakBackend, RecordedVoice, SilentBackend
from narration.catalogue import Catalogue
from narration.errors import MissingPlaceholderError, NarrationError
from narration.fake import CountingBackend, RecordingAudio
from narration.narrator import Narrator, Spoken
from narration.pyttsx3_backend import Pyttsx3Backend
from narration.wav import wav_seconds


def test_prepare_renders_every_line_once_and_reports_progress(
    catalogue: Catalogue, counting_espeak: CountingBackend, tmp_path: Path
) -> None:
    narrator = Narrator(catalogue, counting_espeak, tmp_path)
    seen: list[tuple[int, int]] = []
    items = [("test.hello", {}), ("test.count", {"count": 4}), ("test.hello", {})]
    narrator.prepare(items, lambda done, total: seen.append((done, total)))
    assert seen == [(0, 3), (1, 3), (3, 3)]  # over the three lines, as the two texts render
    assert counting_espeak.calls == ["Hello, table.", "There are 4 players tonight."]
    spoken = narrator.speak("test.count", {"count": 4})
    assert len(counting_espeak.calls) == 2  # speaking a prepared line renders nothing
    assert spoken == Spoken(
        "test.count",
        "There are 4 players tonight.",
        narrator.wav_path("test.count", {"count": 4}),
        wav_seconds(spoken.path),
    )


def test_seconds_is_the_length_of_the_rendered_wav(
    catalogue: Catalogue, pyttsx3_backend: Pyttsx3Backend, tmp_path: Path
) -> None:
    narrator = Narrator(catalogue, pyttsx3_backend, tmp_path)
    short = narrator.seconds("test.hello", {})
    long = narrator.seconds("test.pair", {"first": 2, "second": 7})
    assert 0.3 < short < long
    assert narrator.text("test.pair", {"first": 2, "second": 7}) == (
        "Seat 2 and seat 7, open your eyes."
    )


def test_a_bad_line_fails_before_anything_renders(
    catalogue: Catalogue, counting_espeak: CountingBackend, tmp_path: Path
) -> None:
    narrator = Narrator(catalogue, counting_espeak, tmp_path)
    with pytest.raises(MissingPlaceholderError):
        narrator.prepare([("test.hello", {}), ("test.count", {})])
    assert counting_espeak.calls == []


def test_a_recorded_line_is_played_instead_of_synthesis(
    catalogue: Catalogue, counting_espeak: CountingBackend, tmp_path: Path
) -> None:
    folder = tmp_path / "recorded"
    folder.mkdir()
    SilentBackend().synthesize("a human says hello", folder / "test.hello.wav")
    narrator = Narrator(catalogue, RecordedVoice(folder, counting_espeak), tmp_path / "cache")
    assert narrator.wav_path("test.hello") == folder / "test.hello.wav"
    spoken = narrator.speak("test.hello")
    assert spoken.path == folder / "test.hello.wav"
    assert spoken.text == "Hello, table."  # the caption still comes from the catalogue
    narrator.speak("test.count", {"count": 3})
    assert counting_espeak.calls == ["There are 3 players tonight."]


def test_say_text_speaks_free_text_through_the_cache(
    catalogue: Catalogue, counting_espeak: CountingBackend, tmp_path: Path
) -> None:
    narrator = Narrator(catalogue, counting_espeak, tmp_path)
    first = narrator.say_text("Testing, one two.")
    second = narrator.say_text("Testing, one two.")
    assert first.line_id is None
    assert first == second
    assert len(counting_espeak.calls) == 1
    with pytest.raises(NarrationError) as caught:
        narrator.say_text("")
    assert str(caught.value) == "nothing to say: ''"


def test_speech_plays_through_the_mixer_when_there_is_one(
    catalogue: Catalogue, espeak: EspeakBackend, tmp_path: Path
) -> None:
    audio = AudioOutput()
    audio.open()
    with speech_watch() as ended, Narrator(catalogue, espeak, tmp_path, audio) as narrator:
        spoken = narrator.speak("test.hello")
        assert spoken.seconds == pytest.approx(wav_seconds(spoken.path), abs=0.01)
        assert ended()  # the clip went through the mixer to its end
    assert not audio.available  # closing the narrator closed the output


def test_with_no_sound_card_speaking_still_gives_durations(
    catalogue: Catalogue, espeak: EspeakBackend, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no_such_driver")
    audio = AudioOutput()
    assert audio.open() is False
    narrator = Narrator(catalogue, espeak, tmp_path, audio)
    spoken = narrator.speak("test.count", {"count": 6})
    assert spoken.seconds == pytest.approx(wav_seconds(spoken.path))
    assert spoken.seconds > 0.5


def test_any_speech_output_will_do(
    catalogue: Catalogue, espeak: EspeakBackend, tmp_path: Path
) -> None:
    audio = RecordingAudio()
    narrator = Narrator(catalogue, espeak, tmp_path, audio)
    spoken = narrator.speak("test.hello")
    assert audio.speech == [spoken.path]


def test_the_shipped_catalogues_render_with_espeak(tmp_path: Path) -> None:
    catalogue = Catalogue.load("common")
    narrator = Narrator(catalogue, EspeakBackend(), tmp_path)
    fixed = [line for line in catalogue.ids() if not catalogue.placeholders(line)]
    plain: list[tuple[str, dict[str, object]]] = [(line, {}) for line in fixed]
    narrator.prepare(plain)
    assert all(narrator.seconds(line, params) > 0.3 for line, params in plain)


def test_prepare_hands_every_clip_to_the_output_to_load_ahead(
    catalogue: Catalogue, tmp_path: Path
) -> None:
    audio = RecordingAudio()
    narrator = Narrator(catalogue, SilentBackend(), tmp_path, audio)
    items = [
        (line, dict[str, object]()) for line in catalogue.ids() if not catalogue.placeholders(line)
    ][:3]
    narrator.prepare(items)
    assert audio.preloaded == [narrator.wav_path(line, params) for line, params in items]


def test_a_preloaded_clip_plays_from_memory_even_if_its_file_goes_away(
    catalogue: Catalogue, espeak: EspeakBackend, tmp_path: Path
) -> None:
    audio = AudioOutput()
    audio.open()
    narrator = Narrator(catalogue, espeak, tmp_path / "cache", audio)
    narrator.prepare([("test.hello", {})])
    path = narrator.wav_path("test.hello", {})
    seconds = wav_seconds(path)
    moved = path.rename(tmp_path / "elsewhere.wav")
    with speech_watch() as ended:
        assert audio.play_speech(path) == pytest.approx(seconds, abs=0.01)
        assert ended()
    moved.unlink()
    audio.close()
