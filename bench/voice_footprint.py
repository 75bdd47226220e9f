"""The voice and its footprint, each figure against its baseline in one run.

1. **Voice:** Piper (en_US-joe-medium, in its worker process) against espeak-ng (pyttsx3, in
   process) on the same sentences: render time, real-time factor, and peak memory (the worker's
   for Piper, the process's growth for espeak-ng).
2. **Cue latency:** ``Narrator.speak`` to the clip playing, p50/p99, over a prepared night: the
   mixer at the voice's rate in mono with clips decoded three lines ahead (ours), against
   decoding each clip at the cue on a 44.1 kHz mixer (naive).
3. **RSS through a night:** the real daemon (``open_daemon``, headless, mock hardware, the
   disk audio driver, the voice's prepared cache) plays a 10-player, 13-card One Night game
   from setup through the night and the day to the vote; its peak RSS (``VmHWM``) and the
   time to get the night ready. Ours, against the naive output that decodes the whole night up
   front on a 44.1 kHz mixer. Each in its own process.
4. **Ready the night:** warm (the cache prepared by ``voice prepare``) and cold (nothing
   prepared: Piper renders the night's lines in one worker), from the same runs.
5. **Idle CPU per phase with the mixer open:** the real daemon driven to each phase (home, the
   night between two lines with the bed playing, the day timer, the result), settled there for
   a few seconds on its own loop (the audio device closes where nothing plays), then idling 30 s;
   against a naive 30 FPS loop that redraws the same screen and holds a 44.1 kHz stereo mixer
   open (the bed playing at night). SDL's ``dummy`` audio driver mixes in real time, like a
   sound card. Each pair runs ``--repeats`` times; the median ratio is reported with its range.

    .venv/bin/python bench/voice_footprint.py              # full run (several minutes)
    .venv/bin/python bench/voice_footprint.py --idle-only  # section 5 alone
    .venv/bin/python bench/voice_footprint.py --quick      # smoke run (the suite runs it once)
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchutil import machine_lines, percentile, table
from voice_children import child_idle, child_night

SENTENCES = (
    "Everyone, close your eyes.",
    "Seer, wake up. You may look at another player's card, or two cards in the middle.",
    "Aliens, wake up and look for other aliens. If you are the only alien, you may look at one "
    "card in the middle.",
    "Player 7, your vote.",
    "Everyone, wake up! You have five minutes to find out who is who.",
)
PHASES = ("home", "night", "day", "result")


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def voice_figures(count: int, folder: Path) -> list[list[str]]:
    """Render ``count`` sentences with each engine; rows of the table."""
    from narration.delivery import read_mono
    from narration.piper_backend import PiperBackend
    from narration.piper_model import bundled_model
    from narration.pyttsx3_backend import Pyttsx3Backend

    texts = [
        SENTENCES[i % len(SENTENCES)] + ("" if i < len(SENTENCES) else f" ({i})")
        for i in range(count)
    ]
    rows = []
    before = _rss_mb()
    espeak = Pyttsx3Backend()
    started = time.perf_counter()
    for index, text in enumerate(texts):
        espeak.synthesize(text, folder / f"e{index}.wav")
    espeak_time = time.perf_counter() - started
    espeak.close()
    espeak_mem = _rss_mb() - before
    piper = PiperBackend(bundled_model())
    started = time.perf_counter()
    piper.synthesize_many([(text, folder / f"p{index}.wav") for index, text in enumerate(texts)])
    piper_time = time.perf_counter() - started
    worker_mem = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    for name, prefix, seconds, memory in (
        ("espeak-ng (pyttsx3, in process)", "e", espeak_time, f"+{espeak_mem:.0f} MB"),
        ("Piper joe-medium (worker, load included)", "p", piper_time, f"{worker_mem:.0f} MB"),
    ):
        audio = sum(
            len(s) / r for s, r in (read_mono(folder / f"{prefix}{i}.wav") for i in range(count))
        )
        rows.append([name, f"{seconds:.2f} s", f"{audio:.1f} s", f"{seconds / audio:.3f}", memory])
    return rows


def cue_latency(count: int, folder: Path) -> list[list[str]]:
    """p50/p99 of a cue on a prepared night: ours against decoding at the cue (44.1 kHz)."""
    from narration import audio as audio_module
    from narration import clips as clips_module
    from narration.backends import EspeakBackend
    from narration.catalogue import Catalogue
    from narration.narrator import Narrator

    catalogue = Catalogue.load("common", "onenight")
    items: list[tuple[str, dict[str, object]]] = [
        (line, dict[str, object]())
        for line in catalogue.ids()
        if line.startswith("onenight.") and not catalogue.placeholders(line)
    ][:count]
    rows = []
    for name, rate, ahead in (
        ("ours: 22.05 kHz mono, 3 ahead", 22050, 3),
        ("naive: 44.1 kHz, decoded at the cue", 44100, 0),
    ):
        clips_module.AHEAD = ahead
        output = audio_module.AudioOutput(rate=rate, idle_close=None)
        output.open()
        narrator = Narrator(catalogue, EspeakBackend(), folder / "cache", output)
        narrator.prepare(items)
        samples = []
        for line, params in items:
            started = time.perf_counter()
            narrator.speak(line, params)
            samples.append((time.perf_counter() - started) * 1000)
            output.stop()
        output.close()
        rows.append(
            [name, f"{percentile(samples, 50):.2f} ms", f"{percentile(samples, 99):.2f} ms"]
        )
    clips_module.AHEAD = 3
    return rows


def run_child(*args: str) -> dict[str, Any]:
    """Run this script as a child with ``args``; its JSON answer."""
    done = subprocess.run(
        [sys.executable, __file__, "--child", *args], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"child {args} failed: {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def run(quick: bool) -> int:
    """Every figure, printed with the machine."""
    print("\n".join(machine_lines()))
    from device.headless import go_headless

    go_headless()  # the disk audio driver: sections 2-4 need no sound card

    with tempfile.TemporaryDirectory(prefix="mothership-bench-") as scratch:
        folder = Path(scratch)
        print("\n1. Voice: Piper against espeak-ng on the same sentences")
        rows = voice_figures(2 if quick else 20, folder)
        print(table(["engine", "render", "audio", "real-time factor", "peak memory"], rows))
        print("\n2. Cue latency on a prepared night (espeak-ng clips)")
        print(table(["output", "p50", "p99"], cue_latency(10 if quick else 60, folder)))
        # The suite's quick run renders its night with espeak-ng: Piper's cold night takes minutes.
        players, engine = ("4", "pyttsx3") if quick else ("10", "piper")
        print(f"\n3-4. A {players}-player night and day on the real daemon ({engine} cache)")
        started = time.perf_counter()
        cold = run_child("night", "ours", str(folder / "cold"), players, engine)
        cold_wall = time.perf_counter() - started
        rows = []
        for mode in ("ours", "naive"):
            warm = run_child("night", mode, str(folder / "cold"), players, engine)
            rows.append(
                [
                    mode,
                    f"{warm['peak_mb']:.0f} MB",
                    f"{warm['loaded']}",
                    f"{sum(warm['ready']):.3f} s",
                    f"{warm['rendered']}",
                ]
            )
        rows.append(
            [
                "ours, cold cache",
                f"{cold['peak_mb']:.0f} MB",
                f"{cold['loaded']}",
                f"{sum(cold['ready']):.1f} s",
                f"{cold['rendered']}",
            ]
        )
        print(
            table(
                [
                    "daemon",
                    "peak RSS",
                    "clips held at the end",
                    "ready the night",
                    "lines rendered",
                ],
                rows,
            )
        )
        print(f"(the cold run took {cold_wall:.0f} s in all, its workers included)")
    return 0


def idle_section(quick: bool, repeats: int) -> None:
    """Section 5: each phase's CPU, ours against the naive loop, ``repeats`` pairs each."""
    from narration.ambience import write_bed

    print("\n5. Idle CPU per phase, the real daemon loop with audio on (SDL dummy audio)")
    seconds = 1.0 if quick else 30.0  # as idle_cpu.py: long enough that one pass is noise
    with tempfile.TemporaryDirectory(prefix="mothership-bench-") as scratch:
        bed = str(write_bed(Path(scratch), "night"))
        rows = []
        for phase in PHASES:
            pairs = []
            for _ in range(repeats):
                ours = run_child("idle", phase, "ours", str(seconds), bed)
                naive = run_child("idle", phase, "naive", str(seconds), bed)
                pairs.append((ours["cpu"], naive["cpu"], ours["screen"]))
            pairs.sort(key=lambda pair: pair[1] / max(pair[0], 1e-9))
            ours_cpu, naive_cpu, screen = pairs[len(pairs) // 2]
            ratios = [naive / max(ours, 1e-9) for ours, naive, _ in pairs]
            rows.append(
                [
                    f"{phase} ({screen})",
                    f"{100 * ours_cpu / seconds:.3f} %",
                    f"{100 * naive_cpu / seconds:.2f} %",
                    f"1/{ratios[len(ratios) // 2]:.0f}",
                    f"1/{min(ratios):.0f} to 1/{max(ratios):.0f}",
                ]
            )
    header = ["phase (screen)", "ours", "naive 30 FPS + open mixer", "ours / naive", "range"]
    print(table(header, rows))


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run (or be one child)."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--child"]:
        kind, rest = args[1], args[2:]
        answer = (
            child_night(rest[0], rest[1], int(rest[2]), rest[3])
            if kind == "night"
            else child_idle(rest[0], rest[1], float(rest[2]), rest[3])
        )
        print(json.dumps(answer))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smoke run: fewer lines, 1 s idles")
    parser.add_argument("--idle-only", action="store_true", help="run section 5 alone")
    parser.add_argument(
        "--repeats", type=int, default=3, help="idle pairs per phase; the median is reported"
    )
    options = parser.parse_args(args)
    repeats = 1 if options.quick else max(1, options.repeats)
    if options.idle_only:
        print("\n".join(machine_lines()))
        idle_section(options.quick, repeats)
        return 0
    code = run(options.quick)
    idle_section(options.quick, repeats)
    return code


if __name__ == "__main__":
    sys.exit(main())
