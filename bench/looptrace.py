"""Where a loop pass's time went: its own CPU, the OS keeping it off a core, or waiting.

Not a benchmark itself: ``voice_behind.py --trace`` uses it. Each pass of the daemon's loop is
split, from the kernel's per-thread scheduler counters (``/proc/self/task/<id>/schedstat``:
time run on a core, time runnable but waiting for one), into

- **cpu**: the loop's own thread on a core (our work);
- **queued**: runnable, but the OS gave the core to something else (the machine's load);
- **blocked**: neither (waiting for the interpreter's lock held by another of our threads,
  for the disk, or for a lock);

with the collector's pauses and the other threads' CPU meanwhile. A long pass says what it
was doing two ways: the time it spent in each of the calls :meth:`LoopTrace.timed` wraps
(the loop's own steps, each effect it carries out), and the loop's stacks, which a thread
samples every ``every`` seconds while a pass runs long (a sample needs the interpreter's lock:
a pass without samples held it, in a C call, or the sampler got no core).
"""

from __future__ import annotations

import functools
import gc
import sys
import threading
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


def sched(tid: int) -> tuple[float, float]:
    """Seconds a thread has run on a core and waited runnable for one (0, 0 if unknown)."""
    try:
        run, wait, _ = Path(f"/proc/self/task/{tid}/schedstat").read_text().split()
    except (OSError, ValueError):
        return 0.0, 0.0
    return int(run) / 1e9, int(wait) / 1e9


def threads_cpu() -> dict[str, float]:
    """Each live thread's seconds on a core, by name."""
    return {t.name: sched(t.native_id)[0] for t in threading.enumerate() if t.native_id}


def task_table() -> list[str]:
    """Every thread of this process (C threads too, such as SDL's audio thread): its name,
    niceness, seconds on a core and seconds runnable without one."""
    rows = []
    for task in sorted(Path("/proc/self/task").iterdir()):
        try:
            name = (task / "comm").read_text().strip()
            nice = (task / "stat").read_text().rpartition(")")[2].split()[16]
        except OSError:
            continue
        run, wait = sched(int(task.name))
        rows.append(f"  {name:<16} nice {nice:>3}: ran {run:7.2f} s, waited {wait:7.2f} s")
    return rows


@dataclass
class Pass:
    """One long pass: its wall time and where it went."""

    wall: float
    cpu: float
    queued: float
    gc: float
    others: dict[str, float]
    label: str
    steps: dict[str, float]
    stacks: Counter[str] = field(default_factory=Counter)

    @property
    def blocked(self) -> float:
        return max(0.0, self.wall - self.cpu - self.queued)

    def lines(self) -> list[str]:
        ms = 1000
        busy = ", ".join(f"{n} {s * ms:.0f}" for n, s in self.others.items() if s >= 0.001)
        head = (
            f"[{self.label}] pass {self.wall * ms:.0f} ms: cpu {self.cpu * ms:.0f}, queued (OS) "
            f"{self.queued * ms:.0f}, blocked {self.blocked * ms:.0f}, gc {self.gc * ms:.0f};"
            f" other threads' cpu: {busy or 'none'}"
        )
        samples = sum(self.stacks.values())
        steps = sorted(self.steps.items(), key=lambda item: -item[1])
        out = [head, "  in: " + ", ".join(f"{n} {t * ms:.0f}" for n, t in steps[:6] if t >= 0.002)]
        for stack, count in self.stacks.most_common(4):
            out.append(f"  {count} of {samples} samples:")
            out += [f"    {frame}" for frame in stack.splitlines()]
        return out


