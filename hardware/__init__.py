"""Hardware layer: seat buttons, lamps and buzzer behind small classes, with mock backends.

Turns the physical world into callbacks (``on_seat(seat, at)``, ``on_control(name, at)``)
and carries out output commands. Imports only the standard library, gpiozero and pyserial,
never ``games``, ``narration`` or ``device``.
"""

from __future__ import annotations

from hardware.backend import BACKENDS, Hardware, PinMap, make_hardware
from hardware.buttons import CONTROL_NAMES, ButtonBoard
from hardware.buzzer import Buzzer
from hardware.errors import HardwareConfigError, HardwareError, NoGpioError, PinConflictError
from hardware.lamps import PATTERNS, Lamps

__all__ = [
    "BACKENDS",
    "CONTROL_NAMES",
    "PATTERNS",
    "ButtonBoard",
    "Buzzer",
    "Hardware",
    "HardwareConfigError",
    "HardwareError",
    "Lamps",
    "NoGpioError",
    "PinConflictError",
    "PinMap",
    "make_hardware",
]
