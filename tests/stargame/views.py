"""Stars' own screen: the count, while eyes are closed (a ``GameView`` the device draws from
its layout; nothing here draws)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.layout import Countdown, Figure, GameView, Layout, Text, Title
from games.views import ScreenId


class StarsScreen(ScreenId):
    """Its screens the device has not got."""

    COUNT = "stars.count"
    """Eyes closed: the time left to count, and what a star is worth."""


@dataclass(frozen=True)
class CountView(GameView):
    """The count: public, and dark (nothing bright while eyes are closed)."""

    screen: ClassVar[StarsScreen] = StarsScreen.COUNT
    level: int
    """Points a star scores."""
    ends_at: float
    """When eyes open again."""

    def layout(self) -> Layout:
        """Its title, the time left and a star's worth side by side, the instruction."""
        return Layout(
            (
                Title("Stars"),
                Countdown(self.ends_at, "left to count"),
                Figure(str(self.level), "points a star"),
                Text(("Eyes closed: count the stars.",)),
            ),
            dark=True,
        )
