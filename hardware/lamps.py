"""Seat lamps: one PWM LED per seat button, set to a named pattern."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gpiozero import PWMLED
from gpiozero.exc import GPIOZeroError

from hardware._util import check_unique_pins, did_you_mean
from hardware.errors import HardwareConfigError, HardwareError

__all__ = ["PATTERNS", "Lamps"]

PATTERNS: tuple[str, ...] = ("off", "on", "blink", "pulse")
"""The lamp patterns a seat can show."""


class Lamps:
    """The seat lamps, addressed by 1-based seat number.

    ``blink`` and ``pulse`` run on gpiozero's background threads, so :meth:`set` never
    blocks. A seat whose pin is ``None`` has no lamp: setting it only records the pattern.

    Args:
        lamp_pins: GPIO pin of each seat's lamp (``lamp_pins[0]`` is seat 1), or ``None``
            for a seat without a lamp.
        pin_factory: The gpiozero pin factory to open the lamps with. It must give PWM
            pins (``MockFactory(pin_class=MockPWMPin)`` in tests).
        blink_time: Seconds on, then seconds off, for ``blink``.
        pulse_time: Seconds to fade in, then seconds to fade out, for ``pulse``.

    Raises:
        PinConflictError: if two lamps share a pin.
        HardwareError: if gpiozero cannot open a pin.
    """

    def __init__(
        self,
        lamp_pins: Sequence[int | None],
        *,
        pin_factory: Any,
        blink_time: float = 0.5,
        pulse_time: float = 1.0,
    ) -> None:
        pins = tuple(lamp_pins)
        check_unique_pins(
            (f"seat {seat} lamp", pin) for seat, pin in enumerate(pins, 1) if pin is not None
        )
        self._blink_time = blink_time
        self._pulse_time = pulse_time
        self._states = ["off"] * len(pins)
        self._leds: list[Any] = []  # PWMLED or None, index = seat - 1
        try:
            for seat, pin in enumerate(pins, 1):
                self._leds.append(None if pin is None else self._open(seat, pin, pin_factory))
        except BaseException:
            self.close()
            raise

    @staticmethod
    def _open(seat: int, pin: int, pin_factory: Any) -> Any:
        try:
            return PWMLED(pin, pin_factory=pin_factory)
        except GPIOZeroError as exc:
            raise HardwareError(f"cannot open seat {seat} lamp on pin {pin!r}: {exc}") from exc

    @property
    def seats(self) -> int:
        """The number of seats, with or without a lamp."""
        return len(self._states)

    def set(self, seat: int, pattern: str) -> None:
        """Show a pattern on a seat's lamp.

        Args:
            seat: 1-based seat number.
            pattern: One of ``"off"``, ``"on"``, ``"blink"``, ``"pulse"``.

        Raises:
            HardwareConfigError: for an unknown seat or pattern.
        """
        if pattern not in PATTERNS:
            raise HardwareConfigError(
                f"unknown lamp pattern: {pattern!r}" + did_you_mean(pattern, PATTERNS)
            )
        index = self._index(seat)
        led = self._leds[index]
        if led is not None:
            if pattern == "off":
                led.off()
            elif pattern == "on":
                led.on()
            elif pattern == "blink":
                led.blink(self._blink_time, self._blink_time, background=True)
            else:
                led.pulse(self._pulse_time, self._pulse_time, background=True)
        self._states[index] = pattern

    def state(self, seat: int) -> str:
        """Return the pattern last set on a seat (``"off"`` at first).

        Raises:
            HardwareConfigError: for an unknown seat.
        """
        return self._states[self._index(seat)]

    def all_off(self) -> None:
        """Turn every lamp off."""
        for seat in range(1, self.seats + 1):
            self.set(seat, "off")

    def close(self) -> None:
        """Close every lamp, stopping any blink or pulse thread. Safe to call twice.

        After closing, :meth:`set` only records the pattern.
        """
        for index in reversed(range(len(self._leds))):
            led, self._leds[index] = self._leds[index], None
            if led is not None:
                led.close()

    def _index(self, seat: int) -> int:
        if not (isinstance(seat, int) and 1 <= seat <= len(self._states)):
            raise HardwareConfigError(f"unknown seat: {seat!r} (lamps are seats 1..{self.seats})")
        return seat - 1
