"""The phone shows the One Night pace in effect: what the device's setup Options were set to by
touch, on the live table and the setup page, through the game; nothing of it at night."""

from __future__ import annotations

from pathlib import Path

from touchplay import Table, table, table_config

from device.web.pages import Viewer, live_table, setup_page
from device.web.snapshot import Publisher, Snapshot, SnapshotBox


def published(t: Table, publisher: Publisher) -> Snapshot:
    publisher.publish(t.daemon.runtime)
    return publisher.box.get()


def test_the_phone_shows_the_pace_set_on_the_devices_options(tmp_path: Path) -> None:
    publisher = Publisher(SnapshotBox())
    with table(table_config(tmp_path), tmp_path / "m.db") as t:
        t.tap("One Night")
        line = "Night: 10 s a role. Talk: 1 min. Vote: secret."  # the device's settings
        assert published(t, publisher).table.pace == line
        t.tap("Options", "Night -", "Talk +", "Talk +", "Talk +", "Vote mode")
        line = "Night: 9 s a role. Talk: 4 min. Vote: called."
        snapshot = published(t, publisher)
        assert snapshot.table.pace == line
        assert f'<p id="pace">{line}</p>' in live_table(snapshot.table, 0.0)
        page = setup_page(Viewer(paired=True, csrf="t"), seats=12, snapshot=snapshot)
        assert f"On the device now: {line}" in page
        t.tap("Done", "Start night").until("night")
        snapshot = published(t, publisher)
        assert snapshot.table.night and not snapshot.table.pace  # the night shows nothing
        t.until("day")
        assert published(t, publisher).table.pace == line  # still the values in effect
        t.tap("Quit", "Quit game")
        assert t.screen == "home" and published(t, publisher).table.pace == ""
