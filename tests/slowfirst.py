"""The suite's order: its slow tests first, spread over the pytest-xdist workers.

A few dozen tests (whole daemons, a benchmark's quick run) take most of the suite's time, and
each is marked with the seconds it takes on a quiet 2-core machine: ``@pytest.mark.slow(40)``.
``./scripts/test`` runs pytest-xdist's ``worksteal`` scheduler, which hands worker k the k-th
contiguous share of the collection and lets an idle worker take the tail of a busy one's. In
collection order the slow tests sat together near the end (``tests/test_bench.py``), so one
worker ran them one after another while the others had finished: minutes of one busy core.

Here they are dealt out longest first, each to the share with the fewest slow seconds so far
(the longest-processing-time rule), and each share begins with its own; the fast tests fill
the shares in their usual order, so a module's tests stay together and stealing from a share's
tail only ever moves fast ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest

Item = TypeVar("Item")


def marked_seconds(item: pytest.Item) -> float:
    """The seconds a test's ``slow`` mark gives (0: not marked)."""
    mark = item.get_closest_marker("slow")
    return float(mark.args[0]) if mark is not None else 0.0


def slow_first(items: Sequence[Item], seconds: Callable[[Item], float], workers: int) -> list[Item]:
    """``items`` reordered for ``workers`` workers: each worker's share (as worksteal splits
    the collection) starts with its slow tests, dealt longest first to the lightest share.
    A test of 0 ``seconds`` is fast; the order among the fast tests is kept."""
    slow = sorted((item for item in items if seconds(item) > 0), key=seconds, reverse=True)
    fast = [item for item in items if seconds(item) <= 0]
    sizes = share_sizes(len(items), max(1, workers))
    shares: list[list[Item]] = [[] for _ in sizes]
    loads = [0.0 for _ in sizes]
    for item in slow:
        room = [k for k, size in enumerate(sizes) if len(shares[k]) < size]
        lightest = min(room, key=lambda k: loads[k])
        shares[lightest].append(item)
        loads[lightest] += seconds(item)
    ordered: list[Item] = []
    rest = iter(fast)
    for share, size in zip(shares, sizes, strict=True):
        ordered += share
        ordered += [next(rest) for _ in range(size - len(share))]
    return ordered


def share_sizes(count: int, workers: int) -> list[int]:
    """How many of ``count`` tests each worker is first handed: worksteal gives each idle
    worker in turn the pending tests divided by the workers left (xdist 3.8, check_schedule)."""
    sizes = []
    left = count
    for remaining in range(workers, 0, -1):
        sizes.append(left // remaining)
        left -= sizes[-1]
    return sizes
