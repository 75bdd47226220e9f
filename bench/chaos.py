"""Chaos: the real daemon SIGKILLed at seeded random moments through every game kind.

The daemon (``mothership run --hardware mock``, headless, silent, on a scratch store) plays One
Night, an Alieninjas Replicas mission, Alienation and Alien Encounters, its inputs handed in by
files (``device/simulator/testinput.py``), while ``tests/chaos_driver.py`` kills it after inputs,
while it waits for a phase and during start-up, in every phase, then restarts it. After every kill
it checks the store's integrity, that the same game is in the same phase (or the one time alone
leads to) with its entries intact, and that no logged play is lost or duplicated; each game must end
with exactly the play its reference simulation logs.

The table gives, per game kind: kills made, kills survived (every check held), start-up kills,
the phases killed in, and whether the game played through. Exit code 1 on any failure.

    .venv/bin/python bench/chaos.py --kills 200   # about 5 minutes; One Night from its setup
    .venv/bin/python bench/chaos.py --quick       # 30 kills; One Night from late in its night
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from benchutil import machine_lines, table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the project's packages before tests/'s folders of the same name
sys.path.append(str(ROOT / "tests"))

from chaos_driver import Chaos, Report  # noqa: E402

SEED = 20261212
QUICK_KILLS = 30


def commit() -> str:
    """The checked-out commit, marked ``+changes`` when the tree differs from it."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return "unknown"
    return (head or "unknown") + (" +changes" if dirty else "")


def show(report: Report, kills: int, seed: int) -> None:
    """Print the figures."""
    print("\n".join(machine_lines()))
    print(f"commit:   {commit()}")
    print()
    print(f"chaos: {kills} kills asked for, seed {seed}, {report.seconds:.0f} s")
    rows = []
    for tally in report.tallies:
        phases = ", ".join(f"{name} {count}" for name, count in sorted(tally.phases.items()))
        rows.append(
            [
                tally.name,
                str(tally.kills),
                str(tally.survived),
                str(tally.startup_kills),
                "yes" if tally.finished else "NO",
                phases + (f" (none in {', '.join(tally.missed)})" if tally.missed else ""),
            ]
        )
    rows.append(["total", str(report.kills), str(report.survived), "", "", ""])
    headers = ["game", "kills", "survived", "at start-up", "played through", "phases killed in"]
    print(table(headers, rows))
    print()
    print(f"kills survived: {report.survived} of {report.kills}")
    print(f"plays logged: {report.plays_logged} (expected {report.plays_expected})")
    print(f"errors logged by the daemons: {len(report.errors_logged)}")
    for line in report.errors_logged[:20]:
        print(f"  {line}")
    for tally in report.tallies:
        for failure, count in Counter(tally.failures).items():
            print(f"\n== {tally.name}{f' ({count} times)' if count > 1 else ''}: {failure}")


def main(argv: list[str] | None = None) -> int:
    """Run the chaos; print the figures; 1 on any failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--kills", type=int, default=200, help="kills to make (default 200)")
    parser.add_argument(
        "--quick", action="store_true", help=f"the suite's run: {QUICK_KILLS} kills, shorter night"
    )
    parser.add_argument("--seed", type=int, default=SEED, help=f"seed (default {SEED})")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="work in DIR and keep it")
    args = parser.parse_args(argv)
    kills = QUICK_KILLS if args.quick else args.kills
    if kills < 1:
        parser.error(f"--kills: expected 1 or more, got {kills}")
    with tempfile.TemporaryDirectory(prefix="mothership-chaos-") as scratch:
        root = args.keep or Path(scratch)
        chaos = Chaos(root, kills=kills, seed=args.seed, quick=args.quick)
        report = chaos.run(progress=lambda text: print(text, file=sys.stderr, flush=True))
    show(report, kills, args.seed)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
