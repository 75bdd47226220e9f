"""Choose a GPIO backend by name and open every device on it, as one bundle."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from hardware._util import check_unique_pins, did_you_mean
from hardware.buttons import ButtonBoard, ControlCallback, SeatCallback
from hardware.buzzer import Buzzer
from hardware.errors import HardwareConfigError, HardwareError, NoGpioError
from hardware.lamps import Lamps
from hardware.lgpio_dir import lgpio_working_dir
from hardware.mock import mock_factory, press

__all__ = ["BACKENDS", "Hardware", "PinMap", "make_hardware"]

BACKENDS: tuple[str, ...] = ("pi", "mock")
"""The backend names :func:`make_hardware` accepts."""

NO_GPIO_HINT = 'no GPIO here: run with --hardware mock or set hardware.backend = "mock"'

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class PinMap:
    """Which GPIO pin does what (BCM numbers)."""

    seat_buttons: tuple[int, ...]
    """Pin of each seat button; index 0 is seat 1."""
    seat_lamps: tuple[int | None, ...] = ()
    """Pin of each seat's lamp, index 0 is seat 1; ``None`` or missing means no lamp."""
    controls: Mapping[str, int] = field(default_factory=dict)
    """Pin of each control button, keyed by ``"yes"``, ``"no"``, ``"go"``."""
    buzzer: int | None = None
    """Pin of the piezo buzzer (PWM), or ``None`` for no buzzer."""

    def check(self) -> None:
        """Check the map as a whole.

        Raises:
            HardwareConfigError: if there are more lamps than seat buttons.
            PinConflictError: if two uses share a pin.
        """
        if len(self.seat_lamps) > len(self.seat_buttons):
            raise HardwareConfigError(
                f"more seat lamps than seat buttons: {len(self.seat_lamps)!r} lamps "
                f"for {len(self.seat_buttons)!r} seats"
            )
        uses = [(f"seat {n} button", pin) for n, pin in enumerate(self.seat_buttons, 1)]
        uses += [(f"seat {n} lamp", p) for n, p in enumerate(self.seat_lamps, 1) if p is not None]
        uses += [(f"control {name!r}", pin) for name, pin in self.controls.items()]
        if self.buzzer is not None:
            uses.append(("buzzer", self.buzzer))
        check_unique_pins(uses)


class Hardware:
    """The open devices of one backend. Close it (or use it in ``with``) when done.

    Attributes:
        kind: The backend name, ``"pi"`` or ``"mock"``.
        pins: The pin map the devices were opened with.
        factory: The gpiozero pin factory the devices use.
        buttons: The seat and control buttons.
        lamps: One lamp per seat button; seats without a lamp pin only record patterns.
        buzzer: The buzzer, or ``None`` when no buzzer pin is set.
    """

    def __init__(
        self,
        *,
        kind: str,
        pins: PinMap,
        factory: Any,
        buttons: ButtonBoard,
        lamps: Lamps,
        buzzer: Buzzer | None,
        closer: ExitStack,
    ) -> None:
        self.kind = kind
        self.pins = pins
        self.factory = factory
        self.buttons = buttons
        self.lamps = lamps
        self.buzzer = buzzer
        self._closer = closer

    def press_seat(self, seat: int) -> None:
        """Press and release a seat button through its mock pin (mock backend only).

        Raises:
            HardwareError: on a backend other than ``"mock"``.
            HardwareConfigError: for an unknown seat.
        """
        self._check_mock("press_seat")
        press(self.factory, self.buttons.seat_pin(seat))

    def press_control(self, name: str) -> None:
        """Press and release a control button through its mock pin (mock backend only).

        Raises:
            HardwareError: on a backend other than ``"mock"``.
            HardwareConfigError: for an unknown or absent control button.
        """
        self._check_mock("press_control")
        press(self.factory, self.buttons.control_pin(name))

    def close(self) -> None:
        """Close every device in reverse order of opening, then the pin factory."""
        self._closer.close()

    def __enter__(self) -> Hardware:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _check_mock(self, what: str) -> None:
        if self.kind != "mock":
            raise HardwareError(f"{what} needs the mock backend, not {self.kind!r}")


def make_hardware(
    kind: str,
    pins: PinMap,
    *,
    on_seat: SeatCallback,
    on_control: ControlCallback,
    debounce: float = 0.05,
) -> Hardware:
    """Open the buttons, lamps and buzzer of a pin map on the named backend.

    Args:
        kind: ``"mock"`` (gpiozero's mock pins, any machine) or ``"pi"`` (lgpio).
        pins: Which pin does what.
        on_seat: Called as ``on_seat(seat, at)`` on a gpiozero thread; must only
            timestamp and enqueue.
        on_control: Called as ``on_control(name, at)`` on a gpiozero thread; must only
            timestamp and enqueue.
        debounce: Button bounce window in seconds.

    Returns:
        The open devices. Close them with :meth:`Hardware.close`.

    Raises:
        HardwareConfigError: for an unknown backend or a bad pin map.
        NoGpioError: for ``"pi"`` where lgpio or the GPIO chip is missing.
        HardwareError: if a device cannot be opened.
    """
    if kind not in BACKENDS:
        raise HardwareConfigError(
            f"unknown hardware backend: {kind!r}" + did_you_mean(kind, BACKENDS)
        )
    pins.check()
    factory = mock_factory() if kind == "mock" else _pi_factory()
    stack = ExitStack()  # closes in reverse order of opening, even if one close fails
    stack.callback(factory.close)
    try:
        buttons = ButtonBoard(
            pins.seat_buttons,
            pins.controls,
            pin_factory=factory,
            on_seat=on_seat,
            on_control=on_control,
            debounce=debounce,
        )
        stack.callback(buttons.close)
        # Pad so every seat button has a lamp entry: the device layer need not know
        # which seats have lamps.
        lamp_pins = pins.seat_lamps + (None,) * (len(pins.seat_buttons) - len(pins.seat_lamps))
        lamps = Lamps(lamp_pins, pin_factory=factory)
        stack.callback(lamps.close)
        buzzer = None
        if pins.buzzer is not None:
            buzzer = Buzzer(pins.buzzer, pin_factory=factory)
            stack.callback(buzzer.close)
    except BaseException:
        stack.close()  # release what was opened before the failure
        raise
    return Hardware(
        kind=kind,
        pins=pins,
        factory=factory,
        buttons=buttons,
        lamps=lamps,
        buzzer=buzzer,
        closer=stack,
    )


def pin_factory_override(environ: Mapping[str, str]) -> str | None:
    """The pin factory ``GPIOZERO_PIN_FACTORY`` names when it is not lgpio, which the pi backend
    uses whatever it says: the only library that drives a Pi 5's pins (RPi.GPIO and pigpio do
    not work there) and the one the unit's device list (``/dev/gpiochip*``) allows."""
    named = environ.get("GPIOZERO_PIN_FACTORY", "").strip()
    return named if named and named.lower() != "lgpio" else None


def _pi_factory() -> Any:
    if (named := pin_factory_override(os.environ)) is not None:  # a maker's override, not lost
        logger.warning(
            "GPIOZERO_PIN_FACTORY=%s is ignored: the pi backend always uses lgpio", named
        )
    # Imported lazily: lgpio exists only on a Pi, and `import hardware` must work anywhere.
    try:
        with lgpio_working_dir():
            from gpiozero.pins.lgpio import LGPIOFactory

            return LGPIOFactory()
    except Exception as exc:  # ImportError off a Pi; lgpio.error or OSError without a chip
        raise NoGpioError(f"cannot open hardware backend 'pi' ({exc}); {NO_GPIO_HINT}") from exc
