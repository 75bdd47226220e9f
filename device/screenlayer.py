"""The device's layer over a game's view, as plain data (no pygame: the runtime holds it).

What the device adds to a screen is drawn in the slots the screen reserves for it
(``device.ui.layer``), never patched into the game's view.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class DeviceSlot(enum.Enum):
    """A control the device adds to a screen where the screen reserves room for it
    (``TouchUI.slot``): nowhere else, and not on a screen that reserves none."""

    ENTER_SCORES = "enter scores"
    """"Enter scores", which opens the keypad on a score sheet while scores are due."""
    AMBIENCE = "ambience"
    """The ambience chip (its level: tap for the next)."""


@dataclass(frozen=True)
class DeviceLayer:
    """What the device shows over the current screen's view."""

    call: str = ""
    """The public call just said ("": none)."""
    progress: float | None = None
    """How much of the lines being prepared are ready, 0 to 1 (None: none asked yet)."""


NO_LAYER = DeviceLayer()
