"""Argument types shared by the subcommands' parsers."""

from __future__ import annotations

import argparse
import math

MAX_WAIT_SECONDS = 86_400.0
"""The longest wait a command takes (a day): longer ones overflow the platform's timers."""


def seconds_argument(text: str) -> float:
    """An argparse type: seconds above 0 and at most `MAX_WAIT_SECONDS` (no nan, no inf)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_WAIT_SECONDS:  # also refuses nan
        raise argparse.ArgumentTypeError(
            f"expected seconds above 0 and at most {MAX_WAIT_SECONDS:g}, got {text!r}"
        )
    return value
