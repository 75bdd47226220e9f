"""Leaving a game part way: the Quit control on every game screen, and its question.

Quit asks before it acts ("Quit game" / "Keep playing") and then ends the game as if it had
never been saved: its checkpoint goes, so a restart does not bring it back. A score sheet with
rounds already closed asks whether to keep them ("Save & quit": an unfinished play in the score
log, which nobody wins) or not ("Discard & quit"). At night the control and its question are
drawn dim and nothing is said, so nobody is tempted to open their eyes.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

import pygame

from device.config import Config
from device.runtime.screen_state import ScreenState
from device.runtime.session import Runtime
from device.ui.actions import DeviceTap
from device.ui.canvas import MIN_SIZE
from device.ui.model import Control
from games.effects import Effect, Lamp, LampPattern, LogPlay
from games.events import Tap, TouchAction
from games.session import Unfinishable
from games.views import ScreenName

if TYPE_CHECKING:
    from device.runtime.own_taps import Feed
    from device.runtime.ports import TouchScreen

logger = logging.getLogger(__name__)

QUIT, QUIT_YES, QUIT_NO, QUIT_SAVE = (
    DeviceTap.QUIT,
    DeviceTap.QUIT_YES,
    DeviceTap.QUIT_NO,
    DeviceTap.QUIT_SAVE,
)
QUESTION = "Quit this game? It will not be saved."
OFF_GAME_SCREENS = (
    *(ScreenName.KEYPAD, ScreenName.WHO, ScreenName.BGSTATS),
    *(ScreenName.PLAYERS, ScreenName.KEYBOARD),
)
"""Screens shown while a session runs that are not a game's own, or a tool's rather than a
game's (the Players screen): they have their own way back (Cancel, Done, Back)."""


class DaemonForQuit(Protocol):
    """The daemon as Quit sees it (``device.runtime.app.Daemon``): the game, the screen and
    its question, the seats' lamps to put out, and the way home."""

    runtime: Runtime
    shown: ScreenState
    config: Config

    @property
    def ui(self) -> TouchScreen:
        """The touchscreen (read-only here: any ``TouchScreen`` the daemon was given)."""
        ...

    def home(self) -> None: ...


class QuitControl:
    """Puts Quit on a running game's screens and carries out its answer."""

    def __init__(self, daemon: DaemonForQuit) -> None:
        self.daemon = daemon

    def offer(self) -> None:
        """Add Quit to the screen of a running game, unless the screen is the game's last (it
        has Home) or not the game's own; take a question down once no game runs."""
        ui = self.daemon.ui
        if self.daemon.runtime.session is None:
            ui.dismiss()
            return
        if ui.asking or self.daemon.shown.screen in OFF_GAME_SCREENS:
            return
        actions = [control.action for control in ui.screen_controls()]
        if QUIT in actions or Tap.HOME in actions:
            return
        rect, quiet = ui.quit_spot()
        style = "night" if quiet else "button"
        ui.replace_control(Control("Quit", QUIT, rect, style=style, size=MIN_SIZE))

    @staticmethod
    def handles(action: TouchAction) -> bool:
        """Whether a tap is Quit or one of its answers."""
        return action in (QUIT, QUIT_YES, QUIT_NO, QUIT_SAVE)

    def tap(self, action: TouchAction, feed: Feed) -> None:
        """Ask, take the question down, or quit the game and go home."""
        ui = self.daemon.ui
        if action is QUIT and self._kept():
            self._ask_to_keep(len(self._kept()))
            return
        if action is QUIT:
            _, quiet = ui.quit_spot()
            style = "night" if quiet else "button"
            ui.ask(
                QUESTION,
                [
                    Control("Quit game", QUIT_YES, pygame.Rect(150, 272, 240, 80), style=style),
                    Control(
                        "Keep playing",
                        QUIT_NO,
                        pygame.Rect(410, 272, 240, 80),
                        primary=not quiet,
                        style=style,
                    ),
                ],
            )
            return
        ui.dismiss()
        if action is QUIT_SAVE and self.daemon.runtime.session is not None:
            self.daemon.runtime.executor.run(self._unfinished())
        if action in (QUIT_YES, QUIT_SAVE) and self.daemon.runtime.session is not None:
            self.quit()

    def _unfinished(self) -> list[Effect]:
        """The running game's closed rounds as an unfinished play (nothing: none to keep)."""
        session = self.daemon.runtime.session
        if not isinstance(session, Unfinishable):
            return []
        effects: list[Effect] = session.unfinished(self.daemon.runtime.state)
        return effects

    def _kept(self) -> tuple[tuple[int, ...], ...]:
        """The closed rounds a quit may keep (empty: none)."""
        logged = [e for e in self._unfinished() if isinstance(e, LogPlay)]
        return logged[0].result.rounds if logged else ()

    def _ask_to_keep(self, rounds: int) -> None:
        scored = f"{rounds} round{'s' * (rounds != 1)} {'is' if rounds == 1 else 'are'} scored"
        question = f"Quit this game? {scored}: keep as an unfinished play, or discard?"
        self.daemon.ui.ask(
            question,
            [
                Control("Save & quit", QUIT_SAVE, pygame.Rect(140, 272, 166, 80)),
                Control("Discard & quit", QUIT_YES, pygame.Rect(317, 272, 166, 80)),
                Control("Keep playing", QUIT_NO, pygame.Rect(494, 272, 166, 80), primary=True),
            ],
        )

    def quit(self) -> None:
        """End the running game without saving it: lamps off, the bed stopped, home."""
        runtime = self.daemon.runtime
        logger.info("the table quit the %s game", runtime.session and runtime.session.game)
        seats = range(1, self.daemon.config.hardware.seats + 1)
        runtime.end()  # its checkpoint goes: a restart starts at home
        executor = runtime.executor
        executor.run([Lamp(seat, LampPattern.OFF) for seat in seats])
        if executor.out.audio is not None:
            executor.out.audio.stop()
        if executor.out.ambience is not None:
            executor.out.ambience.stop()
        self.daemon.home()
