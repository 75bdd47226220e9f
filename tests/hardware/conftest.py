"""Fixtures for the hardware tests: gpiozero's real mock factory and a virtual clock."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.mock import mock_factory, virtual_ticks


class VirtualClock:
    """A hand-set clock that the mock pins read their edge ticks from."""

    def __init__(self, start: float = 1000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t


class Recorder:
    """Collects what the buttons report, as the device layer's queue would."""

    def __init__(self) -> None:
        self.seats: list[tuple[int, float]] = []
        self.controls: list[tuple[str, float]] = []

    def on_seat(self, seat: int, at: float) -> None:
        self.seats.append((seat, at))

    def on_control(self, name: str, at: float) -> None:
        self.controls.append((name, at))


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
def wait_until() -> Callable[[Callable[[], bool]], None]:
    """Wait (briefly, in real time) for a background thread to reach a condition."""

    def wait(condition: Callable[[], bool], timeout: float = 2.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("condition not reached in time")
            time.sleep(0.002)

    return wait
