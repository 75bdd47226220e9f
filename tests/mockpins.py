"""The hardware tests' stand-ins for the world around the pins: a hand-set clock the mock pins
read their edge ticks from, and a recorder of what the buttons report. The fixtures that hand
them out live in tests/hardware/conftest.py; the tests import these for their types."""

from __future__ import annotations

from collections.abc import Callable

WaitUntil = Callable[[Callable[[], bool]], None]
"""Wait (briefly, in real time) for a background thread to reach a condition."""


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
