"""The QR benchmark runs (``bench/qr_draw.py --quick``): its table has a row per link size."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_qr_benchmark_runs_and_reports_a_ratio_per_link() -> None:
    done = subprocess.run(
        [sys.executable, "bench/qr_draw.py", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.endswith("x")]
    assert [row.split()[0] for row in rows] == ["4", "7", "10"]
