"""How long the Piper worker may take over a line: a long line at a slow pace is rendered, a
stuck worker is killed. The real worker and voice, its ``delay`` standing in for a slow Pi."""

from __future__ import annotations

import contextlib
import sys
import threading
from pathlib import Path

import pytest

from narration import piper_backend, stallwatch
from narration.delivery import peak, read_mono
from narration.errors import BackendUnavailableError, NarrationError
from narration.piper_backend import PiperBackend, line_seconds
from narration.piper_model import bundled_model, piper_installed

needs_piper = pytest.mark.skipif(
    not piper_installed(), reason="piper-tts is not installed (pip install -e .)"
)

ALPHA_WOLF = (
    "Alpha Wolf, you must swap the werewolf card beside the middle with the card of a player "
    "who is not a werewolf, if that card is not shielded, without looking at either."
)
"""The line a fixed 30 s killed under load (167 characters)."""


def test_the_time_a_line_may_take_grows_with_the_line() -> None:
    assert len(ALPHA_WOLF) == 167
    assert line_seconds(ALPHA_WOLF) == pytest.approx(30.0 + 0.3 * 167)  # 80.1 s
    assert line_seconds(ALPHA_WOLF) > 2 * 30.0  # more than twice the 30 s that killed it
    assert line_seconds("Hi.") == pytest.approx(30.9)


@needs_piper
def test_a_long_line_at_a_slow_pace_is_rendered_and_a_stuck_worker_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Scaled down: 0.5 s for any line and 0.1 s a character, against a worker that waits
    # 1 s before each line. A fixed 0.5 s would kill the long line; its 17.2 s do not.
    monkeypatch.setattr(piper_backend, "LINE_BASE_SECONDS", 0.5)
    monkeypatch.setattr(piper_backend, "LINE_SECONDS_PER_CHAR", 0.1)
    slow = PiperBackend(bundled_model(), delay=1.0)
    try:
        slow.synthesize(ALPHA_WOLF, tmp_path / "long.wav")
        assert slow.started == 1  # the same worker, not killed and started again
    finally:
        slow.close()
    samples, rate = read_mono(tmp_path / "long.wav")
    assert len(samples) / rate > 5.0 and peak(samples) > 3000  # the whole line, spoken

    stuck = PiperBackend(bundled_model(), delay=3600.0)  # never answers
    try:
        stuck.probe()
        pid = stuck.worker_pid
        with pytest.raises(NarrationError, match="the piper worker stopped while rendering"):
            stuck.synthesize("Hi.", tmp_path / "stuck.wav")  # killed after its 0.8 s
        assert pid is not None and not Path(f"/proc/{pid}").exists()  # killed and reaped
        assert stuck.worker_pid is None
    finally:
        stuck.close()
    assert not (tmp_path / "stuck.wav").exists()


def _never_loads(tmp_path: Path) -> str:
    """An interpreter whose worker never answers its load: a script that says its PID in
    ``pid`` and sleeps for ever."""
    script = tmp_path / "python"
    script.write_text(
        f"#!/bin/sh\necho $$ > {tmp_path / 'pid.tmp'}\n"
        f"mv {tmp_path / 'pid.tmp'} {tmp_path / 'pid'}\nexec sleep 3600\n"
    )
    script.chmod(0o755)
    return str(script)


def _loading_pid(tmp_path: Path) -> int:
    """Wait (bounded) for the worker's process to start loading; its PID."""
    started = threading.Event()
    for _ in range(3000):
        if (tmp_path / "pid").exists():
            return int((tmp_path / "pid").read_text())
        started.wait(0.01)
    raise AssertionError("no worker was started")


def test_close_during_a_voice_load_kills_the_loading_worker(tmp_path: Path) -> None:
    # A worker loads its voice for up to 60 s (every 100 lines a new one loads): SIGTERM must
    # not wait on it. Before, close() waited on the lock until the load gave up (59.5 s).
    backend = PiperBackend(bundled_model(), python=_never_loads(tmp_path))
    failed: list[BaseException] = []

    def probe() -> None:
        try:
            backend.probe()
        except BackendUnavailableError as error:
            failed.append(error)

    loader = threading.Thread(target=probe, daemon=True)
    loader.start()
    pid = _loading_pid(tmp_path)
    closer = threading.Thread(target=backend.close, daemon=True)
    closer.start()
    closer.join(timeout=30)
    assert not closer.is_alive()  # close() returned, with the load still far from its 60 s
    loader.join(timeout=30)
    assert not loader.is_alive() and failed  # the load failed: its worker was killed
    assert not Path(f"/proc/{pid}").exists()  # and reaped
    with pytest.raises(BackendUnavailableError, match="closed"):
        backend.synthesize("Hi.", tmp_path / "after.wav")  # a closed backend starts none


