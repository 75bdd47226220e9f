"""Buzzer fairness: near-simultaneous presses go to the earlier edge, not the first to arrive.

Two seat buttons pressed 0.1 to 5 ms apart reach the session one by one, and the press with the
later edge may well be delivered first (the two callbacks run on different threads). The
Alieninjas session arbitrates by edge timestamp inside a window (``games.alieninjas.buzz``): the
first arrival opens the window, an earlier edge arriving inside it takes over, and the ``Tick`` at
the window's end commits the buzz.

Each pair is fed to the REAL ``AlieninjasSession`` (Replicas, 4 players) in phase ``round``:

- two distinct random seats, edges ``gap`` apart (``gap`` uniform in one of four buckets:
  0.1-0.5, 0.5-1, 1-2 and 2-5 ms), rounded to 1 us like the kernel's edge timestamps;
- a coin decides the delivery order, so half the time the later edge arrives first; the first
  arrival comes 0.05-2 ms after its own edge, the second no earlier than its own edge and
  always inside the arbitration window (at most 90 % of it after the first);
- then ``Tick`` at ``next_deadline`` (the window's end), and the ``Buzz`` effect names the seat.

The session's states are frozen values, so every pair starts from the same ``round`` state
(reached by ``start``, ``go`` and the countdown's ``Tick``, as in the session tests), each at a
later device time.

Compared on the same pairs:

- baseline: arrival order (the first press delivered wins), what a naive buzzer does;
- ours with the loop busy 25 ms after the first press: the second press reaches the session
  after the window's close (but before its tick, as the daemon's loop feeds queued presses
  first); it is judged by its edge, so the busy loop changes nothing;
- ref: the same session with ``arbitration_window`` 0: only a press with an earlier edge still
  competes, one with a later edge (by any margin) commits the first.

    .venv/bin/python bench/buzz_fairness.py            # 10,000 pairs
    .venv/bin/python bench/buzz_fairness.py --quick    # 1,000 pairs
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from benchutil import machine_lines, table

from games.alieninjas.session import AlieninjasSession
from games.alieninjas.setup import AlieninjasOptions, AlieninjasSetup
from games.alieninjas.state import AlieninjasState
from games.effects import Buzz
from games.events import Control, ControlPressed, SeatPressed, Tick

PLAYERS = 4
SEED = 20261121
BUCKETS: tuple[tuple[float, float], ...] = (
    (0.0001, 0.0005),
    (0.0005, 0.001),
    (0.001, 0.002),
    (0.002, 0.005),
)
"""Gap buckets in seconds, [low, high)."""
RESOLUTION = 1e-6
"""Edge timestamps are rounded to this (the kernel's are microseconds)."""
WINDOW = AlieninjasOptions().arbitration_window
"""The default arbitration window (20 ms)."""
START = 1000.0
"""Device time of the game start: a realistic monotonic clock value, not 0."""
SPACING = 1.0
"""Device seconds between pairs."""
BUSY = 0.025
"""How long the loop is made busy after the first press in the busy column (past the window):
the second press reaches the session only then, still before the window's tick, as in the
daemon's loop, which feeds the queued presses before the tick."""


@dataclass(frozen=True)
class Pair:
    """Two presses: seats, edge timestamps, and the order and times they are delivered."""

    gap: float
    """The intended gap between the edges (seconds)."""
    early: tuple[int, float]
    """(seat, edge) of the earlier edge."""
    late: tuple[int, float]
    """(seat, edge) of the later edge."""
    late_first: bool
    """Whether the press with the later edge is delivered first."""
    arrivals: tuple[float, float]
    """Device times of the first and second delivery."""

    @property
    def delivered(self) -> tuple[tuple[int, float], tuple[int, float]]:
        """The two (seat, edge) presses in delivery order."""
        return (self.late, self.early) if self.late_first else (self.early, self.late)


def make_pairs(count: int, rng: random.Random) -> list[Pair]:
    """``count`` pairs spread evenly over the buckets, each at a later device time."""
    pairs: list[Pair] = []
    for i in range(count):
        low, high = BUCKETS[i % len(BUCKETS)]
        gap = rng.uniform(low, high)
        base = START + 10.0 + i * SPACING + rng.uniform(0.0, 0.5)
        t_early = round(base / RESOLUTION) * RESOLUTION
        t_late = round((base + gap) / RESOLUTION) * RESOLUTION
        seat_a, seat_b = rng.sample(range(1, PLAYERS + 1), 2)
        late_first = rng.random() < 0.5
        first_edge = t_late if late_first else t_early
        first = first_edge + rng.uniform(0.00005, 0.002)
        # The second press arrives after its own edge and inside the window of the first.
        second_edge = t_early if late_first else t_late
        earliest = max(first, second_edge)
        latest = first + 0.9 * WINDOW
        second = rng.uniform(earliest, latest) if earliest < latest else earliest
        pairs.append(Pair(gap, (seat_a, t_early), (seat_b, t_late), late_first, (first, second)))
    return pairs


def round_state(session: AlieninjasSession) -> AlieninjasState:
    """A fresh game brought to phase ``round``: start, go, and the countdown's Tick."""
    state, _ = session.start(START)
    state, _ = session.handle(state, ControlPressed(Control.GO, START), START)
    end = session.next_deadline(state)
    assert end is not None
    state, _ = session.handle(state, Tick(end), end)
    if session.phase(state) != "round":
        raise RuntimeError(f"expected phase 'round', got {session.phase(state)!r}")
    return state


def arbitrate(
    session: AlieninjasSession, state: AlieninjasState, pair: Pair, busy: float = 0.0
) -> int:
    """Deliver the pair to the session, commit at the window's deadline; the buzzed seat.

    ``busy``: the loop was busy that long after the first press, so the second reaches the
    session that much later (past the window when it is longer), before the window's tick."""
    effects = []
    first, second = pair.arrivals
    arrivals = (first, max(second, first + busy))
    for (seat, edge), now in zip(pair.delivered, arrivals, strict=True):
        state, more = session.handle(state, SeatPressed(seat, edge), now)
        effects += more
    deadline = session.next_deadline(state)
    if deadline is not None:
        state, more = session.handle(state, Tick(deadline), deadline)
        effects += more
    buzzes = [effect for effect in effects if isinstance(effect, Buzz)]
    if len(buzzes) != 1 or session.phase(state) != "check":
        raise RuntimeError(f"expected one Buzz and phase 'check', got {buzzes!r}")
    return buzzes[0].seat


def session_with(window: float) -> AlieninjasSession:
    """A Replicas session for ``PLAYERS`` with the given arbitration window."""
    options = AlieninjasOptions(arbitration_window=window)
    return AlieninjasSession(AlieninjasSetup("replicas", PLAYERS, SEED, options))


def percent(hits: Sequence[bool]) -> str:
    """The share of True as a percentage."""
    return f"{100.0 * sum(hits) / len(hits):.1f} %" if hits else "-"


def run(count: int) -> int:
    """Run the benchmark and print the tables; returns the exit code (1 if ours ever erred)."""
    rng = random.Random(SEED)
    pairs = make_pairs(count, rng)
    ours_session = session_with(WINDOW)
    ours_start = round_state(ours_session)
    zero_session = session_with(0.0)
    zero_start = round_state(zero_session)

    ours: list[bool] = []
    busy: list[bool] = []
    naive: list[bool] = []
    zero: list[bool] = []
    for pair in pairs:
        right = pair.early[0]
        ours.append(arbitrate(ours_session, ours_start, pair) == right)
        busy.append(arbitrate(ours_session, ours_start, pair, BUSY) == right)
        naive.append(pair.delivered[0][0] == right)  # the first delivered wins
        zero.append(arbitrate(zero_session, zero_start, pair) == right)

    print("\n".join(machine_lines()))
    print()
    print(
        f"Buzzer fairness: {len(pairs):,} press pairs, seed {SEED}, {PLAYERS} players, "
        f"window {WINDOW * 1000:g} ms, edges rounded to {RESOLUTION * 1e6:g} us"
    )
    print("share decided correctly (the seat with the earlier edge buzzes)")
    print()
    rows: list[list[str]] = []
    for low, high in BUCKETS:
        picked = [i for i, pair in enumerate(pairs) if low <= pair.gap < high]
        late_first = [pairs[i].late_first for i in picked]
        rows.append(
            [
                f"{low * 1000:g}-{high * 1000:g} ms",
                f"{len(picked):,}",
                percent(late_first),
                percent([ours[i] for i in picked]),
                percent([busy[i] for i in picked]),
                percent([naive[i] for i in picked]),
                percent([zero[i] for i in picked]),
            ]
        )
    rows.append(
        [
            "all",
            f"{len(pairs):,}",
            percent([pair.late_first for pair in pairs]),
            percent(ours),
            percent(busy),
            percent(naive),
            percent(zero),
        ]
    )
    headers = [
        "edge gap",
        "pairs",
        "later edge first",
        "ours (20 ms window)",
        f"ours, loop busy {BUSY * 1000:g} ms",
        "baseline: arrival order",
        "ref: ours, window 0",
    ]
    print(table(headers, rows))
    wrong = len(ours) - sum(ours) + len(busy) - sum(busy)
    print()
    print(f"ours decided {wrong} of {len(ours) + len(busy):,} pairs wrongly (loop idle or busy)")
    return 0 if wrong == 0 else 1


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smoke run: 1,000 pairs")
    parser.add_argument("--pairs", type=int, default=10_000, help="press pairs (default 10000)")
    args = parser.parse_args(argv)
    count = 1_000 if args.quick else args.pairs
    if count < len(BUCKETS):
        parser.error(f"--pairs must be at least {len(BUCKETS)}")
    return run(count)


if __name__ == "__main__":
    sys.exit(main())
