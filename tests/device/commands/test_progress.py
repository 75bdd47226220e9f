"""The progress bar: in place on a terminal; lines now and then in a log; time and estimate."""

from __future__ import annotations

import io

from device.commands.progress import ProgressBar


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_in_a_log_a_line_every_half_minute_with_time_and_estimate() -> None:
    log, clock = io.StringIO(), Clock()
    bar = ProgressBar("Preparing the voice", log, width=10, clock=clock, line_every=30)
    bar(0, 100)
    for done in range(1, 100):
        clock.now += 1.0
        bar(done, 100)
    clock.now += 1.0
    bar(100, 100)
    lines = log.getvalue().splitlines()
    assert lines[0] == "Preparing the voice [..........] 0/100, 0s"
    assert lines[1] == "Preparing the voice [###.......] 30/100, 30s, about 1m10s left"
    assert len(lines) == 5  # at 0, 30, 60 and 90 seconds, and at the end
    assert lines[-1] == "Preparing the voice [##########] 100/100, 1m40s"


def test_on_a_terminal_the_bar_is_drawn_in_place() -> None:
    screen, clock = Terminal(), Clock()
    bar = ProgressBar("Night", screen, width=4, clock=clock)
    clock.now += 2
    bar(1, 2)
    clock.now += 2
    bar(2, 2)
    assert screen.getvalue() == "\rNight [##..] 1/2, 2s, about 2s left\rNight [####] 2/2, 4s\n"
