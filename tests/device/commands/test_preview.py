"""The ``mothership onenight script`` preview's clock."""

from __future__ import annotations

import pytest

from device.commands.preview import clock_text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0.0, "0:00.0"),
        (5.24, "0:05.2"),
        (59.94, "0:59.9"),
        (59.96, "1:00.0"),  # rounds up into the next minute, never "0:60.0"
        (61.0, "1:01.0"),
        (119.96, "2:00.0"),
        (599.99, "10:00.0"),
        (754.3, "12:34.3"),
    ],
)
def test_the_clock_rounds_to_tenths_and_carries_into_the_minute(seconds: float, text: str) -> None:
    assert clock_text(seconds) == text
