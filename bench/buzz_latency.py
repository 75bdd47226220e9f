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
    .venv/bin/python bench/buzz_latency.py --quick    # 20 samples per loop
"""

from __future__ import annotations

import argparse
import queue
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchutil import machine_lines, mean, percentile, table

from device.headless import go_headless

PLAYERS = 4
COUNTDOWN = 0.1
"""The shortened countdown (seconds; the default is 3)."""
WINDOW = 0.020
"""The default arbitration window."""
PAUSE = (0.03, 0.08)
"""Random wait before each press (seconds): lands the press anywhere in the loop's sleep, and
keeps two ``no`` presses (two waits apart) further apart than the 50 ms debounce."""
WAIT_SECONDS = 5.0
"""Give up on a buzz or a phase change after this long (something is broken)."""
SEED = 20261121
FPS = 30


BUSY = 0.025
"""How long the loop is kept busy after it takes a pair's first press (the busy mode)."""
GAP = (0.001, 0.015)
"""The busy mode's second press follows the first by this much: inside the 20 ms window."""


@dataclass(frozen=True)
class Mode:
    """One way to run the loop."""

    name: str
    window: float
    naive: bool
    busy: float = 0.0
    """Pairs of presses, the loop busy this long once it has taken the first (0: one at a
    time)."""


MODES: tuple[Mode, ...] = (
    Mode("ours (20 ms window)", WINDOW, naive=False),
    Mode("ours, window 0", 0.0, naive=False),
    Mode(f"baseline: {FPS} FPS poll loop (20 ms window)", WINDOW, naive=True),
    Mode("ours, busy 25 ms after a pair's first press", WINDOW, naive=False, busy=BUSY),
)


@dataclass
class Samples:
    """Per mode: edge -> buzz, edge -> fed to the session, fed -> buzz (seconds)."""

    total: list[float] = field(default_factory=list)
    to_feed: list[float] = field(default_factory=list)
    feed_to_buzz: list[float] = field(default_factory=list)
    first_won: int = 0
    """Busy mode: pairs the earlier press won."""


