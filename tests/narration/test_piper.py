"""Piper, the default voice: the model check, and a few lines rendered in the worker.

The whole catalogue is never rendered here (``mothership voice prepare`` does that): a few
lines show the worker, the delivery and the cache work together.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from narration import piper_model
from narration.cache import WavCache
from narration.delivery import Delivery, loudness_dbfs, peak, read_mono, silence_at_ends
from narration.errors import BackendUnavailableError
from narration.piper_backend import PiperBackend
from narration.piper_model import (
    BUNDLED_VOICE,
    KNOWN_MODELS,
    PiperModel,
    VoiceModelRefusedError,
    bundled_model,
    find_model,
    piper_installed,
    remember_checks_in,
    verify_model,
)

needs_piper = pytest.mark.skipif(
    not piper_installed(), reason="piper-tts is not installed (pip install -e .)"
)


def _copy_with(tmp_path: Path, *, json_extra: bytes = b"", onnx: bytes | None = None) -> PiperModel:
    """The bundled voice beside a changed config (or a stand-in network)."""
    real = bundled_model()
    folder = tmp_path / "voice"
    folder.mkdir()
    target = folder / real.onnx.name
    if onnx is None:
        os.symlink(real.onnx, target)  # the real 63 MB network, not copied
    else:
        target.write_bytes(onnx)
    (folder / real.config.name).write_bytes(real.config.read_bytes() + json_extra)
    return find_model(target)


def test_the_bundled_voice_matches_the_official_digests() -> None:
    model = bundled_model()
    assert model.name == BUNDLED_VOICE
    assert model.onnx.stat().st_size == KNOWN_MODELS[BUNDLED_VOICE].onnx_bytes
    assert verify_model(model) is True
    assert model.sample_rate == 22050


def test_a_checked_voice_is_not_hashed_again_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = _copy_with(tmp_path)
    hashed: list[str] = []
    real_md5 = piper_model._md5

    def counting(path: Path) -> str:
        hashed.append(path.name)
        return real_md5(path)

    monkeypatch.setattr(piper_model, "_md5", counting)
    monkeypatch.setattr(piper_model, "_checked", {})  # a new process
    remember_checks_in(tmp_path / "cache" / "voice-checked.json")
    try:
        assert verify_model(model) is True
        assert hashed == ["en_US-joe-medium.onnx", "en_US-joe-medium.onnx.json"]
        monkeypatch.setattr(piper_model, "_checked", {})  # the next start
        assert verify_model(model) is True
        assert len(hashed) == 2  # remembered: the 63 MB network was not read again
        # The config rewritten, same size, its old times put back: its ctime gives it away.
        config = model.config
        times = config.stat()
        text = config.read_bytes()
        config.write_bytes(text[:-1] + (b" " if text[-1:] != b" " else b"\n"))
        os.utime(config, ns=(times.st_atime_ns, times.st_mtime_ns))
        monkeypatch.setattr(piper_model, "_checked", {})
        with pytest.raises(VoiceModelRefusedError):
            verify_model(find_model(model.onnx))
    finally:
        remember_checks_in(None)


def test_a_changed_voice_config_is_refused_naming_the_file(tmp_path: Path) -> None:
    model = _copy_with(tmp_path, json_extra=b" ")
    with pytest.raises(VoiceModelRefusedError) as error:
        verify_model(model)
    message = str(error.value)
    assert message.startswith(f"refusing piper voice {BUNDLED_VOICE} in ")
    assert "en_US-joe-medium.onnx.json has md5 " in message
    assert "expected 811036b9c1451545f9495fdc1baa0754" in message


def test_a_network_of_the_wrong_size_is_refused(tmp_path: Path) -> None:
    model = _copy_with(tmp_path, onnx=b"not a network")
    with pytest.raises(VoiceModelRefusedError) as error:
        PiperBackend(model)
    assert "en_US-joe-medium.onnx is 13 bytes, expected 63201294" in str(error.value)


def test_a_voice_the_listing_does_not_know_is_used_unverified(tmp_path: Path) -> None:
    real = bundled_model()
    (tmp_path / "mine.onnx").write_bytes(b"x")
    shutil.copyfile(real.config, tmp_path / "mine.onnx.json")
    assert verify_model(find_model(tmp_path / "mine.onnx")) is False


def test_a_model_without_its_config_says_where_it_looked(tmp_path: Path) -> None:
    (tmp_path / "lone.onnx").write_bytes(b"x")
    with pytest.raises(BackendUnavailableError) as error:
        find_model(tmp_path / "lone.onnx")
    assert str(error.value) == (
        f"piper voice config not found: {str(tmp_path / 'lone.onnx.json')!r} "
        "(it must sit beside the model)"
    )


@needs_piper
def test_piper_renders_a_batch_in_one_worker_finished_like_every_line(tmp_path: Path) -> None:
    backend = PiperBackend(bundled_model(), Delivery(sentence_pause=0.6))
    cache = WavCache(tmp_path, backend)
    texts = ["Everyone, close your eyes.", "Seer, wake up. You may look at one card."]
    seen: list[tuple[int, int]] = []
    assert cache.render_many(texts, lambda done, total: seen.append((done, total))) == 2
    assert seen == [(0, 2), (1, 2), (2, 2)]
    assert cache.missing(texts) == []
    for text in texts:
        samples, rate = read_mono(cache.cached_path(text))
        assert rate == 22050
        assert abs(loudness_dbfs(samples, rate) - -20.0) < 0.5
        assert peak(samples) < 32767 * 10 ** (-1 / 20) + 1
        assert max(silence_at_ends(samples, rate)) < 0.1
    # The two-sentence line holds its sentence pause: a gap of 0.6 s or more inside it.
    samples, rate = read_mono(cache.cached_path(texts[1]))
    run = longest = 0
    for sample in samples:
        run = run + 1 if abs(sample) < 30 else 0
        longest = max(longest, run)
    assert longest / rate >= 0.55


@needs_piper
def test_a_worker_that_cannot_load_the_voice_says_so(tmp_path: Path) -> None:
    model = _copy_with(tmp_path)
    backend = PiperBackend(model)
    model.onnx.unlink()
    with pytest.raises(BackendUnavailableError) as error:
        backend.probe()
    assert str(error.value).startswith(f"piper cannot load voice {BUNDLED_VOICE}: ")
