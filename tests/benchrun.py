"""Running a benchmark's quick mode from a test (each benchmark's own test checks its report).

A benchmark starts daemons of its own. It runs in a process group of its own, and giving up on
it kills that whole group: killing only the benchmark left its daemons running after the suite.
It is given up on when it stops making progress (its processes use no CPU for two minutes), not
after a fixed time: a fixed 400 s failed the chaos run at a load of 25, where it is only slow."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]


STALL_SECONDS = 120.0
"""A benchmark whose processes use no CPU at all for this long is hung (a wait that never
ends); one that is only slow, starved on a loaded machine, still uses some, and goes on."""
CAP_SECONDS = 1800.0
"""A bound for a runaway that spins for ever, far past any quick run even at a load of 25."""


def run_in_group(
    command: Sequence[str], *, stall: float = STALL_SECONDS, cap: float = CAP_SECONDS
) -> subprocess.CompletedProcess[str]:
    """Run ``command`` from the project root in a new session (its own process group), with
    its output. It is bounded by progress, not by a clock: when its group's processes have
    used no CPU for ``stall`` seconds (or past ``cap``), the whole group is killed and an
    ``AssertionError`` says so."""
    process = subprocess.Popen(
        list(command),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    output: dict[str, str] = {}
    readers = [
        threading.Thread(target=_read_all, args=(stream, name, output), daemon=True)
        for name, stream in (("out", process.stdout), ("err", process.stderr))
    ]
    for reader in readers:
        reader.start()
    try:
        why = _watch(process, stall, cap)
    except BaseException:  # an interrupted suite leaves nothing behind either
        _kill_group(process)
        process.wait()
        raise
    if why:
        _kill_group(process)
    process.wait()
    for reader in readers:
        reader.join()
    out, err = output.get("out", ""), output.get("err", "")
    if why:
        raise AssertionError(
            f"{' '.join(command)} {why}: its process group was killed\n{out}{err[-3000:]}"
        )
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def _read_all(stream: IO[str] | None, name: str, into: dict[str, str]) -> None:
    into[name] = stream.read() if stream is not None else ""


def _watch(process: subprocess.Popen[str], stall: float, cap: float) -> str:
    """Wait for ``process``; why it was given up on ("": it finished)."""
    started = last_change = time.monotonic()
    last = group_cpu(process.pid)
    while process.poll() is None:
        time.sleep(min(1.0, stall / 4))
        now, used = time.monotonic(), group_cpu(process.pid)
        if used != last:  # a tick used, or a process started or ended: it moves
            last, last_change = used, now
        if now - last_change >= stall:
            return f"made no progress for {stall:g} s (its processes used no CPU)"
        if now - started >= cap:
            return f"did not finish in {cap:g} s"
    return ""


def group_cpu(group: int) -> int:
    """The CPU ticks used so far by the processes of process group ``group`` and all their
    descendants (a daemon a benchmark starts in a session of its own included; Linux /proc)."""
    procs: dict[int, tuple[int, int, int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue  # gone meanwhile
        fields = stat.rsplit(")", 1)[1].split()  # state, ppid, pgrp, ... utime (11), stime (12)
        procs[int(entry.name)] = (int(fields[1]), int(fields[2]), int(fields[11]) + int(fields[12]))
    ours = {pid for pid, (_, pgrp, _) in procs.items() if pgrp == group}
    grown = True
    while grown:
        more = {pid for pid, (ppid, _, _) in procs.items() if ppid in ours} - ours
        ours |= more
        grown = bool(more)
    return sum(procs[pid][2] for pid in ours)


def _kill_group(process: subprocess.Popen[str]) -> None:
    # Its group's id is its pid (a new session), and it is not reaped yet: the id is still ours.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


def run_quick(name: str) -> str:
    """Run ``bench/<name>.py --quick`` from the project root; its report, once it exits 0."""
    done = run_in_group([sys.executable, f"bench/{name}.py", "--quick"])
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    return done.stdout
