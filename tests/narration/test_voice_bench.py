"""The voice and footprint benchmark's quick run: every section measures, in one run.

No timing is asserted (that is the benchmark's job, recorded in docs/performance.md): only
that each figure is produced, that a prepared night renders nothing, and that streaming a
night holds fewer clips and less memory than decoding it all up front.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from benchrun import run_quick

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow(35)
def test_the_quick_benchmark_measures_every_figure_against_its_baseline() -> None:
    out = run_quick("voice_footprint")
    for heading in ("1. Voice", "2. Cue latency", "3-4. A 4-player night", "5. Idle CPU"):
        assert heading in out, out
    assert re.search(r"^Piper joe-medium .* \d+ MB$", out, re.MULTILINE), out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if " MB " in line}
    ours, naive = rows["ours"], rows["naive"]
    assert ours[-1] == naive[-1] == "0"  # a prepared night renders nothing
    assert int(ours[3]) <= 8 < int(naive[3])  # clips held: a few ahead, not the whole night
    assert float(ours[1]) < float(naive[1])  # and less memory for it
    for phase in ("home", "night", "day", "result"):
        assert re.search(rf"^{phase} \({phase if phase != 'result' else 'end'}\) ", out, re.M), out
