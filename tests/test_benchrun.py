"""A benchmark that runs out of time in the suite takes everything it started with it: its
process group is killed, daemons and their children too (issue 34: an orphaned daemon with a
122 MB store was found 12 minutes after a timeout that killed only the benchmark)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from benchrun import run_in_group

BOUND = 60.0
"""A bound for a hang or a process never killed, not a timing check (SIGKILL is at once)."""


def gone(pid: int) -> bool:
    """Whether ``pid`` is dead: no such process, or a zombie waiting for init to reap it."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


@pytest.mark.slow(6)
def test_a_hung_benchmark_is_killed_with_the_grandchild_it_started(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    # A benchmark that starts a daemon, which outlives it unless its group is killed (and
    # holds its output open), then waits for ever.
    bench = textwrap.dedent(
        f"""
        import os, subprocess, sys, time
        from pathlib import Path
        daemon = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
        Path({str(pids)!r}).write_text(f"{{os.getpid()}} {{daemon.pid}}")
        time.sleep(3600)
        """
    )
    failure: list[str] = []
    done = threading.Event()

    def run() -> None:
        try:
            run_in_group([sys.executable, "-c", bench], stall=5)
        except AssertionError as error:
            failure.append(str(error))
        finally:
            done.set()

    threading.Thread(target=run, daemon=True).start()
    try:
        assert done.wait(BOUND), "the timeout left the benchmark's output open: still waiting"
        assert failure and "made no progress for 5 s" in failure[0]
        assert "its process group was killed" in failure[0]
        daemon = int(pids.read_text().split()[1])
        deadline = time.monotonic() + BOUND
        while not gone(daemon) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone(daemon), f"the benchmark's daemon {daemon} still runs"
    finally:
        for pid in map(int, pids.read_text().split() if pids.exists() else ()):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)  # this test's own processes, if the helper failed


def test_a_benchmark_that_finishes_gives_its_output() -> None:
    done = run_in_group([sys.executable, "-c", "print('report')"])
    assert (done.returncode, done.stdout) == (0, "report\n")


@pytest.mark.slow(3)
def test_a_slow_benchmark_that_works_is_not_given_up_on() -> None:
    # It waits for a child of another session that keeps computing, longer than the stall
    # bound: that child's CPU is its progress (progress, not time).
    busy = (
        "import subprocess, sys\n"
        "spin = 'import time\\nend = time.process_time() + 3\\n'\n"
        "spin += 'while time.process_time() < end: pass'\n"
        "subprocess.run([sys.executable, '-c', spin], start_new_session=True)\n"
        "print('done')"
    )
    done = run_in_group([sys.executable, "-c", busy], stall=1)
    assert (done.returncode, done.stdout) == (0, "done\n")


@pytest.mark.slow(2)
def test_a_runaway_is_stopped_at_the_cap() -> None:
    spin = "while True: pass"
    try:
        run_in_group([sys.executable, "-c", spin], stall=60, cap=2)
    except AssertionError as error:
        assert "did not finish in 2 s" in str(error)
    else:
        raise AssertionError("a benchmark that spins for ever was not stopped")
