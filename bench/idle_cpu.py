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
    .venv/bin/python bench/idle_cpu.py --quick    # 3 s per loop
    .venv/bin/python bench/idle_cpu.py --fullscreen   # the dummy driver's scaled 1024x768
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from benchutil import machine_lines, table

from device.headless import go_headless

TARGET = 1 / 20
"""The project's goal: the idle daemon costs at most a twentieth of the naive loop."""
REFERENCE_SECONDS = 10.0
"""Reference rows only need a rate, so they run shorter to keep a full run near 2 minutes."""
DAY_MINUTES = 5
"""Long enough that no day alert falls inside the idle window (the first comes at 1:00 left)."""
KINDS = ("ours", "naive", "touch-wait", "sleep-redraw", "wait-only")
ALIENINJAS = ("ready-ours", "ready-held", "score-ours", "score-held")
"""Alieninjas' ready screen and score table, the speaker quick only while a press can sound
(ours) or held quick all game (before)."""
SETTLE_SECONDS = 12.0
"""At most this long for the idle speaker to close (3 s after its lines, cut short)."""
FULLSCREEN = False
"""Ask for fullscreen (``--fullscreen``): on the dummy driver a 1024x768 window and a
smoothscale per redraw. Off, the 800x480 design size is drawn unscaled, as on the device."""


@dataclass(frozen=True)
class Result:
    """What one child measured over its idle window."""

    kind: str
    wall: float
    cpu: float
    passes: int
    redraws: int
    voluntary_switches: int
    involuntary_switches: int
    note: str = ""

    @property
    def cpu_percent(self) -> float:
        """CPU time as a percentage of one core over the window."""
        return 100.0 * self.cpu / self.wall


class Window:
    """CPU time and context switches of this process between ``start`` and ``stop``."""

    def __init__(self) -> None:
        self._usage = resource.getrusage(resource.RUSAGE_SELF)
        self._wall = time.monotonic()

    def start(self) -> None:
        """Begin the window now."""
        self._usage = resource.getrusage(resource.RUSAGE_SELF)
        self._wall = time.monotonic()

    def stop(self, kind: str, passes: int, redraws: int, note: str = "") -> Result:
        """End the window and return what it measured."""
        wall = time.monotonic() - self._wall
        end = resource.getrusage(resource.RUSAGE_SELF)
        begin = self._usage
        cpu = (end.ru_utime - begin.ru_utime) + (end.ru_stime - begin.ru_stime)
        return Result(
            kind,
            wall,
            cpu,
            passes,
            redraws,
            end.ru_nvcsw - begin.ru_nvcsw,
            end.ru_nivcsw - begin.ru_nivcsw,
            note,
        )


class SkipClock:
    """Real time plus an offset: bumping the offset skips ahead, and it never goes back."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        """Monotonic time plus the skipped seconds."""
        return time.monotonic() + self.offset

    def sleep(self, until: float, wake: threading.Event, poll: float) -> None:
        """Block up to ``poll`` seconds, no later than ``until`` on this clock, or until
        ``wake`` is set (``device.clock.Clock``)."""
        wake.wait(max(0.0, min(poll, until - self.now())))

    def skip_to(self, when: float) -> None:
        """Jump forward to ``when`` (no-op if it has passed)."""
        self.offset += max(0.0, when - self.now())


def count_calls(obj: Any, name: str) -> list[int]:
    """Wrap ``obj.name`` so each call bumps a counter; returns the one-element counter."""
    counter = [0]
    inner: Callable[..., Any] = getattr(obj, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        counter[0] += 1
        return inner(*args, **kwargs)

    setattr(obj, name, counted)  # an instance attribute: the Daemon's self.ui.x finds it
    return counter


@contextlib.contextmanager
def headless_daemon(config: Any, clock: SkipClock, *, speaker: bool) -> Iterator[Any]:
    """The daemon built like ``run()`` but headless (mock hardware, a store and a voice cache
    in a scratch folder), with the speaker's ``AudioOutput`` in its outputs when ``speaker``."""
    from device.runtime.app import Daemon
    from device.runtime.executor import Executor, Outputs
    from device.runtime.inbox import Inbox
    from device.runtime.parts import open_hardware, open_narrator
    from device.runtime.session import Runtime
    from device.store.database import Store
    from device.transcript import Transcript
    from device.ui.touch import TouchUI
    from games.events import Control, ControlPressed, SeatPressed
    from narration.audio import AudioOutput

    with tempfile.TemporaryDirectory(prefix="mothership-bench-") as scratch:
        root = Path(scratch)
        store = Store(root / "mothership.db")
        ui = TouchUI(size=(config.display.width, config.display.height), fullscreen=FULLSCREEN)
        inbox = Inbox(wake=ui.wake)
        hardware = open_hardware(
            config,
            on_seat=lambda seat, at: inbox.put(SeatPressed(seat, at)),
            on_control=lambda name, at: inbox.put(ControlPressed(Control(name), at)),
        )
        narrator = open_narrator(config, audio=True, cache=root / "wav-cache")
        audio = narrator.audio if isinstance(narrator.audio, AudioOutput) else None
        ui.open()
        try:
            outputs = Outputs(
                transcript=Transcript(clock, keep=False),
                narrator=narrator,
                screen=ui,
                lamps=hardware.lamps,
                buzzer=hardware.buzzer,
                store=store,
                audio=audio if speaker else None,
                now=clock.now,
            )
            runtime = Runtime(clock, Executor(outputs), store)
            yield Daemon(config, clock, runtime, ui, inbox)
        finally:
            ui.close()
            narrator.close()
            hardware.close()
            store.close()


