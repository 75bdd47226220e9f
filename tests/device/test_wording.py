"""Counts and waits as a table says them."""

from __future__ import annotations

import pytest

from device.wording import about, counted


@pytest.mark.parametrize(
    ("count", "word", "said"),
    [(1, "play", "1 play"), (0, "play", "0 plays"), (3, "line", "3 lines")],
)
def test_a_count_agrees_with_its_noun(count: int, word: str, said: str) -> None:
    assert counted(count, word) == said


@pytest.mark.parametrize(
    ("seconds", "said"),
    [
        (0.0, "a few seconds"),
        (9.9, "a few seconds"),
        (42.0, "about 40 s"),
        (54.0, "about 50 s"),
        (56.0, "about 1 min"),
        (61.0, "about 1 min"),
        (150.0, "about 3 min"),
        (1500.0, "about 25 min"),
    ],
)
def test_a_wait_is_rounded_as_a_table_says_it(seconds: float, said: str) -> None:
    assert about(seconds) == said
