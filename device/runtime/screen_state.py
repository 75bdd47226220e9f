"""What the screen shows: the one source of truth for the current screen and its view.

Everything in the runtime that asks which screen is up (score entry, Quit, the idle check, the
phone page's snapshot) reads it here; the touchscreen only draws what it is given. Screenshots
(``--screens``) are taken here too, since a picture is of the screen as this part holds it.
"""

from __future__ import annotations

import dataclasses

from device.runtime.names import UNNAMED_SCREENS, name_view
from device.runtime.ports import Outputs
from games.views import ScreenId, View


class ScreenState:
    """The screen on display and its view, put up through ``show``; numbered screenshots."""

    def __init__(self, out: Outputs) -> None:
        self.out = out
        self.screen: ScreenId | None = None
        """The screen on display (None before the first ``show``)."""
        self.view: View | None = None
        """The view on display (None before the first ``show``)."""
        self._shots = 0
        self._shot_taken = False
        self._shot_view: object = None

    def show(self, view: View) -> None:
        """Put a view's screen up (recording a change of screen in the transcript), with the
        players' names for their seats (``device.runtime.names``)."""
        name = view.screen
        if self.out.store is not None and name not in UNNAMED_SCREENS:
            view = name_view(view, self.out.store.seat_names())
        if name is not self.screen:
            if not self._shot_taken:
                self.save_screenshot()
            self._shot_taken = False
            self.out.transcript.write(screen=name)
        self.screen, self.view = name, view
        if self.out.screen is not None:
            self.out.screen.show(view)

    def said(self, text: str) -> None:
        """A line was said: the night screen shows it as its caption, and a screen is pictured
        as its first line is spoken (the night with its first call, the day with its full
        clock), or else as it is left."""
        from games.onenight.views import NightView  # imported once a line is said, not at start

        if isinstance(self.view, NightView):
            # The current public call is the only thing the night screen may show.
            self.show(dataclasses.replace(self.view, caption=text))
        if not self._shot_taken:
            self.save_screenshot()

    def preparing(self, done: int, total: int) -> None:
        """Lines are being prepared: the setup screen shows how far (and is drawn at once,
        since the loop may be busy rendering them)."""
        from games.onenight.views import SetupView  # not at start: loaded once a night is ready

        if isinstance(self.view, SetupView) and self.out.screen is not None and total:
            self.show(dataclasses.replace(self.view, progress=done / total))
            self.out.screen.redraw(self.out.now())

    @property
    def pictured(self) -> bool:
        """Whether the last screenshot shows the screen as it is now (the same view)."""
        return self._shot_taken and self._shot_view == self.view

    def save_screenshot(self) -> None:
        """Save the current screen as the next numbered PNG, when screenshots are on."""
        if self.out.shot_dir is None or self.out.screen is None or self.screen is None:
            return
        self._shot_taken = True
        self._shot_view = self.view
        self._shots += 1
        self.out.shot_dir.mkdir(parents=True, exist_ok=True)
        self.out.screen.redraw(self.out.now())
        self.out.screen.save_png(self.out.shot_dir / f"{self._shots:02d}-{self.screen}.png")
