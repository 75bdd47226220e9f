"""The Piper worker's peak memory on the catalogue's longest sentences: in clauses (ours) against
whole sentences (naive), in one run.

The worker (``python -m narration.piper_worker``, exactly as the service starts it, niced) loads
the bundled voice and renders the catalogue's longest lines (every game's words, 10 seats), then
the same worker's ``VmHWM`` (its peak resident memory since it started, read from /proc before its
stdin closes) and ``VmRSS`` (what it keeps while idle, warm) are read. The naive worker renders each
sentence in one pass (``max_words`` out of reach); ours splits a sentence over
``narration.clauses.MAX_WORDS`` words at its clauses. The goal: a peak of 250 MB or less.

    .venv/bin/python bench/voice_worker_rss.py            # the 40 longest lines
    .venv/bin/python bench/voice_worker_rss.py --quick    # the 6 longest (the suite runs it once)
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchutil import machine_lines, table

from device.runtime.parts import catalogues
from device.runtime.voicelines import every_text
from narration.catalogue import Catalogue
from narration.clauses import MAX_WORDS
from narration.delivery import Delivery
from narration.piper_model import bundled_model

GOAL_MB = 250
NAIVE_WORDS = 10_000


def longest_lines(count: int) -> list[str]:
    """The catalogue's ``count`` lines whose longest sentence is longest (10 seats)."""
    catalogue = Catalogue.load(*catalogues())
    texts = every_text(catalogue, list(catalogue.ids()), seats=10).texts

    def longest_sentence(text: str) -> int:
        return max(len(s.split()) for s in re.split(r"(?<=[.!?])\s+", text))

    return sorted(set(texts), key=longest_sentence, reverse=True)[:count]


def _status(pid: int) -> dict[str, int]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmHWM", "VmRSS"):
            fields[key] = int(value.split()[0]) // 1024
    return fields


def worker_run(lines: list[str], max_words: int, folder: Path) -> tuple[float, int, int]:
    """Render ``lines`` in one worker; (seconds, peak MB, warm MB)."""
    model, delivery = bundled_model(), Delivery()
    job = {
        "onnx": str(model.onnx),
        "config": str(model.config),
        "length_scale": delivery.length_scale,
        "sentence_pause": delivery.sentence_pause,
        "loudness": delivery.loudness,
        "ceiling": delivery.ceiling,
        "nice": 10,
        "max_words": max_words,
    }
    worker = subprocess.Popen(
        [sys.executable, "-m", "narration.piper_worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert worker.stdin is not None and worker.stdout is not None
    try:
        started = time.perf_counter()
        worker.stdin.write(json.dumps(job) + "\n")
        worker.stdin.flush()
        assert worker.stdout.readline().startswith("ready"), "the voice did not load"
        for index, text in enumerate(lines):
            worker.stdin.write(json.dumps([text, str(folder / f"{index}.wav")]) + "\n")
            worker.stdin.flush()
            answer = worker.stdout.readline().strip()
            assert answer == f"done {index}", f"line {index}: {answer}"
        seconds = time.perf_counter() - started
        memory = _status(worker.pid)
    finally:
        worker.stdin.close()
        worker.wait(60)
    return seconds, memory["VmHWM"], memory["VmRSS"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the 6 longest lines only")
    args = parser.parse_args()
    lines = longest_lines(6 if args.quick else 40)
    rows, peaks = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, words in (("naive: whole sentences", NAIVE_WORDS), ("ours: clauses", MAX_WORDS)):
            folder = Path(tmp) / str(words)
            folder.mkdir()
            seconds, peak, warm = worker_run(lines, words, folder)
            peaks[name] = peak
            rows.append([name, f"{seconds:.1f} s", f"{peak} MB", f"{warm} MB"])
    print("\n".join(machine_lines()))
    print(f"{len(lines)} lines, the longest sentence {len(lines[0].split())} words or more")
    print(table(["worker", "render (load included)", "peak RSS", "warm RSS"], rows))
    ours, naive = peaks["ours: clauses"], peaks["naive: whole sentences"]
    verdict = "met" if ours <= GOAL_MB else "missed"
    print(f"peak ours/naive: {ours / naive:.2f}; goal {GOAL_MB} MB: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
