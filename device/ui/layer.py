"""Drawing the device's layer over a game's view (``device.screenlayer.DeviceLayer``): what the
device adds to a screen, in the slots the screen reserves for it, never patched into the view.

A screen says where each part may go (``Screen.call_slot``, ``Screen.progress_slot``; None: it
has no room for it, and the part is not drawn there). The layer holds:

- ``call``: the line just said, shown while eyes are closed (the night screen, a game's dark
  screen): the public call is the only thing such a screen may show;
- ``progress``: how much of the lines waited for are rendered while they are prepared (a
  night's, or a game's before it starts: ``Screen.prepares`` says which), and how long the
  rest should take here (``left``);
- ``ending``: what a game's last screen offers (its play's link, Who played?, Play again):
  that one changes the screen's own layout and controls, so the screen is built around it
  (``Screen.around``) rather than drawn over here.
"""

from __future__ import annotations

import pygame

from device.screenlayer import DeviceLayer
from device.ui.canvas import NIGHT_TEXT, TEXT, Canvas
from device.ui.screens import Screen
from device.wording import about


def shows(screen: Screen, before: DeviceLayer, after: DeviceLayer) -> bool:
    """Whether going from ``before`` to ``after`` changes what ``screen`` draws."""
    call = before.call != after.call and screen.call_slot() is not None
    progress = before.progress != after.progress and screen.progress_slot() is not None
    return call or progress


def draw_layer(canvas: Canvas, screen: Screen, layer: DeviceLayer) -> None:
    """Draw ``layer`` in the slots ``screen`` reserves (under the controls)."""
    slot = screen.call_slot()
    if slot is not None and layer.call:
        # A long call wraps onto more lines rather than shrinking out of sight.
        canvas.paragraph([layer.call], 34, NIGHT_TEXT, slot.inflate(-40, -8), centred=True)
    slot = screen.progress_slot()
    if slot is not None:
        fraction = min(1.0, max(0.0, layer.progress or 0.0))
        pct = round(fraction * 100)
        told = f"Preparing {screen.prepares}... {pct}%"
        if layer.left is not None and fraction < 1.0:
            told += f", {about(layer.left)} left"
        canvas.text(told, 30, TEXT, topleft=(slot.x + 4, slot.y + 2), max_width=slot.width - 8)
        canvas.bar(pygame.Rect(slot.x, slot.bottom - 44, slot.width, 44), fraction)
