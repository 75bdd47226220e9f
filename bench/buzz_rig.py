"""The rig ``buzz_latency`` measures with: the headless daemon and its loops (ours or the naive
one), the buzzer that notes when ``buzz()`` is called, and the player thread that presses the
seats' mock pins game after game, in each of the ``MODES`` in turn (see ``buzz_latency``).
"""

from __future__ import annotations

import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
