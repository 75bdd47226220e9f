"""What the exports and the phone page say of a play: named players are people in BG Stats,
each seat's place is its rank, and a play saved at Quit is marked unfinished everywhere."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from device.commands.export import scores_text
from device.store.bgsplay import to_bgsplay
from device.store.bgstats import decode_push_url, push_url
from device.store.database import Store
from device.store.exports import export_chunks
from device.web.pages import scores_page
from games.scorelog.plays import Play, PlayerResult

QUIT = "Unfinished: quit after round 1 of 3."


def alienation(
    number: int, scores: tuple[int, int, int], winners: set[int], comments: str = ""
) -> Play:
    names = ("Ada", "Bo", "Player 3")  # Ada has a profile, Bo a name from an older play
    ids = ("ada-id", "", "")
    players = tuple(
        PlayerResult(name, seat, score, seat in winners, player_id=pid)
        for seat, (name, score, pid) in enumerate(zip(names, scores, ids, strict=True), 1)
    )
    when = f"2025-03-0{number}T20:00:00Z"
    return Play(f"play-{number}", "Alienation", when, players, comments=comments)


DONE = alienation(1, (30, 12, 30), {1})  # Ada wins the 30-30 tie-break
QUITS = alienation(2, (9, 4, 1), set(), comments=QUIT)
MEMORY = Play(
    "play-3",
    "Alieninjas: Memory",
    "2025-03-03T20:00:00Z",
    (PlayerResult("Ada", 1, 7, False, player_id="ada-id"), PlayerResult("Bo", 2, 8, True)),
    board="Memory",
)


def test_named_players_are_people_and_only_unnamed_seats_are_anonymous() -> None:
    data = to_bgsplay([DONE, QUITS, MEMORY])
    people = [(p["name"], p["isAnonymous"]) for p in data["players"]]
    # Ada and Bo once each over three plays; each play's "Player 3" a person of its own.
    assert people == [("Ada", False), ("Bo", False), ("Player 3", True), ("Player 3", True)]
    assert decode_push_url(push_url(QUITS))["players"][1]["sourcePlayerId"] == "name/Bo"


def test_each_seat_has_its_place_as_rank_and_a_quit_play_is_ignored() -> None:
    data = to_bgsplay([DONE, QUITS, MEMORY])
    done, quits, memory = data["plays"]
    assert [(s["rank"], s["winner"]) for s in done["playerScores"]] == [
        (1, True),
        (3, False),
        (2, False),  # tied on 30 with the winner: second, not first
    ]
    assert done["ignored"] is False
    assert [s["rank"] for s in quits["playerScores"]] == [0, 0, 0] and quits["ignored"] is True
    assert quits["comments"] == QUIT
    assert [s["rank"] for s in memory["playerScores"]] == [2, 1]
    (game,) = [g for g in data["games"] if g["id"] == memory["gameRefId"]]
    assert (game["name"], memory["board"]) == ("Alieninjas", "Memory")  # BG Stats' game


def test_the_csv_and_the_phone_page_mark_the_play_saved_at_quit(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    for play in (DONE, QUITS, MEMORY):
        store.add_play(play)
    text = "".join(export_chunks(store.path, "csv"))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {(r["play_id"], r["unfinished"]) for r in rows} == {
        ("play-1", "0"),
        ("play-2", "1"),
        ("play-3", "0"),
    }
    page = scores_page(store.stats(), None, lambda play: f"/bgstats/{play.id}")
    items = page.split('<li data-play="')[1:]
    (quit_item,) = [item for item in items if item.startswith("play-2")]
    assert QUIT in quit_item and 'data-unfinished="1"' in quit_item
    assert sum("data-unfinished" in item for item in items) == 1
    assert "<h2>Alieninjas: Memory</h2>" in page
    assert 'href="/scores?game=Alieninjas%3A%20Memory"' in page
    # The leaderboard counts the finished play only: Ada 1 play, 1 win.
    alien = page.split('data-game="Alienation"')[1].split("</section>")[0]
    assert "Wins per player (1 play)" in alien


def test_the_scores_command_lists_the_play_saved_at_quit_as_unfinished(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    for play in (DONE, QUITS, MEMORY):
        store.add_play(play)
    text = scores_text(store.stats())
    assert "Alienation: Unfinished: quit after round 1 of 3 (Ada 9, Bo 4, Player 3 1)" in text
    assert "Alienation: won by Ada (Ada 30, Bo 12, Player 3 30)" in text
    assert "\nAlienation, 1 play:" in text  # the standings count the finished play
    assert "\nAlieninjas: Memory, 1 play:" in text
