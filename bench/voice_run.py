"""One daemon of ``voice_behind``, run one way (the narrator rendering ``behind`` the loop, or
on it: ``wait``), its loop's passes timed and what it shows noted (``Run``), and what a way
measured (``Figures``).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from looptrace import LoopTrace

from device.screenlayer import NO_ENDING, Ending
from games.effects import Phase

TAP_EVERY = 0.05
"""How often the driver taps (a phone-page request the loop answers)."""
TAP_LATE = 0.25
"""A tap answered later than this is late: a player taps again."""


@dataclass
class Figures:
    """What one way measured."""

    stalls: list[float] = field(default_factory=list)
    taps: list[float | None] = field(default_factory=list)
    reveal_to_result: float | None = None
    go_to_clock: float | None = None
    fallback: int = 0
    prepare_wait: float | None = None
    """How long the result's likely lines took to render ahead (the act waits for them)."""
    acts: dict[str, float] = field(default_factory=dict)
    """The longest stall of each act."""
    cpu: list[float] = field(default_factory=list)
    """Each pass's own CPU time (the loop's thread on a core), beside ``stalls``."""
    queued: list[float] = field(default_factory=list)
    """Each pass's time runnable but off a core (the machine's load)."""

    def longest(self) -> tuple[float, float, float]:
        """The longest stall: its wall time, its own CPU and its time off a core."""
        if not self.cpu:
            return max(self.stalls), 0.0, 0.0
        at = max(range(len(self.stalls)), key=self.stalls.__getitem__)
        return self.stalls[at], self.cpu[at], self.queued[at]

    def late_taps(self) -> int:
        return sum(1 for tap in self.taps if tap is not None and tap > TAP_LATE)

    def lost_taps(self) -> int:
        return sum(1 for tap in self.taps if tap is None)


