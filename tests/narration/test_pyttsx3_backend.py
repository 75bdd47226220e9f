"""The pyttsx3 backend on the real engine: every trap from the platform notes."""

from __future__ import annotations

import wave
from pathlib import Path
from typing import Any

import pytest

from narration.errors import NarrationError, VoiceError
from narration.pyttsx3_backend import Pyttsx3Backend, _EngineWorker
from narration.wav import check_wav, wav_seconds

LINES = [
    "Everyone, close your eyes.",
    "Aliens, open your eyes and find each other.",
    "The Oracle has a question for you.",
    "Cow, hold out your fist.",
    "Morning is here. Everyone, open your eyes.",
]


def test_twenty_renders_in_a_row_all_give_complete_wavs(
    pyttsx3_backend: Pyttsx3Backend, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    for n in range(20):
        out = tmp_path / f"{n:02d}.wav"
        pyttsx3_backend.synthesize(f"Line {n}. {LINES[n % len(LINES)]}", out)
        assert check_wav(out) is None, n
        with wave.open(str(out), "rb") as reader:
            assert reader.getnframes() > 0
            assert reader.getframerate() == 22050
    assert "failed" not in caplog.text  # every file was right the first time


def test_switching_voices_every_line_never_cancels_an_utterance(
    pyttsx3_backend: Pyttsx3Backend, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # A voice change is queued inside espeak; starting the next run before it is done
    # made pyttsx3 cancel the utterance. The backend waits for espeak to go idle.
    other = Pyttsx3Backend("gmw/en-gb-x-rp", 150)
    try:
        for n in range(10):
            backend = other if n % 2 else pyttsx3_backend
            backend.synthesize(LINES[n % len(LINES)], tmp_path / f"{n}.wav")
            assert check_wav(tmp_path / f"{n}.wav") is None, n
    finally:
        other.close()
    assert "failed" not in caplog.text


def test_the_audio_saved_notice_never_reaches_stdout(
    pyttsx3_backend: Pyttsx3Backend, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    pyttsx3_backend.synthesize("Quiet please.", tmp_path / "quiet.wav")
    print("our own output")
    out, _ = capfd.readouterr()
    assert out == "our own output\n"


def test_voice_and_rate_are_set_for_every_utterance(
    pyttsx3_backend: Pyttsx3Backend, tmp_path: Path
) -> None:
    slow = Pyttsx3Backend("gmw/en-gb-x-rp", 100)
    try:
        slow.synthesize(LINES[1], tmp_path / "slow.wav")
    finally:
        slow.close()
    pyttsx3_backend.synthesize(LINES[1], tmp_path / "default.wav")
    # Had the slow backend's rate stuck to the shared engine, both would be as long.
    assert wav_seconds(tmp_path / "slow.wav") > 1.4 * wav_seconds(tmp_path / "default.wav")


def test_a_short_espeak_voice_name_is_accepted(pyttsx3_backend: Pyttsx3Backend) -> None:
    backend = Pyttsx3Backend("en-us")
    try:
        assert backend.voice == "gmw/en-us"
    finally:
        backend.close()


def test_an_unknown_voice_suggests_the_closest_id(pyttsx3_backend: Pyttsx3Backend) -> None:
    with pytest.raises(VoiceError) as caught:
        Pyttsx3Backend("gmw/en-uss")
    assert str(caught.value) == "unknown pyttsx3 voice: 'gmw/en-uss' (did you mean 'gmw/en-us'?)"


@pytest.mark.parametrize("voice", ["mb-us1", "mb/mb-us1"])
def test_mbrola_voices_are_refused_with_advice(voice: str) -> None:
    with pytest.raises(VoiceError) as caught:
        Pyttsx3Backend(voice)
    assert str(caught.value) == (
        f"pyttsx3 cannot use mbrola voice {voice!r}: it writes every wav at 22050 hz, so mbrola "
        "speech would play too fast; use the espeak backend for mbrola voices"
    )


def test_a_bad_first_file_is_rendered_again(
    pyttsx3_backend: Pyttsx3Backend, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_render = _EngineWorker.render
    calls: list[int] = []

    def flaky(self: Any, engine: Any, text: str, out: Path, *rest: Any) -> str | None:
        problem = real_render(self, engine, text, out, *rest)
        calls.append(1)
        if len(calls) == 1:
            out.write_bytes(out.read_bytes()[:1000])  # as if cut short
            return check_wav(out)
        return problem

    monkeypatch.setattr(_EngineWorker, "render", flaky)
    out = tmp_path / "retried.wav"
    pyttsx3_backend.synthesize("Second time lucky.", out)
    assert len(calls) == 2
    assert check_wav(out) is None


def test_two_bad_files_raise_and_leave_nothing_behind(
    pyttsx3_backend: Pyttsx3Backend, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(self: Any, engine: Any, text: str, out: Path, *rest: Any) -> str | None:
        return "file is truncated"

    monkeypatch.setattr(_EngineWorker, "render", never)
    out = tmp_path / "never.wav"
    with pytest.raises(NarrationError) as caught:
        pyttsx3_backend.synthesize("Never works.", out)
    assert str(caught.value) == "pyttsx3 could not render 'Never works.': file is truncated"
    assert not out.exists()


def test_a_closed_backend_refuses_to_render(tmp_path: Path) -> None:
    backend = Pyttsx3Backend()
    backend.close()
    backend.close()  # twice is fine
    with pytest.raises(NarrationError) as caught:
        backend.synthesize("Hello.", tmp_path / "closed.wav")
    assert str(caught.value) == "pyttsx3 backend is closed"


def test_the_engine_thread_restarts_after_every_backend_closed(tmp_path: Path) -> None:
    # Runs with the session backend open or not: either way a new backend must work.
    first = Pyttsx3Backend()
    first.close()
    second = Pyttsx3Backend()
    try:
        second.synthesize("Back again.", tmp_path / "again.wav")
    finally:
        second.close()
    assert check_wav(tmp_path / "again.wav") is None
