"""How every line is delivered: its pace, its pauses, its loudness, its silences.

Each rendered line goes through :func:`finish_wav` before it enters the cache, whatever engine
spoke it: the silence at either end is trimmed, the speech is brought to one loudness, and a
soft limiter keeps every peak under full scale, so no line is louder than the next and none
clips. Only the standard library is used (the daemon never loads numpy for this).
"""

from __future__ import annotations

import array
import math
import operator
import sys
import wave
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from narration.errors import NarrationError, VoiceError

__all__ = [
    "DELIVERY_VERSION",
    "Delivery",
    "finish_array",
    "finish_samples",
    "finish_wav",
    "loudness_dbfs",
    "peak",
    "read_mono",
    "silence_at_ends",
    "write_mono",
]

DELIVERY_VERSION = 1
"""Bumped when the processing changes, so cached lines are rendered afresh."""

FULL_SCALE = 32767
_BLOCK_SECONDS = 0.02
_GATE_DB = 30.0  # blocks this far under the loudest block are pauses, not speech
_TRIM_DB = 45.0  # samples this far under the peak count as silence at the ends
_KEEP_LEAD, _KEEP_TAIL = 0.03, 0.08  # a breath of silence kept, so words are not cut
_FADE_SECONDS = 0.005


@dataclass(frozen=True)
class Delivery:
    """The settings of a calm night voice (part of every cache key)."""

    length_scale: float = 1.15
    """Piper's phoneme length: above 1 is slower. 1.15 is unhurried without dragging."""
    sentence_pause: float = 0.45
    """Seconds of silence between the sentences of one line (Piper)."""
    loudness: float = -20.0
    """Target loudness of the speech (its RMS, pauses left out), in dBFS."""
    ceiling: float = -1.0
    """No sample goes above this, in dBFS: the limiter's ceiling."""

    def __post_init__(self) -> None:
        if not 0.5 <= self.length_scale <= 2.0:
            raise VoiceError(f"length scale must be 0.5..2: {self.length_scale!r}")
        if not 0.0 <= self.sentence_pause <= 3.0:
            raise VoiceError(f"sentence pause must be 0..3 seconds: {self.sentence_pause!r}")
        if not -40.0 <= self.loudness <= -6.0:
            raise VoiceError(f"loudness must be -40..-6 dBFS: {self.loudness!r}")
        if not self.loudness < self.ceiling <= 0.0:
            raise VoiceError(f"ceiling must be above the loudness and <= 0 dBFS: {self.ceiling!r}")

    @property
    def key(self) -> str:
        """The settings as one string, for the cache key."""
        return (
            f"v{DELIVERY_VERSION} ls={self.length_scale:.3f} sp={self.sentence_pause:.3f} "
            f"lu={self.loudness:.1f} ce={self.ceiling:.1f}"
        )


def _db(value: float) -> float:
    return 20.0 * math.log10(value) if value > 0 else -math.inf


def peak(samples: Sequence[int]) -> int:
    """The largest absolute sample value."""
    return max((abs(sample) for sample in samples), default=0)


def _block_rms(samples: Sequence[int], rate: int) -> list[float]:
    size = max(1, int(rate * _BLOCK_SECONDS))
    blocks = []
    for start in range(0, len(samples), size):
        block = samples[start : start + size]
        blocks.append(math.sqrt(sum(map(operator.mul, block, block)) / len(block)) / FULL_SCALE)
    return blocks


def loudness_dbfs(samples: Sequence[int], rate: int) -> float:
    """The RMS of the speech in dBFS, leaving out pauses (blocks 30 dB under the loudest).

    Returns -inf for silence.
    """
    blocks = _block_rms(samples, rate)
    loudest = max(blocks, default=0.0)
    if loudest <= 0:
        return -math.inf
    gate = loudest * 10 ** (-_GATE_DB / 20)
    voiced = [rms for rms in blocks if rms >= gate]
    return _db(math.sqrt(sum(rms * rms for rms in voiced) / len(voiced)))


def silence_at_ends(samples: Sequence[int], rate: int) -> tuple[float, float]:
    """Seconds of near-silence (45 dB under the peak) at the start and at the end."""
    top = peak(samples)
    if top == 0:
        return len(samples) / rate, len(samples) / rate
    floor = top * 10 ** (-_TRIM_DB / 20)
    first = next(i for i, s in enumerate(samples) if abs(s) > floor)
    last = next(i for i in range(len(samples) - 1, -1, -1) if abs(samples[i]) > floor)
    return first / rate, (len(samples) - 1 - last) / rate


