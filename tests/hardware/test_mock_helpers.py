"""Tests for hardware.mock: the PWM mock factory, press() and the virtual clock."""

from __future__ import annotations

import time

import gpiozero.pins.mock as gpiozero_mock
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from mockpins import Recorder, VirtualClock

from hardware.buttons import ButtonBoard
from hardware.mock import mock_factory, press, virtual_ticks


def test_the_mock_factory_gives_pwm_pins(factory: MockFactory) -> None:
    assert isinstance(factory.pin(18), MockPWMPin)


def test_virtual_ticks_drive_both_edge_ticks_and_factory_ticks(
    factory: MockFactory, recorder: Recorder
) -> None:
    board = ButtonBoard(
        (5,), {}, pin_factory=factory, on_seat=recorder.on_seat, on_control=recorder.on_control
    )
    try:
        with virtual_ticks(lambda: 42.25):
            assert factory.ticks() == 42.25
            factory.pin(5).drive_low()
        assert recorder.seats == [(1, 42.25)]
    finally:
        board.close()


def test_virtual_ticks_restore_the_real_clock_even_after_an_error() -> None:
    with pytest.raises(RuntimeError), virtual_ticks(lambda: 1.0):
        assert mock_factory().ticks() == 1.0
        raise RuntimeError("boom")
    assert gpiozero_mock.monotonic is time.monotonic


def test_press_drives_the_pin_low_then_high(
    factory: MockFactory, clock: VirtualClock, recorder: Recorder
) -> None:
    board = ButtonBoard(
        (5,), {}, pin_factory=factory, on_seat=recorder.on_seat, on_control=recorder.on_control
    )
    try:
        clock.t = 7.0
        press(factory, 5)
        assert [s.state for s in factory.pin(5).states][-2:] == [False, True]
        assert recorder.seats == [(1, 7.0)]
    finally:
        board.close()
