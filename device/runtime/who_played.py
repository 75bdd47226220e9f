""" "Who played?": naming a logged play's unnamed seats, from the game's last screen or later
from the score log's Plays list (a play's BG Stats screen).

Each unnamed seat is shown with the profiles to pick from (``device.ui.who``), Skip, Done and
New player: the on-screen keyboard types a name, which becomes a profile (or is the existing
one, spelled any case) and names the seat. At the end the screen it started from comes back,
its BG Stats code now naming who played.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Protocol

from device.config import Config
from device.runtime.end_link import EndLink
from device.runtime.names import name_view
from device.runtime.screen_state import ScreenState
from device.runtime.session import Runtime
from device.ui.actions import DeviceTap, Valued, value_of
from device.ui.charts.log import ScoreLog
from device.ui.pushqr import scannable_push_url
from device.ui.who import WhoPrompt, unnamed_seats
from games.events import KeyTap, Tap, TouchAction, Touched
from games.scorelog.players import MAX_NAME, capitals, plain_name, press_key
from games.scorelog.plays import Play
from games.scorelog.stats import unnamed
from games.views import EndView, KeyboardView, ScreenName, SheetView

KEYBOARD_ACTIONS = (Tap.DEL, Tap.BACK, Tap.OK)
"""The keyboard's taps besides its letters (``KeyTap``)."""
WHO_ACTIONS = (DeviceTap.WHO_NEW, DeviceTap.WHO_SKIP, DeviceTap.WHO_DONE)
"""The "Who played?" screen's taps besides its names."""


class DaemonForWhoPlayed(Protocol):
    """The daemon as "Who played?" sees it (``device.runtime.app.Daemon``): the store's
    plays, the screen, the score log and end screen it goes back to, and the banner."""

    runtime: Runtime
    shown: ScreenState
    config: Config
    scorelog: ScoreLog
    notices: list[str]
    end_link: EndLink


class WhoPlayed:
    """The "Who played?" screens of one play at a time."""

    def __init__(self, daemon: DaemonForWhoPlayed) -> None:
        self.daemon = daemon
        self.prompt: WhoPrompt | None = None
        self.typed: str | None = None
        """The new player's name being typed (None: not on the keyboard)."""
        self.shift = False
        """Shift is on: the next letter takes the other case."""
        self.message = ""
        self.back: Callable[[Play], None] = self._end_again
        """Where the naming ends: the screen it was opened from, shown again for the play."""

    @property
    def active(self) -> bool:
        """Whether a play's seats are being named (its screens stay up with no game)."""
        return self.prompt is not None

    def tap(self, event: Any) -> bool:
        """Handle a tap of its own; whether ``event`` was one."""
        if not isinstance(event, Touched):
            return False
        action = event.action
        store, screen = self.daemon.runtime.store, self.daemon.shown.screen
        if store is None:
            return False
        if action is DeviceTap.WHO and screen in (ScreenName.END, ScreenName.SHEET):
            return self._open_from_end(store.last_logged, store.recent_players())
        logged = value_of(action, Valued.LOG_WHO)
        if logged is not None and screen is ScreenName.BGSTATS:
            play = store.stats().play(logged)
            if play is None:
                return False
            self.back = self._log_again
            self.prompt = WhoPrompt(play, store.recent_players())
        elif self.prompt is None:
            return False
        elif self.typed is not None and screen is ScreenName.KEYBOARD:
            if not (isinstance(action, KeyTap) or action in KEYBOARD_ACTIONS):
                return False
            self._type(action)
        elif screen is ScreenName.WHO and (
            action in WHO_ACTIONS or value_of(action, Valued.WHO_PICK) is not None
        ):
            self._pick(action)
        else:
            return False
        self._show()
        return True

    def _open_from_end(self, play: Play | None, names: list[str]) -> bool:
        shown = self.daemon.shown
        last = shown.view
        if play is None or not isinstance(last, EndView | SheetView):
            return False
        self.daemon.end_link.left = (last, shown.layer.ending)
        self.back = self._end_again
        self.prompt = WhoPrompt(play, names)
        self._show()
        return True

    def _pick(self, action: TouchAction) -> None:
        assert self.prompt is not None
        name = value_of(action, Valued.WHO_PICK)
        if name is not None:
            self._name(name)
        elif action is DeviceTap.WHO_NEW:
            self.typed, self.shift, self.message = "", False, "Type the new player's name"
        elif action is DeviceTap.WHO_SKIP:
            self.prompt.skip()
        else:
            self.prompt.seats.clear()

    def _name(self, name: str) -> None:
        """Name the current seat ``name`` (a refusal goes on the banner)."""
        store, prompt = self.daemon.runtime.store, self.prompt
        assert store is not None and prompt is not None and prompt.seat is not None
        try:
            prompt.named(store.name_seat(prompt.play.id, prompt.seat, name))
        except ValueError as error:
            self.daemon.notices.append(str(error)[:1].upper() + str(error)[1:])

    def _type(self, action: TouchAction) -> None:
        assert self.typed is not None
        self.message = ""
        if action is Tap.BACK:
            self.typed = None
        elif action is Tap.DEL:
            self.typed, self.shift = self.typed[:-1], False
        elif action is Tap.OK:
            self._add(plain_name(self.typed))
        elif isinstance(action, KeyTap):
            try:
                typed, shift = press_key(self.typed, self.shift, action.key)
            except ValueError:
                return  # not a key of this keyboard: nothing typed
            if len(typed) <= MAX_NAME:
                self.typed, self.shift = typed, shift
            else:
                self.message = f"A name has at most {MAX_NAME} letters"

    def _add(self, name: str) -> None:
        """OK on the keyboard: the typed name becomes a profile (an existing one, in any case,
        is that player) and names the seat."""
        store = self.daemon.runtime.store
        assert store is not None
        if not name:
            self.message = "Type a name first"
            return
        known = {profile.casefold(): profile for profile in store.recent_players()}
        if name.casefold() not in known:
            store.add_record("players", "players.add", {"name": name})
        self.typed = None
        self._name(known.get(name.casefold(), name))

    def _show(self) -> None:
        prompt, shown = self.prompt, self.daemon.shown
        assert prompt is not None
        if self.typed is not None:
            title = f"Who played seat {prompt.seat}?"
            view = KeyboardView(
                title=title,
                text=self.typed,
                most=MAX_NAME,
                message=self.message,
                capitals=capitals(self.typed, self.shift),
                shift=self.shift,
            )
            shown.show(view)
        elif prompt.seat is not None:
            shown.show(prompt.view())
        else:
            self.prompt = None
            self.back(prompt.play)

    def _end_again(self, play: Play) -> None:
        """Back to the game's last screen: its code, and its words ("Winners: players 1 and
        2"), name who played."""
        daemon, end = self.daemon, self.daemon.end_link
        if end.left is None:
            return
        view, ending = end.left
        played = {result.seat: result.name for result in play.players if not unnamed(result)}
        view = name_view(view, played)
        who = bool(unnamed_seats(play))
        link = scannable_push_url(play, daemon.config.store.location)
        ending = dataclasses.replace(ending, link=link, who=who)
        end.left = (view, ending)
        daemon.shown.show(view, ending)

    def _log_again(self, play: Play) -> None:
        """Back to the play's BG Stats screen in the score log, with its new names."""
        self.daemon.shown.show(self.daemon.scorelog.play_view(play))
