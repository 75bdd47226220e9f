"""Device fuzz: thousands of random sequences through the daemon's own screens and the page.

Each sequence is a fresh daemon on a fresh store (Ada and Bo on seats 1 and 2) in a temporary
folder (a virtual clock, a headless screen, a silent voice; ``tests/devicefuzz.py``, which the
suite's ``test_daemon_fuzz.py`` runs too). It starts by tapping one of the home screen's
controls (each game, Players and Scores in turn, so every one gets its share; every second round
never taps "Quit game", so its games go further), then makes ``--steps`` random steps (30 to 60
by default): a tap on a control the screen shows, a seat press, 1, 10 or 60 s of time, a junk
tap no screen offers, and the companion page's requests (its pages rendered from the published
snapshot, its changes run by the loop as an inbox ``Call``, as its routes do, without the
network; ``--no-page`` leaves them out).

It counts, per start and per game the steps were in: sequences, steps, page requests, screens
reached, Guard-caught bugs (an apology, ``common.sorry``, after a real input; a junk tap's are
counted apart), exceptions escaping the loop, and hangs (a step still running after
``--step-seconds``: a timer signal stops it with its traceback, and the next sequence starts).
A bug, an escape or a hang ends its sequence. Each distinct one is printed once with its
sequence's seed, start and last steps; ``--replay SEED START`` runs that sequence again, step by
step. Exit code 1 if anything was found.

    nice -n 10 .venv/bin/python bench/device_fuzz.py --sequences 10000
    .venv/bin/python bench/device_fuzz.py --quick     # smoke run: 40 sequences
"""

from __future__ import annotations

import argparse
import faulthandler
import logging
import random
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from benchutil import machine_lines, table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the project's packages before tests/'s folders of the same name
sys.path.append(str(ROOT / "tests"))

from devicefuzz import Phone, Sorries, Step, close_daemon, fuzz_daemon, random_step  # noqa: E402

from device.headless import go_headless  # noqa: E402
from device.runtime.app import Daemon  # noqa: E402
from device.ui import TouchUI  # noqa: E402

SEED = 20261128
STARTS = (
    "One Night",
    "Speed",
    "Memory",
    "Replicas",
    "Collection",
    "Push Your Luck",
    "Alienation",
    "Alien Encounters",
    "Players",
    "Scores",
)
"""The home screen's controls a sequence starts with, in turn."""
PLAYERS = ("Ada", "Bo")
"""The players every fresh store has, on seats 1 and 2 (the page can rename, merge, link)."""
STAY = frozenset({"Quit game"})
"""What every second sequence never taps, so its game lasts (to its end, or the next phases)."""
NO_GAME = "(no game)"
"""Where a step was when no game ran: home, the score log, Who played?"""
PROGRESS = 500
"""Sequences between two progress lines (on stderr)."""


class Hang(BaseException):
    """A step ran past its bound (a BaseException: the guard catches only Exception)."""


@dataclass
class Found:
    """One bug, escape or hang: what, where, and the traceback."""

    what: str
    """"bug", "escape" or "hang"."""
    seed: int
    start: str
    stay: bool
    steps: list[str]
    trace: str

    @property
    def signature(self) -> str:
        """The kind, the exception's type and its innermost frame (distinct bugs apart; for a
        hang, where it was when the timer stopped it)."""
        lines = [line for line in self.trace.splitlines() if line.strip()]
        frames = [
            line.strip()
            for line in lines
            if line.strip().startswith('File "') and not line.endswith("in _hang")
        ]
        last = frames[-1] if frames else ""
        return f"{self.what}: {lines[-1] if lines else ''} at {last}"


@dataclass
class Tally:
    """What the sequences (or steps) counted under one name did."""

    sequences: int = 0
    steps: int = 0
    page: int = 0
    refused: int = 0
    junk_sorry: int = 0
    bugs: int = 0
    escapes: int = 0
    hangs: int = 0
    screens: set[str] = field(default_factory=set)
    games: set[str] = field(default_factory=set)


