"""The score log's views: what the device's own screens show of the logged plays.

The device builds these (from its store), not a game; like every view they are checked when
built, so the screens only lay them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.views import ScreenName, View


@dataclass(frozen=True)
class BgStatsView(View):
    """A logged play's BG Stats push link as a QR code, full height, with what the play was."""

    screen: ClassVar[ScreenName] = ScreenName.BGSTATS
    title: str
    """The play (its game)."""
    lines: tuple[str, ...]
    """Its result, when."""
    bgstats: str
    """The push link the code shows."""
    back: str = "home"
    """The action of the one button (Back)."""


@dataclass(frozen=True)
class WhoView(View):
    """ "Who played?": naming one unnamed seat of a logged play."""

    screen: ClassVar[ScreenName] = ScreenName.WHO
    title: str
    message: str
    names: tuple[str, ...]
    """The profiles offered, recent first."""
