"""What the screen shows: the one source of truth for the current screen and its view.

Everything in the runtime that asks which screen is up (score entry, Quit, the idle check, the
phone page's snapshot) reads it here; the touchscreen only draws what it is given. Screenshots
(``--screens``) are taken here too, since a picture is of the screen as this part holds it.

What the device adds over a view (the public call at night, how far the night's lines are
prepared) is the device's own layer (``device.ui.layer.DeviceLayer``), held here beside the
view and drawn in the slots the screen reserves: a game's view is never patched.
"""

from __future__ import annotations

import dataclasses

from device.runtime.names import UNNAMED_SCREENS, name_view
from device.runtime.ports import Outputs
from device.screenlayer import NO_ENDING, NO_LAYER, DeviceLayer, Ending
from games.views import ScreenId, View


class ScreenState:
    """The screen on display and its view, put up through ``show``; numbered screenshots."""

    def __init__(self, out: Outputs) -> None:
        self.out = out
        self.screen: ScreenId | None = None
        """The screen on display (None before the first ``show``)."""
        self.view: View | None = None
        """The view on display (None before the first ``show``)."""
        self.layer = NO_LAYER
        """What the device shows over the view, as far as the screen has room for it."""
        self._shots = 0
        self._shot_taken = False
        self._shot_view: object = None

    def show(self, view: View, ending: Ending = NO_ENDING) -> None:
        """Put a view's screen up (recording a change of screen in the transcript), with the
        players' names for their seats (``device.runtime.names``) and, on a game's last
        screen, what the device offers there (``ending``: given with each view it goes on)."""
        name = view.screen
        if self.out.store is not None and name not in UNNAMED_SCREENS:
            view = name_view(view, self.out.store.seat_names())
        if name is not self.screen:
            if not self._shot_taken:
                self.save_screenshot()
            self._shot_taken = False
            self.out.transcript.write(screen=name)
            self.layer = NO_LAYER  # another screen: nothing prepared for it yet
        # A new view is a new moment of the game: the call said over the last one is gone.
        self.layer = dataclasses.replace(self.layer, call="", ending=ending)
        self.screen, self.view = name, view
        if self.out.screen is not None:
            self.out.screen.show(view, self.layer)

    def said(self, text: str) -> None:
        """A line was said: a screen for closed eyes shows it as its caption (the public call is
        the only thing it may show), and a screen is pictured as its first line is spoken (the
        night with its first call, the day with its full clock), or else as it is left."""
        self._overlay(dataclasses.replace(self.layer, call=text))
        if not self._shot_taken:
            self.save_screenshot()

    def preparing(self, done: int, total: int, left: float | None = None) -> None:
        """Lines are being prepared: a screen with room for it shows how far, and how long the
        rest should take (``left`` seconds; None: not known), drawn at once, since the loop
        may be busy rendering them."""
        layer = dataclasses.replace(self.layer, progress=done / total if total else 0, left=left)
        if total and self._overlay(layer):
            assert self.out.screen is not None
            self.out.screen.redraw(self.out.now())

    def _overlay(self, layer: DeviceLayer) -> bool:
        """Put ``layer`` over the view; whether the screen has room for what changed (only
        then is it kept: the layer is what is drawn)."""
        if self.out.screen is None or not self.out.screen.overlay(layer):
            return False
        self.layer = layer
        return True

    @property
    def pictured(self) -> bool:
        """Whether the last screenshot shows the screen as it is now (the same view)."""
        return self._shot_taken and self._shot_view == (self.view, self.layer)

    def save_screenshot(self) -> None:
        """Save the current screen as the next numbered PNG, when screenshots are on."""
        if self.out.shot_dir is None or self.out.screen is None or self.screen is None:
            return
        self._shot_taken = True
        self._shot_view = (self.view, self.layer)
        self._shots += 1
        self.out.shot_dir.mkdir(parents=True, exist_ok=True)
        self.out.screen.redraw(self.out.now())
        self.out.screen.save_png(self.out.shot_dir / f"{self._shots:02d}-{self.screen}.png")
