"""The touchscreen UI: draws plain view data with pygame and turns touches and keys into inputs.

It imports nothing from games/, narration/ or hardware/; the app hands it plain data.
"""

from __future__ import annotations

from device.ui.model import UiError, UiInput
from device.ui.touch import SCREENS, TouchUI

__all__ = ["SCREENS", "TouchUI", "UiError", "UiInput"]
