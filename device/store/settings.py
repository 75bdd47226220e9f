"""The store's device settings: a small key-value table the device's own controls write.

A setting changed on the device (the ambience level on One Night's setup screen) is kept here,
so it outlasts the game and a restart; the config stays the default until one is saved. A write
the disk refuses waits in the store's pending writes like a game's (``pending``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from device.store.pending import PendingWrites

SETTINGS_TABLE = """
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
)
"""
"""Created on open, in any store old or new (``IF NOT EXISTS``: nothing else to migrate)."""


def add_settings_table(db: sqlite3.Connection) -> None:
    """Give the store its settings table (a store from before settings has none)."""
    db.execute(SETTINGS_TABLE)


class SettingsTable:
    """Device settings by key (part of the ``Store``)."""

    _db: sqlite3.Connection
    pending: PendingWrites

    def _write(self, queue: Callable[[PendingWrites], None]) -> None:
        raise NotImplementedError  # the Store's: make it now, or queue it on a refusal

    def setting(self, key: str) -> str | None:
        """The value saved for ``key`` (one still waiting for the disk included), or None."""
        if key in self.pending.settings:
            return self.pending.settings[key]
        row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def save_setting(self, key: str, value: str) -> None:
        """Keep ``value`` for ``key``. On the daemon a refused write waits and is retried."""

        def queue(pending: PendingWrites) -> None:
            pending.settings[key] = value

        self._write(queue)

    def _save_setting(self, key: str, value: str) -> None:
        self._db.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )
