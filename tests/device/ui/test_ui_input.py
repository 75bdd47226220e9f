"""Touches, keys and wake-ups become UiInputs; labels find their controls."""

from __future__ import annotations

import threading
import time
from typing import Any

import pygame
import pytest

from device.clock import VirtualClock
from device.ui import TouchUI, UiError, UiInput
from games.events import Tap

START_NIGHT = (610, 424)  # the middle of the setup screen's "Start night" button


def _post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def _key(key: int) -> None:
    _post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def test_a_click_on_start_night_gives_the_start_action(ui: TouchUI, views: dict[str, Any]) -> None:
    ui.show(views["setup"])
    _post(pygame.MOUSEBUTTONDOWN, pos=START_NIGHT, button=1)
    assert ui.poll() == [UiInput("touch", Tap.START)]


def test_a_click_beside_every_control_gives_nothing(ui: TouchUI, views: dict[str, Any]) -> None:
    ui.show(views["setup"])
    _post(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
    _post(pygame.MOUSEBUTTONDOWN, pos=START_NIGHT, button=4)  # a wheel step is no press
    assert ui.poll() == []


def test_one_tap_sending_finger_and_mouse_events_gives_one_input(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    ui.show(views["setup"])
    x, y = START_NIGHT
    _post(
        pygame.FINGERDOWN,
        touch_id=1,
        finger_id=0,
        x=x / 800,
        y=y / 480,
        dx=0.0,
        dy=0.0,
        pressure=1.0,
    )
    _post(pygame.MOUSEBUTTONDOWN, pos=START_NIGHT, button=1, touch=True)
    _post(
        pygame.FINGERUP, touch_id=1, finger_id=0, x=x / 800, y=y / 480, dx=0.0, dy=0.0, pressure=0.0
    )
    _post(pygame.MOUSEBUTTONUP, pos=START_NIGHT, button=1, touch=True)
    assert ui.poll() == [UiInput("touch", Tap.START)]


def test_digit_keys_are_seats_and_zero_is_seat_ten(ui: TouchUI) -> None:
    for digit in "1234567890":
        _key(getattr(pygame, f"K_{digit}"))
    assert ui.poll() == [UiInput("seat", n) for n in range(1, 11)]


def test_y_n_and_space_are_the_control_buttons(ui: TouchUI) -> None:
    for key in (pygame.K_y, pygame.K_n, pygame.K_SPACE, pygame.K_x):
        _key(key)
    assert ui.poll() == [
        UiInput("control", "yes"),
        UiInput("control", "no"),
        UiInput("control", "go"),
    ]


def test_closing_the_window_or_escape_is_quit(ui: TouchUI) -> None:
    _post(pygame.QUIT)
    _key(pygame.K_ESCAPE)
    assert [i.kind for i in ui.poll()] == ["quit", "quit"]


def test_day_controls_follow_the_pause_state(ui: TouchUI, views: dict[str, Any]) -> None:
    ui.show(views["day"])
    assert ui.controls() == [("Pause", "pause"), ("+1 min", "extend"), ("Vote now", "vote")]


def test_action_for_label_ignores_case(ui: TouchUI, views: dict[str, Any]) -> None:
    ui.show(views["setup"])
    assert ui.action_for_label("start NIGHT") is Tap.START


def test_action_for_label_lists_the_labels_and_suggests_one(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    ui.show(views["day"])
    with pytest.raises(UiError) as caught:
        ui.action_for_label("Vote nwo")
    assert str(caught.value) == (
        "no control labelled 'Vote nwo' on the day screen; "
        "controls: 'Pause', '+1 min', 'Vote now' (did you mean 'Vote now'?)"
    )


def test_action_for_label_on_the_night_screen_says_there_are_no_controls(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    ui.show(views["night"])
    with pytest.raises(UiError) as caught:
        ui.action_for_label("OK")
    assert str(caught.value) == (
        "no control labelled 'OK': there are no controls on the night screen"
    )


def test_wait_returns_nothing_on_timeout(ui: TouchUI) -> None:
    started = time.monotonic()
    assert ui.wait(0.05) == []
    assert time.monotonic() - started >= 0.03  # it waited (a loaded machine may wait longer)


def test_wait_returns_input_that_is_already_queued(ui: TouchUI) -> None:
    _key(pygame.K_3)
    assert ui.wait(5.0) == [UiInput("seat", 3)]


def test_wake_from_another_thread_ends_wait_early(ui: TouchUI) -> None:
    waker = threading.Timer(0.1, ui.wake)
    started = time.monotonic()
    waker.start()
    try:
        assert ui.wait(600.0) == []
    finally:
        waker.cancel()
    assert time.monotonic() - started < 300.0  # woken, long before its timeout


def test_on_a_virtual_clock_a_wait_jumps_to_its_end_without_sleeping() -> None:
    clock = VirtualClock(100.0)
    ui = TouchUI(clock=clock)
    ui.open()
    try:
        started = time.monotonic()
        assert ui.wait(3600.0) == []
        assert clock.now() == 3700.0
        assert time.monotonic() - started < 300.0  # it did not sleep its hour
        _key(pygame.K_3)  # input already queued: no time passes
        assert ui.wait(30.0) == [UiInput("seat", 3)]
        ui.wake()  # as a hardware thread does after queueing a press
        assert ui.wait(30.0) == []
        assert clock.now() == 3700.0
    finally:
        ui.close()


def test_wake_before_open_or_after_close_does_nothing() -> None:
    closed = TouchUI()
    closed.wake()
    closed.open()
    closed.close()
    closed.wake()
