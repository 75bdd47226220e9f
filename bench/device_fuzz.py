"""Device fuzz: thousands of random sequences through the daemon's own screens and the page.

Each sequence is a fresh daemon on a fresh store (Ada and Bo on seats 1 and 2) in a temporary
folder (a virtual clock, a headless screen, a silent voice, its plays logged and backed up;
``tests/devicefuzz.py``, which the suite's ``test_daemon_fuzz.py`` runs too). It starts by
tapping one of the home screen's controls (each game, Players and Scores in turn, so every one
gets its share), then makes ``--steps`` random steps (30 to 60 by default): a tap on a control
the screen shows, a seat press, a control button, 1, 10 or 60 s of time, a junk tap no screen
offers, and the companion page's requests (its pages rendered from the published snapshot, its
changes run by the loop as an inbox ``Call``, as its routes do, without the network;
``--no-page`` leaves them out).

The starts go round in four modes: random; "stay", which never taps "Quit game", so its games
go further; and twice "drive" (a game start only), whose steps mostly move the game on
(``tests/devicedrive.py``: Start, Go, valid keypad entries, Next round, votes, cards, Confirm)
until the game has logged its play (at most ``DRIVE_MOST`` steps), then make their random
steps around the end screens and the score log.

It counts, per start and per game the steps were in: sequences, steps, page requests, screens
reached, games played to their logged play, Guard-caught bugs (an apology, ``common.sorry``,
after a real input; a junk tap's are counted apart), exceptions escaping the loop, and hangs (a
step still running after ``--step-seconds``: a timer signal stops it with its traceback, and
the next sequence starts). A bug, an escape or a hang ends its sequence. Each distinct one is
printed once with its sequence's seed, start and last steps; ``--replay SEED START --mode
MODE`` runs that sequence again, step by step. Exit code 1 if anything was found.

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
from pathlib import Path
from types import FrameType

from device_fuzz_report import Found, Tally, report

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the project's packages before tests/'s folders of the same name
sys.path.append(str(ROOT / "tests"))

from devicedrive import drive_step  # noqa: E402
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
"""What the "stay" and "drive" sequences never tap, so their games last."""
MODES = ("random", "stay", "drive", "drive")
"""How the rounds of starts run, in turn (a drive needs a game: Players and Scores stay)."""
PLAYED = {
    "One Night": "One Night",
    "Alienation": "Alienation",
    "Alien Encounters": "Alien Encounters",
    **{name: f"Alieninjas: {name}" for name in STARTS[1:6]},
}
"""Each game start, and the game its logged play names."""
DRIVE_MOST = 3000
"""The most steps a driven sequence makes toward its game's logged play."""
DRIVE_SHARE = 0.8
"""The share of a driven sequence's steps, before its play is logged, that move it on."""
NO_GAME = "(no game)"
"""Where a step was when no game ran: home, the score log, Who played?"""
PROGRESS = 500
"""Sequences between two progress lines (on stderr)."""


class Hang(BaseException):
    """A step ran past its bound (a BaseException: the guard catches only Exception)."""


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
    mode: str,
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
    avoid = STAY if mode != "random" else frozenset()
    drive = mode == "drive" and start in PLAYED
    tally.driven += drive
    with tempfile.TemporaryDirectory(prefix="device-fuzz-") as folder:
        daemon = fuzz_daemon(Path(folder), page=page, players=PLAYERS)
        store = daemon.runtime.store
        assert store is not None
        try:
            sorries = Sorries(daemon)
            phone = Phone(daemon, rng) if page else None
            daemon.step(until=daemon.clock.now())
            daemon.ui.tap(start)
            daemon.step(until=daemon.clock.now())
            sorries.new()
            done.append(f"tap {start}")
            count = steps or rng.randint(30, 60)
            finished = False
            made = 0  # random steps made (a drive's count only after its play is logged)
            while made < count and len(done) <= DRIVE_MOST + count:
                driving = drive and not finished
                session = daemon.runtime.session
                place = places.setdefault(NO_GAME if session is None else session.game, Tally())
                log.last = ""
                signal.setitimer(signal.ITIMER_REAL, bound)
                # The last resort: a hang the signal cannot stop (in C code) dumps every thread.
                faulthandler.dump_traceback_later(3 * bound + 30, exit=True)
                try:
                    step: Step
                    if driving and (session is None or rng.random() < DRIVE_SHARE):
                        step = drive_step(daemon, rng, sorries, start)
                    else:
                        step = random_step(daemon, rng, sorries, phone, avoid)
                except Hang:
                    found = Found("hang", seed, start, mode, done, traceback.format_exc())
                    place.hangs += 1
                    tally.hangs += 1
                    break
                except Exception:
                    found = Found("escape", seed, start, mode, done, traceback.format_exc())
                    place.escapes += 1
                    tally.escapes += 1
                    break
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    faulthandler.cancel_dump_traceback_later()
                done.append(str(step))
                made += not driving
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
                if finished:
                    tally.after += 1
                    tally.after_screens.add(screen_name(daemon))
                elif start in PLAYED and _logged(daemon, PLAYED[start]):
                    finished = True
                    tally.finished += 1
                if step.bug:
                    trace = (
                        "".join(traceback.format_exception(step.error))
                        if step.error is not None
                        else log.last or "(no traceback logged)"
                    )
                    found = Found("bug", seed, start, mode, done, trace)
                    place.bugs += 1
                    tally.bugs += 1
                    break
            if drive and not finished and found is None:  # stuck short of its end: a lead
                tally.unfinished.append(f"--replay {seed} {start!r} --mode {mode}")
        finally:
            close_daemon(daemon)
    return found


def _logged(daemon: Daemon[TouchUI], game: str) -> bool:
    """Whether a play of ``game`` is logged (the last one logged, read without a query)."""
    store = daemon.runtime.store
    last = store.last_logged if store is not None else None
    return last is not None and last.game == game


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
            mode=MODES[index // len(STARTS) % len(MODES)],
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
        f"Device fuzz: {count:,} sequences of {length} after a home tap (a driven one's after "
        f"its logged play), {with_page}, seed {seed}, step bound {bound:g} s, {seconds:.1f} s"
    )
    report(tallies, places, found, header)
    return 1 if found else 0


def replay(seed: int, start: str, steps: int, page: bool, bound: float, mode: str) -> int:
    """Run one sequence again, printing each step; 1 if it found something."""
    log = _quiet_log(echo=True)
    found = sequence(
        seed,
        start,
        steps,
        page=page,
        bound=bound,
        mode=mode,
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
    parser.add_argument(
        "--mode", choices=sorted(set(MODES)), default="random", help="with --replay: its mode"
    )
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
        return replay(seed, start, args.steps, page, args.step_seconds, args.mode)
    count = 4 * len(STARTS) if args.quick else args.sequences
    return run(count, args.steps, args.seed, page, args.step_seconds)


if __name__ == "__main__":
    sys.exit(main())