def _trim(samples: Sequence[int], rate: int) -> list[int]:
    lead, tail = silence_at_ends(samples, rate)
    start = max(0, int((lead - _KEEP_LEAD) * rate))
    end = min(len(samples), len(samples) - int((tail - _KEEP_TAIL) * rate))
    kept = list(samples[start:end]) or [0]
    fade = min(len(kept) // 2, int(rate * _FADE_SECONDS))
    for index in range(fade):  # no click where the cut falls
        kept[index] = int(kept[index] * index / fade)
        kept[-1 - index] = int(kept[-1 - index] * index / fade)
    return kept


def _limit(value: float, knee: float, ceiling: float) -> float:
    """A soft knee: untouched under ``knee``, then bent smoothly toward ``ceiling``."""
    size = abs(value)
    if size <= knee:
        return value
    bent = knee + (ceiling - knee) * math.tanh((size - knee) / (ceiling - knee))
    return math.copysign(bent, value)


def finish_samples(samples: Sequence[int], rate: int, delivery: Delivery) -> list[int]:
    """Trim, bring to the target loudness and limit one line's 16-bit mono samples."""
    kept = _trim(samples, rate)
    level = loudness_dbfs(kept, rate)
    if level == -math.inf:
        return kept
    gain = 10 ** ((delivery.loudness - level) / 20)
    ceiling = FULL_SCALE * 10 ** (delivery.ceiling / 20)
    knee = ceiling * 10 ** (-6 / 20)  # the limiter only bends the top 6 dB
    below = knee / gain  # samples under this only need the gain (most of them: fast)
    return [
        round(sample * gain)
        if -below <= sample <= below
        else round(_limit(sample * gain, knee, ceiling))
        for sample in kept
    ]


def read_mono(path: Path) -> tuple[list[int], int]:
    """Read a 16-bit WAV as mono samples (channels averaged) and its rate.

    Raises:
        NarrationError: If the file is not a 16-bit PCM WAV.
    """
    try:
        with wave.open(str(path), "rb") as reader:
            width, channels, rate = (
                reader.getsampwidth(),
                reader.getnchannels(),
                reader.getframerate(),
            )
            data = reader.readframes(reader.getnframes())
    except (OSError, EOFError, wave.Error) as exc:
        raise NarrationError(f"cannot read wav {str(path)!r}: {exc}") from exc
    if width != 2:
        raise NarrationError(f"wav {str(path)!r} is {8 * width}-bit; 16-bit is needed")
    samples = array.array("h")
    samples.frombytes(data)
    if sys.byteorder == "big":
        samples.byteswap()
    if channels == 1:
        return list(samples), rate
    return [
        sum(samples[i : i + channels]) // channels for i in range(0, len(samples), channels)
    ], rate


def write_mono(path: Path, samples: Sequence[int], rate: int) -> None:
    """Write 16-bit mono samples as a WAV."""
    data = array.array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(2)
        writer.setframerate(rate)
        writer.writeframes(data.tobytes())


def finish_wav(path: Path, delivery: Delivery) -> None:
    """Process a rendered WAV in place (mono, trimmed, even loudness, no clipping).

    Raises:
        NarrationError: If the file is not a 16-bit WAV.
    """
    samples, rate = read_mono(path)
    write_mono(path, finish_samples(samples, rate, delivery), rate)


def finish_array(samples: Any, rate: int, delivery: Delivery) -> Any:
    """:func:`finish_samples` on a numpy int16 array, for the Piper worker (numpy is loaded
    there anyway): the same trim, loudness and limiter, in a few milliseconds."""
    import numpy as np

    data = samples.astype(np.float64)
    size = np.abs(data)
    top = float(size.max(initial=0.0))
    if top == 0:
        return samples
    loud = np.nonzero(size > top * 10 ** (-_TRIM_DB / 20))[0]
    start = max(0, int(loud[0] - _KEEP_LEAD * rate))
    end = min(len(data), int(loud[-1] + 1 + _KEEP_TAIL * rate))
    kept = data[start:end].copy()
    fade = min(len(kept) // 2, int(rate * _FADE_SECONDS))
    if fade:
        ramp = np.arange(fade) / fade
        kept[:fade] *= ramp
        kept[len(kept) - fade :] *= ramp[::-1]
    block = max(1, int(rate * _BLOCK_SECONDS))
    padded = np.concatenate([kept, np.zeros((-len(kept)) % block)])
    counts = np.full(len(padded) // block, block, dtype=np.float64)
    counts[-1] = block - ((-len(kept)) % block)
    rms = np.sqrt((padded.reshape(-1, block) ** 2).sum(axis=1) / counts) / FULL_SCALE
    voiced = rms[rms >= rms.max() * 10 ** (-_GATE_DB / 20)]
    level = 20 * math.log10(float(np.sqrt((voiced**2).mean())))
    scaled = kept * 10 ** ((delivery.loudness - level) / 20)
    ceiling = FULL_SCALE * 10 ** (delivery.ceiling / 20)
    knee = ceiling * 10 ** (-6 / 20)
    over = np.abs(scaled) > knee
    bent = knee + (ceiling - knee) * np.tanh((np.abs(scaled) - knee) / (ceiling - knee))
    scaled[over] = np.copysign(bent[over], scaled[over])
    return np.round(scaled).astype(np.int16)
