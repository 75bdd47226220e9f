"""A game's last screen carries the BG Stats push link of the play it just logged.

The end screen (or a final score sheet) shows the link as a QR code, or as a BG Stats button,
for as long as it is shown again; another screen means the game is over and left. On the
device the link is worked out behind the loop (``PushLinks``): the screen shows at once, and
again with its link once that is ready.
"""

from __future__ import annotations

import dataclasses

from device.runtime.ports import Outputs
from device.runtime.pushlinks import PushLinks
from device.runtime.screen_state import ScreenState
from games.scorelog.plays import Play
from games.views import EndView, ScreenName, SheetButton, SheetView, View

LAST_SCREENS = (ScreenName.END, ScreenName.SHEET)
"""The screens a game ends on, with its BG Stats code and Who played?."""


class LastScreen:
    """Shows a game's screens, linking its last one to the play it logged."""

    def __init__(self, shown: ScreenState, out: Outputs) -> None:
        self.shown = shown
        self.out = out
        self.links = PushLinks(behind=out.links_behind, wake=out.wake)
        self.logged: Play | None = None
        """The play the last LogPlay logged: the game's last screen (shown again as often as it
        is) carries its link until another screen is shown."""
        self._unlinked: View | None = None
        """That screen, shown while its link is worked out behind the loop."""

    def forget(self) -> None:
        """The game is left: a play's BG Stats code never outlives its game."""
        self.logged = None
        self._unlinked = None

    def show(self, view: View) -> None:
        """Show a game's screen; its last one with the play's link, once that is known."""
        self._unlinked = None
        if self.logged is not None and view.screen in LAST_SCREENS:
            link = self.links.link(self.logged, self.out.location)
            if link is None:
                self._unlinked = view  # shown again once its link is ready
            else:
                view = with_push_link(view, self.logged, link)
        else:
            self.logged = None  # another screen: the game is over and left
        self.shown.show(view)

    def show_ready_link(self) -> None:
        """The loop's look: a game's last screen shown while its play's link was worked out
        behind the loop is shown again with it, once it is ready (and while it is up)."""
        if self._unlinked is None or self.logged is None:
            return
        self.links.start()
        view = self._unlinked
        if self.shown.screen is not view.screen:
            self._unlinked = None  # left meanwhile
        elif self.links.link(self.logged, self.out.location) is not None:
            self.show(view)


def with_push_link(view: View, play: Play, link: str) -> View:
    """A game's last screen (``end``, or a final score ``sheet``) with the BG Stats push
    ``link`` of the play it just logged as ``bgstats``: the end screen shows it as a QR
    code, a sheet gets a BG Stats button that shows it."""
    from device.ui.who import unnamed_seats  # after a play: not before READY

    who = bool(unnamed_seats(play))  # unnamed seats: offer "Who played?"
    if isinstance(view, SheetView):
        more = [SheetButton("BG Stats", "bgstats")]
        if who:
            more.append(SheetButton("Who played?", "who"))
        return dataclasses.replace(view, bgstats=link, controls=(*view.controls, *more))
    if isinstance(view, EndView):
        return dataclasses.replace(view, bgstats=link, who=who)
    return view
