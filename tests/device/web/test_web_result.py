"""The phone keeps the roles in play from the day through the vote, the reveal and the result,
and shows the result as the end screen reads it: who died, who won (issue 35). Played by touch;
nothing of it at night."""

from __future__ import annotations

from pathlib import Path

from touchplay import Table, table, table_config

from device.web.pages import live_table
from device.web.snapshot import Publisher, Snapshot, SnapshotBox, table_of
from games.onenight.state import OneNightPhase
from games.views import EndView, ScreenName


def published(t: Table, publisher: Publisher) -> Snapshot:
    publisher.publish(t.daemon.runtime)
    return publisher.box.get()


def test_the_roles_stay_from_the_day_to_the_result_which_shows_deaths_and_winners(
    tmp_path: Path,
) -> None:
    publisher = Publisher(SnapshotBox())
    with table(table_config(tmp_path), tmp_path / "m.db") as t:
        t.tap("Players", "New player", "A", "D", "A", "OK").press(2).tap("Done")
        t.tap("One Night", "Start night").until("night")
        assert published(t, publisher).table.roles == ""  # the night shows nothing
        t.until("day")
        roles = published(t, publisher).table.roles
        assert roles.startswith("2 Alien")
        t.tap("Vote now", "Vote now").until("vote")
        assert published(t, publisher).table.roles == roles
        t.press(1, 2, 2, 3, 3, 2, 4, 2).until("reveal")  # seat 2 (Ada) gets three votes
        assert published(t, publisher).table.roles == roles  # the tally
        t.tap("Reveal cards")
        assert published(t, publisher).table.roles == roles
        session = t.daemon.runtime.session
        cards = [role.display_name for role in session.setup.roles]  # type: ignore[union-attr]
        for card in cards[:4]:
            t.tap(card, "Confirm")
        assert t.screen == "end"
        snapshot = published(t, publisher)
        result = snapshot.table.result
        assert snapshot.table.roles == roles
        assert result[0].endswith("!") or result[0] == "Nobody wins"  # the headline
        assert any("Ada died with 3 votes" in line for line in result[1:]), result
        assert any(line.startswith(("Winner", "Nobody wins")) for line in result[1:]), result
        page = live_table(snapshot.table, 0.0)
        assert f'<h3 id="result">{result[0]}</h3>' in page
        assert "<li>Ada died with 3 votes.</li>" in page
        assert f'<p id="roles">In play: {roles}</p>' in page
        t.tap("Play again")
        assert published(t, publisher).table.roles == ""  # a new game: its own roles, later


def test_an_end_screen_gives_the_phone_its_title_and_lines() -> None:
    view = EndView("The village wins!", ("Player 2 died with 3 votes.", "Winners: players 1, 3."))
    shown = table_of("onenight", OneNightPhase.RESULT, ScreenName.END, view, {})
    assert shown.result == ("The village wins!", *view.lines)


def test_the_replicas_sheet_on_the_phone_has_a_column_per_closed_round() -> None:
    from games.alieninjas.state import AlieninjasPhase
    from games.alieninjas.views import ReplicasView, SeatTotal

    totals = (SeatTotal(1, 9, (5, 4)), SeatTotal(2, 3, (0, 3)))
    view = ReplicasView(
        round=3, rounds=3, map="A", stage="ready", started_at=None, elapsed=0.0,
        buzzed=None, out=(), players=2, totals=totals,
    )  # fmt: skip
    shown = table_of("alieninjas", AlieninjasPhase.READY, ScreenName.REPLICAS, view, {1: "Ada"})
    assert shown.sheet is not None
    assert shown.sheet.columns == ("Player", "R1", "R2", "Total")
    assert shown.sheet.rows == (("Ada", "5", "4", "9"), ("Player 2", "0", "3", "3"))
