"""Piper speaks when it can; espeak-ng through pyttsx3 takes over, with the reason, when not."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from narration.backends import RecordedVoice
from narration.piper_backend import PiperBackend
from narration.piper_model import bundled_model, piper_installed
from narration.voices import choose_voice

pytestmark = pytest.mark.skipif(not piper_installed(), reason="piper-tts is not installed")


def _tampered(tmp_path: Path) -> Path:
    real = bundled_model()
    os.symlink(real.onnx, tmp_path / real.onnx.name)
    (tmp_path / real.config.name).write_bytes(real.config.read_bytes() + b"\n")
    return tmp_path / real.onnx.name


def test_piper_is_the_voice_when_its_model_checks_out() -> None:
    choice = choose_voice("piper")
    assert isinstance(choice.backend, PiperBackend)
    assert not choice.fell_back
    assert choice.reason == ("piper voice en_US-joe-medium, checked against the official digests")


def test_a_refused_model_hands_over_to_espeak_through_pyttsx3(tmp_path: Path) -> None:
    choice = choose_voice("piper", piper_model=str(_tampered(tmp_path)))
    try:
        assert choice.backend.name == "pyttsx3"
        assert choice.fell_back
        assert choice.reason.startswith(
            "pyttsx3 (espeak-ng) voice gmw/en-us, because piper cannot speak here "
            "(refusing piper voice en_US-joe-medium"
        )
        assert "en_US-joe-medium.onnx.json has md5" in choice.reason
    finally:
        choice.backend.close()


def test_a_model_the_worker_cannot_load_hands_over_when_probed(tmp_path: Path) -> None:
    folder = tmp_path / "voice"
    folder.mkdir()
    (folder / "broken.onnx").write_bytes(b"not a network")  # unknown voice: no digest to fail
    (folder / "broken.onnx.json").write_bytes(bundled_model().config.read_bytes())
    unprobed = choose_voice("piper", piper_model=str(folder / "broken.onnx"))
    assert unprobed.backend.name == "piper"
    assert unprobed.reason.endswith("not in the official listing, used as supplied")
    probed = choose_voice("piper", piper_model=str(folder / "broken.onnx"), probe=True)
    try:
        assert probed.backend.name == "pyttsx3"
        assert "piper cannot load voice broken" in probed.reason
    finally:
        probed.backend.close()


def test_a_good_probe_is_remembered_in_the_cache(tmp_path: Path) -> None:
    choose_voice("piper", probe=True, stamp_dir=tmp_path)
    assert (tmp_path / "piper-probe.json").is_file()


def test_recorded_lines_wrap_whichever_voice_speaks(tmp_path: Path) -> None:
    choice = choose_voice("piper", recordings=str(tmp_path))
    assert isinstance(choice.backend, RecordedVoice)
    assert choice.backend.name == "piper"
    assert choice.reason.endswith(f"; recorded lines from {tmp_path}")
