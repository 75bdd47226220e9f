"""``mothership voice``: prepare fills the cache so a night renders nothing; list and test."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.commands import voice
from device.commands.cli import main
from device.config import load_config
from device.runtime.parts import catalogues, open_narrator
from device.runtime.voicelines import MOST_PER_LINE, every_text
from narration.catalogue import Catalogue
from narration.wav import wav_seconds


def test_every_text_fills_each_placeholder_from_its_public_values() -> None:
    catalogue = Catalogue.load(*catalogues())
    lines = every_text(catalogue, seats=5)
    texts = set(lines.texts)
    assert "Player 5, your vote." in texts and "Player 6, your vote." not in texts
    assert catalogue.text("onenight.vote.call", {"seat": 1}) in texts
    # A pair is two different players, in order, and never the player told to act.
    pair = catalogue.raw("onenight.app.ripple.close_pair")
    assert pair.format(y=2, z=4) in texts and pair.format(y=4, z=2) not in texts
    assert "players.picked" in lines.on_demand  # a player's name cannot be listed
    assert "onenight.result.line" in lines.on_demand
    assert len(texts) == len(lines.texts)  # each sentence once
    for line_id in catalogue.ids():
        if line_id not in lines.on_demand:
            assert len(every_text(catalogue, [line_id], seats=12).texts) <= MOST_PER_LINE


def test_prepare_renders_everything_once_then_a_night_renders_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the whole catalogue takes minutes
    monkeypatch.setattr(voice, "catalogues", lambda: ("common",))
    monkeypatch.delenv("MOTHERSHIP_VOICE")  # the file's espeak, not the suite's pyttsx3
    config_file = tmp_path / "config.toml"
    config_file.write_text(f'[narration]\nbackend = "espeak"\ncache_dir = "{tmp_path / "c"}"\n')
    assert main(["--config", str(config_file), "voice", "prepare"]) == 0
    first = capsys.readouterr().out
    assert first.startswith("Voice: espeak voice en-us, as configured\n")
    count = len(every_text(Catalogue.load("common"), seats=10).texts)  # the default table
    assert f"{count} sentences ready in {tmp_path / 'c'} ({count} rendered now in " in first
    assert main(["--config", str(config_file), "voice", "prepare"]) == 0
    assert f"({0} rendered now in " in capsys.readouterr().out
    monkeypatch.setattr(voice, "catalogues", lambda: ("common", "players"))
    assert main(["--config", str(config_file), "voice", "list"]) == 0
    every = len(every_text(Catalogue.load("common", "players"), seats=10).texts)
    listed = capsys.readouterr().out
    assert f"Cache: {count} of {every} lines prepared (the rest render as the games " in listed
    config = load_config(config_file, system_path=None)
    with open_narrator(config, audio=False) as narrator:
        catalogue = Catalogue.load("common")
        fixed = [
            (line, dict[str, object]())
            for line in catalogue.ids()
            if not catalogue.placeholders(line)
        ]
        narrator.prepare(fixed)
        assert narrator.cache.rendered == 0  # everything was prepared


def test_voice_test_writes_the_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hello.wav"
    assert (
        main(["voice", "test", "Everyone, wake up.", "--voice", "espeak", "--out", str(out)]) == 0
    )
    printed = capsys.readouterr().out
    assert printed.startswith("espeak voice en-us: ")
    assert wav_seconds(out) > 0.5


def test_voice_list_says_which_voice_speaks_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["voice", "list"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Speaking: pyttsx3 (espeak-ng) voice gmw/en-us, as configured\n")
    assert "en_US-joe-medium (bundled; checked against the official digests)" in printed
    assert "gmw/en-US" in printed


def test_a_narrator_whose_piper_cannot_load_speaks_with_espeak(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from narration.piper_model import bundled_model, piper_installed

    if not piper_installed():
        pytest.skip("piper-tts is not installed")
    monkeypatch.delenv("MOTHERSHIP_VOICE")
    (tmp_path / "broken.onnx").write_bytes(b"not a network")  # as onnxruntime failing to load
    (tmp_path / "broken.onnx.json").write_bytes(bundled_model().config.read_bytes())
    config_file = tmp_path / "config.toml"
    config_file.write_text(
        f'[narration]\nbackend = "piper"\npiper_model = "{tmp_path / "broken.onnx"}"\n'
        f'cache_dir = "{tmp_path / "c"}"\n'
    )
    with open_narrator(load_config(config_file, system_path=None), audio=False) as narrator:
        assert narrator.backend.name == "pyttsx3"
        assert wav_seconds(narrator.wav_path("common.test")) > 0.5
