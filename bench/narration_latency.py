"""Narration latency: from a cue to ``pygame.mixer.Sound.play`` returning.

This is the path of a narrator that renders on the caller's thread (the simulator keeping
WAVs, the tools): it calls ``Narrator.prepare`` itself. The device renders behind its loop and
never calls it; ``voice_cues.py`` times the device's own path.

Two ways, in the same run, on the same lines:

- ours: every line is rendered and decoded once before the night (``Narrator.prepare`` with
  the pyttsx3 backend into a temporary WAV cache; it also has ``AudioOutput.preload`` load each
  clip into a ``Sound``); each cue is then ``Narrator.speak(line_id, params)`` through a real
  ``AudioOutput``, which only starts the loaded ``Sound``, followed (untimed) by the loop's
  ``AudioOutput.update()``, which decodes the next clips of the plan as the device's loop does;
  the report says how many cues found their clip decoded ahead;
- baseline: each cue synthesizes its line with pyttsx3 there and then (the same
  ``Pyttsx3Backend.synthesize``, into a fresh file) and plays it with
  ``pygame.mixer.Sound(file).play()``.

Two reference rows price the parts: loading the cached WAV into a ``Sound`` and playing it
(what every cue did before ``prepare`` preloaded the clips), and ``play()`` of a ``Sound``
loaded beforehand (the floor).

Each round runs every method over every line, so slow drift of the machine hits all alike.
After each cue the mixer is stopped (untimed), so every cue starts on an idle mixer. The mixer
runs on SDL's disk driver writing to /dev/null, so nothing is heard and nothing is kept.

    .venv/bin/python bench/narration_latency.py            # 40 lines x 10 rounds
    .venv/bin/python bench/narration_latency.py --quick    # 10 lines x 1 round
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import wave
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from benchutil import machine_lines, mean, percentile, table

from device.headless import go_headless
from games.onenight.script import day_start_line
from narration.catalogue import Catalogue
from narration.wav import wav_seconds

Item = tuple[str, Mapping[str, object]]

# Two placeholder lines, with the values a real game passes (a 3-minute day, the countdown).
PARAM_LINES: tuple[Item, ...] = (
    (day_start_line(180).line, day_start_line(180).param_map()),
    ("onenight.day.count", {"n": 5}),
)


def pick_lines(catalogue: Catalogue, count: int) -> list[Item]:
    """``count`` distinct One Night lines: night lines without placeholders, then the two
    parametrised day lines (so the params path is timed too)."""
    plain: list[Item] = [
        (line_id, {})
        for line_id in catalogue.ids()
        if line_id.startswith("onenight.")
        and not line_id.startswith("onenight.day.")
        and not catalogue.placeholders(line_id)
    ]
    extra = list(PARAM_LINES[: min(len(PARAM_LINES), count)])
    chosen: list[Item] = [*plain[: count - len(extra)], *extra]
    if len(chosen) < count:
        raise SystemExit(f"the catalogue has only {len(chosen)} suitable lines, {count} asked")
    return chosen


def run(lines: int, rounds: int) -> int:
    """Run the benchmark and print the table; returns the exit code."""
    go_headless()  # before anything imports pygame
    import pygame

    from narration.audio import AudioOutput
    from narration.narrator import Narrator
    from narration.pyttsx3_backend import Pyttsx3Backend

    catalogue = Catalogue.load("common", "onenight")
    items = pick_lines(catalogue, lines)
    backend = Pyttsx3Backend()  # default voice (gmw/en-us) at the default 175 wpm
    audio = AudioOutput()
    if not audio.open():
        print("pygame.mixer did not start on the disk driver; nothing to measure", file=sys.stderr)
        return 1
    ours: list[float] = []
    naive: list[float] = []
    # Reference rows (not part of the ratio): where ours spends its time.
    load_only: list[float] = []
    preloaded: list[float] = []
    with tempfile.TemporaryDirectory(prefix="mothership-bench-") as scratch:
        root = Path(scratch)
        narrator = Narrator(catalogue, backend, root / "wav-cache", audio)
        try:
            started = time.perf_counter()
            narrator.prepare(items)  # the one-off cost before the night: render, then preload
            prepare_seconds = time.perf_counter() - started
            cached = [narrator.wav_path(line_id, params) for line_id, params in items]
            sounds = [pygame.mixer.Sound(file=str(path)) for path in cached]

            ahead = [0]

            def speak_ours(line_id: str, params: Mapping[str, object]) -> float:
                if audio.is_decoded(narrator.wav_path(line_id, params)):
                    ahead[0] += 1
                start = time.perf_counter()
                narrator.speak(line_id, params)
                elapsed = time.perf_counter() - start
                if audio.waiting:  # queued behind a clip still playing, not started
                    raise RuntimeError("a cue was queued: the mixer was not idle")
                # The loop's look after the cue (untimed, as on the device): it decodes the
                # next lines of the plan, so the next cue only starts a clip.
                audio.update()
                return elapsed

            fresh = iter(range(1_000_000))

            def speak_naive(line_id: str, params: Mapping[str, object]) -> float:
                path = root / f"cue-{next(fresh)}.wav"  # a fresh file per cue: nothing reused
                start = time.perf_counter()
                backend.synthesize(catalogue.text(line_id, params), path)
                pygame.mixer.Sound(file=str(path)).play()
                return time.perf_counter() - start

            def load_and_play(path: Path) -> float:
                start = time.perf_counter()
                pygame.mixer.Sound(file=str(path)).play()
                return time.perf_counter() - start

            def play_loaded(sound: Any) -> float:
                start = time.perf_counter()
                sound.play()
                return time.perf_counter() - start

            # One untimed cue each: first-use costs (imports, mixer buffers) are not latency.
            speak_ours(*items[0])
            speak_naive(*items[0])
            pygame.mixer.stop()

            def idle(timed: float) -> float:
                # Every cue meets an idle mixer, as a line said on its own does. (AudioOutput
                # queues a line asked for while another plays; that wait is not latency.)
                pygame.mixer.stop()
                return timed

            for _ in range(rounds):
                narrator.prepare(items)  # each night plans its clips (cached: nothing renders)
                audio.wake_ahead()  # as the loop does before a deadline, if it closed when idle
                audio.update()
                ahead[0] = 0 if not ours else ahead[0]
                ours += [idle(speak_ours(line_id, params)) for line_id, params in items]
                naive += [idle(speak_naive(line_id, params)) for line_id, params in items]
                load_only += [idle(load_and_play(path)) for path in cached]
                preloaded += [idle(play_loaded(sound)) for sound in sounds]
            mixer = pygame.mixer.get_init()
            clip = wav_seconds(cached[0])
            with wave.open(str(cached[0]), "rb") as reader:
                wav_format = (reader.getframerate(), reader.getnchannels())
        finally:
            narrator.close()  # closes the backend and the mixer

    print("\n".join(machine_lines(".".join(map(str, pygame.get_sdl_version())))))
    print(f"mixer:    {mixer} (Hz, format, channels); cached WAVs: {wav_format} (Hz, channels)")
    print()
    print(
        f"Narration latency, cue -> Sound.play() returned: {len(items)} distinct lines x "
        f"{rounds} rounds = {len(ours)} cues per method"
    )
    print()
    rows = [
        ("ours: prepared, Narrator.speak", ours),
        ("baseline: pyttsx3 per cue, then play", naive),
        ("ref: Sound(cached WAV).play() (old ours)", load_only),
        ("ref: preloaded Sound.play()", preloaded),
    ]
    print(
        table(
            ["method", "p50 ms", "p99 ms", "mean ms", "max ms"],
            [[name, *(_ms(f(xs)) for f in _STATS)] for name, xs in rows],
        )
    )
    print()
    print(
        table(
            ["ratio baseline/ours", "value"],
            [
                [name, f"{f(naive) / f(ours):.1f}x"]
                for name, f in (("p50", _p50), ("p99", _p99), ("mean", mean))
            ],
        )
    )
    print()
    print(f"ours: {ahead[0]} of {len(ours)} cues found their clip decoded ahead")
    print(
        f"One-off pre-render and preload of the {len(items)} lines (Narrator.prepare, before "
        "the night): "
        f"{prepare_seconds:.2f} s; first line lasts {clip:.2f} s"
    )
    return 0


def _p50(samples: Sequence[float]) -> float:
    return percentile(samples, 50)


def _p99(samples: Sequence[float]) -> float:
    return percentile(samples, 99)


def _max(samples: Sequence[float]) -> float:
    return max(samples)


_STATS: tuple[Callable[[Sequence[float]], float], ...] = (_p50, _p99, mean, _max)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f}" if seconds < 0.001 else f"{seconds * 1000:.2f}"


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smoke run: 10 lines, 1 round")
    parser.add_argument("--lines", type=int, default=40, help="distinct lines (default 40)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds over the lines (default 10)")
    args = parser.parse_args(argv)
    lines, rounds = (10, 1) if args.quick else (args.lines, args.rounds)
    if lines < 1 or rounds < 1:
        parser.error("--lines and --rounds must be at least 1")
    return run(lines, rounds)


if __name__ == "__main__":
    sys.exit(main())
