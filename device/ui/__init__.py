"""The touchscreen UI: draws the games' typed views with pygame and turns touches and keys into
inputs.

It reads the view classes of games/ (``games.views`` and each game's ``views``) and imports
nothing from narration/ or hardware/.
"""

from __future__ import annotations

from device.ui.model import UiError, UiInput
from device.ui.touch import TouchUI

__all__ = ["TouchUI", "UiError", "UiInput"]
