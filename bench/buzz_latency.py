"""Buzz latency: from a seat button's edge to the ``Buzz`` effect carried out, in the real loop.

The daemon is built like ``device.commands.service.run()`` but headless: mock hardware (gpiozero's
mock pins, driven through ``Hardware.press_seat``), the silent speech backend with audio off, a
store in a temporary folder, a real ``TouchUI`` on SDL's dummy driver, the real ``Executor``,
``Runtime``, ``Inbox`` and ``Daemon.step``. The buzzer is the real (mock-pin) ``Buzzer``
wrapped so its ``buzz()`` records ``time.monotonic()`` when the ``Executor`` calls it.

The main thread runs the loop. Another thread plays: it asks for a Replicas game (4 players,
seed 1, ``make_session`` as the device does; the countdown shortened to 0.1 s with the
session's ``countdown`` option), presses ``go`` and waits for phase ``round``, then for each
seat in turn waits a random 30-80 ms, records ``time.monotonic()`` and drives the seat's pin
low, waits for the buzz, and answers ``no`` so the round resumes for the others. After the
fourth seat every player is out, and the next game starts. A sample is
``buzz() called - time.monotonic() before the pin went low`` (the mock edge timestamp is taken
a few microseconds after that).

Four loops, game by game in turn, so slow drift of the machine hits all alike:

- ours: ``Daemon.step`` with the default 20 ms arbitration window. The window is part of the
  latency by design (an earlier edge may still arrive), so it is also shown subtracted;
- ours, window 0: the same with ``arbitration_window`` 0 (the first press commits at once);
- baseline: a naive 30 FPS loop (``pygame.event.pump``, drain the inbox, ``Runtime.tick``,
  redraw, ``pygame.time.Clock.tick(30)``) with the same parts and the default window;
- ours, busy: a pair of presses per game, the second 1-15 ms after the first, and the loop
  held up 25 ms once it has taken the first (past the 20 ms window): the earlier press must
  win whatever the loop's lateness (the buzz is judged by the edges' times); its latency
  includes the 25 ms.

Each row also splits the latency: edge -> the press handed to the session (the loop woke up and
drained the inbox), and from there -> the buzz.

    .venv/bin/python bench/buzz_latency.py            # 200 samples per loop (50 games each)
    .venv/bin/python bench/buzz_latency.py --quick    # 8 samples per loop (2 games each)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchutil import machine_lines, mean, percentile, table
from buzz_rig import BUSY, MODES, PLAYERS, WAIT_SECONDS, Bench

from device.headless import go_headless


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def run(per_mode: int) -> int:
    """Run the benchmark and print the tables; returns the exit code."""
    go_headless()  # before anything imports pygame
    import pygame

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mothership-bench-") as scratch:
        bench = Bench(Path(scratch), per_mode)
        try:
            player = threading.Thread(target=bench.play, name="player", daemon=True)
            player.start()
            bench.main_loop()
            player.join(WAIT_SECONDS)
        finally:
            bench.close()
    if bench.error is not None:
        print(f"the player thread failed: {bench.error!r}", file=sys.stderr)
        return 1
    wall = time.monotonic() - started

    print("\n".join(machine_lines(".".join(map(str, pygame.get_sdl_version())))))
    print()
    print(
        f"Buzz latency, seat pin low -> Buzz effect carried out (buzzer.buzz() called): "
        f"{per_mode} presses per loop, {PLAYERS} players, real main loop, mock pins "
        f"({wall:.0f} s)"
    )
    print()
    headers = ["loop", "n", "p50 ms", "p99 ms", "mean ms", "max ms", "p50-window", "p99-window"]
    rows: list[list[str]] = []
    for mode in MODES:
        xs = bench.samples[mode.name].total
        rows.append(
            [
                mode.name,
                str(len(xs)),
                *(_ms(f(xs)) for f in _STATS),
                _ms(_p50(xs) - mode.window),
                _ms(_p99(xs) - mode.window),
            ]
        )
    print(table(headers, rows))
    print()
    print("split: edge -> press handed to the session (loop woke, inbox drained) -> buzz")
    print()
    split_rows: list[list[str]] = []
    for mode in MODES:
        got = bench.samples[mode.name]
        split_rows.append(
            [
                mode.name,
                _ms(_p50(got.to_feed)),
                _ms(_p99(got.to_feed)),
                _ms(_p50(got.feed_to_buzz)),
                _ms(_p99(got.feed_to_buzz)),
            ]
        )
    print(
        table(
            ["loop", "to session p50", "p99", "session -> buzz p50", "p99"],
            split_rows,
        )
    )
    busy = bench.samples[MODES[3].name]
    print()
    print(
        f"busy mode: the earlier press won {busy.first_won} of {len(busy.total)} pairs "
        f"(the second 1-15 ms after it, the loop held up {BUSY * 1000:.0f} ms after the first)"
    )
    ours, naive = (bench.samples[mode.name].total for mode in (MODES[0], MODES[2]))
    print()
    print(
        table(
            ["ratio baseline/ours (same window)", "value"],
            [
                [name, f"{f(naive) / f(ours):.2f}x"]
                for name, f in (("p50", _p50), ("p99", _p99), ("mean", mean))
            ],
        )
    )
    return 0


def _p50(samples: Sequence[float]) -> float:
    return percentile(samples, 50)


def _p99(samples: Sequence[float]) -> float:
    return percentile(samples, 99)


def _max(samples: Sequence[float]) -> float:
    return max(samples)


_STATS: tuple[Callable[[Sequence[float]], float], ...] = (_p50, _p99, mean, _max)


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smoke run: 8 presses per loop")
    parser.add_argument("--samples", type=int, default=200, help="presses per loop (default 200)")
    args = parser.parse_args(argv)
    per_mode = 8 if args.quick else args.samples
    if per_mode < 1:
        parser.error("--samples must be at least 1")
    return run(per_mode)


if __name__ == "__main__":
    sys.exit(main())
