"""The Replicas round clock asks for its redraws at each new second, and never for now itself.

``now + (next second - shown)`` once rounded to ``now`` exactly (shown a hair under a whole
second, the difference under half of ``now``'s last bit): the loop then woke at once for ever
and a simulation never ended (issue 34). These are the exact values that hung: a round started at
``started`` with ``elapsed`` seconds already on its clock (a wrong call resumes it), one redraw
into it."""

from __future__ import annotations

import math

import pytest

from device.ui.alieninjas import ReplicasScreen, format_elapsed

HUNG = [
    # (started, elapsed, now): next_redraw(now) returned now
    (469.298, 1.701, 469.597),
    (671.821, 50.846, 671.975),
    (3818.873, 15.304, 3819.569),
    (2477.175, 26.969, 2477.206),
    (4178.826, 25.966, 4178.86),
    (3811.4, 0.126, 3812.274),
]


def round_clock(started: float, elapsed: float) -> ReplicasScreen:
    return ReplicasScreen(1, 3, "A", "round", started, elapsed, None, ())


@pytest.mark.parametrize(("started", "elapsed", "now"), HUNG)
def test_the_next_redraw_is_later_than_now_and_shows_the_next_second(
    started: float, elapsed: float, now: float
) -> None:
    screen = round_clock(started, elapsed)
    shown = math.floor(screen.clock(now))
    due = screen.next_redraw(now)
    assert due is not None and due > now
    assert math.floor(screen.clock(due)) == shown + 1


@pytest.mark.parametrize(("started", "elapsed", "now"), HUNG)
def test_a_minute_of_redraws_from_the_start_shows_every_second_once(
    started: float, elapsed: float, now: float
) -> None:
    screen = round_clock(started, elapsed)
    at, readings = started, [format_elapsed(screen.clock(started))]
    for _ in range(60):
        due = screen.next_redraw(at)
        assert due is not None and due > at, f"the clock asks for a redraw at {at!r} again"
        at = due
        readings.append(format_elapsed(screen.clock(at)))
    first = math.floor(elapsed)
    assert readings == [format_elapsed(first + n) for n in range(61)]
