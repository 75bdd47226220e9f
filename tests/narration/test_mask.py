"""The masking noise: a real, quiet, repeatable WAV."""

from __future__ import annotations

import array
import wave
from pathlib import Path

from narration.mask import RATE, write_masking_noise


def test_the_noise_is_a_quiet_mono_wav_of_the_asked_length(tmp_path: Path) -> None:
    path = write_masking_noise(tmp_path / "mask.wav", seconds=2.0)
    with wave.open(str(path)) as reader:
        assert (reader.getnchannels(), reader.getframerate()) == (1, RATE)
        assert reader.getnframes() == 2 * RATE
        samples = array.array("h", reader.readframes(reader.getnframes()))
    assert 500 < max(abs(s) for s in samples) <= 6000  # audible, but far below speech
    assert samples[0] == 0 and abs(samples[-1]) < 50  # faded in and out: a click-free loop


def test_the_same_seed_gives_the_same_file_and_an_existing_file_is_kept(tmp_path: Path) -> None:
    one = write_masking_noise(tmp_path / "a.wav", seconds=1.0).read_bytes()
    two = write_masking_noise(tmp_path / "b.wav", seconds=1.0).read_bytes()
    assert one == two
    (tmp_path / "a.wav").write_bytes(b"kept")
    assert write_masking_noise(tmp_path / "a.wav").read_bytes() == b"kept"
