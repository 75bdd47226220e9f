"""A secret ballot by seat buttons, as a table plays it: each press is seen to count (the voter
haloed and named, their lamp breathing, then lit once the vote is in) and nothing shows whom a
vote went to (issue 35)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from screenpixels import drawn_texts
from touchplay import Table, table, table_config

from device.config import Config


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """Not conftest's: a table's, whose One Night day lasts one minute."""
    return table_config(tmp_path)


def lamps(t: Table, since: int) -> list[tuple[int, str]]:
    """(seat, pattern) of every lamp the device set after transcript entry ``since``."""
    entries: list[dict[str, Any]] = t.daemon.transcript.entries[since:]
    return [(entry["lamp"], str(entry["pattern"])) for entry in entries if "lamp" in entry]


def test_each_press_is_seen_to_count_and_the_tally_shows_who_voted_for_whom(
    config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = drawn_texts(monkeypatch)
    with table(config, tmp_path / "m.db") as t:
        t.tap("Players", "New player", "A", "D", "A", "OK").press(2).tap("Done")
        t.tap("One Night", "Start night").until("day").tap("Vote now", "Vote now").until("vote")
        drawn.clear()
        start = len(t.daemon.transcript.entries)
        t.press(2)
        assert getattr(t.daemon.shown.view, "voter", None) == 2
        assert "Ada, your vote" in drawn and "Press the seat you vote for" in drawn
        assert lamps(t, start) == [(2, "pulse")]
        start = len(t.daemon.transcript.entries)
        t.press(3)
        assert lamps(t, start) == [(2, "on")]  # seat 3's lamp says nothing of the vote
        view = t.daemon.shown.view
        assert getattr(view, "voted", ()) == (2,) and getattr(view, "voter", 0) is None
        start = len(t.daemon.transcript.entries)
        t.press(1, 2, 3, 4, 4, 1).until("reveal")
        voting = [(1, "pulse"), (1, "on"), (3, "pulse"), (3, "on"), (4, "pulse")]
        assert lamps(t, start) == [*voting, *((seat, "off") for seat in (1, 2, 3, 4))]
        # The tally then shows who voted for whom, as the table pointed.
        assert t.screen == "tally"
        pointed = getattr(t.daemon.shown.view, "pointed", ())
        assert pointed == ((1, (2,)), (2, (3,)), (3, (4,)), (4, (1,)))
        assert {"1 \u00bb 2", "2 \u00bb 3", "3 \u00bb 4", "4 \u00bb 1"} <= set(drawn)
