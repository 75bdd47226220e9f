"""Idle CPU: the daemon waiting on the day timer against a naive 30 FPS pygame loop.

Both show the same ticking day countdown for the same wall time, each in its own subprocess
that measures its own CPU time (``getrusage(RUSAGE_SELF)``, user + system, every thread) over
the idle window only: start-up, fast-forwarding the night and shutting down are not counted.

- ours: the real main loop of ``device/runtime/app.py`` (``Daemon.step``, which sleeps in
  ``TouchUI.wait`` until the next session deadline or clock tick, on a ``threading.Event`` that
  hardware threads and, on ``kmsdrm``, the touchscreen's watcher set; on the ``dummy`` driver
  no touch can come, so SDL's queue is looked at only every ``QUIET_POLL_SECONDS``, and a
  tick redraws only the clock's changed cells), built like ``run()``
  but headless, with mock hardware, the silent speech backend, no audio and a store in a
  temporary folder. A One Night game (preset ``alien_first_game``, 5-minute day) is started
  and its night skipped on a clock that runs at real speed plus an offset we bump to each
  deadline, and so is the day's spoken opening line (while speech plays the loop looks at the
  audio 10 times a second); then the offset stays put and the daemon loop runs untouched.
- naive: ``pygame.event.pump(); ui.redraw(now); clock.tick(30)`` with the same ``TouchUI``
  showing the same day screen.

Three reference rows (shorter windows, not part of the ratio) split the daemon's cost up:
``TouchUI.wait`` with nothing due and nothing drawn (the waiting alone), the same
redraws with one blocking sleep and no input (the drawing alone), and, for comparison with the
first measurements, a bare ``pygame.event.wait`` loop (the wait the daemon used before: pygame
implements it as pump, ``SDL_Delay(1)``, repeat).

Alieninjas rows: the same daemon on Alieninjas' ready screen (waiting for go) and its score
table, with the speaker on (SDL's disk driver into a discarding pipe, at a sound card's pace,
one buffer's sleep per buffer): ours
keeps the quick 1024-frame speaker only while a press can sound (the countdown and the round),
so on these screens it closes the device once the lines are said; "held" keeps the quick
speaker open the whole game, as the device did before. Each cuts the game's opening lines short
and waits (up to ``SETTLE_SECONDS``) for the speaker to close before its window. The quick run
measures the ready screen only.

The window is 800x480, the design size and the size of the device's panel. Asked for
fullscreen, SDL's dummy driver opens its own 1024x768 instead, so every redraw would also pay a
smoothscale the device does not; ``--fullscreen`` measures that way (as the first runs did).

"Wake-ups" are counted twice: loop passes (Python) and voluntary context switches (each time
the process went to sleep and was woken up again by the kernel).

    .venv/bin/python bench/idle_cpu.py            # 30 s per loop
    .venv/bin/python bench/idle_cpu.py --quick    # 1 s per loop
    .venv/bin/python bench/idle_cpu.py --fullscreen   # the dummy driver's scaled 1024x768
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

from benchutil import machine_lines, table
from idle_loops import ALIENINJAS, CHILDREN, KINDS, SETTLE_SECONDS, Result

from device.headless import go_headless

TARGET = 1 / 20
"""The project's goal: the idle daemon costs at most a twentieth of the naive loop."""
REFERENCE_SECONDS = 10.0
"""Reference rows only need a rate, so they run shorter to keep a full run near 2 minutes."""
FULLSCREEN = False
"""Ask for fullscreen (``--fullscreen``): on the dummy driver a 1024x768 window and a
smoothscale per redraw. Off, the 800x480 design size is drawn unscaled, as on the device."""


