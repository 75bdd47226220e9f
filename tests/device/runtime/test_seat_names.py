"""The names linked to seats on the Players screen are what the table reads and hears where a
game names a seat: the sheet's rows, its result line, the winner said aloud, the phone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from screenpixels import drawn_texts
from touchgames import play_one_night
from touchplay import Table, enter_round, table, table_config

from device.config import Config
from device.runtime.names import NAMED, name_say, name_view
from device.runtime.parts import catalogues
from device.web.snapshot import table_of
from games.effects import Say
from games.events import SeatRole, SeatTap
from games.views import SeatName, SheetButton, SheetRow, SheetView
from narration.catalogue import Catalogue


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """Not conftest's: a table's, whose One Night day lasts one minute."""
    return table_config(tmp_path)


def enter_alienation_round(t: Table, players: int) -> None:
    """Seat 1 scores 5 a round, the others 1; no Sunnies."""
    t.tap("Enter scores")
    for seat in range(1, players + 1):
        t.tap("5" if seat == 1 else "1", "OK", "0", "OK")
    assert t.screen != "keypad"


def test_a_linked_seat_is_named_on_the_sheet_in_its_result_and_aloud(
    config: Config, tmp_path: Path
) -> None:
    with table(config, tmp_path / "m.db") as t:
        t.tap("Players", "New player", "A", "D", "A", "OK").press(1).tap("Done")
        t.tap("Alienation", "-", "-", "Start", "Random")  # two players
        for _ in range(3):
            t.until("score")
            enter_alienation_round(t, 2)
        assert t.phase == "final"
        sheet = t.daemon.shown.view
        assert isinstance(sheet, SheetView)
        assert sheet.seat_names == (SeatName(1, "Ada"),)
        assert sheet.message.startswith("Ada wins with 15")
        said = [e for e in t.daemon.transcript.entries if "say" in e]
        assert said[-1]["line"] == "alienation.winner.named"
        assert said[-1]["say"].startswith("Ada wins with 15 points")
        (play,) = t.daemon.runtime.store.plays()  # type: ignore[union-attr]
        assert play.players[0].name == "Ada"
        store = t.daemon.runtime.store
        assert store is not None
        phone = table_of("alienation", t.phase, t.screen, sheet, store.seat_names())
        assert phone.sheet is not None and phone.sheet.rows[0][0] == "Ada"  # the phone too
        assert phone.message.startswith("Ada wins with 15")


def test_name_view_names_texts_and_rows_but_keeps_a_controls_label() -> None:
    view = SheetView(
        title="Alienation",
        columns=("Total",),
        rows=(SheetRow(1, ("3",)), SheetRow(2, ("4",))),
        message="Player 2 wins; player 1 is second",
        round=3,
        rounds=3,
        controls=(SheetButton("Player 2", SeatTap(SeatRole.FRIENDLIEST, 2)),),
    )
    named = name_view(view, {2: "Ben"})
    assert named.message == "Ben wins; player 1 is second"
    assert named.seat_names == (SeatName(2, "Ben"),)
    assert named.controls == view.controls  # a tap still finds "Player 2"
    assert name_view(view, {}) is view


@pytest.mark.parametrize(
    ("say", "named"),
    [
        (Say.of("alienation.winner", seat=2, total=9), True),
        (Say.of("alienation.winner", seat=1, total=9), False),  # seat 1 has no name
        (Say.of("common.seat_ready", seat=2), False),  # no named twin
    ],
)
def test_name_say_takes_the_named_twin_of_a_line_for_a_linked_seat(say: Say, named: bool) -> None:
    lines = {"alienation.winner", "alienation.winner.named", "common.seat_ready"}
    got = name_say(say, {2: "Ben"}, lines)
    if named:
        assert got == Say.of("alienation.winner.named", total=9, name="Ben")
    else:
        assert got is say


def test_every_named_twin_says_its_lines_words_with_the_name_for_the_seat() -> None:
    catalogue = Catalogue.load(*catalogues())  # every registered game's lines, Stars' too
    twins = [line for line in catalogue.ids() if line.endswith(NAMED)]
    assert len(twins) >= 6 and "alienation.winner.named" in twins
    for twin in twins:
        base = twin.removesuffix(NAMED)
        assert catalogue.placeholders(twin) == catalogue.placeholders(base) - {"seat"} | {"name"}


def test_the_replicas_check_names_who_called_on_screen_and_aloud(
    config: Config, tmp_path: Path
) -> None:
    with table(config, tmp_path / "m.db") as t:
        t.tap("Players", "New player", "A", "D", "A", "OK").press(1).tap("Done")
        t.tap("Replicas", "Start").do("control", "go").until("round").do("wait", 20).press(1)
        t.do("wait", 1)
        view = t.daemon.shown.view
        assert getattr(view, "seat_names", ()) == (SeatName(1, "Ada"),)
        assert "alieninjas.replicas.check.named" in t.said


def test_the_vote_ring_and_the_reveal_name_a_linked_seat(
    config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = drawn_texts(monkeypatch)
    with table(config, tmp_path / "m.db") as t:
        t.tap("Players", "New player", "A", "D", "A", "OK").press(1).tap("Done")
        t.tap("One Night", "Start night").until("day")
        drawn.clear()
        t.tap("Vote now", "Vote now").until("vote")
        view = t.daemon.shown.view
        assert getattr(view, "seat_names", ()) == (SeatName(1, "Ada"),)
        assert "Ada" in drawn and "1" in drawn and "2" in drawn  # seat 1's name by its chip
        for voter in range(1, 5):
            t.press(voter, voter % 4 + 1)
        drawn.clear()
        t.tap("Reveal cards")
        assert t.screen == "reveal" and "Ada" in drawn and "Seat 1" not in drawn
        t.tap("Cow")  # seat 1's card (the four-player preset, as test_by_touch)
        drawn.clear()
        t.tap("Confirm")
        assert "Seat 2" in drawn  # the title: an unnamed seat keeps its number
        assert captions(t, "Seat") == ["1 Ada", "2", "3", "4"]  # the chips name seat 1


def captions(t: Table, kind: str) -> list[str]:
    """What the seat chips of ``kind`` ("Seat", "Voter", "Target") on display show."""
    chips = t.daemon.ui.screen_controls()
    return [chip.text for chip in chips if chip.label.startswith(f"{kind} ")]


def test_the_grid_vote_rows_and_the_reveal_chips_name_a_linked_seat(
    config: Config, tmp_path: Path
) -> None:
    with table(config, tmp_path / "m.db") as t:
        t.tap("Players", "New player", "A", "D", "A", "OK").press(1).tap("Done")
        t.tap("One Night", "Options", "Vote mode", "Vote mode", "Done")  # grid
        t.tap("Start night").until("day").tap("Vote now", "Vote now").until("vote")
        assert captions(t, "Voter") == ["1 Ada", "2", "3", "4"]
        t.tap("Voter 2")  # a tap by its label, as before
        assert captions(t, "Target") == ["1 Ada", "3", "4"]
        t.tap("Target 1", "Voter 1")
        assert captions(t, "Target") == ["2", "3", "4"]  # nobody votes for themselves
        t.tap("Target 2", "Voter 3", "Target 1", "Voter 4", "Target 1")
        t.tap("Reveal cards")
        assert captions(t, "Seat") == ["1 Ada", "2", "3", "4"]
        assert t.daemon.ui.action_for_label("Seat 1") == SeatTap(SeatRole.SEAT, 1)


def test_a_play_logged_unnamed_keeps_its_names_after_seats_are_named(
    config: Config, tmp_path: Path
) -> None:
    with table(config, tmp_path / "m.db") as t:
        t.tap("Alien Encounters", "Start").until("rounds")
        t.tap(*["Next round"] * 10).until("score")
        enter_round(t)
        t.tap("Home", "Players", "New player", "A", "D", "A", "OK").press(1)
        t.tap("New player", "B", "E", "N", "OK").press(2).tap("Done")
        t.tap("Scores", "Plays")
        (row,) = [label for label, action in t.daemon.ui.controls() if "log:play:" in action]
        assert "Ada" not in row and "Ben" not in row
        t.tap(row)
        lines: tuple[str, ...] = getattr(t.daemon.shown.view, "lines", ())
        assert lines[-1] == "Played by Player 1, Player 2"  # as it was logged


def test_the_keypad_names_a_linked_seat_in_its_title_and_chip(
    config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = drawn_texts(monkeypatch)
    with table(config, tmp_path / "m.db") as t:
        t.tap("Players", "New player", "A", "D", "A", "OK").press(1).tap("Done")
        t.tap("Alienation", "-", "-", "Start", "Random").until("score")
        drawn.clear()
        t.tap("Enter scores")
        assert captions(t, "Seat") == ["1 Ada", "Seat 2"]
        assert any(line.startswith("Ada: ") for line in drawn)
        assert not any(line.startswith("Seat 1: ") for line in drawn)
        t.tap("5", "OK", "0", "OK")  # on to seat 2, unnamed: by its number
        assert any(line.startswith("Seat 2: ") for line in drawn)


def test_the_friendliest_question_and_the_firsties_name_a_linked_seat(
    config: Config, tmp_path: Path
) -> None:
    with table(config, tmp_path / "m.db") as t:
        t.tap("Players", "New player", "A", "D", "A", "OK").press(1).tap("Done")
        t.tap("Alienation", "-", "-", "Start")
        shown = {c.label: c.text for c in t.daemon.ui.screen_controls()}
        assert shown["Player 1"] == "Ada" and shown["Player 2"] == "Player 2"
        t.tap("Player 1").until("score")
        shown = {c.label: c.text for c in t.daemon.ui.screen_controls()}
        assert shown["First 1"] == "First: Ada" and shown["First 2"] == "First 2"


def test_one_nights_result_names_the_seats_named_in_who_played(
    config: Config, tmp_path: Path
) -> None:
    with table(config, tmp_path / "m.db") as t:
        for name in ("ADA", "BEN", "CAL", "DEE"):
            t.tap("Players", "New player", *name, "OK", "Done")
        play_one_night(t)
        before = " ".join(getattr(t.daemon.shown.view, "lines", ()))
        assert re.search(r"[Pp]layers? \d", before), before
        t.tap("Who played?", "Ada", "Ben", "Cal", "Dee")
        assert t.screen == "end"
        after = " ".join(getattr(t.daemon.shown.view, "lines", ()))
        assert not re.search(r"[Pp]layers? \d", after), after
        assert any(name in after for name in ("Ada", "Ben", "Cal", "Dee"))
