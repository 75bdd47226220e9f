"""The device finishes an incomplete voice cache behind the game."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

import pytest

from narration.cache import WavCache
from narration.commandline import EspeakBackend
from narration.fake import SlowBackend
from narration.piper_backend import PiperBackend
from narration.piper_model import bundled_model, piper_installed
from narration.prepare import BackgroundPrepare

TEXTS = [f"Player {seat}, your vote." for seat in range(1, 7)]


def test_the_missing_sentences_are_rendered_in_the_background(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    cache = WavCache(tmp_path, espeak)
    cache.path_for(TEXTS[0])  # one was prepared already
    background = BackgroundPrepare(cache, TEXTS)
    background.start()
    background.join(30.0)
    assert not background.running
    assert background.missing == 5
    assert background.rendered == 5
    assert cache.missing(TEXTS) == []


def test_a_complete_cache_renders_nothing(espeak: EspeakBackend, tmp_path: Path) -> None:
    cache = WavCache(tmp_path, espeak)
    cache.render_many(TEXTS)
    background = BackgroundPrepare(cache, TEXTS)
    background.start()
    background.join(30.0)
    assert (background.missing, background.rendered) == (0, 0)


def test_stopping_leaves_the_rest_for_next_time(espeak: EspeakBackend, tmp_path: Path) -> None:
    cache = WavCache(tmp_path, espeak)
    background = BackgroundPrepare(cache, TEXTS * 3 + [f"Round {n}." for n in range(40)])
    background.stop()  # before it starts: it renders nothing at all
    background.start()
    background.join(30.0)
    assert background.rendered == 0
    assert len(cache.missing(TEXTS)) == len(TEXTS)


@pytest.mark.skipif(not piper_installed(), reason="piper-tts is not installed")
def test_a_worker_stopped_with_the_device_is_no_fault(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="narration.prepare")
    cache = WavCache(tmp_path, PiperBackend(bundled_model()))
    texts = [f"Round {n} of the long night begins." for n in range(50)]
    background = BackgroundPrepare(cache, texts)
    background.start()
    # Stopped while the real worker renders its first batch, as the daemon stops on SIGTERM.
    while not cache.cached_path(texts[0]).is_file() and background.running:
        time.sleep(0.05)
    background.stop(timeout=30.0)
    assert not background.running
    assert [r.levelno for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert "stopped with the device" in caplog.text


def test_nothing_starts_while_a_night_is_played_and_the_rest_follows_it(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    cache = WavCache(tmp_path, espeak)
    night = threading.Event()
    night.set()
    background = BackgroundPrepare(cache, lambda: TEXTS, hold=night.is_set)
    background.start()
    try:
        assert background.held.wait(30.0), "the background never looked at the night"
        assert background.texts == tuple(TEXTS)  # worked out on its thread
        assert (background.missing, cache.rendered) == (6, 0)  # held: nothing rendered
        night.clear()  # the day: it goes on
        background.join(60.0)
        assert not background.running
        assert cache.missing(TEXTS) == []
    finally:
        night.clear()
        background.stop()


def test_how_much_is_ready_is_counted_once_and_moves_on_as_it_renders(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    cache = WavCache(tmp_path, espeak)
    cache.path_for(TEXTS[0])  # one was prepared already
    held = SlowBackend(espeak, held=True)
    batches = threading.Semaphore(0)
    background = BackgroundPrepare(WavCache(tmp_path, held), TEXTS, wake=batches.release)
    assert background.ready is None  # not looked yet
    background.start()
    try:
        assert batches.acquire(timeout=0.0) is False  # nothing rendered while held
        while background.missing is None:  # the thread's one look at the files
            assert background.running
            time.sleep(0.01)
        assert background.ready == (1, 6)
    finally:
        held.let_go()
    background.join(30.0)
    assert background.ready == (6, 6)
    assert batches.acquire(timeout=0.0)  # the loop was woken as it rendered
