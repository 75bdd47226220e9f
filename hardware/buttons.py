"""Seat and control buttons that report debounced presses with their edge timestamps.

The callbacks run on gpiozero's threads (lgpio's alert thread on a Pi, the caller's thread
for mock pins). They must only timestamp and enqueue: never call game code, TTS or audio.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from gpiozero import DigitalInputDevice
from gpiozero.exc import GPIOZeroError

from hardware._util import check_unique_pins, did_you_mean
from hardware.errors import HardwareConfigError, HardwareError

__all__ = ["CONTROL_NAMES", "ButtonBoard", "ControlCallback", "SeatCallback"]

CONTROL_NAMES: tuple[str, ...] = ("yes", "no", "go")
"""The control buttons the device knows, in display order."""

SeatCallback = Callable[[int, float], None]
"""Called as ``on_seat(seat, at)``: 1-based seat number and edge time in seconds."""

ControlCallback = Callable[[str, float], None]
"""Called as ``on_control(name, at)``: control name and edge time in seconds."""


class _EdgeButton(DigitalInputDevice):  # type: ignore[misc]  # gpiozero ships no type hints
    """A pull-up button that reports each accepted press with the ticks of its edge.

    This is gpiozero's ``Button`` minus its ``HoldMixin``: every ``Button`` runs a hold
    thread that wakes 10 times a second (0.6 % CPU for 15 idle buttons) and takes up to
    0.1 s to stop on ``close()``. We use no hold events, so we keep neither cost.
    """

    def __init__(
        self,
        pin: int,
        *,
        pin_factory: Any,
        on_press: Callable[[float], None],
        debounce: float,
    ) -> None:
        # Set before super().__init__: it calls _fire_events while constructing, and
        # gpiozero refuses new attributes once construction is over.
        self._on_press = on_press  # a strong reference: gpiozero itself holds weak ones
        self._debounce = debounce
        self._last_press: Any = None
        self._last_release: Any = None
        self._edge_lock = threading.Lock()
        super().__init__(pin, pull_up=True, pin_factory=pin_factory)

    def _fire_events(self, ticks: Any, new_active: bool) -> None:
        # gpiozero hands us the factory's ticks at the edge (the kernel's timestamp with
        # lgpio), which is what "who pressed first" must be decided on, not arrival order.
        was_active = getattr(self, "_last_active", None)
        super()._fire_events(ticks, new_active)
        if was_active is None or bool(was_active) == bool(new_active):
            return  # the initial state, or no edge
        with self._edge_lock:
            if not new_active:
                self._last_release = ticks
                return
            if self._bounced(ticks):
                return
            self._last_press = ticks
        # gpiozero's factories (mock, lgpio, rpigpio) all give ticks in seconds.
        self._on_press(float(ticks))

    def _bounced(self, ticks: Any) -> bool:
        # Our own debounce: bounce_time does nothing on mock pins, and tests must see it.
        factory = self.pin_factory
        for earlier in (self._last_press, self._last_release):
            if earlier is not None and factory.ticks_diff(ticks, earlier) < self._debounce:
                return True
        return False


class ButtonBoard:
    """The ring of numbered seat buttons plus the yes/no/go control buttons.

    Each button is a gpiozero digital input with the pull-up on (as ``Button`` has),
    active when the pin is driven low. A press is reported with the pin factory's ticks
    at the edge, converted to float seconds. A press within ``debounce`` seconds of the
    previous accepted press or of the last release of the same button is dropped as
    contact bounce.

    Args:
        seat_pins: GPIO pin of each seat button; ``seat_pins[0]`` is seat 1.
        control_pins: GPIO pin of each control button, keyed by ``"yes"``, ``"no"``,
            ``"go"``. A control may be left out.
        pin_factory: The gpiozero pin factory to open the buttons with.
        on_seat: Called as ``on_seat(seat, at)`` on a gpiozero thread. Must only
            timestamp and enqueue.
        on_control: Called as ``on_control(name, at)`` on a gpiozero thread. Must only
            timestamp and enqueue.
        debounce: Bounce window in seconds.

    Raises:
        HardwareConfigError: for an unknown control name or a bad debounce.
        PinConflictError: if two buttons share a pin.
        HardwareError: if gpiozero cannot open a pin.
    """

    def __init__(
        self,
        seat_pins: Sequence[int],
        control_pins: Mapping[str, int],
        *,
        pin_factory: Any,
        on_seat: SeatCallback,
        on_control: ControlCallback,
        debounce: float = 0.05,
    ) -> None:
        if not (math.isfinite(debounce) and debounce >= 0):
            raise HardwareConfigError(f"debounce must be 0 or more seconds: {debounce!r}")
        for name in control_pins:
            if name not in CONTROL_NAMES:
                raise HardwareConfigError(
                    f"unknown control button: {name!r}" + did_you_mean(name, CONTROL_NAMES)
                )
        self._seat_pins = tuple(seat_pins)
        self._control_pins = dict(control_pins)
        check_unique_pins(
            [(f"seat {seat} button", pin) for seat, pin in enumerate(self._seat_pins, 1)]
            + [(f"control {name!r}", pin) for name, pin in self._control_pins.items()]
        )
        self._factory = pin_factory
        self._debounce = debounce
        self._buttons: list[_EdgeButton] = []
        try:
            for seat, pin in enumerate(self._seat_pins, 1):
                self._open(f"seat {seat} button", pin, partial(on_seat, seat))
            for name, pin in self._control_pins.items():
                self._open(f"control {name!r}", pin, partial(on_control, name))
        except BaseException:
            self.close()
            raise

    def _open(self, use: str, pin: int, on_press: Callable[[float], None]) -> None:
        try:
            button = _EdgeButton(
                pin, pin_factory=self._factory, on_press=on_press, debounce=self._debounce
            )
        except GPIOZeroError as exc:
            raise HardwareError(f"cannot open {use} on pin {pin!r}: {exc}") from exc
        self._buttons.append(button)

    @property
    def seats(self) -> int:
        """The number of seat buttons."""
        return len(self._seat_pins)

    @property
    def controls(self) -> tuple[str, ...]:
        """The names of the control buttons present, in display order."""
        return tuple(name for name in CONTROL_NAMES if name in self._control_pins)

    def seat_pin(self, seat: int) -> int:
        """Return the GPIO pin of a seat's button.

        Raises:
            HardwareConfigError: if there is no such seat.
        """
        if not (isinstance(seat, int) and 1 <= seat <= len(self._seat_pins)):
            raise HardwareConfigError(
                f"unknown seat: {seat!r} (seat buttons are 1..{len(self._seat_pins)})"
            )
        return self._seat_pins[seat - 1]

    def control_pin(self, name: str) -> int:
        """Return the GPIO pin of a control button.

        Raises:
            HardwareConfigError: if there is no such control button.
        """
        try:
            return self._control_pins[name]
        except KeyError:
            raise HardwareConfigError(
                f"unknown control button: {name!r}" + did_you_mean(name, self.controls)
            ) from None

    def close(self) -> None:
        """Close every button, last opened first. Safe to call twice."""
        while self._buttons:
            self._buttons.pop().close()