class ErrorLog(logging.Handler):
    """Keeps the last traceback the daemon logged (the guard's, behind its apology)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.last = ""

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            self.last = "".join(traceback.format_exception(*record.exc_info))
        else:
            self.last = record.getMessage()


def _hang(signum: int, frame: FrameType | None) -> None:
    raise Hang("the step did not return in time")


def screen_name(daemon: Daemon[TouchUI]) -> str:
    screen = daemon.ui.screen
    return str(getattr(screen, "value", screen))


def sequence(
    seed: int,
    start: str,
    steps: int,
    *,
    page: bool,
    bound: float,
    stay: bool,
    log: ErrorLog,
    tallies: dict[str, Tally],
    places: dict[str, Tally],
    verbose: bool = False,
) -> Found | None:
    """Run one sequence; add what it did to ``tallies`` (by start) and ``places`` (by game)."""
    rng = random.Random(seed)
    tally = tallies.setdefault(start, Tally())
    tally.sequences += 1
    done: list[str] = []
    found: Found | None = None
    avoid = STAY if stay else frozenset()
    with tempfile.TemporaryDirectory(prefix="device-fuzz-") as folder:
        daemon = fuzz_daemon(Path(folder), page=page, players=PLAYERS)
        try:
            sorries = Sorries(daemon)
            phone = Phone(daemon, rng) if page else None
            daemon.step(until=daemon.clock.now())
            daemon.ui.tap(start)
            daemon.step(until=daemon.clock.now())
            sorries.new()
            done.append(f"tap {start}")
            count = steps or rng.randint(30, 60)
            for _ in range(count):
                session = daemon.runtime.session
                place = places.setdefault(NO_GAME if session is None else session.game, Tally())
                log.last = ""
                signal.setitimer(signal.ITIMER_REAL, bound)
                # The last resort: a hang the signal cannot stop (in C code) dumps every thread.
                faulthandler.dump_traceback_later(3 * bound + 30, exit=True)
                try:
                    step: Step = random_step(daemon, rng, sorries, phone, avoid)
                except Hang:
                    found = Found("hang", seed, start, stay, done, traceback.format_exc())
                    place.hangs += 1
                    tally.hangs += 1
                    break
                except Exception:
                    found = Found("escape", seed, start, stay, done, traceback.format_exc())
                    place.escapes += 1
                    tally.escapes += 1
                    break
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    faulthandler.cancel_dump_traceback_later()
                done.append(str(step))
                if verbose:
                    print(f"{len(done):3d} {step}  -> {screen_name(daemon)}")
                for counted in (tally, place):
                    counted.steps += 1
                    counted.page += step.kind == "page"
                    counted.refused += step.refused
                    counted.junk_sorry += step.sorry if step.kind == "junk" else 0
                    counted.screens.add(screen_name(daemon))
                if daemon.runtime.session is not None:
                    tally.games.add(daemon.runtime.session.game)
                if step.bug:
                    trace = (
                        "".join(traceback.format_exception(step.error))
                        if step.error is not None
                        else log.last or "(no traceback logged)"
                    )
                    found = Found("bug", seed, start, stay, done, trace)
                    place.bugs += 1
                    tally.bugs += 1
                    break
        finally:
            close_daemon(daemon)
    return found


def _screens(t: Tally) -> str:
    return str(len(t.screens))


def report(
    tallies: dict[str, Tally],
    places: dict[str, Tally],
    found: list[Found],
    header: str,
) -> None:
    print("\n".join(machine_lines()))
    print()
    print(header)
    print()
    headers = [
        "start",
        "sequences",
        "steps",
        "page requests (refused)",
        "games",
        "screens",
        "junk apologised",
        "Guard-caught bugs",
        "escapes",
        "hangs",
    ]
    rows = []
    for name, t in tallies.items():
        rows.append(
            [
                name,
                f"{t.sequences:,}",
                f"{t.steps:,}",
                f"{t.page:,} ({t.refused:,})",
                str(len(t.games)),
                _screens(t),
                f"{t.junk_sorry:,}",
                f"{t.bugs:,}",
                f"{t.escapes:,}",
                f"{t.hangs:,}",
            ]
        )
    every = list(tallies.values())
    screens = set().union(*(t.screens for t in every)) if every else set()
    games = set().union(*(t.games for t in every)) if every else set()
    rows.append(
        [
            "all",
            f"{sum(t.sequences for t in every):,}",
            f"{sum(t.steps for t in every):,}",
            f"{sum(t.page for t in every):,} ({sum(t.refused for t in every):,})",
            str(len(games)),
            str(len(screens)),
            f"{sum(t.junk_sorry for t in every):,}",
            f"{sum(t.bugs for t in every):,}",
            f"{sum(t.escapes for t in every):,}",
            f"{sum(t.hangs for t in every):,}",
        ]
    )
    print(table(headers, rows))
    print()
    print("Where the steps were (the game running when each step began):")
    print()
    rows = [
        [
            name,
            f"{t.steps:,}",
            f"{t.page:,}",
            " ".join(sorted(t.screens)),
            f"{t.bugs:,}",
            f"{t.escapes:,}",
            f"{t.hangs:,}",
        ]
        for name, t in sorted(places.items())
    ]
    print(table(["game", "steps", "page", "screens reached", "bugs", "escapes", "hangs"], rows))
    print()
    kinds = Counter(f.what for f in found)
    print(
        f"found: {kinds['bug']} Guard-caught bugs, {kinds['escape']} escapes, {kinds['hang']} hangs"
    )
    seen: dict[str, tuple[Found, int]] = {}
    for f in found:
        first, times = seen.get(f.signature, (f, 0))
        seen[f.signature] = (first, times + 1)
    for signature, (f, times) in seen.items():
        print()
        print(f"== {signature}")
        stay = " --stay" if f.stay else ""
        print(f"   {times} sequence(s); first: --replay {f.seed} {f.start!r}{stay}")
        print("   last steps: " + " | ".join(f.steps[-8:]))
        print(f.trace.rstrip())


def run(count: int, steps: int, seed: int, page: bool, bound: float) -> int:
    """Fuzz ``count`` sequences, the starts in turn; print the tables; 1 if anything was found."""
    log = _quiet_log()
    tallies: dict[str, Tally] = {}
    places: dict[str, Tally] = {}
    found: list[Found] = []
    master = random.Random(seed)
    started = time.perf_counter()
    for index in range(count):
        start = STARTS[index % len(STARTS)]
        result = sequence(
            master.randrange(2**63),
            start,
            steps,
            page=page,
            bound=bound,
            stay=index // len(STARTS) % 2 == 1,
            log=log,
            tallies=tallies,
            places=places,
        )
        if result is not None:
            found.append(result)
        if (index + 1) % PROGRESS == 0:
            elapsed = time.perf_counter() - started
            kinds = Counter(f.what for f in found)
            print(
                f"{index + 1:,} sequences in {elapsed:.0f} s: {kinds['bug']} bugs, "
                f"{kinds['escape']} escapes, {kinds['hang']} hangs",
                file=sys.stderr,
                flush=True,
            )
    seconds = time.perf_counter() - started
    length = f"{steps} steps" if steps else "30-60 steps"
    with_page = "with the page" if page else "without the page"
    header = (
        f"Device fuzz: {count:,} sequences of {length} after a home tap, {with_page}, "
        f"seed {seed}, step bound {bound:g} s, {seconds:.1f} s"
    )
    report(tallies, places, found, header)
    return 1 if found else 0


def replay(seed: int, start: str, steps: int, page: bool, bound: float, stay: bool) -> int:
    """Run one sequence again, printing each step; 1 if it found something."""
    log = _quiet_log(echo=True)
    found = sequence(
        seed,
        start,
        steps,
        page=page,
        bound=bound,
        stay=stay,
        log=log,
        tallies={},
        places={},
        verbose=True,
    )
    if found is None:
        print("nothing found")
        return 0
    print(found.signature)
    print(found.trace)
    return 1


def _quiet_log(echo: bool = False) -> ErrorLog:
    """The daemon's log: its errors kept for the report (printed too with ``echo``)."""
    log = ErrorLog()
    handlers: list[logging.Handler] = [log]
    if echo:
        handlers.append(logging.StreamHandler())
    logging.basicConfig(level=logging.WARNING, handlers=handlers, force=True)
    return log


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smoke run: 4 sequences per start")
    parser.add_argument("--sequences", type=int, default=10_000, help="sequences in all")
    parser.add_argument(
        "--steps", type=int, default=0, help="steps per sequence (0: 30 to 60, drawn)"
    )
    parser.add_argument("--seed", type=int, default=SEED, help=f"master seed (default {SEED})")
    parser.add_argument("--no-page", action="store_true", help="leave the page's requests out")
    parser.add_argument(
        "--step-seconds", type=float, default=10.0, help="a step running longer is a hang"
    )
    parser.add_argument("--stay", action="store_true", help="with --replay: never Quit game")
    parser.add_argument(
        "--replay", nargs=2, metavar=("SEED", "START"), help="run one sequence again, verbosely"
    )
    args = parser.parse_args(argv)
    if args.steps < 0 or args.sequences < 1 or args.step_seconds <= 0:
        parser.error("--sequences must be at least 1, --steps 0 or more, --step-seconds > 0")
    go_headless()
    signal.signal(signal.SIGALRM, _hang)
    page = not args.no_page
    if args.replay:
        seed, start = int(args.replay[0]), args.replay[1]
        if start not in STARTS:
            parser.error(f"START must be one of: {', '.join(STARTS)}")
        return replay(seed, start, args.steps, page, args.step_seconds, args.stay)
    count = 4 * len(STARTS) if args.quick else args.sequences
    return run(count, args.steps, args.seed, page, args.step_seconds)


if __name__ == "__main__":
    sys.exit(main())
