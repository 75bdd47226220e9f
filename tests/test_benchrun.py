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


def test_a_timeout_kills_the_grandchild_a_benchmark_started(tmp_path: Path) -> None:
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
            run_in_group([sys.executable, "-c", bench], timeout=10)
        except AssertionError as error:
            failure.append(str(error))
        finally:
            done.set()

    threading.Thread(target=run, daemon=True).start()
    try:
        assert done.wait(BOUND), "the timeout left the benchmark's output open: still waiting"
        assert failure and "did not finish in 10 s: its process group was killed" in failure[0]
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
    done = run_in_group([sys.executable, "-c", "print('report')"], timeout=60)
    assert (done.returncode, done.stdout) == (0, "report\n")