def child_ours(seconds: float) -> Result:
    """The real daemon loop, idling on the day timer."""
    from device.config import load_config
    from device.runtime.sessions import make_session
    from games.events import Tap, Touched

    config = load_config(
        system_path=None,
        overrides={
            "hardware.backend": "mock",
            "narration.backend": "silent",
            "audio.enabled": False,
        },
    )
    clock = SkipClock()
    with headless_daemon(config, clock, speaker=False) as daemon:
        runtime, ui = daemon.runtime, daemon.ui
        setup = {
            "game": "onenight",
            "preset": "alien_first_game",
            "options": {"day_minutes": DAY_MINUTES},
        }
        runtime.begin(make_session(setup, config))
        runtime.feed(Touched(Tap.START))  # renders the night (silently) and starts dusk
        while runtime.phase != "day":
            deadline = runtime.next_deadline()
            if deadline is None:
                raise RuntimeError(f"no deadline in phase {runtime.phase!r}")
            clock.skip_to(deadline)
            runtime.tick()
        # The day opens with a spoken line, and while speech plays the loop looks at the
        # audio every AUDIO_LOOK_SECONDS. Skip that too: the window is the idle timer.
        while (due := runtime.executor.audio.due(clock.now())) is not None:
            clock.skip_to(due)
        runtime.tick()
        deadline = runtime.next_deadline()
        if deadline is not None and deadline < clock.now() + seconds + 1:
            raise RuntimeError("a session deadline falls inside the idle window")
        ui.redraw(clock.now())
        passes, redraws, short = 0, count_calls(ui, "_draw"), 0  # whole or ticks
        window = Window()
        window.start()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            # A pass that was told to sleep under 5 ms is a follow-up to an early wake.
            short += daemon.sleep_seconds() < 0.005
            daemon.step()
            passes += 1
        result = window.stop("ours", passes, redraws[0], f"{short} passes slept < 5 ms")
        if runtime.phase != "day":
            raise RuntimeError(f"left the day during the window: {runtime.phase!r}")
    return result


def child_alieninjas(seconds: float, screen: str, held: bool) -> Result:
    """The real daemon loop, speaker on, idling on Alieninjas' ready screen or score table."""
    from device.config import load_config
    from device.runtime.sessions import make_session
    from games.events import Control, ControlPressed, SeatPressed, Tap, Touched

    # SDL's disk driver at its own pace, a buffer's worth of sleep per buffer, as a sound card
    # (the headless default writes as fast as it can, for quick tests).
    os.environ.pop("SDL_DISKAUDIODELAY", None)
    config = load_config(
        system_path=None, overrides={"hardware.backend": "mock", "narration.backend": "silent"}
    )
    clock = SkipClock()
    with headless_daemon(config, clock, speaker=True) as daemon:
        runtime, ui = daemon.runtime, daemon.ui
        speaker = runtime.executor.out.audio
        session = make_session({"game": "alieninjas", "mission": "replicas"}, config)
        if held:  # before: the quick speaker (1,024 frames) held open for the whole game
            session.quick_sounds = lambda state: True  # type: ignore[attr-defined]
            if speaker is not None:  # opened short, as a quick speaker was before
                speaker.close()
                speaker.set_short(True)
                speaker.open()
        runtime.begin(session)
        if screen == "score":  # a round: go, the countdown, a buzz, the call checked
            runtime.feed(ControlPressed(Control.GO, clock.now()))
            clock.skip_to(runtime.next_deadline() or clock.now())
            runtime.tick()
            runtime.feed(SeatPressed(1, clock.now()))
            clock.skip_to(runtime.next_deadline() or clock.now())
            runtime.tick()
            runtime.feed(Touched(Tap.YES))
        if runtime.phase != screen:
            raise RuntimeError(f"not on the {screen} screen: {runtime.phase!r}")
        if speaker is not None:
            speaker.stop()  # the lines are cut short: the window is the screen at rest
        runtime.executor.audio.speech_ends_at = clock.now()
        settle = time.monotonic() + SETTLE_SECONDS
        while time.monotonic() < settle and not (
            speaker is None or (speaker.suspended if not held else not speaker.speaking)
        ):
            daemon.step()
        for _ in range(3):  # whatever the close left due
            daemon.step(until=clock.now())
        if speaker is not None:
            speaker.wait_closed()  # SDL's close (two buffers) is over before the window
        passes, redraws = 0, count_calls(ui, "_draw")
        window = Window()
        window.start()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            daemon.step(until=clock.now() + end - time.monotonic())
            passes += 1
        state = "closed" if speaker is not None and speaker.suspended else "open"
        note = f"speaker {state}, buffer {speaker.buffer if speaker else 0} frames"
        kind = f"{screen}-{'held' if held else 'ours'}"
        result = window.stop(kind, passes, redraws[0], note)
        if runtime.phase != screen:
            raise RuntimeError(f"left the {screen} screen: {runtime.phase!r}")
    return result


