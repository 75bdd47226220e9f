"""The QR benchmark runs (``bench/qr_draw.py --quick``): its table has a row per link size."""

from __future__ import annotations

from benchrun import run_quick


def test_the_qr_benchmark_runs_and_reports_a_ratio_per_link() -> None:
    rows = [line for line in run_quick("qr_draw").splitlines() if line.endswith("x")]
    assert [row.split()[0] for row in rows] == ["4", "7", "10"]
