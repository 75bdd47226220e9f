"""The suite's order: slow tests first in each worker's share, spread longest first."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

import pytest
from slowfirst import marked_seconds, share_sizes, slow_first

T = TypeVar("T")

# A collection: fast tests f0..f9 and slow ones with their seconds, in a module-like order.
SECONDS = {"a": 40.0, "b": 30.0, "c": 20.0, "d": 10.0}
ITEMS = ["f0", "f1", "a", "f2", "b", "f3", "f4", "c", "f5", "f6", "d", "f7", "f8", "f9"]


def seconds(item: str) -> float:
    return SECONDS.get(item, 0.0)


def shares(order: Sequence[T], workers: int) -> list[list[T]]:
    cut, out = 0, []
    for size in share_sizes(len(order), workers):
        out.append(list(order[cut : cut + size]))
        cut += size
    return out


def test_one_worker_runs_the_slow_tests_longest_first_then_the_rest_in_order() -> None:
    order = slow_first(ITEMS, seconds, workers=1)
    assert order == ["a", "b", "c", "d", "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9"]


def test_two_workers_each_begin_with_slow_tests_of_about_equal_seconds() -> None:
    first, second = shares(slow_first(ITEMS, seconds, workers=2), 2)
    # Longest first to the lightest share: a (40) | b (30), c (20) -> b's share, d -> a's.
    assert first[:2] == ["a", "d"] and second[:2] == ["b", "c"]
    assert all(seconds(item) == 0 for item in first[2:] + second[2:])


def test_nothing_is_lost_or_doubled_and_the_fast_keep_their_order() -> None:
    for workers in (1, 2, 3, 4, 20):
        order = slow_first(ITEMS, seconds, workers)
        assert sorted(order) == sorted(ITEMS)
        fast = [item for item in order if seconds(item) == 0]
        assert fast == [item for item in ITEMS if seconds(item) == 0]


def test_more_workers_than_tests_leave_the_extra_shares_empty() -> None:
    order = slow_first(["a", "f0"], seconds, workers=4)
    assert sorted(order) == ["a", "f0"]
    assert share_sizes(2, 4) == [0, 0, 1, 1]


@pytest.mark.parametrize(("count", "workers"), [(10, 2), (11, 2), (4491, 4), (7, 3)])
def test_the_shares_are_the_ones_worksteal_hands_out(count: int, workers: int) -> None:
    # xdist 3.8's check_schedule: each idle node in turn gets len(pending) // nodes_remaining.
    pending, expected = count, []
    for index in range(workers):
        expected.append(pending // (workers - index))
        pending -= expected[-1]
    assert share_sizes(count, workers) == expected
    assert sum(share_sizes(count, workers)) == count


def test_this_run_is_ordered_for_its_own_worker_count(request: pytest.FixtureRequest) -> None:
    # The hook in conftest.py ran on this session's collection: its slow tests lead a share.
    items = request.session.items
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    marked = [item for item in items if item.get_closest_marker("slow") is not None]
    if not marked:
        pytest.skip("only this file collected: no slow test in the run")
    heads = {share[0].nodeid for share in shares(items, workers) if share}
    longest = max(marked, key=marked_seconds)
    assert longest.nodeid in heads


def test_every_slow_mark_gives_its_seconds(request: pytest.FixtureRequest) -> None:
    # A mark without its seconds would sort as fast and run last: the tail this order removes.
    for item in request.session.items:
        mark = item.get_closest_marker("slow")
        if mark is not None:
            assert len(mark.args) == 1 and marked_seconds(item) > 0, item.nodeid
