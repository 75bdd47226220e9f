"""The root checks' shared steps (scripts/checklib.sh): a step shows it is alive while it runs,
and a check cut off inside a step still leaves a verdict that says where."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
LIBRARY = ROOT / "scripts" / "checklib.sh"


def check(tmp_path: Path, body: str) -> subprocess.Popen[str]:
    script = f"""
        set -uo pipefail
        source {LIBRARY}
        ROOT="" LOGS={tmp_path}/logs CHECK=a-check PROGRESS_EVERY=1
        start_check
        {body}
    """
    return subprocess.Popen(
        ["bash", "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=default_interrupt,
    )


def default_interrupt() -> None:
    # A suite started in the background of a script ignores SIGINT, and a shell cannot trap a
    # signal it was started ignoring: the check would then never see the test's SIGINT.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow(3)
def test_a_long_step_says_how_long_it_has_run_and_its_last_line(tmp_path: Path) -> None:
    process = check(tmp_path, "step slow sh -c 'echo unpacking; sleep 3; echo done'")
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 0, out
    assert "   slow: 0m0" in out and "so far; unpacking" in out
    summary = (tmp_path / "logs" / "summary.txt").read_text().splitlines()
    assert summary[1].split()[:2] == ["slow", "ok"]
    assert summary[-1].startswith("a-check: all steps passed in ")


def test_a_failed_step_fails_the_check_with_its_log(tmp_path: Path) -> None:
    process = check(tmp_path, "step broken sh -c 'echo it broke; exit 3'; step after true")
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 1
    assert "(exit 3, see " in out and "    it broke" in out
    summary = (tmp_path / "logs" / "summary.txt").read_text()
    assert summary.rstrip().endswith("a-check: FAILED")


@pytest.mark.parametrize("sent", [signal.SIGTERM, signal.SIGINT])
def test_a_check_cut_off_inside_a_step_leaves_a_verdict(
    tmp_path: Path, sent: signal.Signals
) -> None:
    process = check(tmp_path, "step endless sh -c 'echo started; exec sleep 600'")
    assert process.stdout is not None
    assert process.stdout.readline().startswith("a-check ")
    assert process.stdout.readline() == "== endless ...\n"
    # Once it says how long the step has run, it is in its waiting loop, where a foreground
    # `sleep` once made bash drop a SIGINT sent to it alone.
    assert "endless: 0m0" in process.stdout.readline()
    process.send_signal(sent)
    process.communicate(timeout=60)
    assert process.returncode == 1
    summary = (tmp_path / "logs" / "summary.txt").read_text().splitlines()
    assert summary[-1].startswith("a-check: CUT OFF during endless after ")


@pytest.mark.parametrize("script", ["install-check", "arm64-check"])
def test_each_check_explains_itself_and_keeps_its_root_out_of_the_repo(script: str) -> None:
    path = ROOT / "scripts" / script
    shown = subprocess.run([str(path), "--help"], capture_output=True, text=True, timeout=30)
    assert shown.returncode == 0
    assert "Debian bookworm" in shown.stdout and "--logs DIR" in shown.stdout
    inside = subprocess.run(
        [str(path), "--root", str(ROOT / "check-root")], capture_output=True, text=True
    )
    assert inside.returncode == 2
    assert "keep the root out of the repo" in inside.stderr
    assert not (ROOT / "check-root").exists()


def test_a_check_cut_off_stops_everything_its_step_started(tmp_path: Path) -> None:
    marker = f"sleep {600 + os.getpid() % 100}"  # a command line only this test runs
    process = check(tmp_path, f"step nested sh -c 'sh -c \"echo deep; exec {marker}\"; true'")
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.readline()
    deadline = 600
    while not subprocess.run(["pgrep", "-f", marker], capture_output=True).stdout and deadline:
        deadline -= 1
        time.sleep(0.1)
    process.send_signal(signal.SIGTERM)
    process.communicate(timeout=60)
    for _ in range(100):
        if not subprocess.run(["pgrep", "-f", marker], capture_output=True).stdout:
            break
        time.sleep(0.1)
    left = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True).stdout
    subprocess.run(["pkill", "-f", marker], check=False)
    assert left == ""
