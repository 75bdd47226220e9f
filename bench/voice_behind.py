"""The device never waits for the voice: the real daemon loop, an empty voice cache, a slow voice.

Each run builds the daemon as ``mothership run`` does (``open_daemon`` with the real clock, the
mock pins, a headless screen, the speaker on SDL's discarding disk driver), on a fresh store and
an EMPTY voice cache, its voice slowed to a Pi 4 rendering Piper: the device's Piper worker waits
``--delay`` seconds (1.5 by default) before each line it renders (without piper-tts, pyttsx3
slowed the same way, ``narration.fake.SlowBackend``, in the daemon's process). Two ways in the
same run:

- ours: the device's narrator, rendering ``behind`` the loop on a thread of its own (a line not
  ready in ``narration.late_after``, 1 s, is said with espeak-ng);
- naive: the same daemon rendering each line on the loop when it is said (``wait``, what the
  device did before), the baseline.

Three acts, each driven from a second thread through the daemon's inbox as buttons and the
phone page reach it:

1. a 10-player One Night at its reveal (a checkpoint the simulator wrote, resumed by the
   daemon), the last card entered: time from that entry to the result on the screen, while its
   result lines are said. The resumed game asks its likely result lines ahead (the vote's and
   the last card's, then the day's); the act enters the last card once the vote's and the last
   card's are rendered, as a table's vote and reveal would give them time to (the time it
   waited is reported);
2. an Alieninjas Replicas round: Go five seconds after the game opens; how late the round clock
   shows after the countdown; then a buzz;
3. three players named ("Welcome aboard, Anna."), two seconds apart.

The full run plays the acts a third time, the device's way on the cache its first run filled (a
table that has prepared its voice): every line then in Piper's voice, none with the fallback
(the first run waits for Piper's renders of any line the fallback said before it ends, as the
device would render them for the next time).

Throughout, the driver also sends a tap every 50 ms (a phone-page request, answered on the loop)
and the loop's passes are timed. Reported per way: the longest time the loop did not run (a
pass minus its wait for input) and how much of it was the pass's own CPU and how much the OS
kept the loop off a core (the kernel's per-thread counters, ``looptrace.py``), the most CPU
any pass needed, taps answered after more than 0.25 s (a player taps again) or never, reveal ->
result, Go -> round clock (past the countdown), and the lines said with the fallback voice.
``--trace`` also writes, for each way of ours, the long passes: where their time went, the
steps and effects they spent it in, and the loop's sampled stacks.

    .venv/bin/python bench/voice_behind.py            # 1.5 s a line
    .venv/bin/python bench/voice_behind.py --quick    # 0.1 s a line, the pauses shorter
    .venv/bin/python bench/voice_behind.py --quick --trace 2> trace.txt
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from benchutil import machine_lines, percentile, table
from voice_run import TAP_LATE, Figures, Run

from device.headless import go_headless

ROLES = [
    "werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac",
    "hunter", "tanner", "villager", "villager", "villager", "minion",
]  # fmt: skip
NAMES = ("Anna", "Bilal", "Chiara")
LAYOUT_SECONDS = 5.0
"""How long the table takes to lay out the grid after the welcome, before Go."""
NAME_GAP_SECONDS = 2.0
"""Between two players named."""


def reveal_checkpoint(folder: Path) -> Path:
    """A store whose checkpoint is a 10-player One Night with nine of ten cards revealed."""
    from device.config import load_config
    from device.simulator.run import simulate
    from device.simulator.scenario import parse_scenario

    events: list[dict[str, Any]] = [{"touch": "Start night"}, {"until": "phase", "is": "vote"}]
    events += [{"vote": {"voter": v, "target": 1 if v != 1 else 2}} for v in range(1, 11)]
    events += [{"touch": "Reveal cards"}]
    events += [{"reveal": {"seat": s, "card": ROLES[s - 1]}} for s in range(1, 10)]
    setup = {"game": "onenight", "players": 10, "seed": 3, "roles": ROLES}
    scenario = parse_scenario(json.dumps({"setup": setup, "events": events}))
    store = folder / "reveal.db"
    config = load_config(system_path=None, overrides={"narration.cache_dir": str(folder / "c")})
    simulate(scenario, config, store_path=store)  # lines only timed: a second or so
    return store


def act_result(run: Run) -> None:
    """The last card of a 10-player reveal: the result on the screen, its lines said."""
    from games.events import RevealEntered

    daemon = run.daemon
    store = daemon.runtime.store
    assert store is not None
    daemon.resume_or_home(store)
    daemon.step(until=daemon.clock.now())
    assert daemon.runtime.phase == "reveal", daemon.runtime.phase
    sent = [0.0]
    narrator = daemon.runtime.executor.out.narrator
    renderer = getattr(narrator, "renderer", None)
    state = daemon.runtime.state

    def drive() -> None:
        time.sleep(0.5)
        if renderer is not None:
            # The table votes and turns its cards over meanwhile: the lines the vote and the
            # last card can give, which the resumed game asked ahead, render.
            from games.onenight import foresee

            ballot = state.ballot
            wanted = foresee.vote_lines(ballot, state.setup.roles) + foresee.last_card_lines(state)
            began = time.perf_counter()
            renderer.wait_cached(wanted, 600)
            run.figures.prepare_wait = time.perf_counter() - began
        sent[0] = time.perf_counter()
        daemon.inbox.put(RevealEntered(10, ROLES[9], None, None, False, None))

    threading.Thread(target=drive, daemon=True).start()
    run.loop_until(lambda: daemon.runtime.phase == "result" and run.quiet(), 300)
    shown = [at for at, what in run.events if at >= sent[0] and what == "show end"]
    run.figures.reveal_to_result = shown[0] - sent[0] if shown and sent[0] else None


def act_round(run: Run) -> None:
    """An Alieninjas Replicas round: Go, the countdown, the round clock, a buzz."""
    from device.runtime.sessions import home_session
    from games.alieninjas.setup import AlieninjasOptions
    from games.events import Control, ControlPressed, SeatPressed

    daemon = run.daemon
    setup = {"game": "alieninjas", "mission": "replicas", "players": 4}
    daemon.runtime.begin(home_session(setup, daemon.config, tuple))
    went = [0.0]

    def drive() -> None:
        time.sleep(LAYOUT_SECONDS)
        went[0] = time.perf_counter()
        daemon.inbox.put(ControlPressed(Control.GO, daemon.clock.now()))
        while daemon.runtime.phase != "round":
            time.sleep(0.01)
        time.sleep(1.0)
        daemon.inbox.put(SeatPressed(2, daemon.clock.now()))

    threading.Thread(target=drive, daemon=True).start()

    run.loop_until(lambda: daemon.runtime.phase == "check" and run.quiet(), 300)
    countdown = AlieninjasOptions().countdown
    order = [what for _, what in run.events]
    if "phase round" in order and went[0]:
        # The round clock is on the screen with the first replicas screen after the round began.
        start = order.index("phase round")
        shown = next(i for i in range(start, len(order)) if order[i] == "show replicas")
        run.figures.go_to_clock = max(0.0, run.events[shown][0] - went[0] - countdown)
    daemon.runtime.end()


def act_names(run: Run) -> None:
    """Three players named, two seconds apart: each welcomed by name."""
    from device.runtime.inbox import Call
    from games.effects import AddPlayer, Effect, Say

    daemon = run.daemon
    named: list[Future[object]] = []

    def run_on(on: Any, effects: list[Effect]) -> object:
        """Run ``effects`` on the daemon the loop hands over (a page request's way in)."""
        return on.runtime.executor.run(effects)

    def drive() -> None:
        for name in NAMES:
            done: Future[object] = Future()
            effects: list[Effect] = [AddPlayer(name=name), Say.of("players.added", name=name)]
            daemon.inbox.put(Call(functools.partial(run_on, effects=effects), done))
            named.append(done)
            time.sleep(NAME_GAP_SECONDS)

    threading.Thread(target=drive, daemon=True).start()
    run.loop_until(lambda: len(named) == len(NAMES) and named[-1].done() and run.quiet(), 300)


def one_way(
    mode: str, delay: float, folder: Path, cache: Path | None = None, trace: bool = False
) -> Figures:
    """All three acts on one daemon of ``mode`` (its voice cache in ``cache``, else empty);
    with ``trace``, the long passes' stacks and timings go to stderr."""
    store = reveal_checkpoint(folder / mode)
    filled = cache is not None and cache.is_dir() and any(cache.iterdir())
    with ExitStack() as stack:
        run = Run(mode, delay, folder / mode, store, stack, cache, trace)
        run.trace.start()
        stop = threading.Event()
        tapper = run.tapping(stop)
        for name, act in (("result", act_result), ("round", act_round), ("names", act_names)):
            before = len(run.figures.stalls)
            run.trace.label = name
            act(run)
            run.figures.acts[name] = max(run.figures.stalls[before:], default=0.0)
        stop.set()
        tapper.join()
        run.loop_until(lambda: all(done.done() for _, done in run._pending), 30)
        run.trace.stop()
        run.collect_taps()
        run.figures.fallback = run.fallbacks()
        run.keep_said_late()
        run.figures.cpu, run.figures.queued = run.trace.cpu, run.trace.queued
        if trace:
            print(f"{mode}, {'cache filled' if filled else 'empty cache'}:", file=sys.stderr)
            print(run.trace.report(), file=sys.stderr)
        return run.figures


def in_own_process(
    mode: str, delay: float, cache: Path | None = None, trace: bool = False, quick: bool = False
) -> Figures:
    """One way in a process of its own, so neither inherits the other's caches (a play's QR
    code, drawn text) or threads."""
    more = ["--cache", str(cache)] if cache is not None else []
    more += ["--trace"] if trace else []
    more += ["--quick"] if quick else []
    done = subprocess.run(
        [sys.executable, __file__, "--way", mode, "--delay", str(delay), *more],
        capture_output=True,
        text=True,
        timeout=1800,
        check=True,
    )
    if trace:
        print(done.stderr, file=sys.stderr)
    data = json.loads(done.stdout.splitlines()[-1])
    return Figures(**data)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="0.1 s a line, 2 s to lay out, names 1 s apart"
    )
    parser.add_argument("--delay", type=float, help="seconds added to every line's rendering")
    parser.add_argument("--way", choices=("behind", "wait"), help=argparse.SUPPRESS)
    parser.add_argument("--cache", type=Path, help=argparse.SUPPRESS)
    parser.add_argument(
        "--trace", action="store_true", help="the long passes' stacks and timings, on stderr"
    )
    args = parser.parse_args()
    delay = args.delay if args.delay is not None else (0.1 if args.quick else 1.5)
    if args.quick:  # a table in a hurry: the same acts with shorter human pauses
        global LAYOUT_SECONDS, NAME_GAP_SECONDS
        LAYOUT_SECONDS, NAME_GAP_SECONDS = 2.0, 1.0
    if args.way is not None:  # one way, in this process: its figures as JSON
        go_headless()
        with tempfile.TemporaryDirectory(prefix="mothership-bench-") as scratch:
            figures = one_way(args.way, delay, Path(scratch), args.cache, args.trace)
            print(json.dumps(dataclasses.asdict(figures)))
        return 0
    with tempfile.TemporaryDirectory(prefix="mothership-bench-") as shared:
        cache = Path(shared) / "wav-cache"
        ours = in_own_process("behind", delay, cache, args.trace, args.quick)
        # The same acts again on the cache the first run filled: a prepared table.
        prepared = None if args.quick else in_own_process("behind", delay, cache, args.trace)
    naive = in_own_process("wait", delay, quick=args.quick)
    print("\n".join(machine_lines()))
    from narration.piper_model import piper_installed

    voice = "Piper (its worker)" if piper_installed() else "pyttsx3 (no piper-tts here)"
    print(f"\nThe real daemon loop, empty voice cache, {voice}: each line {delay:g} s slower\n")

    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value * 1000:.0f}"

    ways = [ours, naive] + ([prepared] if prepared is not None else [])

    def longest(way: Figures, act: str) -> str:
        return ms(way.acts[act])

    def row(name: str, value: Callable[[Figures], str]) -> list[str]:
        return [name, *(value(way) for way in ways)]

    rows = [
        row("longest loop stall, ms (goal < 50)", lambda w: ms(max(w.stalls))),
        row(
            "  its own CPU / off a core (OS), ms",
            lambda w: f"{ms(w.longest()[1])} / {ms(w.longest()[2])}",
        ),
        row("longest pass's own CPU, ms", lambda w: ms(max(w.cpu, default=None))),
        row("loop stall p99, ms", lambda w: ms(percentile(w.stalls, 99))),
        *(
            row(f"  longest stall, {act} act, ms", functools.partial(longest, act=act))
            for act in ("result", "round", "names")
        ),
        row(
            f"taps answered late (> {TAP_LATE:g} s) / never",
            lambda w: f"{w.late_taps()} / {w.lost_taps()} of {len(w.taps)}",
        ),
        row("last reveal -> result shown, ms (< 200)", lambda w: ms(w.reveal_to_result)),
        row("Go -> round clock, past countdown, ms (< 100)", lambda w: ms(w.go_to_clock)),
        row("lines said with the fallback voice", lambda w: str(w.fallback)),
        row(
            "the result's likely lines rendered ahead in, s",
            lambda w: "-" if w.prepare_wait is None else f"{w.prepare_wait:.1f}",
        ),
    ]
    headers = ["figure", "ours (behind)", "naive (on the loop)"]
    headers += ["ours, cache prepared"] if prepared is not None else []
    print(table(headers, rows))
    ratio = max(naive.stalls) / max(max(ours.stalls), 1e-6)
    print(f"\nratio naive/ours, longest stall: {ratio:.0f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
