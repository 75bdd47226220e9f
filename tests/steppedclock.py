"""A clock for the audio tests: seconds that move only when the test moves them."""

from __future__ import annotations


class SteppedClock:
    """Seconds that move only when the test moves them (the glides are timed on it)."""

    def __init__(self) -> None:
        """Start at 100 s."""
        self.now = 100.0

    def __call__(self) -> float:
        """The seconds now."""
        return self.now
