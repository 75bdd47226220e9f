"""The parts the device builds: the voice that renders behind the loop runs every Piper worker
niced, from the probe's at the start to the one after a crash."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from device.config import load_config
from device.runtime.parts import BEHIND_NICE, open_narrator
from device.runtime.wiring import VoiceMode
from narration.piper_backend import PiperBackend
from narration.piper_model import piper_installed, remember_checks_in

needs_piper = pytest.mark.skipif(
    not piper_installed(), reason="piper-tts is not installed (pip install -e .)"
)


def _wait_until_unloaded(backend: PiperBackend) -> None:
    """Wait until the backend sees its killed worker gone (all of its threads exited)."""
    for _ in range(6000):  # a bound for a broken test, not a measure
        if not backend.loaded:
            return
        time.sleep(0.01)
    raise AssertionError("the killed worker is still seen alive")


@needs_piper
def test_every_piper_worker_behind_the_loop_is_niced_the_probes_first(tmp_path: Path) -> None:
    base = os.getpriority(os.PRIO_PROCESS, 0)
    if base + BEHIND_NICE > 19:
        pytest.skip(f"this test runs at nice {base}: a worker cannot be niced further")
    config = load_config(
        system_path=None,
        overrides={
            "narration.backend": "piper",
            "narration.cache_dir": str(tmp_path / "cache"),  # empty: the voice is probed
            "audio.ambience": False,
        },
    )
    narrator = open_narrator(config, audio=False, mode=VoiceMode.BEHIND)
    try:
        backend = narrator.backend
        assert isinstance(backend, PiperBackend)
        probed = backend.worker_pid  # the probe's worker, kept for the first line
        assert probed is not None and backend.started == 1
        assert os.getpriority(os.PRIO_PROCESS, probed) == base + BEHIND_NICE

        os.kill(probed, signal.SIGKILL)  # a crash: the next line starts another worker
        _wait_until_unloaded(backend)
        backend.synthesize("Everyone, close your eyes.", tmp_path / "line.wav")
        restarted = backend.worker_pid
        assert restarted is not None and restarted != probed and backend.started == 2
        assert os.getpriority(os.PRIO_PROCESS, restarted) == base + BEHIND_NICE
        assert (tmp_path / "line.wav").is_file()
    finally:
        narrator.close()
        remember_checks_in(None)
