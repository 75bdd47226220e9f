"""The store's device settings: kept by key, in any store old or new, and waiting for the disk."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from device.store.database import Store


def test_a_setting_is_kept_by_key_and_replaced(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    assert store.setting("ambience") is None
    store.save_setting("ambience", "0.2")
    store.save_setting("ambience", "off")
    store.close()
    assert Store(tmp_path / "m.db").setting("ambience") == "off"


def test_a_store_from_before_settings_gets_the_table(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE settings")
    db.commit()
    db.close()
    store = Store(path)
    store.save_setting("ambience", "0.7")
    assert store.setting("ambience") == "0.7"


def test_a_refused_setting_waits_on_the_daemon_and_raises_for_a_command(tmp_path: Path) -> None:
    told: list[str] = []
    store = Store(tmp_path / "m.db", on_write_error=told.append)
    store._db.execute("PRAGMA query_only = ON")
    store.save_setting("ambience", "0.2")
    store.save_setting("ambience", "off")  # only the newest waits
    assert store.unsaved and store.setting("ambience") == "off" and len(told) == 1
    assert not store.flush()
    store._db.execute("PRAGMA query_only = OFF")
    assert store.flush() and not store.unsaved
    command = Store(tmp_path / "m.db")
    assert command.setting("ambience") == "off"
    command._db.execute("PRAGMA query_only = ON")
    with pytest.raises(sqlite3.OperationalError):
        command.save_setting("ambience", "0.4")
    assert not command.unsaved
