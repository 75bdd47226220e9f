"""Fixtures for the hardware tests: gpiozero's real mock factory and a virtual clock."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory
from mockpins import Recorder, VirtualClock, WaitUntil

from hardware.mock import mock_factory, virtual_ticks


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    # Close and reset between tests: a second Button on a reserved pin raises GPIOPinInUse.
    pins = mock_factory()
    try:
        yield pins
    finally:
        pins.close()
        pins.reset()


@pytest.fixture
def clock() -> Iterator[VirtualClock]:
    virtual = VirtualClock()
    with virtual_ticks(virtual.now):
        yield virtual


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def wait_until() -> WaitUntil:
    """Wait (briefly, in real time) for a background thread to reach a condition."""

    def wait(condition: Callable[[], bool], timeout: float = 2.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("condition not reached in time")
            time.sleep(0.002)

    return wait
