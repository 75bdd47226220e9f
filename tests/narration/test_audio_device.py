"""When the audio device opens and closes, and with which buffer: closed after a quiet spell and
opened again for (or ahead of) the next line, closed behind the loop, and the long buffer for
narration against the short one a quick game holds open."""

from __future__ import annotations

from pathlib import Path

import pytest
from steppedclock import SteppedClock

from narration.audio import AudioOutput
from narration.mixer import BUFFER_FRAMES
from narration.wav import wav_seconds


def test_an_idle_device_closes_and_the_next_line_opens_it_again(speech: Path) -> None:
    clock = SteppedClock()
    audio = AudioOutput(idle_close=2.0, clock=clock)
    try:
        assert audio.open()
        import pygame

        clock.now += 1.0
        audio.update()
        assert pygame.mixer.get_init() is not None
        clock.now += 1.5
        audio.update()
        audio.wait_closed()  # the mixer shuts down behind the loop
        assert pygame.mixer.get_init() is None  # closed: nothing to mix
        assert audio.available  # but not captions: the next sound opens it
        assert audio.play_speech(speech) == pytest.approx(wav_seconds(speech), abs=0.01)
        assert audio.reopened == 1 and pygame.mixer.get_init() is not None
    finally:
        audio.close()


def test_an_idle_close_starts_no_thread_in_the_loops_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    clock = SteppedClock()
    audio = AudioOutput(idle_close=2.0, clock=clock)  # its closing thread starts here
    started: list[str] = []
    start = threading.Thread.start

    def noted(thread: threading.Thread) -> None:
        started.append(thread.name)
        start(thread)

    try:
        assert audio.open()
        monkeypatch.setattr(threading.Thread, "start", noted)
        clock.now += 2.5
        audio.update()  # closes behind the loop: a thread started here would hold the pass
        assert audio.suspended
        audio.wait_closed()
        assert started == []
    finally:
        audio.close()


def test_an_idle_device_is_opened_again_ahead_of_a_line_and_closes_if_none_comes() -> None:
    import pygame

    clock = SteppedClock()
    audio = AudioOutput(idle_close=2.0, clock=clock)
    try:
        assert audio.open()
        clock.now += 2.5
        audio.update()
        audio.wait_closed()
        assert audio.suspended and pygame.mixer.get_init() is None
        audio.wake_ahead()
        assert not audio.suspended and pygame.mixer.get_init() is not None
        assert audio.reopened == 1
        clock.now += 1.0
        audio.update()
        assert pygame.mixer.get_init() is not None, "held open for the line to come"
        clock.now += 1.5
        audio.update()
        assert audio.suspended, "no line came: closed again"
        audio.wait_closed()  # (asked while it closes, it opens at the loop's next look)
        audio.wake_ahead()
        audio.wake_ahead()  # a second call while open changes nothing
        assert audio.reopened == 2
    finally:
        audio.close()


def test_narration_opens_a_long_buffer_and_a_quick_game_a_short_one_held_open() -> None:
    import pygame

    from narration.mixer import QUICK_BUFFER_FRAMES

    clock = SteppedClock()
    audio = AudioOutput(idle_close=2.0, clock=clock)
    try:
        assert audio.open()
        assert audio.buffer == BUFFER_FRAMES == 8192
        audio.set_quick(True)  # open: kept as it is (closing it would hold the loop)
        assert audio.buffer == BUFFER_FRAMES and audio._closer.pending is None
        clock.now += 60.0
        audio.update()
        assert pygame.mixer.get_init() is not None and audio.due() is None, "held open"
        audio.set_quick(False)
        clock.now += 2.5
        audio.update()
        assert audio.suspended and audio.buffer == 0  # closed when idle, behind the loop
        audio.wait_closed()
        audio.set_quick(True)  # a quick game starts while the device is closed: open it now
        assert audio.buffer == QUICK_BUFFER_FRAMES and not audio.suspended
        audio.set_quick(False)
        assert audio.buffer == QUICK_BUFFER_FRAMES, "kept until it closes for being idle"
        audio.update()  # quiet from now
        clock.now += 2.5
        audio.update()
        assert audio.suspended
        audio.wait_closed()
        audio.wake_ahead()
        assert audio.buffer == BUFFER_FRAMES  # narration again: the long buffer
    finally:
        audio.close()


def test_a_device_asked_open_while_it_closes_opens_once_closed_not_waiting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    import pygame

    from narration.audio import CLOSING_LOOK_SECONDS

    held = threading.Event()
    real_quit = pygame.mixer.quit

    def slow_quit() -> None:  # SDL waiting out two buffers, for as long as the test says
        held.wait(60.0)
        real_quit()

    clock = SteppedClock()
    audio = AudioOutput(idle_close=2.0, clock=clock)
    try:
        assert audio.open()
        monkeypatch.setattr(pygame.mixer, "quit", slow_quit)
        clock.now += 2.5
        audio.update()
        assert audio.suspended and audio.closing
        audio.wake_ahead()  # returns at once: the device is still closing
        audio.set_quick(True)
        audio.update()
        assert audio.suspended and audio.due() == CLOSING_LOOK_SECONDS
        held.set()
        audio.wait_closed()  # the test waits for the close; the loop only looks again
        audio.update()
        assert not audio.suspended and audio.buffer > 0
    finally:
        held.set()
        audio.close()


def test_a_playing_device_keeps_its_buffer_until_it_next_opens(long_speech: Path) -> None:
    from narration.mixer import QUICK_BUFFER_FRAMES

    clock = SteppedClock()
    audio = AudioOutput(idle_close=2.0, clock=clock)
    try:
        assert audio.open()
        audio.play_speech(long_speech)
        audio.set_quick(True)  # not cut off mid-line
        assert audio.speaking and audio.buffer == BUFFER_FRAMES
        audio.stop()
        audio.close()
        assert audio.open()
        assert audio.buffer == QUICK_BUFFER_FRAMES
    finally:
        audio.close()
