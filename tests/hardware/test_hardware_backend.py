"""Tests for hardware.backend: the pin map, make_hardware and the Hardware bundle."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory
from mockpins import Recorder, VirtualClock

from hardware import backend
from hardware.backend import Hardware, PinMap, make_hardware
from hardware.buttons import ButtonBoard
from hardware.buzzer import Buzzer
from hardware.errors import HardwareConfigError, HardwareError, NoGpioError, PinConflictError
from hardware.lamps import Lamps

PINS = PinMap(
    seat_buttons=(5, 6, 13),
    seat_lamps=(17, 27),
    controls={"yes": 22, "no": 23, "go": 24},
    buzzer=18,
)


@pytest.fixture
def hardware(recorder: Recorder) -> Iterator[Hardware]:
    hw = make_hardware("mock", PINS, on_seat=recorder.on_seat, on_control=recorder.on_control)
    try:
        yield hw
    finally:
        hw.close()


def test_press_seat_goes_through_the_real_pin_path(
    hardware: Hardware, clock: VirtualClock, recorder: Recorder
) -> None:
    clock.t = 3.0
    hardware.press_seat(2)
    clock.t = 4.0
    hardware.press_seat(3)
    assert recorder.seats == [(2, 3.0), (3, 4.0)]
    assert [s.state for s in hardware.factory.pin(6).states][-2:] == [False, True]


def test_press_control_reports_the_control(
    hardware: Hardware, clock: VirtualClock, recorder: Recorder
) -> None:
    clock.t = 9.5
    hardware.press_control("go")
    assert recorder.controls == [("go", 9.5)]


def test_the_bundle_holds_every_device(hardware: Hardware) -> None:
    assert hardware.kind == "mock"
    assert hardware.buttons.seats == 3
    assert hardware.lamps.seats == 3  # seat 3 has no lamp pin, but a lamp entry
    assert isinstance(hardware.buzzer, Buzzer)
    hardware.lamps.set(1, "on")
    hardware.lamps.set(3, "on")
    assert hardware.factory.pin(17).state == 1.0


def test_absent_lamps_and_buzzer_are_skipped(recorder: Recorder) -> None:
    with make_hardware(
        "mock",
        PinMap(seat_buttons=(5, 6)),
        on_seat=recorder.on_seat,
        on_control=recorder.on_control,
    ) as hw:
        assert hw.buzzer is None
        hw.lamps.set(2, "blink")
        assert hw.lamps.state(2) == "blink"
        assert hw.buttons.controls == ()


def test_press_helpers_work_only_on_the_mock_backend(
    factory: MockFactory, recorder: Recorder
) -> None:
    board = ButtonBoard(
        (5,), {}, pin_factory=factory, on_seat=recorder.on_seat, on_control=recorder.on_control
    )
    hw = Hardware(
        kind="pi",
        pins=PinMap(seat_buttons=(5,)),
        factory=factory,
        buttons=board,
        lamps=Lamps((), pin_factory=factory),
        buzzer=None,
        closer=ExitStack(),
    )
    try:
        with pytest.raises(HardwareError) as exc:
            hw.press_seat(1)
        assert str(exc.value) == "press_seat needs the mock backend, not 'pi'"
        with pytest.raises(HardwareError):
            hw.press_control("go")
        assert recorder.seats == []
    finally:
        board.close()


@pytest.mark.skipif(importlib.util.find_spec("lgpio") is not None, reason="lgpio is installed")
def test_the_pi_backend_off_a_pi_raises_with_a_hint(recorder: Recorder) -> None:
    with pytest.raises(NoGpioError) as exc:
        make_hardware("pi", PINS, on_seat=recorder.on_seat, on_control=recorder.on_control)
    assert str(exc.value) == (
        "cannot open hardware backend 'pi' (No module named 'lgpio'); "
        'no GPIO here: run with --hardware mock or set hardware.backend = "mock"'
    )
    assert isinstance(exc.value, HardwareError)


def test_an_unknown_backend_is_refused_with_a_suggestion(recorder: Recorder) -> None:
    with pytest.raises(HardwareConfigError) as exc:
        make_hardware("moc", PINS, on_seat=recorder.on_seat, on_control=recorder.on_control)
    assert str(exc.value) == "unknown hardware backend: 'moc' (did you mean 'mock'?)"


def test_a_pin_shared_by_a_lamp_and_the_buzzer_is_refused(recorder: Recorder) -> None:
    pins = PinMap(seat_buttons=(5,), seat_lamps=(18,), buzzer=18)
    with pytest.raises(PinConflictError) as exc:
        make_hardware("mock", pins, on_seat=recorder.on_seat, on_control=recorder.on_control)
    assert str(exc.value) == "pin 18 is used twice: seat 1 lamp and buzzer"


def test_more_lamps_than_seat_buttons_is_refused() -> None:
    with pytest.raises(HardwareConfigError) as exc:
        PinMap(seat_buttons=(5,), seat_lamps=(17, 27)).check()
    assert str(exc.value) == "more seat lamps than seat buttons: 2 lamps for 1 seats"


@pytest.fixture
def close_log(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    log: list[str] = []
    parts: list[tuple[str, type[ButtonBoard | Lamps | Buzzer]]] = [
        ("buttons", ButtonBoard),
        ("lamps", Lamps),
        ("buzzer", Buzzer),
    ]
    for name, cls in parts:
        original = cls.close

        def spy(self: Any, _original: Callable[[Any], None] = original, _name: str = name) -> None:
            log.append(_name)
            _original(self)

        monkeypatch.setattr(cls, "close", spy)
    return log


def test_close_goes_in_reverse_order_of_opening(recorder: Recorder, close_log: list[str]) -> None:
    hw = make_hardware("mock", PINS, on_seat=recorder.on_seat, on_control=recorder.on_control)
    hw.close()
    assert close_log == ["buzzer", "lamps", "buttons"]


def test_a_device_that_fails_to_open_closes_the_ones_before_it(
    recorder: Recorder, close_log: list[str]
) -> None:
    pins = PinMap(seat_buttons=(5,), seat_lamps=(17,), buzzer=99)
    with pytest.raises(HardwareError, match=r"^cannot open buzzer on pin 99: "):
        make_hardware("mock", pins, on_seat=recorder.on_seat, on_control=recorder.on_control)
    assert close_log == ["lamps", "buttons"]


def test_the_no_gpio_hint_names_both_ways_out() -> None:
    assert "--hardware mock" in backend.NO_GPIO_HINT
    assert 'hardware.backend = "mock"' in backend.NO_GPIO_HINT
