"""A game's lines said in the fallback voice are counted and told in the journal at its end."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest

from device.clock import VirtualClock
from device.runtime.executor import Executor, Outputs
from device.transcript import Transcript
from games.effects import Say
from narration.backends import EspeakBackend
from narration.catalogue import Catalogue
from narration.fake import RecordingAudio, SlowBackend
from narration.narrator import Narrator

CATALOGUE = {"test.hello": "Hello, table.", "test.bye": "Goodbye, table."}


class Moved:
    """The narrator's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _executor(tmp_path: Path, backend: SlowBackend) -> tuple[Executor, Narrator, Moved]:
    woken, clock = threading.Event(), Moved()
    narrator = Narrator(
        Catalogue.from_mapping(CATALOGUE, source="test"), backend, tmp_path, RecordingAudio()
    )
    narrator.render_behind(fallback=EspeakBackend(), late_after=1.0, clock=clock, wake=woken.set)
    executor = Executor(Outputs(transcript=Transcript(VirtualClock()), narrator=narrator))
    return executor, narrator, clock


def _late_hello(executor: Executor, narrator: Narrator, clock: Moved, game: str) -> None:
    """``game`` says "Hello, table." while the voice is held: the fallback voice says it."""
    executor.game = game
    executor.run([Say.of("test.hello")])
    clock.now += 1.0
    narrator.update()  # late: the fallback voice renders it


def test_a_line_said_by_the_fallback_voice_is_counted_and_named_at_the_games_end(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    slow = SlowBackend(EspeakBackend(), held=True)
    executor, narrator, clock = _executor(tmp_path, slow)
    with narrator:
        _late_hello(executor, narrator, clock, "test")
        assert narrator.queue is not None
        assert narrator.queue.said_late == ["Hello, table."]
        with caplog.at_level(logging.INFO, logger="device.runtime.voice_tally"):
            executor.game = ""
        slow.let_go()
    assert "test: 1 of its 1 line said in the fallback voice" in caplog.text
    assert "'Hello, table.'" in caplog.text


def test_a_game_in_the_voice_throughout_says_so_and_counts_only_its_own_lines(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    slow = SlowBackend(EspeakBackend(), held=True)
    executor, narrator, clock = _executor(tmp_path, slow)
    with narrator:
        _late_hello(executor, narrator, clock, "first")
        slow.let_go()
        assert narrator.renderer is not None and narrator.renderer.wait_cached(
            ["Hello, table."], 60.0
        )
        executor.game = "second"
        narrator.renderer.ask("Goodbye, table.")
        assert narrator.renderer.wait_cached(["Goodbye, table."], 60.0)
        executor.run([Say.of("test.bye")])
        caplog.clear()  # the first game's end was told: only the second's now
        with caplog.at_level(logging.INFO, logger="device.runtime.voice_tally"):
            executor.game = ""
    assert "second: all its 1 line said in the voice" in caplog.text
    assert "fallback" not in caplog.text
