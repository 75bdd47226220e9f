"""The Piper worker: a process that loads the voice once and renders lines as they are asked.

Piper with onnxruntime takes about 270 MB, more than the whole daemon may use, so it never
loads in the daemon's process. :class:`~narration.piper_backend.PiperBackend` starts
``python -m narration.piper_worker`` and keeps it: the first line on its stdin is the voice, each
later line one sentence to render, and it answers one line per sentence on its stdout::

    {"onnx": "...", "config": "...", "length_scale": 1.15, "sentence_pause": 0.45, "nice": 10,
     "delay": 0.0}
    ["Everyone, close your eyes.", "/cache/.rendering-1.wav"]
    ["Seer, wake up.", "/cache/.rendering-2.wav"]

    ready                      the voice is loaded
    ready <note>               loaded, with a note for the daemon's log (a refused nice)
    done 0                     line 0 is written
    error 1 <message>          line 1 failed (the others go on)

It exits when its stdin closes. Each WAV is 16-bit mono at the voice's rate, its sentences joined
by ``sentence_pause`` seconds of silence, then finished here (trimmed, brought to ``loudness``,
limited under ``ceiling``) with numpy, which the worker has loaded anyway: the daemon does no
signal processing for Piper.
"""

from __future__ import annotations

import json
import os
import sys
import time
import wave
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from narration.clauses import MAX_WORDS, spoken_parts
from narration.delivery import Delivery, finish_array

CLAUSE_PAUSE = 0.4
"""A clause's pause, as a share of the sentence pause (a comma is shorter than a full stop)."""


def _render(
    voice: Any, config: Any, text: str, out: Path, delivery: Delivery, max_words: int = MAX_WORDS
) -> None:
    import numpy as np

    # Long sentences in clauses: the worker's memory grows with the longest pass.
    pieces: list[tuple[Any, bool]] = []
    for part, starts in spoken_parts(text, max_words):
        for n, chunk in enumerate(voice.synthesize(part, config)):
            pieces.append((chunk, starts or n > 0))
    if not pieces:
        raise ValueError(f"piper produced no audio for {text!r}")
    rate = pieces[0][0].sample_rate
    sentence = np.zeros(int(rate * delivery.sentence_pause), dtype=np.int16)
    clause = np.zeros(int(rate * delivery.sentence_pause * CLAUSE_PAUSE), dtype=np.int16)
    parts = [
        part
        for chunk, starts in pieces
        for part in (sentence if starts else clause, chunk.audio_int16_array)
    ][1:]
    data = finish_array(np.concatenate(parts), rate, delivery).astype("<i2").tobytes()
    with wave.open(str(out), "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(2)
        writer.setframerate(rate)
        writer.writeframes(data)


def lower_priority(nice: int) -> str:
    """Add ``nice`` to this process's niceness (rendering behind the game must not slow the
    screen). Returns "" when done, else why the kernel refused: the service's unit filters out
    setpriority (``SystemCallFilter=~@resources``), and a voice at the daemon's priority is
    better than none, so the caller renders anyway."""
    if not nice:
        return ""
    try:
        os.nice(nice)
    except OSError as exc:
        return f"nice({nice}) refused, rendering at the daemon's priority: {exc}"
    return ""


def quiet_onnxruntime() -> None:
    """Turn off onnxruntime's telemetry, before it is imported.

    onnxruntime 1.29 and later on Linux write a device id and a queue of usage events under
    ``$XDG_CACHE_HOME`` or ``~/.cache/Microsoft/DeveloperTools/.onnxruntime`` as the library
    loads, for upload to Microsoft, unless ``ORT_DISABLE_TELEMETRY`` is set then ("1"): the
    library reads it once, so ``onnxruntime.disable_telemetry_events()`` comes too late for
    the files.
    """
    os.environ["ORT_DISABLE_TELEMETRY"] = "1"


def run(job: dict[str, Any], lines: Iterable[tuple[str, str]], reply: TextIO) -> int:
    """Load the voice of ``job`` and render ``lines`` as they come, reporting on ``reply``.

    Returns the exit code: 1 if any line failed.
    """
    note = lower_priority(int(job.get("nice") or 0))
    quiet_onnxruntime()
    from piper import PiperVoice, SynthesisConfig  # heavy: only ever in this process

    voice = PiperVoice.load(job["onnx"], config_path=job["config"])
    config = SynthesisConfig(length_scale=float(job["length_scale"]))
    delivery = Delivery(
        length_scale=float(job["length_scale"]),
        sentence_pause=float(job["sentence_pause"]),
        loudness=float(job["loudness"]),
        ceiling=float(job["ceiling"]),
    )
    print(f"ready {note}".strip(), file=reply, flush=True)
    failed = 0
    delay = float(job.get("delay", 0.0))  # a slower machine, for the benchmark
    max_words = int(job.get("max_words", MAX_WORDS))  # whole sentences: the benchmark's naive
    for index, (text, out) in enumerate(lines):
        if delay:
            time.sleep(delay)
        try:
            _render(voice, config, text, Path(out), delivery, max_words)
        except Exception as exc:  # report the line and go on with the others
            failed += 1
            message = " ".join(str(exc).split()) or type(exc).__name__
            print(f"error {index} {message}", file=reply, flush=True)
        else:
            print(f"done {index}", file=reply, flush=True)
    return 1 if failed else 0


def _requests(source: TextIO) -> Iterable[tuple[str, str]]:
    for raw in source:
        if raw.strip():
            text, out = json.loads(raw)
            yield str(text), str(out)


def main() -> int:
    """Read the voice from stdin's first line, then render each later line until stdin closes."""
    header = sys.stdin.readline()
    if not header.strip():
        return 0
    return run(json.loads(header), _requests(sys.stdin), sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