class Run:
    """One daemon, one way (``behind`` or ``wait``), its loop on this thread."""

    def __init__(
        self,
        mode: str,
        delay: float,
        folder: Path,
        store: Path,
        stack: ExitStack,
        cache: Path | None = None,
        trace: bool = False,
    ):
        import device.runtime.parts as parts
        from device.clock import RealClock
        from device.config import load_config
        from device.runtime.wiring import VoiceMode
        from narration.fake import SlowBackend
        from narration.piper_backend import PiperBackend
        from narration.piper_model import bundled_model, piper_installed
        from narration.pyttsx3_backend import Pyttsx3Backend

        config = load_config(
            system_path=None,
            overrides={
                "narration.backend": "piper",
                "narration.cache_dir": str(cache or folder / f"cache-{mode}"),  # empty
                "audio.ambience": False,
            },
        )

        def slow_voice(config: Any, *, name: str | None = None, nice: int = 0) -> Any:
            if piper_installed():
                # The device's own voice and worker process, each line slowed in the worker.
                return PiperBackend(bundled_model(), parts.delivery(config), nice=nice, delay=delay)
            return SlowBackend(Pyttsx3Backend(), delay=delay)

        parts.speech_backend = slow_voice
        wiring = parts.Wiring(
            clock=RealClock(),
            store_path=store,
            hardware="mock",
            readers=False,
            voice=VoiceMode(mode),
        )
        self.daemon = parts.open_daemon(config, wiring, stack)
        self.figures = Figures()
        self.events: list[tuple[float, str]] = []
        self.trace = LoopTrace(sample=trace)
        self._watch()

    def _watch(self) -> None:
        """Time the loop's passes (minus their wait for input) and note what it shows."""
        daemon = self.daemon
        executor = daemon.runtime.executor
        ui_wait, step, show, one = daemon.ui.wait, daemon.step, executor.shown.show, executor._one
        waited = [0.0]

        trace = self.trace

        def timed_wait(timeout: float) -> Any:
            idle = trace.waiting()
            start = time.perf_counter()
            try:
                return ui_wait(timeout)
            finally:
                waited[0] += time.perf_counter() - start
                trace.woken(idle)

        def timed_step(until: float | None = None) -> None:
            waited[0] = 0.0
            counters = trace.begin()
            start = time.perf_counter()
            step(until)
            stall = time.perf_counter() - start - waited[0]
            trace.end(counters, stall)
            self.figures.stalls.append(stall)

        def noted_show(view: Any, ending: Ending = NO_ENDING) -> None:
            show(view, ending)
            self.events.append((time.perf_counter(), f"show {view.screen}"))

        def noted_effect(effect: Any) -> Any:
            done = one(effect)
            if isinstance(effect, Phase):
                self.events.append((time.perf_counter(), f"phase {effect.name}"))
            return done

        daemon.ui.wait = timed_wait  # type: ignore[method-assign]  # timing it, as below
        daemon.step = timed_step  # type: ignore[method-assign]
        executor.shown.show = noted_show  # type: ignore[method-assign]
        executor._one = noted_effect  # type: ignore[method-assign]
        if trace.sample:
            self._time_steps()

    STEPS = (
        "_flush", "inbox.drain", "guard.tick", "guard.feed", "guard.run", "entry.offer",
        "quitting.offer", "confirm.offer", "options.offer", "ambience.offer", "ui.refresh",
        "ui.notice", "web.offer", "web.publish", "runtime.store.resume_settled",
        "runtime.executor.last.show_ready_link", "runtime.executor.lines.ready",
        "runtime.executor.audio.update", "runtime.executor.shown.show",
        "runtime.executor.out.narrator.update",
    )  # fmt: skip
    """The loop's steps a trace times, as paths from the daemon."""

    def _time_steps(self) -> None:
        """Have the trace time the loop's steps and each effect (what a long pass did)."""
        from device.runtime.inbox import Call

        for path in self.STEPS:
            owner: Any = self.daemon
            *parts, name = path.split(".")
            for part in parts:
                owner = getattr(owner, part, None)
            if owner is None:
                continue  # a part this daemon runs without (the phone page)
            if not hasattr(owner, name):
                print(f"trace: the loop has no {path} now; not timed", file=sys.stderr)
                continue
            self.trace.timed(owner, name, ".".join(path.split(".")[-2:]))
        self.trace.timed(self.daemon.runtime.executor, "_one", "effect")
        self.trace.timed(Call, "run", "Call.run")

    def loop_until(self, done: Callable[[], bool], limit: float) -> None:
        """Run the loop (this thread) until ``done`` or ``limit`` seconds."""
        end = time.perf_counter() + limit
        while not done() and time.perf_counter() < end:
            self.daemon.step()

    def tapping(self, stop: threading.Event) -> threading.Thread:
        """A tap every 50 ms until ``stop`` (a phone-page request the loop answers)."""
        from device.runtime.inbox import Call

        def tap() -> None:
            while not stop.wait(TAP_EVERY):
                sent = time.perf_counter()
                done: Future[object] = Future()
                self.daemon.inbox.put(Call(lambda daemon: time.perf_counter(), done))
                self._pending.append((sent, done))

        self._pending: list[tuple[float, Future[object]]] = []
        thread = threading.Thread(target=tap, daemon=True)
        thread.start()
        return thread

    def collect_taps(self) -> None:
        for sent, done in self._pending:
            answered = done.result() if done.done() and done.exception() is None else None
            self.figures.taps.append(None if answered is None else float(answered) - sent)  # type: ignore[arg-type]

    def quiet(self) -> bool:
        """Every line asked for has been said (or, rendering on the loop, nothing is left)."""
        narrator = self.daemon.runtime.executor.out.narrator
        queue = getattr(narrator, "queue", None)
        return queue is None or queue.waiting == 0

    def fallbacks(self) -> int:
        narrator = self.daemon.runtime.executor.out.narrator
        queue = getattr(narrator, "queue", None)
        return queue.late if queue is not None else 0

    def keep_said_late(self) -> None:
        """Wait for Piper to render the lines the fallback voice said. The device renders them
        later (behind the lists asked ahead) for the next time; this process is about to end,
        so it asks them first and waits, and the prepared run finds every line."""
        from narration.renderer import Urgency

        narrator = self.daemon.runtime.executor.out.narrator
        queue, renderer = getattr(narrator, "queue", None), getattr(narrator, "renderer", None)
        if queue is None or renderer is None or not queue.said_late:
            return
        renderer.ask_all(queue.said_late, Urgency.NOW)
        if not renderer.wait_cached(queue.said_late, 600):
            print(f"not rendered in 600 s: {queue.said_late}", file=sys.stderr)
