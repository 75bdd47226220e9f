"""Does the device's cost grow with its score log? Start, scores, exports and backups at 0,
10,000 and 100,000 plays, beside plain-SQLite and plain-pygame baselines in the same run.

For each log size a store is filled by direct store writes (``Store.restore`` of generated
plays of every game, six named players and unnamed seats), then each of these runs in its own
process and is measured from the kernel (CPU seconds user+system, peak RSS):

* ``run`` to READY: ``mothership run --hardware mock`` with the default config (the web page on a
  free port, audio on SDL's disk driver), CPU and RSS read from ``/proc`` when systemd's
  ``READY=1`` arrives on a notify socket;
* ``mothership scores``; ``mothership export --format F --out FILE`` for every format;
* every game's leaderboard and all games', as the score page's All games asks them, then
  again after a play is logged (CPU of those questions alone, in one child process);
* the phone page's JSON download: the route's ``stream_export`` on aiohttp, with the phone
  that reads it in the same process (its peak RSS: server and phone together);
* the backup after a play: ``backup_after_play`` for the night's first play (a snapshot with
  SQLite's backup API) and for a later one (a journal line), in one child process;
* baselines: a plain script that opens SQLite and answers the same leaderboard with one
  ``GROUP BY``; a plain ``SELECT`` of every result written as CSV; and a naive start (pygame, the
  mixer and an 800x480 window) to compare READY with.

Python runs from compiled bytecode, as on the device (pip compiles the package when it
installs it), kept in a ``__pycache__`` prefix in the scratch folder; a first start of each log,
not measured, compiles it and checks the voice model's digests, as the device's first start
after an update does.

``--quick`` (run once by the suite, tests/test_bench.py) uses logs of 0 and 300 plays.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from benchutil import machine_lines
from store_scripts import (
    BACKUP_AFTER_PLAYS,
    BASELINE_CSV,
    BASELINE_LEADERBOARD,
    BASELINE_START,
    LAUNCH,
    LEADERBOARDS,
    PAGE_DOWNLOAD,
)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from device.headless import headless_env  # noqa: E402
from device.store.database import Store  # noqa: E402
from games.scorelog.plays import Play, PlayerResult  # noqa: E402

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")
GAMES = ("Alienation", "Alieninjas", "One Night", "Alien Encounters")
FORMATS = ("csv", "bgstats-url", "bgsplay", "json")
TICKS = os.sysconf("SC_CLK_TCK")


def generated(count: int) -> list[Play]:
    """``count`` plays of every game, 3 to 6 seats, named players and unnamed seats."""
    plays = []
    for number in range(count):
        seats = 3 + number % 4
        winner = number % seats
        players = tuple(
            PlayerResult(
                NAMES[(number + seat) % 6] if seat < 3 else f"Player {seat + 1}",
                seat + 1,
                (number * 7 + seat * 13) % 50,
                seat == winner,
                seat == 0,
                player_id=f"id-{NAMES[(number + seat) % 6]}" if seat < 3 else "",
            )
            for seat in range(seats)
        )
        rounds = tuple((seat, seat + 1, seat + 2) for seat in range(3)) if seats == 3 else ()
        day = number // 12
        played_at = (
            f"{2020 + day // 336:04d}-{1 + day // 28 % 12:02d}-{1 + day % 28:02d}"
            f"T{18 + number % 12 // 3:02d}:{number % 12 * 5:02d}:00Z"
        )
        plays.append(
            Play(
                f"{number:08x}-bench-4000-8000-{number:012x}",
                GAMES[number % 4],
                played_at,
                players,
                rounds,
            )
        )
    return plays


def filled(folder: Path, count: int) -> Path:
    """A store of ``count`` plays (and the six profiles) in ``folder``."""
    path = folder / "mothership.db"
    store = Store(path)
    for name in NAMES:
        store.add_player(name)
    store.restore(generated(count))
    store.close()
    return path


def child_usage(command: Sequence[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Run ``command`` (through `LAUNCH`); (CPU seconds, peak RSS in MB) of it alone."""
    done = subprocess.run(
        [sys.executable, "-c", LAUNCH, *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    code, cpu, peak, error = json.loads(done.stdout)
    if code != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {error}")
    return float(cpu), int(peak) / 1024


def compiled(env: dict[str, str], scratch: Path) -> dict[str, str]:
    """``env`` with bytecode written and read under ``scratch`` (a test run's
    ``PYTHONDONTWRITEBYTECODE`` would make every start compile every module again)."""
    out = {**env, "PYTHONPYCACHEPREFIX": str(scratch / "pycache")}
    out.pop("PYTHONDONTWRITEBYTECODE", None)
    return out


def until_ready(command: Sequence[str], env: dict[str, str], scratch: Path) -> tuple[float, float]:
    """Start ``command`` with a notify socket; (CPU seconds, RSS in MB) when it says READY."""
    address = scratch / "notify.sock"
    address.unlink(missing_ok=True)
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind(str(address))
        listener.settimeout(0.5)
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**env, "NOTIFY_SOCKET": str(address)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            deadline = time.monotonic() + 300
            while True:
                if process.poll() is not None:
                    error = process.stderr.read().decode() if process.stderr else ""
                    raise RuntimeError(f"{' '.join(command)} exited: {error[-2000:]}")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{' '.join(command)} never said READY")
                try:
                    if listener.recv(64) == b"READY=1":
                        break
                except TimeoutError:
                    continue
            fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / TICKS
            status = Path(f"/proc/{process.pid}/status").read_text()
            rss = next(
                int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")
            )
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    return cpu, rss / 1024


def free_port() -> int:
    """A TCP port nothing listens on now (the page's; the config refuses 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def script_lines(script: str, args: Sequence[str], env: dict[str, str]) -> list[str]:
    """The lines a script that measures itself prints (run in a process of its own)."""
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


def measure(count: int, scratch: Path, repeats: int) -> dict[str, tuple[float, float]]:
    """Every figure for a log of ``count`` plays (the start's: the median of ``repeats``)."""
    folder = scratch / f"log-{count}"
    folder.mkdir()
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, __file__, "--fill", str(folder), str(count)], cwd=ROOT, check=True
    )
    db = folder / "mothership.db"
    print(f"  {count} plays written in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    env = compiled(
        {**os.environ, **headless_env(), "XDG_STATE_HOME": str(folder / "state")}, scratch
    )
    env.pop("STATE_DIRECTORY", None)
    config = folder / "config.toml"
    config.write_text(f'[web]\naddress = "127.0.0.1"\nport = {free_port()}\n', encoding="utf-8")
    mothership = [sys.executable, "-m", "device", "--config", str(config)]
    out: dict[str, tuple[float, float]] = {}
    run = [*mothership, "run", "--hardware", "mock", "--store", str(db)]
    until_ready(run, env, folder)  # not measured: compiles, checks the voice model once
    starts = [until_ready(run, env, folder) for _ in range(repeats)]
    out["run to READY"] = (
        statistics.median(cpu for cpu, _ in starts),
        statistics.median(rss for _, rss in starts),
    )
    out["scores"] = child_usage([*mothership, "scores", "--store", str(db)], env)
    for fmt in FORMATS:
        target = folder / f"export.{fmt}"
        command = [*mothership, "export", "--format", fmt, "--out", str(target), "--store", str(db)]
        out[f"export {fmt}"] = child_usage(command, env)
    for line in script_lines(LEADERBOARDS, [str(db), str(ROOT)], env):
        when, cpu = line.rsplit(maxsplit=1)
        out[f"every leaderboard ({when})"] = (float(cpu), float("nan"))
    out["page download json"] = child_usage(
        [sys.executable, "-c", PAGE_DOWNLOAD, str(db), "json", str(ROOT)], env
    )
    for line in script_lines(
        BACKUP_AFTER_PLAYS, [str(db), str(folder / "backups"), str(ROOT)], env
    ):
        kind, cpu, size = line.rsplit(maxsplit=2)
        out[f"backup after a play ({kind})"] = (float(cpu), int(size) / 2**20)
    out["baseline: plain SQLite leaderboard"] = child_usage(
        [sys.executable, "-c", BASELINE_LEADERBOARD, str(db)], env
    )
    out["baseline: plain SQLite CSV"] = child_usage(
        [sys.executable, "-c", BASELINE_CSV, str(db), str(folder / "plain.csv")], env
    )
    return out


def table(sizes: Sequence[int], results: dict[int, dict[str, tuple[float, float]]]) -> list[str]:
    """The results as a Markdown table: CPU s and MB per size."""
    rows = list(results[sizes[0]])
    head = "| | " + " | ".join(f"{size:,} plays" for size in sizes) + " |"
    lines = [head, "|---" * (len(sizes) + 1) + "|"]
    for row in rows:
        unit = "MB file" if row.startswith("backup") else "MB"
        cells = []
        for size in sizes:
            cpu, mb = results[size].get(row, (float("nan"), float("nan")))
            if row.startswith("every leaderboard"):  # asked in a process measured otherwise
                cells.append(f"{cpu:.3f} s CPU")
            elif unit == "MB":
                cells.append(f"{cpu:.2f} s CPU, {mb:.0f} {unit}")
            else:
                cells.append(f"{cpu:.3f} s CPU, {mb:.1f} {unit}")
        lines.append(f"| {row} | " + " | ".join(cells) + " |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="logs of 0 and 300 plays")
    parser.add_argument("--sizes", type=int, nargs="+", help="log sizes (default 0 10000 100000)")
    parser.add_argument(
        "--repeats", type=int, default=None, help="starts per size, the median kept (3; quick: 1)"
    )
    parser.add_argument("--fill", nargs=2, metavar=("FOLDER", "PLAYS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.fill:  # in a child process of its own, so the plays never weigh on the measuring
        filled(Path(args.fill[0]), int(args.fill[1]))
        return 0
    sizes = args.sizes or ([0, 300] if args.quick else [0, 10_000, 100_000])
    args.repeats = args.repeats or (1 if args.quick else 3)
    results: dict[int, dict[str, tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="mothership-scale-") as scratch:
        env = compiled({**os.environ, **headless_env()}, Path(scratch))
        naive = [sys.executable, "-c", BASELINE_START]
        until_ready(naive, env, Path(scratch))  # compiles, as for ours
        start = until_ready(naive, env, Path(scratch))
        for size in sizes:
            print(f"log of {size} plays", file=sys.stderr)
            results[size] = measure(size, Path(scratch), args.repeats)
    print("\n".join(machine_lines()))
    print()
    print("\n".join(table(sizes, results)))
    print(f"(run to READY: the median of {args.repeats} starts per size)")
    print()
    print(
        f"baseline: naive start (pygame, mixer, window) to READY: {start[0]:.2f} s CPU, "
        f"{start[1]:.0f} MB"
    )
    first, last = results[sizes[0]]["run to READY"], results[sizes[-1]]["run to READY"]
    print(
        f"run to READY, {sizes[-1]:,} plays against {sizes[0]:,}: CPU x{last[0] / first[0]:.2f}, "
        f"RSS {last[1] - first[1]:+.0f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
