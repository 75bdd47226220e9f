"""Tests for hardware.lamps: patterns drive the PWM pins, and bad input is refused."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from mockpins import WaitUntil

from hardware.errors import HardwareConfigError, PinConflictError
from hardware.lamps import Lamps


@pytest.fixture
def lamps(factory: MockFactory) -> Iterator[Lamps]:
    seat_lamps = Lamps((17, 27, None), pin_factory=factory, blink_time=0.01, pulse_time=0.2)
    try:
        yield seat_lamps
    finally:
        seat_lamps.close()


def states(pin: MockPWMPin) -> list[float]:
    return [state.state for state in pin.states]


def test_on_and_off_drive_the_lamp_pin(factory: MockFactory, lamps: Lamps) -> None:
    lamps.set(1, "on")
    lamps.set(1, "off")
    assert states(factory.pin(17)) == [0, 1.0, 0.0]
    assert states(factory.pin(27)) == [0]


def test_blink_toggles_the_pin_in_the_background(
    factory: MockFactory, lamps: Lamps, wait_until: WaitUntil
) -> None:
    pin = factory.pin(17)
    # A blink never ends: in the foreground this call would never return (no clock needed to
    # see it returns at once, which failed at a load of 25).
    lamps.set(1, "blink")
    wait_until(lambda: len(pin.states) >= 5)
    lamps.set(1, "off")
    assert states(pin)[1:5] == [1.0, 0.0, 1.0, 0.0]
    assert pin.state == 0.0


def test_pulse_fades_through_levels_between_off_and_on(
    factory: MockFactory, lamps: Lamps, wait_until: WaitUntil
) -> None:
    pin = factory.pin(27)
    lamps.set(2, "pulse")
    wait_until(lambda: any(0.0 < s.state < 1.0 for s in pin.states))
    wait_until(lambda: any(s.state == 1.0 for s in pin.states))
    lamps.set(2, "on")
    assert pin.state == 1.0


def test_state_reports_the_last_pattern_set(lamps: Lamps) -> None:
    assert lamps.state(1) == "off"
    lamps.set(1, "blink")
    lamps.set(2, "pulse")
    assert [lamps.state(seat) for seat in (1, 2, 3)] == ["blink", "pulse", "off"]


def test_a_seat_without_a_lamp_only_records_its_pattern(lamps: Lamps) -> None:
    lamps.set(3, "on")
    assert lamps.state(3) == "on"
    assert lamps.seats == 3


def test_all_off_turns_every_lamp_off(factory: MockFactory, lamps: Lamps) -> None:
    lamps.set(1, "on")
    lamps.set(2, "blink")
    lamps.set(3, "pulse")
    lamps.all_off()
    assert [lamps.state(seat) for seat in (1, 2, 3)] == ["off", "off", "off"]
    assert factory.pin(17).state == 0.0
    assert factory.pin(27).state == 0.0


def test_an_unknown_pattern_is_refused_with_a_suggestion(lamps: Lamps) -> None:
    with pytest.raises(HardwareConfigError) as exc:
        lamps.set(1, "blnk")
    assert str(exc.value) == "unknown lamp pattern: 'blnk' (did you mean 'blink'?)"


def test_an_unknown_pattern_with_no_close_match_lists_the_patterns(lamps: Lamps) -> None:
    with pytest.raises(HardwareConfigError) as exc:
        lamps.set(1, "disco")
    assert str(exc.value) == (
        "unknown lamp pattern: 'disco' (expected one of 'off', 'on', 'blink', 'pulse')"
    )


@pytest.mark.parametrize("seat", [0, 4, -1])
def test_an_unknown_seat_is_refused(lamps: Lamps, seat: int) -> None:
    with pytest.raises(HardwareConfigError) as exc:
        lamps.set(seat, "on")
    assert str(exc.value) == f"unknown seat: {seat!r} (lamps are seats 1..3)"


def test_two_lamps_on_one_pin_are_refused(factory: MockFactory) -> None:
    with pytest.raises(PinConflictError) as exc:
        Lamps((17, 17), pin_factory=factory)
    assert str(exc.value) == "pin 17 is used twice: seat 1 lamp and seat 2 lamp"


def test_close_stops_a_blinking_lamp_and_is_safe_twice(factory: MockFactory, lamps: Lamps) -> None:
    lamps.set(1, "blink")
    lamps.close()
    lamps.close()
    lamps.set(1, "on")  # after close only the pattern is recorded
    assert lamps.state(1) == "on"
