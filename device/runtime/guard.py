"""Keeps the main loop alive through a bug in a game: no input or tick ends the daemon.

A session that raises something other than a rules error has a bug. Its transition is dropped,
so the last good state stays (and stays checkpointed: the bad one is never written), the
traceback goes to the log, and the table hears and sees a short apology. A deadline whose tick
keeps failing would stop the game anyway, so after ``TICK_TRIES`` tries the game is set aside
(kept in the store for a bug report) and the device goes home.

The simulator's guard is ``strict``: it reports a refused input or a bug (raises it) instead.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from device.runtime.session import Runtime
from games.effects import Say
from games.errors import RulesError
from games.events import Event, RevealEntered, ScoreEntered, Touched, VoteCast

logger = logging.getLogger(__name__)

TICK_TRIES = 3
"""How many times a failing deadline is tried before its game is set aside."""
TICK_RETRY_SECONDS = 1.0
"""The wait before a failed deadline is tried again."""
ANNOUNCED = (ScoreEntered, RevealEntered, VoteCast, Touched)
"""Inputs whose refusal is shown and said: entries and taps, which the table meant. A button
pressed when it does nothing only goes to the log."""
SORRY = "Sorry, something went wrong. The game goes on from where it was."
GAVE_UP = "This game hit a bug and cannot go on. It was kept for a bug report."


class Guard:
    """Runs session work for the daemon, turning a game's bug into an apology."""

    def __init__(
        self, runtime: Runtime, notice: Callable[[str], None], *, strict: bool = False
    ) -> None:
        self.runtime = runtime
        self.notice = notice
        self.strict = strict
        """Raise what the session raises (the simulator stops on it) instead of going on."""
        self.tick_failures = 0
        self.tick_blocked_until: float | None = None

    def feed(self, event: Event) -> bool:
        """Hand an input to the session; a rules error is refused (an entry's or a tap's shown
        in words and said briefly), a bug is apologised for. Whether the session took it."""
        if self.strict:
            self.runtime.feed(event)
            return True
        try:
            self.runtime.feed(event)
        except RulesError as error:
            # A wrong input on a live device is refused and logged; the game goes on.
            logger.warning("input refused: %s", error)
            if isinstance(event, ANNOUNCED):
                # A bumped button stays quiet; an entry the table meant is said to be wrong.
                self.notice(_sentence(error.for_table))
                self._say("common.refused")
            return False
        except Exception:
            logger.exception("bug while handling %s; the game keeps its last good state", event)
            self._apologise()
            return False
        return True

    def run(self, work: Callable[[], Any], what: object) -> None:
        """Do the device's own handling of an input (a keypad, home or score log tap): a bug
        in it is logged and apologised for, and the input is dropped, like a game's."""
        if self.strict:
            work()
            return
        try:
            work()
        except Exception:
            logger.exception("bug while handling %s; the device keeps its last good state", what)
            self._apologise()

    def tick(self) -> None:
        """Give the session its due tick, trying a failing deadline a few times at most."""
        now = self.runtime.clock.now()
        if self.strict:
            self.runtime.tick()
            return
        if self.tick_blocked_until is not None and now < self.tick_blocked_until:
            return
        try:
            self.runtime.tick()
        except Exception:
            self.tick_failures += 1
            logger.exception("bug at a deadline (try %d of %d)", self.tick_failures, TICK_TRIES)
            if self.tick_failures >= TICK_TRIES:
                self.give_up(f"a deadline failed {TICK_TRIES} times")
                return
            if self.tick_failures == 1:
                self._apologise()
            self.tick_blocked_until = now + TICK_RETRY_SECONDS
            return
        self.tick_failures, self.tick_blocked_until = 0, None

    def next_try(self) -> float | None:
        """When a failed deadline is tried again; until then it is not due (None: none failed)."""
        return self.tick_blocked_until

    def give_up(self, reason: str) -> None:
        """Set the game aside for a bug report and go home."""
        self.tick_failures, self.tick_blocked_until = 0, None
        self.runtime.set_aside(reason)
        self.notice(GAVE_UP)

    def _apologise(self) -> None:
        self.notice(SORRY)
        self._say("common.sorry")

    def _say(self, line: str) -> None:
        try:
            self.runtime.executor.run([Say.of(line)])
        except Exception:
            logger.exception("could not say %s either", line)


def _sentence(text: str) -> str:
    """An error as the banner shows it: a capital first letter.

    >>> _sentence("seat 3 revealed 'cow', which is not in this game")
    "Seat 3 revealed 'cow', which is not in this game"
    """
    return text[:1].upper() + text[1:]
