"""A night as the table hears it: the spoken lines over the ambience bed, ducked under each.

Used by ``mothership demo`` to write one WAV of the whole night (the device itself mixes live
in ``pygame.mixer``); the ducking is the device's own :class:`~narration.ambience.Ducker`.
"""

from __future__ import annotations

import array
from collections.abc import Sequence
from pathlib import Path

from narration.ambience import RATE, Ducker, duck_lead, glide_seconds
from narration.delivery import read_mono, write_mono
from narration.errors import NarrationError
from narration.mixer import BUFFER_FRAMES

__all__ = ["mix_night"]

_STEP = 0.01  # the bed's level is set every 10 ms, as smooth as the device's 30 ms looks


def mix_night(
    lines: Sequence[tuple[float, Path]],
    bed: Path,
    seconds: float,
    out: Path,
    *,
    bed_volume: float = 0.4,
    duck_to: float = 0.3,
) -> Path:
    """Write ``seconds`` of the bed (looped) with each ``(start, wav)`` line laid over it.

    Args:
        lines: When each line starts (seconds from the mix's start) and its WAV.
        bed: The ambience bed (16-bit mono).
        seconds: The mix's length.
        out: Where the WAV goes.
        bed_volume: The bed's volume (``audio.music_volume``).
        duck_to: The bed's level under speech.

    Raises:
        NarrationError: If a line's rate is not the bed's.
    """
    loop, rate = read_mono(bed)
    total = int(seconds * rate)
    clips = []
    for start, path in lines:
        samples, clip_rate = read_mono(path)
        if clip_rate != rate:
            raise NarrationError(f"line {str(path)!r} is {clip_rate} Hz; the bed is {rate} Hz")
        clips.append((int(start * rate), samples))
    talking = sorted((begin, begin + len(samples)) for begin, samples in clips)
    now = [0.0]
    # The device's glide, so the mix sounds as the table hears it.
    ducker = Ducker(
        lambda: now[0],
        duck_to=duck_to,
        glide=glide_seconds(BUFFER_FRAMES, RATE),
        lead=duck_lead(BUFFER_FRAMES, RATE),
    )
    step = int(_STEP * rate)
    mixed = array.array("d", bytes(8 * total))
    for block in range(0, total, step):
        now[0] = block / rate
        if any(begin <= block < end for begin, end in talking):
            ducker.speech_started()
        else:
            ducker.speech_ended()
        gain = bed_volume * ducker.level()
        for index in range(block, min(block + step, total)):
            mixed[index] = loop[index % len(loop)] * gain
    for begin, samples in clips:
        for offset, sample in enumerate(samples[: max(0, total - begin)]):
            mixed[begin + offset] += sample
    write_mono(out, [max(-32767, min(32767, round(value))) for value in mixed], rate)
    return out
