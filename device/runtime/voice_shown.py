"""How much of the voice catalogue is ready, on the home and table size screens, while the
background finishes it (``narration.prepare.BackgroundPrepare``, after READY).

The count comes from the background's own look (once, at its start) and its progress since:
nothing here looks at a file, so a pass of the loop costs two integers. The screen is put up
again only when the words change (a batch rendered), and says nothing once all are ready.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from device.runtime.screen_state import ScreenState
from device.wording import voice_ready
from games.views import HomeView, TableView

if TYPE_CHECKING:
    from narration.prepare import BackgroundPrepare


class VoiceShown:
    """Keeps the screens that say how much of the voice is ready up to date."""

    def __init__(self, shown: ScreenState) -> None:
        self.shown = shown
        self.background: BackgroundPrepare | None = None
        """The thread finishing the voice cache (None: none runs, nothing is said)."""

    def words(self) -> str:
        """The words: "Voice: 1,210 of 1,814 lines ready" ("": all ready, or not known)."""
        counts = self.background.ready if self.background is not None else None
        return voice_ready(*counts) if counts is not None else ""

    def refresh(self) -> None:
        """Put the screen up again if it says how much is ready and that changed."""
        view = self.shown.view
        if not isinstance(view, HomeView | TableView):
            return
        if isinstance(view, TableView) and view.preparing:
            return  # its progress says more, in the same place
        words = self.words()
        if view.voice != words:
            self.shown.show(dataclasses.replace(view, voice=words))
