"""The worker's watch: a process that uses no CPU is killed, one that only runs slowly is not."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import threading

from narration.stallwatch import CAP_FACTOR, StallWatch, cpu_ticks

BOUND = 60.0
"""A bound on waiting for what must happen soon (never reached unless the watch is broken)."""


def test_a_process_that_uses_no_cpu_is_killed_after_its_stall() -> None:
    sleeper = subprocess.Popen(["sleep", "600"])
    try:
        watch = StallWatch(sleeper.pid, 0.2, sleeper.kill).start()
        assert sleeper.wait(timeout=BOUND) == -9  # the real /proc counters saw no progress
        assert watch.killed
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_process_whose_cpu_time_moves_is_left_to_run_until_cancelled() -> None:
    passes = itertools.count(1)
    looked = threading.Event()
    killed = threading.Event()

    def moving(pid: int) -> int:
        count = next(passes)
        if count >= 40:  # ten stalls' worth of looks, each with a tick more
            looked.set()
        return count

    watch = StallWatch(1, 0.04, killed.set, cap=3600.0, ticks=moving).start()
    assert looked.wait(BOUND)
    watch.cancel()
    assert not killed.is_set() and not watch.killed


def test_a_process_that_keeps_running_is_killed_at_its_cap() -> None:
    killed = threading.Event()
    ticks = itertools.count()
    watch = StallWatch(1, 0.04, killed.set, ticks=lambda pid: next(ticks)).start()
    assert killed.wait(BOUND) and watch.killed  # after CAP_FACTOR stalls
    assert CAP_FACTOR > 1


def test_a_process_that_cannot_be_read_counts_as_making_no_progress() -> None:
    killed = threading.Event()
    StallWatch(1, 0.04, killed.set, cap=3600.0, ticks=lambda pid: None).start()
    assert killed.wait(BOUND)


def test_an_answer_before_the_stall_cancels_the_kill() -> None:
    killed = threading.Event()
    watch = StallWatch(1, 3600.0, killed.set, ticks=lambda pid: 0).start()
    watch.cancel()
    assert not killed.wait(0.05) and not watch.killed


def test_cpu_ticks_read_a_living_process_and_none_for_a_gone_one() -> None:
    burner = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, time\nt = time.process_time()\n"
            "while time.process_time() - t < 0.2: pass\nprint(os.getpid())",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert cpu_ticks(int(burner.stdout)) is None  # exited and reaped
    own = cpu_ticks(os.getpid())
    assert own is not None and own > 0
