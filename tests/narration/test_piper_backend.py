"""How long the Piper worker may take over a line: a long line at a slow pace is rendered, a
stuck worker is killed. The real worker and voice, its ``delay`` standing in for a slow Pi."""

from __future__ import annotations

from pathlib import Path

import pytest

from narration import piper_backend
from narration.delivery import peak, read_mono
from narration.errors import NarrationError
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
