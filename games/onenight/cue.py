"""A cue: one spoken line of the night and what follows it."""

from __future__ import annotations

from dataclasses import dataclass

from games.effects import Say


@dataclass(frozen=True)
class Cue:
    """One spoken line of the night and the time held after it."""

    step: str
    """The wake step key (``"aliens"``), or ``"dusk"``, ``"marks"``, ``"wakeup"``."""
    phase: str
    """``"dusk"`` or ``"night"``: the phase reported while this cue plays."""
    say: Say
    """The line to speak."""
    hold: float
    """Seconds to wait after the line ends: the pause, or the role's acting time."""
    listen: str = ""
    """``"yes_no"`` or ``"number:<highest>"`` when the hold is an answer window, else ``""``."""
