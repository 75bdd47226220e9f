"""Tests for hardware.buzzer: beeps and the buzz drive the PWM pin without blocking."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory
from mockpins import WaitUntil

from hardware.buzzer import Buzzer
from hardware.errors import HardwareConfigError

PIN = 18


@pytest.fixture
def buzzer(factory: MockFactory) -> Iterator[Buzzer]:
    piezo = Buzzer(PIN, pin_factory=factory)
    try:
        yield piezo
    finally:
        piezo.close()


def test_beep_drives_the_pwm_pin_and_returns_at_once(
    factory: MockFactory, buzzer: Buzzer, wait_until: WaitUntil
) -> None:
    pin = factory.pin(PIN)
    buzzer.beep("A5", 0.05)
    wait_until(lambda: len(pin.states) >= 3)
    assert [s.state for s in pin.states] == [0, 0.5, 0.0]
    assert pin.frequency is None
    sounded = pin.states[2].timestamp  # seconds between the 0.5 and the 0.0
    assert sounded >= 0.04  # at least its length (a loaded machine may hold it longer)


def test_a_long_beep_returns_while_it_still_sounds(factory: MockFactory, buzzer: Buzzer) -> None:
    # "At once" without a clock: an hour's beep played in the foreground would not return.
    pin = factory.pin(PIN)
    buzzer.beep("A5", 3600.0)
    try:
        assert pin.state == 0.5 or [s.state for s in pin.states] == [0]  # sounding, or about to
    finally:
        buzzer.stop()
    assert pin.state == 0.0


def test_beep_plays_the_note_asked_for(
    factory: MockFactory, buzzer: Buzzer, wait_until: WaitUntil
) -> None:
    pin = factory.pin(PIN)
    buzzer.beep("A6", 0.3)
    wait_until(lambda: pin.frequency is not None)
    assert pin.frequency == pytest.approx(1760.0)
    buzzer.stop()
    assert pin.frequency is None
    assert pin.state == 0.0


def test_buzz_warbles_between_two_tones_then_falls_silent(
    factory: MockFactory, buzzer: Buzzer, wait_until: WaitUntil
) -> None:
    pin = factory.pin(PIN)
    heard: list[int] = []

    def listen() -> bool:
        frequency = pin.frequency
        if frequency is not None and (not heard or heard[-1] != round(frequency)):
            heard.append(round(frequency))
        return len(pin.states) >= 3

    buzzer.buzz()
    wait_until(listen)
    assert heard == [2637, 1760, 2637, 1760]
    assert pin.state == 0.0


def test_a_new_beep_cuts_off_the_one_playing(
    factory: MockFactory, buzzer: Buzzer, wait_until: WaitUntil
) -> None:
    pin = factory.pin(PIN)
    buzzer.beep("A5", 5.0)
    wait_until(lambda: pin.frequency is not None)
    buzzer.beep("A4", 0.02)
    wait_until(lambda: pin.frequency is None)
    assert pin.state == 0.0


def test_an_unknown_note_is_refused(buzzer: Buzzer) -> None:
    with pytest.raises(HardwareConfigError) as exc:
        buzzer.beep("H5")
    assert str(exc.value) == "unknown note: 'H5'"


def test_a_note_out_of_range_is_refused(buzzer: Buzzer) -> None:
    with pytest.raises(HardwareConfigError) as exc:
        buzzer.beep("A1")
    assert str(exc.value) == "note out of the buzzer's range: 'A1' (A3..A7)"


def test_a_beep_must_last_some_time(buzzer: Buzzer) -> None:
    with pytest.raises(HardwareConfigError) as exc:
        buzzer.beep("A5", 0)
    assert str(exc.value) == "beep length must be more than 0 seconds: 0"


def test_close_silences_the_buzzer(
    factory: MockFactory, buzzer: Buzzer, wait_until: WaitUntil
) -> None:
    pin = factory.pin(PIN)
    buzzer.beep("A5", 5.0)
    wait_until(lambda: pin.frequency is not None)
    buzzer.close()
    buzzer.close()
    assert pin.frequency is None
    assert pin.state == 0.0


def test_a_sound_starts_no_thread(
    factory: MockFactory, buzzer: Buzzer, wait_until: WaitUntil, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    started: list[str] = []
    start = threading.Thread.start

    def noted(thread: threading.Thread) -> None:
        started.append(thread.name)
        start(thread)

    monkeypatch.setattr(threading.Thread, "start", noted)
    pin = factory.pin(PIN)
    buzzer.buzz()  # on the main loop: a thread started here holds it until that thread runs
    buzzer.beep("A5", 0.02)
    wait_until(lambda: pin.frequency is None and len(pin.states) >= 3)
    assert started == []
