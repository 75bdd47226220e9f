"""The store's session checkpoint: the one saved session, its resume attempts, and the
checkpoints set aside.

The checkpoint is rewritten after every session transition so that a crash or power cut loses
nothing that was confirmed. A checkpoint that keeps failing to resume is set aside (kept for a
bug report), never tried again.
"""

from __future__ import annotations

import json
import logging
import math
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any

from device.store.pending import WRITE_ERRORS, PendingWrites

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Checkpoint:
    """A saved session: its game, its state as JSON data, and the clock time it was saved at."""

    game: str
    state: dict[str, Any]
    saved_at: float
    attempts: int = 0
    """How many starts have tried to resume it without settling (see ``resume_settled``)."""


class CheckpointError(ValueError):
    """A checkpoint row that cannot be read back (corrupt JSON, a bad time)."""


RESUME_ATTEMPTS = 2
"""A checkpoint that failed to resume this many times is set aside, never tried again."""


class CheckpointTable:
    """The saved session (part of the ``Store``)."""

    _db: sqlite3.Connection
    pending: PendingWrites
    on_write_error: Callable[[str], None] | None

    def _write(self, queue: Callable[[PendingWrites], None]) -> None:
        raise NotImplementedError  # the Store's: make it now, or queue it on a refusal

    def _transaction(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # the Store's: one transaction, committed or rolled back

    def save_checkpoint(self, game: str, state: dict[str, Any], saved_at: float) -> None:
        """Replace the checkpoint with this session state."""

        def queue(pending: PendingWrites) -> None:
            pending.checkpoint, pending.clear = (game, state, saved_at), False

        self._write(queue)

    def _save_checkpoint(self, game: str, state: dict[str, Any], saved_at: float) -> None:
        # The resume attempts stay until the daemon says the resumed game has settled.
        self._db.execute(
            "INSERT INTO checkpoint (id, game, state, saved_at) VALUES (1, ?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET game = excluded.game, state = excluded.state, "
            "saved_at = excluded.saved_at, updated = datetime('now')",
            (game, json.dumps(state, allow_nan=False), saved_at),
        )

    def load_checkpoint(self) -> Checkpoint | None:
        """The saved session, or None when there is none. ``CheckpointError`` if unreadable."""
        row = self._db.execute(
            "SELECT game, state, saved_at, attempts FROM checkpoint WHERE id = 1"
        ).fetchone()
        if row is None:
            return None
        try:
            state = json.loads(row[1])
        except (TypeError, ValueError) as error:
            raise CheckpointError(f"the saved game is not valid JSON: {error}") from error
        if not isinstance(state, dict):
            raise CheckpointError(f"the saved game is not an object: {type(state).__name__}")
        if not isinstance(row[2], int | float) or not math.isfinite(row[2]):
            raise CheckpointError(f"the saved game has no valid time: {row[2]!r}")
        return Checkpoint(str(row[0]), state, float(row[2]), int(row[3]))

    def note_resume_attempt(self) -> None:
        """Count one more try at resuming the checkpoint, durably, before trying it."""
        with self._unless_refused("count a resume attempt"):
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("UPDATE checkpoint SET attempts = attempts + 1 WHERE id = 1")
            self._db.execute("PRAGMA synchronous=NORMAL")

    def resume_settled(self) -> None:
        """The resumed game runs: its resume attempts start again from zero."""
        with self._unless_refused("reset the resume attempts"):
            self._db.execute("UPDATE checkpoint SET attempts = 0 WHERE id = 1 AND attempts > 0")

    @contextmanager
    def _unless_refused(self, what: str) -> Iterator[None]:
        # Bookkeeping the daemon can live without when the disk refuses it.
        try:
            yield
        except WRITE_ERRORS as error:
            if self.on_write_error is None:
                raise
            logger.warning("cannot %s: %s", what, error)

    def set_aside_checkpoint(self, reason: str) -> None:
        """Move the checkpoint, as it was written, out of the way (kept for a bug report)."""
        self.pending.checkpoint, self.pending.clear = None, False
        with self._unless_refused("set the saved game aside"), self._transaction():
            self._db.execute(
                "INSERT INTO set_aside (game, state, saved_at, reason) "
                "SELECT game, state, saved_at, ? FROM checkpoint WHERE id = 1",
                (reason,),
            )
            self._db.execute("DELETE FROM checkpoint")

    def set_aside(self) -> list[tuple[str, str, str]]:
        """The checkpoints set aside, oldest first: (game, reason, when)."""
        rows = self._db.execute("SELECT game, reason, created FROM set_aside ORDER BY id")
        return [(str(game), str(reason), str(when)) for game, reason, when in rows]

    def clear_checkpoint(self) -> None:
        """Forget the saved session (the game ended or was abandoned), durably."""

        def queue(pending: PendingWrites) -> None:
            pending.checkpoint, pending.clear = None, True

        self._write(queue)

    def _clear_checkpoint(self) -> None:
        self._db.execute("PRAGMA synchronous=FULL")
        try:
            self._db.execute("DELETE FROM checkpoint")
        finally:
            self._db.execute("PRAGMA synchronous=NORMAL")
