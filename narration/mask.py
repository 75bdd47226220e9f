"""A soft masking noise for the night, made here rather than shipped as a recording."""

from __future__ import annotations

import array
import random
import sys
import wave
from pathlib import Path

RATE = 22050


def write_masking_noise(path: Path, seconds: float = 8.0, *, seed: int = 1) -> Path:
    """Write a quiet brown-noise loop (16-bit mono) to ``path``, once; return the path.

    Brown noise (integrated white noise) sounds like wind or rain rather than hiss, and covers
    the rustle of cards. The same seed always gives the same file, so the cache stays valid.
    """
    if path.exists():
        return path
    rng = random.Random(seed)
    count = int(seconds * RATE)
    level, samples = 0.0, array.array("h")
    fade = RATE // 2  # half a second in and out, so the loop has no click
    for index in range(count):
        level = 0.98 * level + rng.uniform(-1.0, 1.0)
        gain = min(1.0, index / fade, (count - index) / fade)
        samples.append(int(max(-1.0, min(1.0, level / 12.0)) * 6000 * gain))
    if sys.byteorder == "big":
        samples.byteswap()  # WAV data is little-endian
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(".tmp")
    with wave.open(str(temp), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())
    temp.replace(path)
    return path