def day_ui(seconds_left: float) -> Any:
    """An open TouchUI showing a running day timer, as the daemon would."""
    from device.config import load_config
    from device.ui.touch import TouchUI

    config = load_config(system_path=None)
    ui = TouchUI(size=(config.display.width, config.display.height), fullscreen=FULLSCREEN)
    ui.open()
    from games.onenight.views import DayView

    view = DayView(
        ends_at=time.monotonic() + seconds_left, remaining=seconds_left, paused=False, players=4
    )
    ui.show(view)
    return ui


def child_naive(seconds: float) -> Result:
    """The naive loop: pump, redraw and cap at 30 FPS."""
    import pygame

    ui = day_ui(DAY_MINUTES * 60.0)
    fps = pygame.time.Clock()
    passes = 0
    window = Window()
    window.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pygame.event.pump()
        ui.redraw(time.monotonic())
        fps.tick(30)
        passes += 1
    result = window.stop("naive", passes, passes)
    ui.close()
    return result


def child_wait_only(seconds: float) -> Result:
    """Reference: ``pygame.event.wait`` with a 1 s timeout and nothing drawn."""
    import pygame

    ui = day_ui(DAY_MINUTES * 60.0)
    passes = 0
    window = Window()
    window.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pygame.event.wait(max(1, round((end - time.monotonic()) * 1000)))
        passes += 1
    result = window.stop("wait-only", passes, 0)
    ui.close()
    return result


def child_touch_wait(seconds: float) -> Result:
    """Reference: ``TouchUI.wait`` with nothing due and nothing drawn (the waiting alone)."""
    ui = day_ui(DAY_MINUTES * 60.0)
    passes = 0
    window = Window()
    window.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ui.wait(end - time.monotonic())
        passes += 1
    result = window.stop("touch-wait", passes, 0)
    ui.close()
    return result


def child_sleep_redraw(seconds: float) -> Result:
    """Reference: a blocking sleep until the countdown ticks over, then one redraw."""
    ui = day_ui(DAY_MINUTES * 60.0)
    passes = 0
    window = Window()
    window.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        now = time.monotonic()
        wake = min(ui.next_redraw(now) or end, end)
        time.sleep(max(0.0, wake - now))
        ui.redraw(time.monotonic())
        passes += 1
    result = window.stop("sleep-redraw", passes, passes)
    ui.close()
    return result


CHILDREN: dict[str, Callable[[float], Result]] = {
    "ours": child_ours,
    "naive": child_naive,
    "touch-wait": child_touch_wait,
    "sleep-redraw": child_sleep_redraw,
    "wait-only": child_wait_only,
    **{
        kind: functools.partial(child_alieninjas, screen=kind.split("-")[0], held="held" in kind)
        for kind in ALIENINJAS
    },
}


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
    parser.add_argument("--quick", action="store_true", help="smoke run: 3 s per loop")
    parser.add_argument("--seconds", type=float, default=30.0, help="idle window (default 30)")
    parser.add_argument(
        "--fullscreen",
        action="store_true",
        help="ask for fullscreen (the dummy driver's 1024x768: a smoothscale on every redraw)",
    )
    parser.add_argument("--child", choices=KINDS + ALIENINJAS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    seconds = 3.0 if args.quick else args.seconds
    global FULLSCREEN
    FULLSCREEN = args.fullscreen
    go_headless()  # before pygame starts, here and in every child
    if args.child:
        result = CHILDREN[args.child](seconds)
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
