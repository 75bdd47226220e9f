"""Session fuzz: thousands of random input sequences per kind of session, and the crashes found.

Each sequence plays one session (``tests/session_fuzz.py``: the same kinds, inputs and checks
as the suite's hypothesis state machines) from a setup drawn at random: presses on any seat,
controls, offered and garbage touches, valid and invalid entries, tags and time jumps past
deadlines, ``--steps`` actions long. After every event it checks that only rule errors escape,
that a refused event changes nothing, that the checkpoint round-trips as plain JSON and that
deadlines move forward. A failed check ends the sequence; the next one starts afresh.

Sequences are spread evenly over the kinds and drawn from ``--seed``, so a run is repeatable.
The table gives, per kind: sequences, events handled (ticks and rendered-lines replies
included), events refused with a rule error, games finished, the phases reached, and the
crashes (sequences that failed a check, and the distinct bugs behind them). Each distinct bug
is then printed once with its seed and last steps. Exit code 1 if any crash was found.

    .venv/bin/python bench/fuzz.py            # 11,000 sequences (1,000 per kind)
    .venv/bin/python bench/fuzz.py --quick    # smoke run: 55 sequences (5 per kind)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchutil import machine_lines, table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from session_fuzz import Crash, Run, swarm
from session_fuzz_input import Kind, RandomPick
from session_fuzz_kinds import KINDS

SEED = 20261212


@dataclass
class Tally:
    """What the sequences of one kind did."""

    sequences: int = 0
    events: int = 0
    refused: int = 0
    finished: int = 0
    crashed: int = 0
    phases: set[str] = field(default_factory=set)
    bugs: dict[str, tuple[int, Crash]] = field(default_factory=dict)
    """Distinct bugs by signature: (the first sequence seed that hit it, its crash)."""


def sequence(kind: Kind, seed: int, steps: int, tally: Tally) -> None:
    """Play one sequence of ``steps`` actions and add what it did to ``tally``."""
    rng = random.Random(seed)
    pick = RandomPick(rng)
    tally.sequences += 1
    run: Run | None = None
    try:
        run = Run(kind, pick)
        run.fast_forward(pick)
        actions = swarm(pick)
        for _ in range(steps):
            run.act(pick, pick.choice(actions))
    except Crash as crash:
        tally.crashed += 1
        tally.bugs.setdefault(crash.signature, (seed, crash))
    if run is not None:
        tally.events += run.events
        tally.refused += run.refused
        tally.finished += run.games - 1
        tally.phases |= run.phases


def run(count: int, steps: int, seed: int, only: str | None) -> int:
    """Fuzz ``count`` sequences spread over the kinds; print the tables; 1 if any crashed."""
    kinds = [kind for kind in KINDS if only is None or kind.name.startswith(only)]
    if not kinds:
        names = ", ".join(kind.name for kind in KINDS)
        raise SystemExit(f"--kind {only!r} matches no kind; kinds: {names}")
    tallies = {kind.name: Tally() for kind in kinds}
    master = random.Random(seed)
    started = time.perf_counter()
    for index in range(count):
        kind = kinds[index % len(kinds)]
        sequence(kind, master.randrange(2**63), steps, tallies[kind.name])
    seconds = time.perf_counter() - started

    print("\n".join(machine_lines()))
    print()
    print(f"Session fuzz: {count:,} sequences of {steps} actions, seed {seed}, {seconds:.1f} s")
    print()
    rows = []
    for name, t in tallies.items():
        rows.append(
            [
                name,
                f"{t.sequences:,}",
                f"{t.events:,}",
                f"{t.refused:,}",
                f"{t.finished:,}",
                " ".join(sorted(t.phases)),
                f"{t.crashed:,} ({len(t.bugs)})",
            ]
        )
    every = tallies.values()
    rows.append(
        [
            "all",
            f"{sum(t.sequences for t in every):,}",
            f"{sum(t.events for t in every):,}",
            f"{sum(t.refused for t in every):,}",
            f"{sum(t.finished for t in every):,}",
            "",
            f"{sum(t.crashed for t in every):,} ({sum(len(t.bugs) for t in every)})",
        ]
    )
    headers = ["kind", "sequences", "events", "refused", "finished", "phases", "crashes (bugs)"]
    print(table(headers, rows))
    crashes = sum(t.crashed for t in every)
    print()
    print(f"crashes found: {crashes}")
    for name, t in tallies.items():
        for signature, (first, crash) in t.bugs.items():
            print()
            print(f"== {name}: {signature} (first in the sequence with seed {first})")
            print(crash)
    return 1 if crashes else 0


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--quick", action="store_true", help="smoke run: 5 sequences of 60 actions per kind"
    )
    parser.add_argument(
        "--sequences", type=int, default=1_000 * len(KINDS), help="sequences in all"
    )
    parser.add_argument("--steps", type=int, default=150, help="actions per sequence")
    parser.add_argument("--seed", type=int, default=SEED, help=f"master seed (default {SEED})")
    parser.add_argument("--kind", help="only the kinds whose name starts with this")
    args = parser.parse_args(argv)
    count, steps = (5 * len(KINDS), 60) if args.quick else (args.sequences, args.steps)
    if count < 1 or steps < 1:
        parser.error("--sequences and --steps must be at least 1")
    return run(count, steps, args.seed, args.kind)


if __name__ == "__main__":
    sys.exit(main())
