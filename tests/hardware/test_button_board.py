"""Tests for hardware.buttons: edge timestamps, debounce, controls and validation."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory
from mockpins import Recorder, VirtualClock

from hardware.buttons import ButtonBoard
from hardware.errors import HardwareConfigError, HardwareError, PinConflictError

SEATS = (5, 6, 13, 19)
CONTROLS = {"yes": 22, "no": 23, "go": 24}


@pytest.fixture
def board(factory: MockFactory, recorder: Recorder) -> Iterator[ButtonBoard]:
    buttons = ButtonBoard(
        SEATS,
        CONTROLS,
        pin_factory=factory,
        on_seat=recorder.on_seat,
        on_control=recorder.on_control,
    )
    try:
        yield buttons
    finally:
        buttons.close()


def test_buttons_idle_high_on_their_pull_up(factory: MockFactory, board: ButtonBoard) -> None:
    for pin in (*SEATS, *CONTROLS.values()):
        assert factory.pin(pin).state == 1
        assert factory.pin(pin).pull == "up"


def test_a_press_reports_the_seat_and_the_edge_ticks(
    factory: MockFactory, clock: VirtualClock, board: ButtonBoard, recorder: Recorder
) -> None:
    clock.t = 12.5
    factory.pin(13).drive_low()
    clock.t = 12.9
    factory.pin(13).drive_high()
    assert recorder.seats == [(3, 12.5)]
    assert isinstance(recorder.seats[0][1], float)


def test_a_release_alone_reports_nothing(
    factory: MockFactory, clock: VirtualClock, board: ButtonBoard, recorder: Recorder
) -> None:
    factory.pin(5).drive_high()  # already high: no edge
    assert recorder.seats == []


def test_two_quick_presses_on_different_seats_keep_their_own_ticks(
    factory: MockFactory, clock: VirtualClock, board: ButtonBoard, recorder: Recorder
) -> None:
    clock.t = 50.0
    factory.pin(19).drive_low()
    clock.t = 50.003
    factory.pin(6).drive_low()
    assert recorder.seats == [(4, 50.0), (2, 50.003)]


def test_the_earliest_edge_wins_even_when_its_callback_arrives_last(
    factory: MockFactory, clock: VirtualClock, board: ButtonBoard, recorder: Recorder
) -> None:
    # As when lgpio delivers queued kernel events late: seat 2's callback runs first,
    # but seat 4's edge happened earlier, and its ticks say so.
    clock.t = 50.010
    factory.pin(6).drive_low()
    clock.t = 50.002
    factory.pin(19).drive_low()
    assert [seat for seat, _ in recorder.seats] == [2, 4]
    first_seat, first_at = min(recorder.seats, key=lambda event: event[1])
    assert (first_seat, first_at) == (4, 50.002)


def test_debounce_drops_a_bounce_within_the_window_and_keeps_a_press_after_it(
    factory: MockFactory, clock: VirtualClock, board: ButtonBoard, recorder: Recorder
) -> None:
    pin = factory.pin(5)
    for t, drive in [
        (10.00, pin.drive_low),  # press: accepted
        (10.01, pin.drive_high),  # bounce on release
        (10.02, pin.drive_low),  # within 0.05 s of the release: dropped
        (10.03, pin.drive_high),
        (10.20, pin.drive_low),  # a real second press: accepted
    ]:
        clock.t = t
        drive()
    assert recorder.seats == [(1, 10.0), (1, 10.2)]


def test_debounce_measures_from_the_last_release_too(
    factory: MockFactory, clock: VirtualClock, board: ButtonBoard, recorder: Recorder
) -> None:
    pin = factory.pin(5)
    for t, drive in [(10.0, pin.drive_low), (10.2, pin.drive_high), (10.23, pin.drive_low)]:
        clock.t = t
        drive()
    assert recorder.seats == [(1, 10.0)]


def test_debounce_is_kept_per_button(
    factory: MockFactory, clock: VirtualClock, board: ButtonBoard, recorder: Recorder
) -> None:
    clock.t = 10.0
    factory.pin(5).drive_low()
    clock.t = 10.01
    factory.pin(6).drive_low()
    assert recorder.seats == [(1, 10.0), (2, 10.01)]


def test_a_zero_debounce_keeps_every_press(
    factory: MockFactory, clock: VirtualClock, recorder: Recorder
) -> None:
    board = ButtonBoard(
        (5,),
        {},
        pin_factory=factory,
        on_seat=recorder.on_seat,
        on_control=recorder.on_control,
        debounce=0.0,
    )
    try:
        pin = factory.pin(5)
        for t, drive in [
            (1.0, pin.drive_low),
            (1.001, pin.drive_high),
            (1.002, pin.drive_low),
            (1.003, pin.drive_high),
        ]:
            clock.t = t
            drive()
        assert recorder.seats == [(1, 1.0), (1, 1.002)]
    finally:
        board.close()


def test_control_buttons_report_their_names(
    factory: MockFactory, clock: VirtualClock, board: ButtonBoard, recorder: Recorder
) -> None:
    for t, name in [(1.0, "yes"), (2.0, "no"), (3.0, "go")]:
        clock.t = t
        factory.pin(CONTROLS[name]).drive_low()
        factory.pin(CONTROLS[name]).drive_high()
    assert recorder.controls == [("yes", 1.0), ("no", 2.0), ("go", 3.0)]
    assert recorder.seats == []


def test_callbacks_keep_firing_after_the_caller_drops_its_references(
    factory: MockFactory, clock: VirtualClock
) -> None:
    seen: list[int | str] = []
    board = ButtonBoard(
        (5,),
        {"go": 24},
        pin_factory=factory,
        on_seat=lambda seat, at: seen.append(seat),
        on_control=lambda name, at: seen.append(name),
    )
    try:
        gc.collect()
        factory.pin(5).drive_low()
        factory.pin(24).drive_low()
        assert seen == [1, "go"]
    finally:
        board.close()


def test_seat_and_control_pins_are_looked_up_by_seat_and_name(board: ButtonBoard) -> None:
    assert board.seats == 4
    assert board.controls == ("yes", "no", "go")
    assert board.seat_pin(1) == 5
    assert board.control_pin("go") == 24


def test_an_unknown_seat_is_refused(board: ButtonBoard) -> None:
    with pytest.raises(HardwareConfigError) as exc:
        board.seat_pin(5)
    assert str(exc.value) == "unknown seat: 5 (seat buttons are 1..4)"


def test_a_pin_used_twice_is_refused_naming_the_pin_and_both_uses(
    factory: MockFactory, recorder: Recorder
) -> None:
    with pytest.raises(PinConflictError) as exc:
        ButtonBoard(
            (5, 17),
            {"go": 17},
            pin_factory=factory,
            on_seat=recorder.on_seat,
            on_control=recorder.on_control,
        )
    assert str(exc.value) == "pin 17 is used twice: seat 2 button and control 'go'"
    assert isinstance(exc.value, HardwareError)
    assert isinstance(exc.value, ValueError)


def test_an_unknown_control_name_is_refused_with_a_suggestion(
    factory: MockFactory, recorder: Recorder
) -> None:
    with pytest.raises(HardwareConfigError) as exc:
        ButtonBoard(
            (5,),
            {"yess": 22},
            pin_factory=factory,
            on_seat=recorder.on_seat,
            on_control=recorder.on_control,
        )
    assert str(exc.value) == "unknown control button: 'yess' (did you mean 'yes'?)"


def test_a_pin_gpiozero_cannot_open_is_a_hardware_error_and_frees_the_others(
    factory: MockFactory, recorder: Recorder
) -> None:
    with pytest.raises(HardwareError, match=r"^cannot open seat 2 button on pin 99: "):
        ButtonBoard(
            (5, 99),
            {},
            pin_factory=factory,
            on_seat=recorder.on_seat,
            on_control=recorder.on_control,
        )
    reopened = ButtonBoard(
        (5,), {}, pin_factory=factory, on_seat=recorder.on_seat, on_control=recorder.on_control
    )
    reopened.close()


def test_close_releases_every_pin_so_they_can_be_reopened(
    factory: MockFactory, recorder: Recorder, board: ButtonBoard
) -> None:
    board.close()
    board.close()  # twice is fine
    again = ButtonBoard(
        SEATS,
        CONTROLS,
        pin_factory=factory,
        on_seat=recorder.on_seat,
        on_control=recorder.on_control,
    )
    again.close()
