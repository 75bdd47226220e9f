"""A game's last screen offers the BG Stats push link of the play it just logged.

The end screen (or a final score sheet) shows the link as a QR code, or as a BG Stats button,
for as long as it is shown again; another screen means the game is over and left. On the
device the link is worked out behind the loop (``PushLinks``): the screen shows at once, and
again with its link once that is ready. The link (and Who played?, Play again) is the device's
``Ending``, in its layer over the game's view: the view is never patched.
"""

from __future__ import annotations

from device.runtime.ports import Outputs
from device.runtime.pushlinks import PushLinks
from device.runtime.screen_state import ScreenState
from device.screenlayer import Ending
from games.scorelog.plays import Play
from games.views import ScreenName, View

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
        self._unlinked: tuple[View, bool] | None = None
        """That screen, shown while its link is worked out behind the loop."""

    def forget(self) -> None:
        """The game is left: a play's BG Stats code never outlives its game."""
        self.logged = None
        self._unlinked = None

    def show(self, view: View, again: bool = False) -> None:
        """Show a game's screen; its last one with the play's link once that is known, and
        with Play again when ``again`` (the game keeps its table)."""
        self._unlinked = None
        ending = Ending(again=again)
        if self.logged is not None and view.screen in LAST_SCREENS:
            link = self.links.link(self.logged, self.out.location)
            if link is None:
                self._unlinked = (view, again)  # shown again once its link is ready
            else:
                ending = ending_of(self.logged, link, again)
        else:
            self.logged = None  # another screen: the game is over and left
        self.shown.show(view, ending)

    def show_ready_link(self) -> None:
        """The loop's look: a game's last screen shown while its play's link was worked out
        behind the loop is shown again with it, once it is ready (and while it is up)."""
        if self._unlinked is None or self.logged is None:
            return
        self.links.start()
        view, again = self._unlinked
        if self.shown.screen is not view.screen:
            self._unlinked = None  # left meanwhile
        elif self.links.link(self.logged, self.out.location) is not None:
            self.show(view, again)


def ending_of(play: Play, link: str, again: bool) -> Ending:
    """What a game's last screen offers once ``play`` is logged: its BG Stats push ``link``
    (the end screen shows it as a QR code, a sheet a BG Stats button that shows it), "Who
    played?" while the play has unnamed seats, Play again when ``again``, and Scores for the
    score log on the play's game."""
    from device.ui.who import unnamed_seats  # after a play: not before READY

    return Ending(link, bool(unnamed_seats(play)), again, play.game)