def test_cancel_during_a_voice_load_ends_the_load(tmp_path: Path) -> None:
    # The renderer's stop() cancels the backend: that must reach a worker still loading.
    backend = PiperBackend(bundled_model(), python=_never_loads(tmp_path))
    done = threading.Event()

    def render() -> None:
        with contextlib.suppress(BackendUnavailableError):
            backend.synthesize("Hi.", tmp_path / "line.wav")
        done.set()

    threading.Thread(target=render, daemon=True).start()
    _loading_pid(tmp_path)
    backend.cancel()
    assert done.wait(timeout=30)
    assert backend.worker_pid is None and backend.started == 0
    backend.close()


def test_a_cancel_while_the_workers_process_starts_is_not_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # At a load of 25 the test above cancelled in the moment between the worker's start and
    # its being held as loading: the cancel found nothing to kill and the load ran on.
    backend = PiperBackend(bundled_model(), python=_never_loads(tmp_path))
    start = piper_backend._Worker.__init__

    workers: list[piper_backend._Worker] = []

    def started_then_cancelled(worker: piper_backend._Worker, command: list[str]) -> None:
        start(worker, command)
        workers.append(worker)
        backend.cancel()  # the renderer's stop, before the backend holds the worker

    monkeypatch.setattr(piper_backend._Worker, "__init__", started_then_cancelled)
    monkeypatch.setattr(piper_backend, "_LOAD_SECONDS", 3600.0)  # only the cancel can end it
    failed = threading.Event()

    def render() -> None:
        with contextlib.suppress(BackendUnavailableError):
            backend.synthesize("Hi.", tmp_path / "line.wav")
            return
        failed.set()

    threading.Thread(target=render, daemon=True).start()
    assert failed.wait(timeout=60)  # at once with the cancel seen; never without it
    assert [worker.process.returncode for worker in workers] == [-9]  # killed and reaped
    backend.close()


def _loads_slowly(tmp_path: Path, cpu_seconds: float) -> str:
    """An interpreter whose worker spends ``cpu_seconds`` of CPU on its load, then is ready
    (and renders nothing): a worker starved by other work, slow but never stuck."""
    script = tmp_path / "python"
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys, time\n"
        "sys.stdin.readline()\n"
        "began = time.process_time()\n"
        f"while time.process_time() - began < {cpu_seconds}:\n"
        "    pass\n"
        "print('ready', flush=True)\n"
        "sys.stdin.readline()\n"
    )
    script.chmod(0o755)
    return str(script)


@pytest.mark.slow(5)
def test_a_slow_load_that_uses_cpu_is_waited_for_and_a_stuck_one_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Scaled down: a load may go 2 s without CPU (0.5 s went by without a tick at a load of
    # 25). The slow load takes 3 s of CPU, so longer than 2 s on any machine: a fixed limit
    # killed it, the stall watch lets it finish.
    monkeypatch.setattr(piper_backend, "_LOAD_SECONDS", 2.0)
    # Its cap (10 limits, 20 s here) is tested in test_stallwatch.py: at a load of 25 this
    # load's 3 s of CPU take about 40 s, so the cap here is a spinner's bound only.
    monkeypatch.setattr(stallwatch, "CAP_FACTOR", 1000.0)
    slow = PiperBackend(bundled_model(), python=_loads_slowly(tmp_path, 3.0))
    try:
        slow.probe()
        assert slow.loaded and slow.started == 1
    finally:
        slow.close()
    stuck = PiperBackend(bundled_model(), python=_never_loads(tmp_path))
    with pytest.raises(BackendUnavailableError, match="cannot load voice"):
        stuck.probe()  # a sleeper: no CPU for 2 s, killed
    stuck.close()


@pytest.mark.parametrize(
    ("value", "factor"),
    [("", 1.0), ("20", 20.0), ("2.5", 2.5), ("0.5", 1.0), ("fast", 1.0), ("1e9", 1.0)],
)
def test_a_machine_known_to_be_slower_stretches_the_workers_limits(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, value: str, factor: float
) -> None:
    from narration.piper_backend import SLOWER_ENV, line_seconds, slower

    monkeypatch.delenv(SLOWER_ENV, raising=False)
    plain = line_seconds("Zoe is at seat 1.")
    monkeypatch.setenv(SLOWER_ENV, value)
    assert slower() == factor
    assert line_seconds("Zoe is at seat 1.") == pytest.approx(plain * factor)
    refused = value not in ("", "20", "2.5")
    assert (SLOWER_ENV in caplog.text) is refused  # a bad value is named, then ignored
