"""The loops ``idle_cpu`` measures, each run in a process of its own over its idle window: the
real daemon on One Night's day timer and on Alieninjas' quiet screens, the naive 30 FPS loop and
the reference loops (see ``idle_cpu``'s docstring), with what measures them (``Window``).
"""

from __future__ import annotations

import contextlib
import functools
import os
import resource
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from device.ui.touch import TouchUI

DAY_MINUTES = 5
"""Long enough that no day alert falls inside the idle window (the first comes at 1:00 left)."""
KINDS = ("ours", "naive", "touch-wait", "sleep-redraw", "wait-only")
ALIENINJAS = ("ready-ours", "ready-held", "score-ours", "score-held")
"""Alieninjas' ready screen and score table, the speaker quick only while a press can sound
(ours) or held quick all game (before)."""
SETTLE_SECONDS = 12.0
"""At most this long for the idle speaker to close (3 s after its lines, cut short)."""


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
def headless_daemon(
    config: Any, clock: SkipClock, *, speaker: bool, fullscreen: bool
) -> Iterator[Any]:
    """The daemon built like ``run()`` but headless (mock hardware, a store and a voice cache
    in a scratch folder), with the speaker's ``AudioOutput`` in its outputs when ``speaker``,
    its window asked for ``fullscreen`` or not."""
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
        ui = TouchUI(size=(config.display.width, config.display.height), fullscreen=fullscreen)
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


def child_ours(seconds: float, fullscreen: bool) -> Result:
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
    with headless_daemon(config, clock, speaker=False, fullscreen=fullscreen) as daemon:
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


def child_alieninjas(seconds: float, fullscreen: bool, screen: str, held: bool) -> Result:
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
    with headless_daemon(config, clock, speaker=True, fullscreen=fullscreen) as daemon:
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


def day_ui(seconds_left: float, fullscreen: bool) -> Any:
    """An open TouchUI showing a running day timer, as the daemon would."""
    from device.config import load_config
    from device.ui.touch import TouchUI

    config = load_config(system_path=None)
    ui = TouchUI(size=(config.display.width, config.display.height), fullscreen=fullscreen)
    ui.open()
    from games.onenight.views import DayView

    view = DayView(
        ends_at=time.monotonic() + seconds_left, remaining=seconds_left, paused=False, players=4
    )
    ui.show(view)
    return ui


def _reference(
    kind: str, seconds: float, fullscreen: bool, one_pass: Callable[[TouchUI, float], bool]
) -> Result:
    """Time ``one_pass(ui, end)`` over and over for ``seconds`` on a day screen; it says
    whether it redrew."""
    ui = day_ui(DAY_MINUTES * 60.0, fullscreen)
    passes = redraws = 0
    window = Window()
    window.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        redraws += one_pass(ui, end)
        passes += 1
    result = window.stop(kind, passes, redraws)
    ui.close()
    return result


def child_naive(seconds: float, fullscreen: bool) -> Result:
    """The naive loop: pump, redraw and cap at 30 FPS."""
    import pygame

    fps = pygame.time.Clock()

    def one_pass(ui: TouchUI, end: float) -> bool:
        pygame.event.pump()
        ui.redraw(time.monotonic())
        fps.tick(30)
        return True

    return _reference("naive", seconds, fullscreen, one_pass)


def child_wait_only(seconds: float, fullscreen: bool) -> Result:
    """Reference: ``pygame.event.wait`` with a 1 s timeout and nothing drawn."""
    import pygame

    def one_pass(ui: TouchUI, end: float) -> bool:
        pygame.event.wait(max(1, round((end - time.monotonic()) * 1000)))
        return False

    return _reference("wait-only", seconds, fullscreen, one_pass)


def child_touch_wait(seconds: float, fullscreen: bool) -> Result:
    """Reference: ``TouchUI.wait`` with nothing due and nothing drawn (the waiting alone)."""

    def one_pass(ui: TouchUI, end: float) -> bool:
        ui.wait(end - time.monotonic())
        return False

    return _reference("touch-wait", seconds, fullscreen, one_pass)


def child_sleep_redraw(seconds: float, fullscreen: bool) -> Result:
    """Reference: a blocking sleep until the countdown ticks over, then one redraw."""

    def one_pass(ui: TouchUI, end: float) -> bool:
        now = time.monotonic()
        wake = min(ui.next_redraw(now) or end, end)
        time.sleep(max(0.0, wake - now))
        ui.redraw(time.monotonic())
        return True

    return _reference("sleep-redraw", seconds, fullscreen, one_pass)


CHILDREN: dict[str, Callable[[float, bool], Result]] = {
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
"""Each loop by its kind: called with the window's seconds and whether to ask for fullscreen."""
