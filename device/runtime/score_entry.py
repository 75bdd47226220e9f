"""Score entry by touch: the "Enter scores" control on a score sheet, and the keypad it opens."""

from __future__ import annotations

from typing import Any, Protocol

from device.runtime.session import Runtime
from device.ui.keypad.entry import Keypad, fields_for, press
from games.events import Event
from games.spec import ScoreField
from games.views import View

ENTER_RECT = (516, 4, 188, 48)
"""Where the "Enter scores" control sits on a score sheet (design pixels): left of Quit."""


class DaemonParts(Protocol):
    """What score entry needs of the daemon (``device.runtime.app.Daemon``)."""

    runtime: Runtime
    ui: Any

    def _feed(self, event: Event) -> None: ...


class ScoreEntry:
    """Score entry by touch: an "Enter scores" control on a score sheet opens the keypad, whose
    finished entries go to the session as the same ``ScoreEntered`` events as any other input."""

    def __init__(self, daemon: DaemonParts) -> None:
        self.daemon = daemon
        self.pad: Keypad | None = None
        self.back: tuple[str | None, View | dict[str, Any]] = (None, {})

    def _fields(self) -> tuple[ScoreField, ...] | None:
        session = self.daemon.runtime.session
        if session is None or self.daemon.runtime.phase != "score" or self._players() < 1:
            return None
        mission = getattr(getattr(session, "setup", None), "mission", None)
        return fields_for(session.game, mission)

    def _players(self) -> int:
        """The seats the keypad asks: the setup's players (0, and no keypad, if it has none)."""
        players = getattr(getattr(self.daemon.runtime.session, "setup", None), "players", 0)
        return players if isinstance(players, int) and not isinstance(players, bool) else 0

    def offer(self) -> None:
        """Put the "Enter scores" control on a score sheet while scores are due."""
        executor = self.daemon.runtime.executor
        if self.pad is None and executor.screen in ("scores", "sheet") and self._fields():
            self.daemon.ui.add_control("Enter scores", "keypad", ENTER_RECT)

    def handles(self, action: str) -> bool:
        """Whether a tap belongs to the keypad (or opens it)."""
        return action == "keypad" or (self.pad is not None and self.daemon.ui.screen == "keypad")

    def tap(self, action: str) -> None:
        """Open the keypad, or apply one keypad tap (feeding a finished entry)."""
        executor = self.daemon.runtime.executor
        if self.pad is None:
            fields = self._fields()
            session = self.daemon.runtime.session
            if fields is None or session is None:
                return
            self.back = (executor.screen, executor.view)
            self.pad = Keypad(fields, self._players()).reading(executor.view)
            executor.show("keypad", self.pad.view())
            return
        self.pad, entry = press(self.pad, action)
        if entry is not None:
            self.daemon._feed(entry)
            self.back = (executor.screen, executor.view)
            if self.pad is not None:
                self.pad = self.pad.reading(executor.view)  # the sheet after this entry
            if self.daemon.runtime.phase != "score":
                self.pad = None  # the round (or the game) closed: back to the sheet
        if self.pad is not None:
            executor.show("keypad", self.pad.view())
        elif self.back[0] is not None and executor.screen == "keypad":
            executor.show(self.back[0], self.back[1])
