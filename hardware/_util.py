"""Small helpers shared by the hardware modules (validation and messages)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from hardware.errors import PinConflictError


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Return a message suffix suggesting the closest choice, or listing them all.

    Args:
        word: The unknown word the caller was given.
        choices: The words that would have been accepted.

    Returns:
        ``" (did you mean 'x'?)"`` when one choice is close, otherwise
        ``" (expected one of 'a', 'b')"``, or ``""`` when there
        are no choices.

    >>> did_you_mean("lgpoi", ["lgpio", "mock"])
    " (did you mean 'lgpio'?)"
    >>> did_you_mean("xyz", ["lgpio", "mock"])
    " (expected one of 'lgpio', 'mock')"
    """
    options = list(choices)
    if not options:
        return ""
    close = difflib.get_close_matches(word, options, n=1)
    if close:
        return f" (did you mean {close[0]!r}?)"
    return " (expected one of " + ", ".join(repr(o) for o in options) + ")"


def check_unique_pins(uses: Iterable[tuple[str, int]]) -> None:
    """Raise if two uses share one pin.

    Args:
        uses: ``(description, pin)`` pairs, e.g. ``("seat 1 button", 17)``.

    Raises:
        PinConflictError: naming the pin and both uses.

    >>> check_unique_pins([("seat 1 button", 17), ("buzzer", 17)])
    Traceback (most recent call last):
    ...
    hardware.errors.PinConflictError: pin 17 is used twice: seat 1 button and buzzer
    """
    seen: dict[int, str] = {}
    for use, pin in uses:
        if pin in seen:
            raise PinConflictError(f"pin {pin!r} is used twice: {seen[pin]} and {use}")
        seen[pin] = use
