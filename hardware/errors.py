"""Errors raised by the hardware layer.

Every message is lowercase and repeats the bad input with ``!r``, so a log line or a
``mothership: error: ...`` line says exactly what was wrong.
"""

from __future__ import annotations

__all__ = ["HardwareConfigError", "HardwareError", "NoGpioError", "PinConflictError"]


class HardwareError(RuntimeError):
    """A hardware device could not be set up or driven."""


class HardwareConfigError(HardwareError, ValueError):
    """A pin map, seat number, control name, lamp pattern or note is invalid."""


class PinConflictError(HardwareConfigError):
    """One GPIO pin is assigned to two uses."""


class NoGpioError(HardwareError):
    """The requested GPIO backend is not available on this machine."""
