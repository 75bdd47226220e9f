"""The command-line, silent and recorded backends, and choosing a backend by name."""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from narration.backends import (
    EspeakBackend,
    PiperBackend,
    RecordedVoice,
    SilentBackend,
    make_backend,
)
from narration.errors import (
    BackendUnavailableError,
    NarrationError,
    UnknownBackendError,
    VoiceError,
)
from narration.speech import LineRecordings, SpeechBackend
from narration.wav import check_wav, wav_seconds


def frames(path: Path) -> int:
    with wave.open(str(path), "rb") as reader:
        return reader.getnframes()


def test_espeak_writes_a_wav_with_audio(espeak: EspeakBackend, tmp_path: Path) -> None:
    out = tmp_path / "hello.wav"
    espeak.synthesize("Hello, this is the espeak backend.", out)
    assert frames(out) > 0
    assert check_wav(out) is None
    assert isinstance(espeak, SpeechBackend)


def test_espeak_reads_a_leading_dash_as_words_not_an_option(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    out = tmp_path / "dash.wav"
    espeak.synthesize("-v is not an option here", out)
    assert frames(out) > 0


def test_espeak_refuses_a_voice_it_does_not_know() -> None:
    with pytest.raises(VoiceError) as caught:
        EspeakBackend("xx-nowhere")
    assert str(caught.value).startswith("espeak-ng cannot use voice 'xx-nowhere': ")


def test_an_unchecked_espeak_runs_nothing_until_it_speaks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import subprocess

    real_run = subprocess.run
    runs: list[list[str]] = []

    def counted(command: list[str], **kwargs: object) -> object:
        runs.append(command)
        return real_run(command, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(subprocess, "run", counted)
    unknown = EspeakBackend("xx-nowhere", check_voice=False)
    assert runs == []
    with pytest.raises(NarrationError):  # the bad voice fails its first sentence instead
        unknown.synthesize("Hello.", tmp_path / "never.wav")
    assert len(runs) == 1


def test_espeak_missing_from_path_is_a_clear_error() -> None:
    with pytest.raises(BackendUnavailableError) as caught:
        EspeakBackend(command="no-such-espeak-ng")
    assert str(caught.value) == (
        "espeak-ng is not installed (no 'no-such-espeak-ng' on PATH); install the espeak-ng package"
    )


def test_a_slower_rate_gives_a_longer_clip(tmp_path: Path) -> None:
    text = "One night on the Mothership, everyone close your eyes."
    EspeakBackend(rate=120).synthesize(text, tmp_path / "slow.wav")
    EspeakBackend(rate=300).synthesize(text, tmp_path / "fast.wav")
    assert wav_seconds(tmp_path / "slow.wav") > wav_seconds(tmp_path / "fast.wav")


def test_a_rate_outside_the_sensible_range_is_refused() -> None:
    with pytest.raises(VoiceError) as caught:
        SilentBackend(rate=5)
    assert str(caught.value) == "speech rate must be 80..500 words per minute: 5"


def test_blank_text_is_refused(espeak: EspeakBackend, tmp_path: Path) -> None:
    with pytest.raises(NarrationError) as caught:
        espeak.synthesize("   ", tmp_path / "blank.wav")
    assert str(caught.value) == "nothing to say: '   '"


def test_silence_lasts_as_long_as_the_words_would(tmp_path: Path) -> None:
    backend = SilentBackend(rate=120)  # two words a second
    backend.synthesize("one two three four five six", tmp_path / "six.wav")
    backend.synthesize("hi", tmp_path / "short.wav")
    assert wav_seconds(tmp_path / "six.wav") == pytest.approx(3.0, abs=0.001)
    assert wav_seconds(tmp_path / "short.wav") == pytest.approx(0.5, abs=0.001)
    with wave.open(str(tmp_path / "six.wav"), "rb") as reader:
        assert (reader.getnchannels(), reader.getsampwidth(), reader.getframerate()) == (
            1,
            2,
            22050,
        )
        assert set(reader.readframes(reader.getnframes())) == {0}


def test_piper_without_its_model_is_unavailable(tmp_path: Path) -> None:
    missing = tmp_path / "voice.onnx"
    with pytest.raises(BackendUnavailableError) as caught:
        make_backend("piper", piper_model=str(missing))
    assert str(caught.value) == f"piper voice model not found: {str(missing)!r}"


def test_piper_without_the_model_config_is_unavailable(tmp_path: Path) -> None:
    model = tmp_path / "voice.onnx"
    model.write_bytes(b"not really a model")
    with pytest.raises(BackendUnavailableError) as caught:
        make_backend("piper", piper_model=str(model))
    config = str(tmp_path / "voice.onnx.json")
    assert str(caught.value) == (
        f"piper voice config not found: {config!r} (it must sit beside the model)"
    )


def test_a_recording_overrides_its_line_and_others_are_synthesized(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    folder = tmp_path / "voice"
    folder.mkdir()
    SilentBackend().synthesize("recorded by a human", folder / "common.test.wav")
    recorded = RecordedVoice(folder, espeak)
    assert isinstance(recorded, LineRecordings)
    assert recorded.recording_for("common.test") == folder / "common.test.wav"
    assert recorded.recording_for("common.welcome") is None
    assert recorded.recording_for("../voice/common.test") is None
    assert (recorded.name, recorded.voice, recorded.rate) == ("espeak", "en-us", 175)
    recorded.synthesize("Not recorded.", tmp_path / "synth.wav")
    assert frames(tmp_path / "synth.wav") > 0


def test_a_broken_recording_is_reported_not_played(espeak: EspeakBackend, tmp_path: Path) -> None:
    (tmp_path / "common.test.wav").write_bytes(b"RIFF nonsense")
    recorded = RecordedVoice(tmp_path, espeak)
    with pytest.raises(NarrationError) as caught:
        recorded.recording_for("common.test")
    assert str(caught.value).startswith(
        "recording for line 'common.test' is unusable: file is not a readable wav"
    )


def test_a_missing_recording_folder_is_unavailable(tmp_path: Path) -> None:
    with pytest.raises(BackendUnavailableError) as caught:
        RecordedVoice(tmp_path / "nope", SilentBackend())
    assert str(caught.value) == f"recorded voice folder not found: {str(tmp_path / 'nope')!r}"


def test_make_backend_builds_each_backend_by_name(tmp_path: Path) -> None:
    espeak = make_backend("espeak", rate=160)
    assert isinstance(espeak, EspeakBackend)
    assert (espeak.voice, espeak.rate) == ("en-us", 160)
    assert isinstance(make_backend("espeak-ng", voice="en-gb"), EspeakBackend)
    assert isinstance(make_backend("silent"), SilentBackend)
    pyttsx3 = make_backend("pyttsx3")
    try:
        assert (pyttsx3.name, pyttsx3.voice, pyttsx3.rate) == ("pyttsx3", "gmw/en-us", 175)
    finally:
        pyttsx3.close()
    recorded = make_backend("silent", recordings=str(tmp_path))
    assert isinstance(recorded, RecordedVoice)


def test_make_backend_suggests_a_name_for_a_typo() -> None:
    with pytest.raises(UnknownBackendError) as caught:
        make_backend("espek", voice=None, rate=175, piper_model=None)
    assert str(caught.value) == "unknown speech backend: 'espek' (did you mean 'espeak'?)"


def test_make_backend_piper_without_a_model_uses_the_bundled_voice() -> None:
    piper = make_backend("piper")
    assert isinstance(piper, PiperBackend)
    assert (piper.name, piper.voice) == ("piper", "en_US-joe-medium")
