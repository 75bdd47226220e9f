"""The ambience chip on One Night's setup screen: the night bed's level, chosen at the table.

The device adds it, not the game: ``games/`` knows nothing of sound. While a One Night lobby is
open (the ``setup`` screen, before the night is prepared) one chip in the role grid's free cell
reads "Ambience: normal"; each tap moves to the next level (Off, Soft, Normal, Loud, then Off
again). A tap sets the music volume and turns the beds on or off at once, plays a moment of the
night bed at the new level, and saves the level in the store: it outlasts the game and a
restart, overriding ``audio.music_volume`` and ``audio.ambience`` (the config stays the
default until a level is saved). The level is public, like the beds themselves; the chip is
on the setup screen only, never at night. A paired phone's setup page offers the same levels
(``choose``).
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from device.config import Config
from device.runtime.session import Runtime
from device.screenlayer import DeviceSlot
from device.store.pending import WRITE_ERRORS
from device.ui.actions import DeviceTap
from device.ui.canvas import MIN_SIZE
from device.ui.model import Control
from games.events import TouchAction
from narration.audio import AudioOutput

__all__ = ["ACTION", "LEVELS", "SETTING", "AmbienceControl", "Level", "levels_for", "saved_volume"]


if TYPE_CHECKING:
    from device.runtime.own_taps import Feed
    from device.runtime.ports import TouchScreen

logger = logging.getLogger(__name__)

ACTION = DeviceTap.AMBIENCE
"""The chip's action (the daemon takes the tap; no game sees it)."""
SETTING = "ambience"
"""The store's key for the level: ``"off"``, or the music volume ("0.4")."""
NOT_SAVED = "The ambience level could not be saved; it holds until the device restarts."


@dataclass(frozen=True)
class Level:
    """One step of the chip: its name and the music volume (None: the beds are off)."""

    name: str
    volume: float | None

    @property
    def label(self) -> str:
        """What the chip reads, and the label a scenario's ``touch`` finds it by."""
        return f"Ambience: {self.name}"

    @property
    def saved(self) -> str:
        """The level as the store keeps it."""
        return "off" if self.volume is None else f"{self.volume:g}"


OFF = Level("off", None)
LEVELS = (OFF, Level("soft", 0.2), Level("normal", 0.4), Level("loud", 0.7))
"""The chip's levels in tap order; "normal" is the shipped ``audio.music_volume``."""


def levels_for(volume: float | None) -> tuple[tuple[Level, ...], Level]:
    """The levels to cycle through, and the one in force, for the volume set now (None: off).

    A volume that is none of the levels' (the config's 0.55, say) is shown as its own level,
    "Ambience: 55%", in its place among them, instead of being rounded to the nearest: the
    chip never changes what the config set until someone taps it, and a full turn of taps
    comes back to it.
    """
    if volume is None:
        return LEVELS, OFF
    for level in LEVELS:
        if level.volume is not None and math.isclose(level.volume, volume, abs_tol=0.005):
            return LEVELS, level
    own = Level(f"{round(volume * 100)}%", volume)
    on = sorted([*LEVELS[1:], own], key=lambda level: level.volume or 0.0)
    return (OFF, *on), own


def saved_volume(text: str | None, default: float | None) -> float | None:
    """The saved level's music volume (None: off); ``default`` (the config's) when nothing,
    or nothing readable, is saved."""
    if text == "off":
        return None
    try:
        volume = float(text) if text is not None else math.nan
    except ValueError:
        volume = math.nan
    return volume if 0.0 <= volume <= 1.0 else default


class AmbienceControl:
    """The ambience chip: ``offer`` puts it on the setup screen each pass, the daemon hands
    it its taps (``handles``/``tap``), as ``ScoreEntry`` does the keypad's."""

    def __init__(
        self, config: Config, runtime: Runtime, ui: TouchScreen, notices: list[str]
    ) -> None:
        """Take the saved level, else the config's, and put it in force; ``notices`` takes
        the banner's warning when a level cannot be saved."""
        self.config, self.runtime, self.ui, self.notices = config, runtime, ui, notices
        audio = config.audio
        configured = audio.music_volume if audio.ambience else None
        store = runtime.store
        try:
            saved = store.setting(SETTING) if store is not None else None
        except WRITE_ERRORS as error:  # an unreadable store: the config's level
            logger.warning("cannot read the saved ambience level: %s", error)
            saved = None
        self.levels, self.level = levels_for(saved_volume(saved, configured))
        self._apply(preview=False)

    def offer(self) -> None:
        """Put the chip, with the level in force, where the screen has room for it (One Night's
        setup screen, not while the night is prepared). Redraws only when it changed."""
        ui = self.ui
        rect = ui.slot(DeviceSlot.AMBIENCE) if self.config.audio.enabled else None
        shown = any(
            c.label == self.level.label and c.action is ACTION for c in ui.screen_controls()
        )
        if rect is not None and not shown:
            # A chip, so "Ambience: normal" goes on two lines at a legible size, not shrunk.
            chip = Control(self.level.label, ACTION, rect, style="chip", size=MIN_SIZE)
            ui.replace_control(chip)

    @staticmethod
    def handles(action: TouchAction) -> bool:
        """Whether a tap is the chip's."""
        return action is ACTION

    def tap(self, action: TouchAction, feed: Feed) -> None:
        """Move to the next level: heard at once, then saved (a refused write never stops the
        tap: on the daemon it waits for the disk with the game's writes)."""
        del action, feed  # one action, which the game never sees
        self._set(self.levels[(self.levels.index(self.level) + 1) % len(self.levels)])

    def choose(self, name: str) -> Level:
        """Put the level named ``name`` in force as taps on the chip would (the companion
        page's setup form); a ValueError names the levels for a name that is none of them."""
        for level in self.levels:
            if level.name == name:
                self._set(level)
                return level
        names = ", ".join(level.name for level in self.levels)
        raise ValueError(f"no ambience level {name!r}: choose from {names}")

    def choices(self) -> tuple[str, tuple[str, ...]]:
        """The level in force and every level's name, for the companion page (empty when the
        config plays no sound: then there is nothing to choose)."""
        if not self.config.audio.enabled:
            return "", ()
        return self.level.name, tuple(level.name for level in self.levels)

    def _set(self, level: Level) -> None:
        self.level = level
        self._apply(preview=True)
        store = self.runtime.store
        if store is not None:
            try:
                store.save_setting(SETTING, level.saved)
            except WRITE_ERRORS as error:  # a store that raises (no daemon queue): keep going
                logger.warning("cannot save the ambience level: %s", error)
                self.notices.append(NOT_SAVED)
        self.offer()

    def _apply(self, *, preview: bool) -> None:
        out = self.runtime.executor.out
        if isinstance(out.audio, AudioOutput) and self.level.volume is not None:
            out.audio.set_volume("music", self.level.volume)
        if out.ambience is not None:
            out.ambience.set_enabled(self.level.volume is not None)
            if preview:
                out.ambience.preview()
