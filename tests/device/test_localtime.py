"""What a person reads is in the device's own zone, with the zone's name: ``scores``, the CSV
and the phone page. The store and the machine formats (JSON, BG Stats) stay UTC."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from datetime import UTC
from pathlib import Path

import pytest

from device.commands.export import export, scores_text
from device.localtime import local_iso, local_text
from device.store.bgstats import push_play
from device.store.database import Store
from device.web.pages import _when
from games.scorelog.plays import Play, PlayerResult

# Late on a Saturday evening in Berlin: already Sunday there, still Saturday in UTC.
LATE = Play(
    "play-late",
    "Alienation",
    "2025-02-01T23:30:00Z",
    (PlayerResult("Ada", 1, 30, True), PlayerResult("Player 2", 2, 12, False)),
)


@pytest.fixture
def berlin(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.usefixtures("berlin")
def test_scores_csv_and_page_read_in_the_devices_zone(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    assert store.add_play(LATE)
    assert "  2025-02-02 00:30 CET  Alienation: won by Ada" in scores_text(store.stats(), 5)
    (row, _) = csv.DictReader(io.StringIO(export(store, "csv")))
    assert (row["date"], row["played_at"]) == ("2025-02-02", "2025-02-02T00:30:00+01:00")
    assert _when(LATE) == "2025-02-02 00:30 CET"
    # The machine formats keep UTC: BG Stats is told the UTC time, a backup keeps the store's.
    assert push_play(LATE)["playDate"] == "2025-02-01 23:30:00"
    assert '"played_at": "2025-02-01T23:30:00Z"' in export(store, "json")


def test_a_summer_time_says_so() -> None:
    assert local_text("2025-07-01T12:00:00Z", UTC) == "2025-07-01 12:00 UTC"
    assert local_text("not a time") == "not a time"
    assert local_iso("2025-07-01T12:00:00", UTC) == "2025-07-01T12:00:00+00:00"


@pytest.mark.usefixtures("berlin")
def test_summer_time_in_the_devices_zone() -> None:
    assert local_text("2025-07-01T12:00:00Z") == "2025-07-01 14:00 CEST"
