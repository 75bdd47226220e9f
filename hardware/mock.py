"""Helpers around gpiozero's own mock pins, for tests and the simulator.

We reuse gpiozero's ``MockFactory`` rather than inventing a fake: mock pins go through the
same ``DigitalInputDevice``/``PWMLED``/``TonalBuzzer`` code paths as real ones.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import gpiozero.pins.mock as _gpiozero_mock
from gpiozero.pins.mock import MockFactory, MockPWMPin

__all__ = ["mock_factory", "press", "virtual_ticks"]


def mock_factory() -> MockFactory:
    """Return a fresh mock pin factory whose pins all support PWM.

    PWM pins are needed for ``PWMLED`` lamps and the ``TonalBuzzer``, and buttons work
    on them too. Close it (``factory.close()``) when done, to release its pins.
    """
    return MockFactory(pin_class=MockPWMPin)


def press(factory: MockFactory, pin: int, hold: float = 0.0) -> None:
    """Press and release a button on a mock pin: drive it low, then high again.

    Callbacks fire synchronously in the calling thread, one per edge.

    Args:
        factory: The mock factory the button was opened with.
        pin: The button's GPIO pin.
        hold: Real seconds to hold the button down. Under :func:`virtual_ticks`, leave it
            at 0 and advance the virtual clock instead.
    """
    mock_pin = factory.pin(pin)
    mock_pin.drive_low()
    if hold > 0:
        time.sleep(hold)
    mock_pin.drive_high()


@contextmanager
def virtual_ticks(now: Callable[[], float]) -> Iterator[None]:
    """Take mock edge timestamps and ``MockFactory.ticks()`` from a virtual clock.

    Both read the module-level ``monotonic`` of ``gpiozero.pins.mock`` when called, so
    patching that one name covers them (and the times in ``pin.states``). The simulator
    uses this so transcripts are reproducible. The patch is process-wide; it is restored
    on exit, even after an error.

    Args:
        now: Returns the virtual time in seconds. It may be called from gpiozero's
            background threads (blinking lamps), so it must be thread-safe.

    Yields:
        Nothing; the patch holds for the body of the ``with`` block.
    """
    saved = _gpiozero_mock.monotonic
    _gpiozero_mock.monotonic = now
    try:
        yield
    finally:
        _gpiozero_mock.monotonic = saved
