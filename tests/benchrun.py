"""Running a benchmark's quick mode from a test (each benchmark's own test checks its report).

A benchmark starts daemons of its own. It runs in a process group of its own, and a timeout
kills that whole group: killing only the benchmark left its daemons running after the suite."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_in_group(command: Sequence[str], *, timeout: float) -> subprocess.CompletedProcess[str]:
    """Run ``command`` from the project root in a new session (its own process group), with
    its output; past ``timeout`` seconds the whole group is killed and an ``AssertionError``
    says so."""
    process = subprocess.Popen(
        list(command),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(process)
        out, err = process.communicate()
        raise AssertionError(
            f"{' '.join(command)} did not finish in {timeout:g} s: its process group was "
            f"killed\n{out}{err[-3000:]}"
        ) from None
    except BaseException:  # an interrupted suite leaves nothing behind either
        _kill_group(process)
        process.wait()
        raise
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def _kill_group(process: subprocess.Popen[str]) -> None:
    # Its group's id is its pid (a new session), and it is not reaped yet: the id is still ours.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


def run_quick(name: str, *, timeout: float = 300) -> str:
    """Run ``bench/<name>.py --quick`` from the project root; its report, once it exits 0."""
    done = run_in_group([sys.executable, f"bench/{name}.py", "--quick"], timeout=timeout)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    return done.stdout
