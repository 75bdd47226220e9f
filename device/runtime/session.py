"""Drives the active session: feeds it events, runs its effects, checkpoints its state."""

from __future__ import annotations

import logging
from typing import Any

from device.clock import Clock
from device.runtime.executor import Executor
from device.store.database import Store
from games.effects import GamePhase, Record
from games.events import Event, Tick
from games.session import PressSounds, Session

logger = logging.getLogger(__name__)


class Runtime:
    """One session at a time, with its state; every transition is checkpointed."""

    def __init__(self, clock: Clock, executor: Executor, store: Store | None = None) -> None:
        self.clock = clock
        self.executor = executor
        self.store = store
        self.session: Session[Any] | None = None
        self.state: Any = None

    @property
    def phase(self) -> GamePhase | None:
        """The active session's phase, or None when no game is running."""
        if self.session is None:
            return None
        return self.session.phase(self.state)

    def begin(self, session: Session[Any]) -> None:
        """Start a new game."""
        if self.store is not None:
            # Its checkpoint replaces the last game's: it must not inherit that one's failed
            # resumes, or a single crash could set the new game aside.
            self.store.resume_settled()
        self.session = session
        self.executor.game = session.game
        self.executor.audio.set_short(isinstance(session, PressSounds))
        self.state, effects = session.start(self.clock.now())
        self._apply(effects)

    def resume(self, session: Session[Any], data: dict[str, Any], saved_at: float) -> None:
        """Continue a checkpointed game after a restart."""
        self.session = session
        self.executor.game = session.game
        self.executor.audio.set_short(isinstance(session, PressSounds))
        state = session.from_json(data)
        self.state, effects = session.resume(state, saved_at, self.clock.now())
        logger.info("resumed %s in phase %s", session.game, session.phase(self.state))
        self._apply(effects)

    def next_deadline(self) -> float | None:
        """When the session next needs a tick."""
        if self.session is None:
            return None
        return self.session.next_deadline(self.state)

    def tick(self) -> None:
        """Give the session a ``Tick`` if one of its deadlines has come."""
        deadline = self.next_deadline()
        if deadline is not None and deadline <= self.clock.now():
            self.feed(Tick(self.clock.now()))

    def feed(self, event: Event) -> None:
        """Hand one event to the session. ``EventNotAcceptedError`` leaves the state unchanged."""
        if self.session is None:
            return
        self.state, effects = self.session.handle(self.state, event, self.clock.now())
        self._apply(effects)

    def set_aside(self, reason: str) -> None:
        """Drop the current session, keeping its checkpoint aside for a bug report."""
        game = self.session.game if self.session is not None else "no game"
        logger.error("setting the %s game aside: %s", game, reason)
        self.session, self.state = None, None
        self.executor.game = ""
        if self.store is not None:
            self.store.set_aside_checkpoint(reason)

    def end(self) -> None:
        """Drop the current session and its checkpoint."""
        self.session, self.state = None, None
        self.executor.game = ""  # no game: the speaker goes back to closing when idle
        if self.store is not None:
            self.store.clear_checkpoint()

    def _apply(self, effects: list[Any]) -> None:
        assert self.session is not None
        # Records first, then the checkpoint, then the rest: a crash between them resumes the
        # state before this transition, which records again (a logged play is kept once, by
        # its id), never a state whose records were lost.
        records = [effect for effect in effects if isinstance(effect, Record)]
        self.executor.run(records)
        if self.store is not None:
            # Checkpoint before acting, so a crash mid-effect resumes this transition.
            data = self.session.to_json(self.state)
            self.store.save_checkpoint(self.session.game, data, self.clock.now())
        rest = [effect for effect in effects if not isinstance(effect, Record)]
        for follow_up in self.executor.run(rest):
            self.feed(follow_up)
        if self.executor.finished:
            self.executor.finished = False
            self.end()
        elif self.session is not None:
            # Only while presses can sound (a round, a grab) is the speaker held quick.
            quick = isinstance(self.session, PressSounds) and self.session.quick_sounds(self.state)
            self.executor.audio.set_quick(quick)