class LoopTrace:
    """Timings of every pass of the loop on the calling thread, and the long ones' stacks.

    The loop calls ``begin``/``end`` around a pass and ``waiting``/``woken`` around its wait
    for input, which is not the pass's own time.
    """

    def __init__(self, threshold: float = 0.03, every: float = 0.003, sample: bool = False):
        self.threshold, self.every, self.sample = threshold, every, sample
        self.tid = threading.get_native_id()
        self.ident = threading.get_ident()
        self.cpu: list[float] = []
        """Every pass's own CPU seconds (the loop's thread on a core)."""
        self.queued: list[float] = []
        """Every pass's seconds runnable but off a core."""
        self.long: list[Pass] = []
        self.label = ""
        """What the loop is doing now (a benchmark's act), named in the report."""
        self._started: float | None = None
        self._waiting: float | None = None
        self._waited = 0.0
        self._idle = (0.0, 0.0)
        self._steps: defaultdict[str, float] = defaultdict(float)
        self._stacks: Counter[str] = Counter()
        self._gc = 0.0
        self._gc_start = 0.0
        self.gc_pauses: list[tuple[int, float]] = []
        """Each collection on the loop's thread during a pass: its generation and seconds."""
        self._stop = threading.Event()
        self._sampler = threading.Thread(target=self._sample, name="looptrace", daemon=True)

    def start(self) -> None:
        gc.callbacks.append(self._on_gc)
        if self.sample:
            self._sampler.start()

    def stop(self) -> None:
        self._stop.set()
        if self.sample:
            self._sampler.join()
        gc.callbacks.remove(self._on_gc)

    def timed(self, owner: object, name: str, label: str | None = None) -> None:
        """Time each call of ``owner.name`` made by the loop (``label``: what the report
        calls it; a callable returning it from the first argument names each call apart)."""
        original: Callable[..., object] = getattr(owner, name)
        steps, ident = self._steps, self.ident
        call = label or name

        @functools.wraps(original)
        def timing(*args: object, **kwargs: object) -> object:
            if threading.get_ident() != ident:
                return original(*args, **kwargs)
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                what = f"{call} {type(args[0]).__name__}" if label == "effect" else call
                steps[what] += time.perf_counter() - start

        setattr(owner, name, timing)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if threading.get_ident() != self.ident or self._started is None:
            return
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            took = time.perf_counter() - self._gc_start
            self._gc += took
            self.gc_pauses.append((info.get("generation", -1), took))

    def begin(self) -> tuple[float, float, dict[str, float]]:
        """Before a pass: the counters it is measured from."""
        others = threads_cpu() if self.sample else {}
        run, wait = sched(self.tid)
        self._stacks, self._gc = Counter(), 0.0
        self._steps.clear()
        self._waited, self._idle = 0.0, (0.0, 0.0)
        self._started = time.perf_counter()
        return run, wait, others

    def waiting(self) -> tuple[float, float]:
        """The pass starts waiting for input."""
        self._waiting = time.perf_counter()
        return sched(self.tid)

    def woken(self, before: tuple[float, float]) -> None:
        """The wait is over: its time (and a late wake-up's) is not the pass's."""
        run, wait = sched(self.tid)
        self._idle = (self._idle[0] + run - before[0], self._idle[1] + wait - before[1])
        if self._waiting is not None:
            self._waited += time.perf_counter() - self._waiting
        self._waiting = None

    def end(self, before: tuple[float, float, dict[str, float]], wall: float) -> None:
        """After a pass of ``wall`` seconds (its wait for input already taken off)."""
        self._started = None
        run, wait = sched(self.tid)
        cpu = run - before[0] - self._idle[0]
        queued = wait - before[1] - self._idle[1]
        self.cpu.append(cpu)
        self.queued.append(queued)
        if (wall < self.threshold and cpu < self.threshold / 3) or not self.sample:
            return
        now = threads_cpu()
        others = {
            name: now[name] - before[2].get(name, 0.0)
            for name in now
            if name not in ("MainThread", "looptrace")
        }
        steps = dict(self._steps)
        self.long.append(Pass(wall, cpu, queued, self._gc, others, self.label, steps, self._stacks))

    def _sample(self) -> None:
        while not self._stop.wait(self.every):
            started, stacks = self._started, self._stacks
            if started is None or self._waiting is not None:
                continue
            if time.perf_counter() - started - self._waited < self.threshold / 3:
                continue
            frame = sys._current_frames().get(self.ident)
            if frame is None:
                continue
            frames = traceback.extract_stack(frame)[-10:]
            stacks[
                "\n".join(f"{f.filename.rsplit('/', 1)[-1]}:{f.lineno} {f.name}" for f in frames)
            ] += 1

    def _gc_line(self) -> str:
        if not self.gc_pauses:
            return "no collection during a pass"
        old = [took for generation, took in self.gc_pauses if generation == 2]
        return (
            f"{len(self.gc_pauses)} collections during passes ({len(old)} of the oldest"
            f" generation), the longest {max(t for _, t in self.gc_pauses) * 1000:.1f} ms,"
            f" in all {sum(t for _, t in self.gc_pauses) * 1000:.0f} ms"
        )

    def report(self, most: int = 8) -> str:
        """The longest passes, longest first, then the costliest in CPU, with where their
        time went."""
        over = [p for p in self.long if p.wall >= 0.05]
        own = sum(1 for p in over if p.cpu >= p.wall / 2)
        lines = [
            f"{len(self.cpu)} passes; {len(self.long)} over {self.threshold * 1000:.0f} ms"
            f" (or {self.threshold / 3 * 1000:.0f} ms of CPU),"
            f" {len(over)} over 50 ms (of which {own} mostly our own CPU);"
            f" the most CPU one pass used: {max(self.cpu, default=0) * 1000:.0f} ms;"
            f" in all, passes ran {sum(self.cpu):.2f} s and waited {sum(self.queued):.2f} s"
            " for a core",
            self._gc_line(),
            "threads:",
            *task_table(),
            "longest:",
        ]
        longest = sorted(self.long, key=lambda p: -p.wall)[:most]
        for one in longest:
            lines += one.lines()
        costly = [p for p in sorted(self.long, key=lambda p: -p.cpu)[:most] if p not in longest]
        if costly:
            lines.append("most CPU (not above):")
            for one in costly:
                lines += one.lines()
        return "\n".join(lines)