class TimedBuzzer:
    """The real buzzer, recording when the Executor calls ``buzz()``."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.last = 0.0
        self.buzzed = threading.Event()

    def buzz(self) -> None:
        """Record the time, then sound the real (mock-pin) buzzer."""
        self.last = time.monotonic()
        if self.inner is not None:
            self.inner.buzz()
        self.buzzed.set()


class Bench:
    """The headless daemon, and the player thread that presses its buttons."""

    def __init__(self, root: Path, per_mode: int) -> None:
        from device.clock import RealClock
        from device.config import load_config
        from device.runtime.app import Daemon
        from device.runtime.executor import Executor, Outputs
        from device.runtime.inbox import Inbox
        from device.runtime.notify import Notifier
        from device.runtime.parts import open_hardware_into, open_narrator
        from device.runtime.session import Runtime
        from device.store.database import Store
        from device.transcript import Transcript
        from device.ui.touch import TouchUI
        from games.effects import Buzz
        from games.events import SeatPressed

        self.per_mode = per_mode
        self.config = load_config(
            system_path=None,
            overrides={
                "hardware.backend": "mock",
                "narration.backend": "silent",
                "audio.enabled": False,
            },
        )
        config = self.config
        clock = RealClock()
        self.store = Store(root / "mothership.db")
        self.ui = TouchUI(size=(config.display.width, config.display.height), fullscreen=False)
        self.inbox = Inbox(wake=self.ui.wake)
        self.hardware = open_hardware_into(self.inbox, config)
        self.narrator = open_narrator(config, audio=True, cache=root / "wav-cache")
        self.ui.open()
        self.buzzer = TimedBuzzer(self.hardware.buzzer)
        outputs = Outputs(
            transcript=Transcript(clock, keep=False),
            narrator=self.narrator,
            screen=self.ui,
            lamps=self.hardware.lamps,
            buzzer=self.buzzer,
            store=self.store,
            now=clock.now,
            audio=None,  # audio is off, as in run() when the config disables it
        )
        self.runtime = Runtime(clock, Executor(outputs), self.store)
        self.daemon = Daemon(config, clock, self.runtime, self.ui, self.inbox, Notifier({}))

        # When each seat press reached the session (the loop drained it from the inbox).
        self.fed_at = 0.0
        feed: Callable[[Any], None] = self.runtime.feed

        def timed_feed(event: Any) -> None:
            first = isinstance(event, SeatPressed) and self.runtime.phase == "round"
            if isinstance(event, SeatPressed):
                self.fed_at = time.monotonic()
            feed(event)
            if first and self.mode.busy:
                time.sleep(self.mode.busy)  # the loop is held up: the next press waits

        run_effects = self.runtime.executor.run
        self.buzzed_seat: int | None = None

        def noted_run(effects: Any) -> Any:
            seat = next((effect.seat for effect in effects if isinstance(effect, Buzz)), None)
            if seat is not None:  # who buzzed last
                self.buzzed_seat = seat
            return run_effects(effects)

        self.runtime.executor.run = noted_run  # type: ignore[method-assign]

        self.runtime.feed = timed_feed  # type: ignore[method-assign]
        self.requests: queue.SimpleQueue[Mode | None] = queue.SimpleQueue()
        self.mode: Mode = MODES[0]
        self.begun = threading.Event()
        self.done = False
        self.error: BaseException | None = None
        self.samples: dict[str, Samples] = {mode.name: Samples() for mode in MODES}

    def close(self) -> None:
        """Close the parts in reverse order of opening."""
        self.ui.close()
        self.narrator.close()
        self.hardware.close()
        self.store.close()

    # The main thread: the loop, and starting each game when the player asks.

    def main_loop(self) -> None:
        """Run the loop (ours or the naive one, as the current game asks) until done."""
        import pygame

        fps = pygame.time.Clock()
        self.daemon.home()
        while not self.done:
            if self.mode.naive and self.runtime.session is not None:
                self.naive_step(fps)
            else:
                self.daemon.step()
            self.serve_requests()

    def naive_step(self, fps: Any) -> None:
        """One frame of the naive loop: pump, drain the inbox, tick, redraw, cap the rate."""
        import pygame

        pygame.event.pump()
        for event in self.inbox.drain():
            self.daemon._feed(event)  # the daemon's own input path (tags, refused inputs)
        self.runtime.tick()
        self.ui.redraw(self.runtime.clock.now())
        fps.tick(FPS)

    def serve_requests(self) -> None:
        """Start the game the player thread asked for (on the main thread, like the loop)."""
        from device.runtime.sessions import make_session

        while True:
            try:
                mode = self.requests.get_nowait()
            except queue.Empty:
                return
            if mode is None:
                self.done = True
                return
            self.mode = mode
            setup = {
                "game": "alieninjas",
                "mission": "replicas",
                "players": PLAYERS,
                "seed": 1,
                "options": {"countdown": COUNTDOWN, "arbitration_window": mode.window},
            }
            self.runtime.begin(make_session(setup, self.config))
            self.begun.set()

    # The player thread.

    def wait_phase(self, phase: str) -> None:
        """Poll (every millisecond) until the game is in ``phase``."""
        give_up = time.monotonic() + WAIT_SECONDS
        while self.runtime.phase != phase:
            if time.monotonic() > give_up:
                raise RuntimeError(f"no phase {phase!r} after {WAIT_SECONDS} s")
            time.sleep(0.001)

    def play(self) -> None:
        """Play games until every mode has its samples; then stop the loop."""
        try:
            rng = random.Random(SEED)
            games = -(-self.per_mode // PLAYERS)
            for _ in range(games):
                for mode in MODES:
                    self.play_game(mode, rng)
        except BaseException as error:  # reported by the main thread
            self.error = error
        finally:
            self.requests.put(None)
            self.ui.wake()

    def play_game(self, mode: Mode, rng: random.Random) -> None:
        """One game: go, then each seat buzzes and is answered ``no`` until all are out (the
        busy mode: one pair of presses, the second 1-15 ms after the first)."""
        if mode.busy:
            self.play_pairs(mode, rng)
            return
        self.start_round(mode, rng)
        samples = self.samples[mode.name]
        for seat in range(1, PLAYERS + 1):
            time.sleep(rng.uniform(*PAUSE))
            self.buzzer.buzzed.clear()
            pressed = time.monotonic()
            self.hardware.press_seat(seat)
            if not self.buzzer.buzzed.wait(WAIT_SECONDS):
                raise RuntimeError(f"seat {seat} pressed, no buzz")
            if len(samples.total) < self.per_mode:
                samples.total.append(self.buzzer.last - pressed)
                samples.to_feed.append(self.fed_at - pressed)
                samples.feed_to_buzz.append(self.buzzer.last - self.fed_at)
            self.wait_phase("check")
            time.sleep(rng.uniform(*PAUSE))
            self.hardware.press_control("no")
            self.wait_phase("round" if seat < PLAYERS else "score")

    def start_round(self, mode: Mode, rng: random.Random) -> None:
        """A new game of ``mode`` on the loop, to its round after Go."""
        self.begun.clear()
        self.requests.put(mode)
        self.ui.wake()
        if not self.begun.wait(WAIT_SECONDS):
            raise RuntimeError("the game did not start")
        self.wait_phase("ready")
        time.sleep(rng.uniform(*PAUSE))
        self.hardware.press_control("go")
        self.wait_phase("round")

    def play_pairs(self, mode: Mode, rng: random.Random) -> None:
        """Games of the busy mode, a pair of presses each: the earlier must win the buzz,
        though the loop takes the second only after being held up past the window."""
        samples = self.samples[mode.name]
        for _ in range(PLAYERS):
            self.start_round(mode, rng)
            time.sleep(rng.uniform(*PAUSE))
            first, second = rng.sample(range(1, PLAYERS + 1), 2)
            self.buzzer.buzzed.clear()
            self.buzzed_seat = None
            pressed = time.monotonic()
            self.hardware.press_seat(first)
            time.sleep(rng.uniform(*GAP))
            self.hardware.press_seat(second)
            if not self.buzzer.buzzed.wait(WAIT_SECONDS):
                raise RuntimeError(f"seats {first} and {second} pressed, no buzz")
            self.wait_phase("check")
            if len(samples.total) < self.per_mode:
                samples.total.append(self.buzzer.last - pressed)
                samples.to_feed.append(self.fed_at - pressed)
                samples.feed_to_buzz.append(self.buzzer.last - self.fed_at)
                samples.first_won += self.buzzed_seat == first


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
    parser.add_argument("--quick", action="store_true", help="smoke run: 20 presses per loop")
    parser.add_argument("--samples", type=int, default=200, help="presses per loop (default 200)")
    args = parser.parse_args(argv)
    per_mode = 20 if args.quick else args.samples
    if per_mode < 1:
        parser.error("--samples must be at least 1")
    return run(per_mode)


if __name__ == "__main__":
    sys.exit(main())
