"""The Piper worker as the service runs it: the kernel refusing its nice, and onnxruntime's
telemetry kept out of the service's home. Each runs the real worker with the real voice."""

from __future__ import annotations

import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

import no_setpriority
import pytest

from narration.delivery import peak, read_mono
from narration.piper_backend import PiperBackend
from narration.piper_model import bundled_model, piper_installed

needs_piper = pytest.mark.skipif(
    not piper_installed(), reason="piper-tts is not installed (pip install -e .)"
)

_TRY_NICE = (
    "import os\n"
    "try:\n"
    "    os.nice(1)\n"
    "except PermissionError as error:\n"
    "    print('refused', error)\n"
    "else:\n"
    "    print('niced')\n"
)


def _refusing_python(folder: Path) -> Path:
    """An interpreter for the backend that is this one under a filter refusing setpriority,
    as the unit's ``SystemCallFilter=~@resources``; the test is skipped where the kernel
    offers no seccomp filter."""
    script = folder / "python-without-setpriority"
    helper = shlex.quote(no_setpriority.__file__)
    script.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} {helper} "$@"\n')
    script.chmod(0o755)
    probe = subprocess.run(
        [str(script), "-c", "pass"], capture_output=True, text=True, timeout=60, check=False
    )
    if probe.returncode == no_setpriority.UNAVAILABLE:
        pytest.skip(probe.stderr.strip())
    assert probe.returncode == 0, probe.stderr
    return script


def _try_nice(python: str) -> str:
    run = subprocess.run(
        [python, "-c", _TRY_NICE], capture_output=True, text=True, timeout=60, check=True
    )
    return run.stdout.strip()


def _status(pid: int) -> dict[str, str]:
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    return {key: value.strip() for key, _, value in (line.partition(":") for line in lines)}


@needs_piper
def test_a_worker_the_kernel_refuses_to_nice_renders_anyway(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    python = _refusing_python(tmp_path)
    # The filter is real: os.nice fails under it, and only under it.
    assert _try_nice(sys.executable) == "niced"
    assert _try_nice(str(python)) == "refused [Errno 1] Operation not permitted"

    caplog.set_level(logging.WARNING, logger="narration.piper_backend")
    backend = PiperBackend(bundled_model(), python=str(python), nice=10)
    try:
        backend.synthesize("Everyone, close your eyes.", tmp_path / "first.wav")
        pid = backend.worker_pid
        assert pid is not None
        assert _status(pid)["Seccomp"] == "2"  # the worker itself runs under the filter
        assert os.getpriority(os.PRIO_PROCESS, pid) == os.getpriority(os.PRIO_PROCESS, 0)
        backend.release()  # the next line starts another worker, refused alike
        backend.synthesize("Seer, wake up.", tmp_path / "second.wav")
        assert backend.started == 2
    finally:
        backend.close()

    for name in ("first.wav", "second.wav"):
        samples, rate = read_mono(tmp_path / name)
        assert rate == 22050
        assert peak(samples) > 3000  # speech, not silence
    refused = (
        "nice(10) refused, rendering at the daemon's priority: [Errno 1] Operation not permitted"
    )
    assert backend.priority_note == refused
    said = [r.getMessage() for r in caplog.records if r.name == "narration.piper_backend"]
    assert said == [f"piper worker: {refused}"]  # once, for both workers


@needs_piper
def test_the_worker_leaves_no_onnxruntime_telemetry_in_its_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("ORT_DISABLE_TELEMETRY", "ORT_RUNNING_UNIT_TESTS", "CI", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)  # each turns the telemetry off by itself
    # Without the worker's opt-out this onnxruntime keeps a device id (and an event queue for
    # upload) in the home of whoever loads it: the service's state directory on the Pi.
    plain = tmp_path / "plain"
    plain.mkdir()
    subprocess.run(
        [sys.executable, "-c", "import onnxruntime"],
        env={**os.environ, "HOME": str(plain)},
        check=True,
        timeout=120,
    )
    assert (plain / ".cache/Microsoft/DeveloperTools/.onnxruntime/deviceid").is_file()

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    backend = PiperBackend(bundled_model())
    try:
        backend.synthesize("Everyone, close your eyes.", tmp_path / "line.wav")
    finally:
        backend.close()
    assert peak(read_mono(tmp_path / "line.wav")[0]) > 3000
    assert sorted(home.rglob("*")) == []
