"""The sound of the night, generated here (nothing is downloaded), and its ducking.

Two loopable beds, 16-bit mono at the voice's rate:

- ``night``: brown noise (wind, rain: it covers the rustle of cards) under a soft low drone
  that swells slowly;
- ``tense``: the same noise, a darker drone with a beating second tone, and a slow pulse, for
  the last minute of the day.

Every cycle in a bed (the swell, the beating, the pulse) repeats a whole number of times per
loop, and the noise's tail is crossfaded into its head, so the loop has no seam. The same seed
always writes the same file. Nothing about a bed depends on the game: it is the same whatever
anyone holds, answers or does.

:class:`Ducker` gives the bed's level at any moment: it glides down under speech and back up
after it, so the night never jumps in volume.
"""

from __future__ import annotations

import array
import math
import random
from collections.abc import Callable
from pathlib import Path

from narration.delivery import write_mono

__all__ = ["BEDS", "RATE", "Ducker", "write_bed"]

RATE = 22050
"""The beds' rate: the voice's, so the mixer runs at one rate in mono."""
BEDS = ("night", "tense")
_VERSION = 1
_LOOP_SECONDS = 24.0
_CROSSFADE_SECONDS = 2.0


def _brown(rng: random.Random, count: int) -> array.array[float]:
    level, out = 0.0, array.array("d", bytes(8 * count))
    for index in range(count):
        level = 0.985 * level + rng.uniform(-1.0, 1.0)
        out[index] = level / 8.0
    return out


def _seamless(noise: array.array[float], fade: int) -> array.array[float]:
    """Crossfade the extra tail into the head, then drop it: the loop's end meets its start."""
    body = noise[:-fade]
    for index in range(fade):
        mix = index / fade
        body[index] = body[index] * mix + noise[len(body) + index] * (1 - mix)
    return body


def _bed(kind: str, seed: int, seconds: float) -> array.array[int]:
    # Arrays of doubles, not lists of floats: a 24 s bed is 4 MB here, not 50 (the daemon may
    # generate it on its first night).
    count = int(seconds * RATE)
    fade = int(min(_CROSSFADE_SECONDS, seconds / 4) * RATE)
    out = _seamless(_brown(random.Random(f"{seed}:{kind}"), count + fade), fade)
    tense = kind == "tense"
    # Whole cycles per loop: frequencies are multiples of 1 / seconds.
    base = round((43.65 if tense else 55.0) * seconds) / seconds
    beat = round((base * 1.06) * seconds) / seconds  # a close second tone beats against it
    swell = 3 / seconds if not tense else 6 / seconds
    pulse = round(1.1 * seconds) / seconds
    for index in range(count):
        t = index / RATE
        drone = math.sin(2 * math.pi * base * t) + 0.5 * math.sin(2 * math.pi * 2 * base * t)
        level = 0.75 + 0.25 * math.sin(2 * math.pi * swell * t)
        value = 0.55 * out[index] + 0.12 * drone * level
        if tense:
            value += 0.08 * math.sin(2 * math.pi * beat * t)
            thump = max(0.0, math.sin(2 * math.pi * pulse * t)) ** 12
            value += 0.25 * thump * math.sin(2 * math.pi * 2 * base * t)
        out[index] = value
    scale = 12000 / (max(max(out), -min(out)) or 1.0)  # peaks near -8.7 dBFS
    return array.array("h", (round(value * scale) for value in out))


def bed_path(folder: Path, kind: str, *, seed: int = 1, seconds: float = _LOOP_SECONDS) -> Path:
    """Where :func:`write_bed` writes the ``night`` or ``tense`` bed (nothing is written).

    Raises:
        ValueError: If the kind is not one of :data:`BEDS`.
    """
    if kind not in BEDS:
        raise ValueError(f"unknown ambience bed: {kind!r} (known: {', '.join(BEDS)})")
    return folder / f"ambience-{kind}-v{_VERSION}-{seed}-{seconds:g}.wav"


def write_bed(folder: Path, kind: str, *, seed: int = 1, seconds: float = _LOOP_SECONDS) -> Path:
    """Write the ``night`` or ``tense`` bed into ``folder`` once; return its path.

    Raises:
        ValueError: If the kind is not one of :data:`BEDS`.
    """
    path = bed_path(folder, kind, seed=seed, seconds=seconds)
    if path.is_file():
        return path
    folder.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(".tmp")
    write_mono(temp, _bed(kind, seed, seconds), RATE)
    temp.replace(path)
    return path


GLIDE_SECONDS = 0.25
"""The shortest duck: the bed glides down under a line (and back up) over at least this."""
GLIDE_STEPS = 2
"""The mixer sets the bed's volume once per buffer, so a glide spans at least this many."""


def glide_seconds(buffer_frames: int, rate: int) -> float:
    """How long the bed takes to duck with a mixer buffer of ``buffer_frames`` at ``rate``:
    long enough that the once-per-buffer volume steps still sound like a glide."""
    return max(GLIDE_SECONDS, GLIDE_STEPS * buffer_frames / rate)


def duck_lead(buffer_frames: int, rate: int) -> float:
    """How far into its glide a duck starts: one buffer. A line and the bed's next level reach
    the speaker in the same buffer, so without a lead the first word would play over the bed
    at full level; with it, the bed is already half way (or more) down under that word."""
    return buffer_frames / rate if GLIDE_STEPS * buffer_frames / rate > GLIDE_SECONDS else 0.0


class Ducker:
    """The bed's level over time: 1 alone, ``duck_to`` under speech, gliding between."""

    def __init__(
        self,
        clock: Callable[[], float],
        *,
        duck_to: float = 0.3,
        glide: float = GLIDE_SECONDS,
        lead: float = 0.0,
    ) -> None:
        """Start at full level.

        Args:
            clock: Seconds, monotonic.
            duck_to: The level under speech, 0..1.
            glide: Seconds a change of level takes.
            lead: Seconds into its glide a duck starts (``duck_lead``); rising has none.
        """
        self.clock = clock
        self.duck_to = duck_to
        self.glide = glide
        self.lead = min(lead, glide)
        self._from, self._to, self._since = 1.0, 1.0, -math.inf

    def _move(self, target: float) -> None:
        now = self.clock()
        if target == self._to:
            return
        self._from, self._to, self._since = self.level(now), target, now

    def speech_started(self) -> None:
        """Glide down under a line (``lead`` seconds of the glide already done)."""
        if self._to != self.duck_to:
            self._move(self.duck_to)
            self._since -= self.lead

    def speech_ended(self) -> None:
        """Glide back up."""
        self._move(1.0)

    def level(self, now: float | None = None) -> float:
        """The level at ``now`` (default: the clock's now); a raised-cosine glide, no corners."""
        now = self.clock() if now is None else now
        done = min(1.0, max(0.0, (now - self._since) / self.glide)) if self.glide else 1.0
        shape = 0.5 - 0.5 * math.cos(math.pi * done)
        return self._from + (self._to - self._from) * shape

    def gliding(self, now: float | None = None) -> bool:
        """Whether the level is still moving (the loop must look again soon)."""
        now = self.clock() if now is None else now
        return now - self._since < self.glide

    @property
    def ducked(self) -> bool:
        """Whether the bed is (going) down."""
        return self._to < 1.0
