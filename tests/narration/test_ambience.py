"""The generated night beds, and the ducking of a bed under real rendered speech."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from narration.ambience import RATE, Ducker, glide_seconds, write_bed
from narration.cache import WavCache
from narration.commandline import EspeakBackend
from narration.delivery import loudness_dbfs, peak, read_mono
from narration.mixer import BUFFER_FRAMES


@pytest.fixture(scope="module")
def beds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[int]]:
    folder = tmp_path_factory.mktemp("beds")
    return {kind: read_mono(write_bed(folder, kind, seconds=6.0))[0] for kind in ("night", "tense")}


def _rms_db(samples: list[int]) -> float:
    return 20 * math.log10(math.sqrt(sum(s * s for s in samples) / len(samples)) / 32767)


def test_a_bed_loops_without_a_seam(beds: dict[str, list[int]]) -> None:
    for samples in beds.values():
        steps = sorted(abs(b - a) for a, b in itertools.pairwise(samples))
        typical = steps[int(len(steps) * 0.99)]  # the 99th percentile step inside the loop
        assert abs(samples[0] - samples[-1]) <= typical


def test_beds_are_audible_but_well_under_the_voice(beds: dict[str, list[int]]) -> None:
    for samples in beds.values():
        level = loudness_dbfs(samples, RATE)
        assert -32.0 < level < -20.0  # speech is normalised to -20 dBFS
        assert peak(samples) < 32767 * 10 ** (-6 / 20)


def test_the_last_minute_bed_is_not_the_night_bed(beds: dict[str, list[int]]) -> None:
    assert beds["night"] != beds["tense"]


def test_the_same_seed_writes_the_same_bed_once(tmp_path: Path) -> None:
    first = write_bed(tmp_path / "a", "night", seconds=1.0).read_bytes()
    assert write_bed(tmp_path / "b", "night", seconds=1.0).read_bytes() == first
    assert write_bed(tmp_path / "b", "night", seed=2, seconds=1.0).read_bytes() != first
    with pytest.raises(ValueError) as error:
        write_bed(tmp_path, "spooky")
    assert str(error.value) == "unknown ambience bed: 'spooky' (known: night, tense)"


def test_the_bed_glides_under_a_real_line_and_back(
    beds: dict[str, list[int]], espeak: EspeakBackend, tmp_path: Path
) -> None:
    """Mix a rendered line over the night bed with the ducker's level, sample by sample."""
    speech, rate = read_mono(WavCache(tmp_path, espeak).path_for("Seer, wake up."))
    assert rate == RATE
    bed = beds["night"]
    start = RATE  # the line starts after one second of bed alone
    now = [0.0]
    ducker = Ducker(lambda: now[0], duck_to=0.3, glide=0.25)
    levels = []
    end = start + len(speech)
    for index in range(min(len(bed), end + RATE)):
        now[0] = index / RATE
        if index == start:
            ducker.speech_started()
        elif index == end:
            ducker.speech_ended()
        levels.append(ducker.level())
    ducked = [round(b * g) for b, g in zip(bed, levels, strict=False)]
    block = RATE // 100  # 10 ms
    windows = [
        _rms_db(ducked[i : i + block]) - _rms_db(bed[i : i + block])
        for i in range(0, len(ducked) - block, block)
    ]
    before = windows[: start // block - 1]
    under = windows[(start + RATE // 4) // block + 1 : end // block - 1]
    assert all(abs(w) < 0.1 for w in before)  # untouched before the line
    assert all(abs(w - 20 * math.log10(0.3)) < 0.2 for w in under)  # -10.5 dB under it
    assert max(abs(b - a) for a, b in itertools.pairwise(windows)) < 3.0  # no jump
    assert abs(windows[-1]) < 0.1  # back up after it


def test_a_night_mix_lays_real_lines_over_the_ducked_bed(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    from narration.mixdown import mix_night

    line = WavCache(tmp_path / "cache", espeak).path_for("Everyone, close your eyes.")
    bed = write_bed(tmp_path, "night", seconds=4.0)
    out = mix_night([(1.0, line)], bed, 6.0, tmp_path / "night.wav", bed_volume=0.5)
    mixed, rate = read_mono(out)
    alone, _ = read_mono(bed)
    assert len(mixed) == 6 * rate
    first = [round(s * 0.5) for s in alone[: rate // 2]]
    assert mixed[: rate // 2] == first  # the bed alone, at its volume, before the line
    assert peak(mixed) < 32767  # speech and bed together never clip
    speech, _ = read_mono(line)
    glide = glide_seconds(BUFFER_FRAMES, rate)  # the device's, so the mix sounds as it does
    settled = range(int((1.05 + glide) * rate), rate + len(speech))  # after it, under the line
    bed_under = [mixed[i] - speech[i - rate] for i in settled]
    assert all(
        abs(b - alone[i % len(alone)] * 0.5 * 0.3) <= 1
        for b, i in zip(bed_under, settled, strict=True)
    )
