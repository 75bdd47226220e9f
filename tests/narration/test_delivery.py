"""Loudness, silence trimming and clipping, checked on lines really rendered by espeak-ng."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from narration.cache import WavCache
from narration.commandline import EspeakBackend
from narration.delivery import (
    FULL_SCALE,
    Delivery,
    finish_array,
    finish_samples,
    loudness_dbfs,
    peak,
    read_mono,
    silence_at_ends,
    write_mono,
)
from narration.errors import VoiceError

LINES = (
    "Everyone, close your eyes.",
    "Seer, wake up. You may look at another player's card, or two cards in the middle.",
    "Player 7, your vote.",
)


def _rendered(espeak: EspeakBackend, tmp_path: Path, text: str) -> tuple[list[int], int]:
    raw = tmp_path / "raw.wav"
    espeak.synthesize(text, raw)
    return read_mono(raw)


def test_cached_lines_all_come_out_at_the_target_loudness(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    cache = WavCache(tmp_path / "cache", espeak)
    levels = []
    for text in LINES:
        samples, rate = read_mono(cache.path_for(text))
        levels.append(loudness_dbfs(samples, rate))
    assert all(abs(level - Delivery().loudness) < 0.5 for level in levels), levels


@pytest.mark.parametrize("scale", [0.05, 1.0])
def test_a_quiet_or_a_normal_take_is_brought_to_the_same_loudness(
    espeak: EspeakBackend, tmp_path: Path, scale: float
) -> None:
    samples, rate = _rendered(espeak, tmp_path, LINES[1])
    quiet = [round(sample * scale) for sample in samples]
    assert (
        abs(loudness_dbfs(quiet, rate) - loudness_dbfs(samples, rate) - 20 * math.log10(scale))
        < 0.5
    )
    finished = finish_samples(quiet, rate, Delivery(loudness=-18.0))
    assert abs(loudness_dbfs(finished, rate) - -18.0) < 0.5


def test_silence_around_a_line_is_trimmed_to_a_breath(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    samples, rate = _rendered(espeak, tmp_path, LINES[0])
    padded = [0] * rate + samples + [0] * (2 * rate)
    lead, tail = silence_at_ends(padded, rate)
    assert lead > 1.0 and tail > 2.0
    lead, tail = silence_at_ends(finish_samples(padded, rate, Delivery()), rate)
    assert lead <= 0.04 and tail <= 0.09


def test_a_line_pushed_far_too_loud_never_clips(espeak: EspeakBackend, tmp_path: Path) -> None:
    samples, rate = _rendered(espeak, tmp_path, LINES[1])
    delivery = Delivery(loudness=-8.0, ceiling=-1.0)  # so loud the limiter must work hard
    finished = finish_samples(samples, rate, delivery)
    assert peak(finished) <= FULL_SCALE * 10 ** (-1.0 / 20)
    assert peak(finished) < FULL_SCALE
    assert loudness_dbfs(finished, rate) > -12.0  # loud, not just scaled down


def test_mono_16_bit_samples_survive_a_write_and_a_read(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    samples, rate = _rendered(espeak, tmp_path, LINES[2])
    path = tmp_path / "again.wav"
    write_mono(path, samples, rate)
    assert read_mono(path) == (samples, rate)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"length_scale": 3.0}, "length scale must be 0.5..2: 3.0"),
        ({"sentence_pause": -1.0}, "sentence pause must be 0..3 seconds: -1.0"),
        ({"loudness": 0.0}, "loudness must be -40..-6 dBFS: 0.0"),
    ],
)
def test_bad_delivery_settings_are_refused_by_name(
    settings: dict[str, float], message: str
) -> None:
    with pytest.raises(VoiceError) as error:
        Delivery(**settings)
    assert str(error.value) == message


def test_delivery_settings_change_the_cache_key() -> None:
    assert Delivery().key != Delivery(length_scale=1.0).key
    assert Delivery().key != Delivery(sentence_pause=0.2).key


def test_the_workers_numpy_finish_matches_the_daemons(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    numpy = pytest.importorskip("numpy")  # comes with onnxruntime, for the Piper worker
    samples, rate = _rendered(espeak, tmp_path, LINES[1])
    padded = [0] * 2000 + [round(sample * 0.3) for sample in samples] + [0] * 3000
    pure = finish_samples(padded, rate, Delivery())
    fast = finish_array(numpy.array(padded, dtype=numpy.int16), rate, Delivery()).tolist()
    assert len(fast) == len(pure)
    assert max(abs(a - b) for a, b in zip(pure, fast, strict=True)) <= 1
