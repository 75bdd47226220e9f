"""The shipped fakes behave like the narrator they stand in for."""

from __future__ import annotations

from pathlib import Path

import pytest

from narration.catalogue import Catalogue
from narration.errors import UnknownLineError
from narration.fake import RecordingSpeaker
from narration.wav import check_wav, wav_seconds


def test_the_recording_speaker_records_lines_and_estimates_time(catalogue: Catalogue) -> None:
    speaker = RecordingSpeaker(catalogue, rate=120)
    spoken = speaker.speak("test.count", {"count": 5})
    assert spoken.text == "There are 5 players tonight."
    assert spoken.seconds == pytest.approx(2.5)  # five words at two a second
    assert speaker.seconds("test.hello", {}) == pytest.approx(1.0)
    speaker.say_text("Free text")
    assert speaker.lines == ["test.count", None]


def test_the_recording_speaker_checks_lines_like_the_real_one(catalogue: Catalogue) -> None:
    speaker = RecordingSpeaker(catalogue)
    progress: list[tuple[int, int]] = []
    speaker.prepare([("test.hello", {})], lambda done, total: progress.append((done, total)))
    assert progress == [(0, 1), (1, 1)]
    assert speaker.prepared == [("test.hello", {})]
    with pytest.raises(UnknownLineError):
        speaker.speak("test.nope", {})


def test_without_a_catalogue_the_text_is_the_id_and_params() -> None:
    speaker = RecordingSpeaker()
    assert speaker.speak("onenight.day.start", {"minutes": 4}).text == (
        "onenight.day.start minutes=4"
    )


def test_with_a_folder_each_utterance_is_a_real_silent_wav(tmp_path: Path) -> None:
    speaker = RecordingSpeaker(directory=tmp_path)
    spoken = speaker.speak("common.test")
    assert spoken.path == tmp_path / "001-common.test.wav"
    assert check_wav(spoken.path) is None
    assert wav_seconds(spoken.path) == pytest.approx(spoken.seconds, abs=0.001)
