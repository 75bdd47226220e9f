"""The root checks' shared steps (scripts/checklib.sh): a step shows it is alive while it runs,
and a check cut off inside a step still leaves a verdict that says where."""

from __future__ import annotations

import signal
import subprocess
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
        ["bash", "-c", script], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


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
