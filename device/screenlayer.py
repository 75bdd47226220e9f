"""The device's layer over a game's view, as plain data (no pygame: the runtime holds it).

What the device adds to a screen is drawn in the slots the screen reserves for it
(``device.ui.layer``), never patched into the game's view.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DeviceLayer:
    """What the device shows over the current screen's view."""

    call: str = ""
    """The public call just said ("": none)."""
    progress: float | None = None
    """How much of the lines being prepared are ready, 0 to 1 (None: none asked yet)."""


NO_LAYER = DeviceLayer()