def run_child(kind: str, seconds: float) -> Result:
    """Run one loop in a fresh interpreter and read its result (the last stdout line)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--child", kind]
    command += ["--seconds", str(seconds)] + (["--fullscreen"] if FULLSCREEN else [])
    done = subprocess.run(
        command,
        check=False,
        capture_output=True,
        text=True,
        timeout=seconds + SETTLE_SECONDS + 120,
    )
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"the {kind} loop failed with exit code {done.returncode}")
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return Result(**data)


def _share(ratio: float) -> str:
    """A ratio to the naive loop: "0.046 (1/22)"."""
    return f"{ratio:.3f}" + (f" (1/{1 / ratio:.0f})" if 0 < ratio < 1 else "")


def report(results: dict[str, Result], seconds: float) -> None:
    """Print the machine, the table and the verdict against the target."""
    import pygame

    print("\n".join(machine_lines(".".join(map(str, pygame.get_sdl_version())))))
    print()
    print(f"Idle CPU on the day timer: {seconds:g} s window per loop, each in its own process")
    print()
    labels = {
        "ours": "ours: Daemon.step loop",
        "naive": "naive: pump + redraw + tick(30)",
        "touch-wait": "ref: TouchUI.wait only, nothing drawn",
        "sleep-redraw": "ref: blocking sleep + 1 redraw/s",
        "wait-only": "ref: pygame.event.wait only (old wait)",
    }
    rows = []
    for kind in KINDS:
        if kind not in results:
            continue
        r = results[kind]
        rows.append(
            [
                labels[kind],
                f"{r.wall:.1f}",
                f"{r.cpu:.3f}",
                f"{r.cpu_percent:.2f}",
                f"{1000 * r.cpu / max(1, r.passes):.2f}",
                str(r.passes),
                str(r.redraws),
                str(r.voluntary_switches),
                f"{r.voluntary_switches / r.wall:.0f}",
            ]
        )
    headers = ["loop", "wall s", "CPU s", "CPU %", "ms/pass", "passes", "redraws", "wake-ups"]
    headers.append("wake-ups/s")
    print(table(headers, rows))
    ours, naive = results["ours"], results["naive"]
    ratio = ours.cpu_percent / naive.cpu_percent
    print()
    print(f"ours: {ours.note}")
    if "touch-wait" in results and "sleep-redraw" in results:
        parts = (results["touch-wait"], results["sleep-redraw"])
        poll, draw = (1000 * r.cpu / r.wall for r in parts)
        print(
            f"ours: {1000 * ours.cpu / ours.wall:.2f} ms CPU per second; alone, the touch polling "
            f"costs {poll:.2f} and one redraw a second {draw:.2f} (reference rows)"
        )
    print(
        f"ratio ours/naive (CPU %): {ratio:.3f} = 1/{1 / ratio:.1f}   "
        f"target <= 1/{round(1 / TARGET)}: {'met' if ratio <= TARGET else 'NOT met'}"
    )
    found = [kind for kind in ALIENINJAS if kind in results]
    if found:
        print()
        print("Alieninjas, speaker on (disk driver at a sound card's pace), against naive:")
        rows = []
        for kind in found:
            r = results[kind]
            screen, way = kind.split("-")
            name = {"ours": "ours (quick while presses sound)", "held": "held quick all game"}
            rows.append(
                [
                    f"Alieninjas {screen}, {name[way]}",
                    f"{r.cpu_percent:.2f}",
                    _share(r.cpu_percent / naive.cpu_percent),
                    f"{r.voluntary_switches / r.wall:.0f}",
                    r.note,
                ]
            )
        print(table(["loop", "CPU %", "of naive", "wake-ups/s", "speaker"], rows))


def main(argv: list[str] | None = None) -> int:
    """Parse the options; run every loop (or, with --child, just one) and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smoke run: 1 s per loop")
    parser.add_argument("--seconds", type=float, default=30.0, help="idle window (default 30)")
    parser.add_argument(
        "--fullscreen",
        action="store_true",
        help="ask for fullscreen (the dummy driver's 1024x768: a smoothscale on every redraw)",
    )
    parser.add_argument("--child", choices=KINDS + ALIENINJAS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    seconds = 1.0 if args.quick else args.seconds
    global FULLSCREEN
    FULLSCREEN = args.fullscreen
    go_headless()  # before pygame starts, here and in every child
    if args.child:
        result = CHILDREN[args.child](seconds, FULLSCREEN)
        print(json.dumps(asdict(result)))
        return 0
    reference = min(seconds, REFERENCE_SECONDS)
    # One after the other: two loops at once would share the cores and skew each other.
    results = {kind: run_child(kind, seconds) for kind in ("ours", "naive")}
    results |= {kind: run_child(kind, reference) for kind in KINDS[2:]}
    screens = ALIENINJAS[:2] if args.quick else ALIENINJAS
    results |= {kind: run_child(kind, reference) for kind in screens}
    # The verdict is printed, not turned into a failing exit code: a benchmark reports.
    report(results, seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
