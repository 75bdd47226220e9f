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
    SCORES = "scores"
    """"Scores", which opens the score log on the game being set up (its Back returns)."""


@dataclass(frozen=True)
class Ending:
    """What the device offers on a game's last screen (the end screen, a final score sheet)
    once the game logged its play."""

    link: str = ""
    """The play's BG Stats push link ("": none yet): a QR code on the end screen, a BG Stats
    button on a sheet."""
    who: bool = False
    """Offer "Who played?": the logged play has unnamed seats."""
    again: bool = False
    """Offer "Play again": the same table and cards (the end screen only)."""
    scores: str = ""
    """Offer "Scores": the score log on the game the play is logged under ("": none; the
    end screen only)."""


NO_ENDING = Ending()


@dataclass(frozen=True)
class DeviceLayer:
    """What the device shows over the current screen's view."""

    call: str = ""
    """The public call just said ("": none)."""
    progress: float | None = None
    """How much of the lines being prepared are ready, 0 to 1 (None: none asked yet)."""
    left: float | None = None
    """Seconds the lines still to prepare should take at this machine's recent pace (None:
    not known yet)."""
    ending: Ending = NO_ENDING
    """What a game's last screen offers besides Home (given with the view it goes with)."""


NO_LAYER = DeviceLayer()
