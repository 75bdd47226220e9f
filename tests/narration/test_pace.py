"""The voice's pace here: seconds per character from the lines it rendered last."""

from __future__ import annotations

from pathlib import Path

import pytest

from narration.backends import EspeakBackend
from narration.cache import WavCache
from narration.pace import WINDOW, RenderPace
from narration.renderer import LineRenderer, Urgency


def test_nothing_timed_yet_means_no_estimate() -> None:
    pace = RenderPace()
    assert not pace.known
    assert pace.seconds_for(["A line."]) is None


def test_the_estimate_is_the_median_rate_times_the_characters() -> None:
    pace = RenderPace()
    pace.record("x" * 100, 30.0)  # the first line also loaded the voice: an outlier
    pace.record("x" * 10, 1.0)
    pace.record("x" * 20, 2.0)
    assert pace.seconds_per_char() == pytest.approx(0.1)
    assert pace.seconds_for(["abcde", "abcdefghij"]) == pytest.approx(1.5)


def test_only_the_recent_renders_count() -> None:
    pace = RenderPace()
    for _ in range(WINDOW):
        pace.record("x" * 10, 10.0)  # a loaded machine, earlier
    for _ in range(WINDOW):
        pace.record("x" * 10, 1.0)  # quiet now
    assert pace.seconds_per_char() == pytest.approx(0.1)


def test_an_empty_or_instant_line_is_not_a_measure() -> None:
    pace = RenderPace()
    pace.record("", 1.0)
    pace.record("A line.", 0.0)
    assert not pace.known


class Ticks:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_renderer_times_the_lines_it_renders_and_not_those_cached(tmp_path: Path) -> None:
    cache = WavCache(tmp_path, EspeakBackend())
    cache.path_for("Already here.")
    pace = RenderPace(clock=Ticks())
    renderer = LineRenderer(cache, pace=pace)
    renderer.start()
    try:
        renderer.ask_all(["Already here.", "Rendered now."], Urgency.SOON)
        assert renderer.wait_quiet(timeout=60.0)
    finally:
        renderer.stop()
    # One line rendered, read on the clock before and after: one second for 13 characters.
    assert pace.seconds_per_char() == pytest.approx(1 / len("Rendered now."))
