"""Rendering behind the loop: speak returns at once, lines play in order, late ones fall back."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest

from narration.backends import EspeakBackend
from narration.cache import WavCache
from narration.catalogue import Catalogue
from narration.fake import RecordingAudio, SlowBackend
from narration.narrator import Narrator
from narration.renderer import LineRenderer, Urgency
from narration.wav import check_wav, wav_seconds

WAIT = 60.0  # a bound for a stuck thread, never a measure: the tests wait on events


class Wakes:
    """The loop's wake-up, as an event a test can wait on."""

    def __init__(self) -> None:
        self.event = threading.Event()

    def __call__(self) -> None:
        self.event.set()

    def wait(self) -> None:
        assert self.event.wait(WAIT), "the renderer never woke the loop"
        self.event.clear()


class Clock:
    """The loop's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def behind(
    catalogue: Catalogue, backend: SlowBackend, tmp_path: Path, *, fallback: bool = False
) -> tuple[Narrator, RecordingAudio, Wakes, Clock]:
    audio, wakes, clock = RecordingAudio(), Wakes(), Clock()
    narrator = Narrator(catalogue, backend, tmp_path, audio)
    narrator.render_behind(
        fallback=EspeakBackend() if fallback else None, late_after=1.0, clock=clock, wake=wakes
    )
    return narrator, audio, wakes, clock


def test_speak_returns_at_once_and_lines_play_in_the_order_asked_when_ready(
    catalogue: Catalogue, espeak: EspeakBackend, tmp_path: Path
) -> None:
    cache = WavCache(tmp_path, espeak)
    cache.path_for("Hello, table.")  # prepared
    slow = SlowBackend(espeak, held=True)
    narrator, audio, wakes, _ = behind(catalogue, slow, tmp_path)
    with narrator:
        first = narrator.speak("test.count", {"count": 5})  # not prepared: held in the voice
        narrator.speak("test.hello")  # prepared, but it waits its turn
        assert first.text == "There are 5 players tonight." and first.seconds > 0
        assert audio.speech == []  # nothing plays out of order, nothing waited for the voice
        slow.let_go()
        wakes.wait()
        narrator.update()
        assert audio.speech == [cache.cached_path(first.text), cache.cached_path("Hello, table.")]
        assert narrator.queue is not None and narrator.queue.late == 0


def test_a_line_not_ready_in_time_is_said_with_the_fallback_voice(
    catalogue: Catalogue, espeak: EspeakBackend, tmp_path: Path
) -> None:
    slow = SlowBackend(espeak, held=True)
    narrator, audio, wakes, clock = behind(catalogue, slow, tmp_path, fallback=True)
    with narrator:
        narrator.speak("test.hello")
        assert narrator.due() == clock.now + 1.0  # the loop looks again when it turns late
        clock.now += 0.5
        narrator.update()
        assert audio.speech == []
        clock.now += 0.5
        narrator.update()  # late: espeak-ng renders it on a thread of its own
        wakes.wait()
        narrator.update()
        fast = WavCache(tmp_path, EspeakBackend())
        assert audio.speech == [fast.cached_path("Hello, table.")]
        assert narrator.queue is not None and narrator.queue.said_late == ["Hello, table."]
        slow.let_go()


def test_a_night_asked_ahead_is_counted_until_every_line_is_rendered(
    catalogue: Catalogue, espeak: EspeakBackend, tmp_path: Path
) -> None:
    slow = SlowBackend(espeak, held=True)
    narrator, _, _, _ = behind(catalogue, slow, tmp_path)
    items: list[tuple[str, dict[str, object]]] = [("test.hello", {}), ("test.count", {"count": 3})]
    with narrator:
        assert narrator.ask_ahead(items) == 2
        assert narrator.unready(items) == 2
        slow.let_go()
        assert narrator.renderer is not None
        assert narrator.renderer.wait_quiet(Urgency.LATER, WAIT)
        assert narrator.unready(items) == 0


def test_a_cache_folder_that_cannot_be_made_still_lets_lines_be_said(
    catalogue: Catalogue, espeak: EspeakBackend, tmp_path: Path
) -> None:
    blocked = tmp_path / "cache"
    blocked.write_text("a file where the cache folder should be")
    narrator = Narrator(catalogue, espeak, blocked)
    spoken = narrator.speak("test.hello")
    assert check_wav(spoken.path) is None
    assert blocked not in spoken.path.parents
    assert blocked.read_text() == "a file where the cache folder should be"


def test_on_a_full_disk_lines_are_said_without_being_cached(
    catalogue: Catalogue, espeak: EspeakBackend, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    # The disk refuses to keep data: the cache's sync (and its probe of the folder) fail.
    monkeypatch.setattr("narration.cache.os.fsync", full)
    narrator = Narrator(catalogue, espeak, tmp_path / "cache")
    spoken = narrator.speak("test.count", {"count": 4})
    assert check_wav(spoken.path) is None
    assert (tmp_path / "cache") not in spoken.path.parents
    assert list((tmp_path / "cache").glob("*.wav")) == []  # nothing half-kept in the cache


def test_a_line_queued_behind_another_has_that_lines_length_to_render(
    catalogue: Catalogue, espeak: EspeakBackend, tmp_path: Path
) -> None:
    cache = WavCache(tmp_path, espeak)
    first = cache.path_for("Hello, table.")
    length = wav_seconds(first)
    slow = SlowBackend(espeak, held=True)
    narrator, audio, _, clock = behind(catalogue, slow, tmp_path, fallback=True)
    with narrator:
        narrator.speak("test.hello")  # plays at once
        narrator.speak("test.count", {"count": 6})  # needed once the first is said
        assert audio.speech == [first]
        assert narrator.due() == pytest.approx(clock.now + length + 1.0)
        clock.now += length + 0.5
        narrator.update()
        assert narrator.queue is not None and narrator.queue.late == 0
        slow.let_go()


def test_a_line_the_fast_voice_said_goes_behind_the_lines_still_needed(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    slow = SlowBackend(espeak, held=True)
    started = threading.Event()
    renderer = LineRenderer(WavCache(tmp_path, slow), wake=started.set)
    first = threading.Event()
    original = slow.synthesize

    def noted(text: str, out_path: Path) -> None:
        first.set()
        original(text, out_path)

    slow.synthesize = noted  # type: ignore[method-assign]
    renderer.start()
    try:
        renderer.ask("One.")
        assert first.wait(WAIT)  # the voice is on "One." (held)
        renderer.ask("Two.")
        renderer.ask("Three.")
        renderer.ask_all(["Ahead."], Urgency.SOON)
        renderer.demote("Two.")  # said by the fast voice meanwhile
        assert renderer.pending(Urgency.SOON) == 4  # the background preparation waits for it
        renderer.ask("Background.", Urgency.LATER)
        slow.let_go()
        assert renderer.wait_quiet(timeout=WAIT)
        assert slow.started == ["One.", "Three.", "Ahead.", "Two.", "Background."]
    finally:
        renderer.stop()


def test_the_list_asked_last_renders_first_lines_said_now_before_both(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    slow = SlowBackend(espeak, held=True)
    renderer = LineRenderer(WavCache(tmp_path, slow))
    renderer.start()
    try:
        renderer.ask("Held.", Urgency.NOW)  # the thread waits in the voice on this one
        renderer.ask_all(["Day one.", "Day two.", "Both."], Urgency.SOON)
        renderer.ask_all(["Vote one.", "Both.", "Vote two."], Urgency.SOON)  # a later list
        renderer.ask("Now one.", Urgency.NOW)
        renderer.ask("Now two.", Urgency.NOW)
        renderer.ask("Background.", Urgency.LATER)
        slow.let_go()
        assert renderer.wait_quiet(timeout=WAIT)
        assert slow.started == [
            "Held.", "Now one.", "Now two.", "Vote one.", "Both.", "Vote two.", "Day one.",
            "Day two.", "Background.",
        ]  # fmt: skip
    finally:
        renderer.stop()


def test_a_list_ahead_is_looked_up_in_the_cache_by_the_thread_not_the_caller(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    WavCache(tmp_path, espeak).path_for("Ready before.")
    slow = SlowBackend(espeak)
    cache = WavCache(tmp_path, slow)
    renderer = LineRenderer(cache)
    renderer.start()
    try:
        # The caller queues the whole list at once, the cached line too (no disk look here).
        assert renderer.ask_all(["Ready before.", "Not yet."], Urgency.SOON) == 2
        assert renderer.wait_quiet(timeout=WAIT)
        assert slow.started == ["Not yet."] and renderer.rendered == 1
        assert cache.has("Ready before.") and cache.has("Not yet.")
    finally:
        renderer.stop()


def test_a_list_costly_to_work_out_is_worked_out_by_the_thread_after_the_lists_after_it(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    slow = SlowBackend(espeak, held=True)
    renderer = LineRenderer(WavCache(tmp_path, slow))
    made_on: list[int] = []

    def make() -> list[str]:
        made_on.append(threading.get_ident())
        return ["Rare one.", "Plain.", "Rare two."]

    renderer.start()
    try:
        renderer.ask("Held.", Urgency.NOW)
        renderer.ask_later(make, Urgency.SOON)  # the rarer results, asked before the plain
        renderer.ask_all(["Plain.", "Likely."], Urgency.SOON)
        assert renderer.pending(Urgency.SOON) == 4  # a list to work out counts
        slow.let_go()
        assert renderer.wait_quiet(timeout=WAIT)
        assert made_on and made_on[0] != threading.get_ident()
        assert slow.started == ["Held.", "Plain.", "Likely.", "Rare one.", "Rare two."]
    finally:
        renderer.stop()


class StoppedMidLine(SlowBackend):
    """A held voice whose ``cancel`` ends the line being rendered with an error, as the Piper
    backend's does when the service stops."""

    def __init__(self, inner: EspeakBackend) -> None:
        super().__init__(inner, held=True)
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True
        self.let_go()

    def synthesize(self, text: str, out_path: Path) -> None:
        self.started.append(text)
        self.gate.wait()
        if self.cancelled:
            raise RuntimeError(f"the piper worker stopped while rendering {text!r}")
        self.inner.synthesize(text, out_path)


def test_a_line_cut_by_a_stop_is_not_a_warning(
    espeak: EspeakBackend, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # A service stopping with lines still rendering wrote "cannot render ..." warnings into
    # the journal at every stop, as if the voice had failed.
    voice = StoppedMidLine(espeak)
    renderer = LineRenderer(WavCache(tmp_path, voice))
    renderer.start()
    renderer.ask_all(["A long line, cut by the stop."], Urgency.SOON)
    while not voice.started:
        assert renderer.running
        threading.Event().wait(0.01)
    with caplog.at_level("INFO", logger="narration.renderer"):
        renderer.stop(timeout=WAIT)
    assert voice.cancelled and not renderer.running
    assert not [r for r in caplog.records if r.levelname == "WARNING"], caplog.text
    assert "stopped while rendering" in caplog.text  # still said, at INFO
