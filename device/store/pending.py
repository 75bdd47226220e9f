"""Store writes that failed on a full or read-only disk, kept in order and retried.

The daemon's store keeps a game going when the disk refuses a write: the write is queued here,
the game goes on in memory, and the queue is replayed in order once writing works again, so
nothing confirmed is lost. Only the newest checkpoint matters, so a checkpoint replaces the one
queued before it; records are all kept. A device setting keeps its newest value.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.scorelog.plays import FinalResult

WRITE_ERRORS = (sqlite3.OperationalError, sqlite3.DatabaseError)
"""What SQLite raises for a full disk, a read-only file or an I/O error."""


@dataclass
class PendingWrites:
    """The writes still to make, oldest first."""

    records: list[tuple[str, str, dict[str, Any], FinalResult | None]] = field(default_factory=list)
    """(game, kind, data, the result a final record logs) of each record not yet written."""
    checkpoint: tuple[str, dict[str, Any], float] | None = None
    """The newest checkpoint not yet written: (game, state, saved_at)."""
    clear: bool = False
    """The checkpoint is to be deleted (the game ended) once the records are in."""
    settings: dict[str, str] = field(default_factory=dict)
    """The newest value of each device setting not yet written (the ambience level)."""
    error: str = ""
    """The last write error, as SQLite worded it."""

    def __bool__(self) -> bool:
        return (
            bool(self.records) or self.checkpoint is not None or self.clear or bool(self.settings)
        )

    def replay(
        self,
        add_record: Callable[[str, str, dict[str, Any], FinalResult | None], None],
        save_checkpoint: Callable[[str, dict[str, Any], float], None],
        clear_checkpoint: Callable[[], None],
        save_setting: Callable[[str, str], None],
    ) -> bool:
        """Write what is pending, in order, stopping at the first failure; whether all is in."""
        try:
            while self.records:
                add_record(*self.records[0])
                self.records.pop(0)
            if self.checkpoint is not None:
                save_checkpoint(*self.checkpoint)
                self.checkpoint = None
            if self.clear:
                clear_checkpoint()
                self.clear = False
            while self.settings:
                key = next(iter(self.settings))
                save_setting(key, self.settings[key])
                del self.settings[key]
        except WRITE_ERRORS as error:
            self.error = str(error)
            return False
        self.error = ""
        return True
