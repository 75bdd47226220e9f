"""Running a benchmark's quick mode from a test (each benchmark's own test checks its report)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_quick(name: str, *, timeout: float = 300) -> str:
    """Run ``bench/<name>.py --quick`` from the project root; its report, once it exits 0."""
    done = subprocess.run(
        [sys.executable, f"bench/{name}.py", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    return done.stdout
