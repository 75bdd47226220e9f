"""Every benchmark's quick mode runs once in the suite, so none of them rots.

The six with checks of their own have their own tests (``QUICK_ELSEWHERE``); the others run
here, and the last test refuses a benchmark in ``bench/`` that nothing runs.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from benchrun import run_quick

ROOT = Path(__file__).parents[1]
RUN_HERE = {
    "idle_cpu": "ratio ours/naive\nAlieninjas ready, ours",
    "buzz_latency": "p99\nbusy mode: the earlier press won",
    "buzz_fairness": "decided",
    "narration_latency": "pre-render",
    "store_scale": "run to READY",
    "voice_behind": "ratio naive/ours",
    "voice_cues": "clips decoded ahead\ncue -> play p99\nours (device)",
    "page_load": "ratio loaded/idle",
    "page_attacks": "games ended: 0\npaired-phone requests refused: 0 of\nper minute, most: 1 ",
    "voice_worker_rss": "peak ours/naive\nours: clauses",
}
"""Benchmark, and the words its report must hold (one per line)."""
QUICK_SECONDS = {
    "voice_behind": 31,
    "page_attacks": 23,
    "idle_cpu": 16,
    "page_load": 14,
    "store_scale": 8,
    "buzz_latency": 7,
    "voice_worker_rss": 5,
    "voice_cues": 5,
    "narration_latency": 2,
}
"""About how long each quick run takes on a quiet 2-core machine (the suite runs them first)."""
QUICK_ELSEWHERE = {
    "chaos": "tests/device/runtime/test_chaos.py",
    "device_fuzz": "tests/device/runtime/test_device_fuzz.py",
    "fuzz": "tests/games/test_fuzz_sessions.py",
    "qr_draw": "tests/device/ui/test_bench_qr.py",
    "voice_footprint": "tests/narration/test_voice_bench.py",
}
HELPERS = {
    "benchutil",
    "looptrace",
    "device_fuzz_report",
    "idle_loops",
    "voice_run",
    "buzz_rig",
    "store_scripts",
    "voice_children",
}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            name, marks=[pytest.mark.slow(QUICK_SECONDS[name])] if name in QUICK_SECONDS else []
        )
        for name in sorted(RUN_HERE)
    ],
)
def test_the_benchmark_runs_in_its_quick_mode(name: str) -> None:
    report = run_quick(name)
    for words in RUN_HERE[name].splitlines():
        assert words in report


def test_every_benchmark_is_run_by_some_test() -> None:
    scripts = {path.stem for path in (ROOT / "bench").glob("*.py")} - HELPERS
    assert scripts == set(RUN_HERE) | set(QUICK_ELSEWHERE)
    for name, test in QUICK_ELSEWHERE.items():
        source = (ROOT / test).read_text(encoding="utf-8")
        assert f'run_quick("{name}"' in source, test
