""" "Who played?": after a game, the table names its unnamed seats (recent players first), can
skip, and an unnamed seat never becomes anyone it was not named as."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.commands.cli import main
from device.store.bgstats import decode_push_url, push_play
from device.store.database import Store
from device.ui.who import WhoPrompt, unnamed_seats
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.stats import player_stats

SCENARIOS = Path(__file__).parents[3] / "games" / "alieninjas" / "samples"


def night(i: int) -> Play:
    players = tuple(
        PlayerResult(f"Player {seat}", seat, 10 - seat, seat == 1) for seat in (1, 2, 3)
    )
    return Play(f"night-{i}", "Alienation", f"2025-03-0{i}T20:00:00Z", players)


def test_unnamed_seats_of_different_nights_never_merge() -> None:
    stats = player_stats([night(1), night(2)])
    assert "Player 1" not in stats  # nobody in particular, not one person with two wins
    assert [push_play(night(i))["players"][0]["sourcePlayerId"] for i in (1, 2)] == [
        "night-1/seat1",
        "night-2/seat1",
    ]


def test_naming_a_seat_names_it_in_the_logged_play(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    for name in ("Ada", "Bo"):
        store.add_player(name)
    store.add_play(night(1))
    named = store.name_seat("night-1", 2, "Bo")
    assert [(p.name, bool(p.player_id)) for p in named.players] == [
        ("Player 1", False),
        ("Bo", True),
        ("Player 3", False),
    ]
    assert store.plays() == [named]
    assert named.players[1].player_id == next(p.id for p in store.players() if p.name == "Bo")
    assert unnamed_seats(named) == (1, 3)
    with pytest.raises(ValueError, match="seat 2 of play 'night-1' is 'Bo' already"):
        store.name_seat("night-1", 2, "Ada")
    with pytest.raises(ValueError, match="'Bo' is in play 'night-1' already"):
        store.name_seat("night-1", 3, "Bo")
    with pytest.raises(ValueError, match="no player named 'Cy'"):
        store.name_seat("night-1", 3, "Cy")
    with pytest.raises(ValueError, match="no play 'night-9'"):
        store.name_seat("night-9", 3, "Ada")


def test_the_prompt_walks_the_seats_offering_who_is_not_taken() -> None:
    prompt = WhoPrompt(night(1), ["Bo", "Ada", "Cy"])
    assert prompt.seat == 1
    assert prompt.view().names == ("Bo", "Ada", "Cy")  # recent first, as given
    bo = PlayerResult("Bo", 1, 9, True, player_id="b")
    prompt.named(Play("night-1", "Alienation", "2025-03-01T20:00:00Z", (bo, *night(1).players[1:])))
    assert prompt.seat == 2
    assert prompt.view().names == ("Ada", "Cy")
    assert prompt.view().title == "Who played seat 2?"
    prompt.skip()
    assert prompt.seat == 3
    prompt.skip()
    assert prompt.seat is None


def test_who_played_on_the_device_end_screen(tmp_path: Path) -> None:
    """A whole game on the simulated device: Who played? names two of three seats (one is
    skipped), and the end screen's BG Stats code then carries those players."""
    db = tmp_path / "m.db"
    store = Store(db)
    for name in ("Ada", "Bo"):
        store.add_player(name)
    store.close()
    scenario = json.loads((SCENARIOS / "replicas-demo.json").read_text())
    scenario["events"] += [
        {"wait": 2},
        {"touch": "Who played?"},
        {"touch": "Bo"},
        {"touch": "Skip"},
        {"touch": "Ada"},
        {"touch": "BG Stats"},
        {"touch": "Back"},
    ]
    path = tmp_path / "who.json"
    path.write_text(json.dumps(scenario))
    transcript = tmp_path / "t.jsonl"
    assert main(["simulate", str(path), "--transcript", str(transcript), "--store", str(db)]) == 0
    screens = [json.loads(line).get("screen") for line in transcript.read_text().splitlines()]
    assert [s for s in screens if s][-5:] == ["end", "who", "end", "bgstats", "end"]
    (play,) = Store(db).plays()
    assert [p.name for p in play.players] == ["Bo", "Player 2", "Ada"]
    ids = {p.name: p.id for p in Store(db).players()}
    data = push_play(play)
    assert [p["sourcePlayerId"] for p in data["players"]] == [
        ids["Bo"],
        f"{play.id[:8]}/seat2",
        ids["Ada"],
    ]
    assert decode_push_url(main_export(db).splitlines()[0])["players"][0]["name"] == "Bo"


def main_export(db: Path) -> str:
    out = db.parent / "links.txt"
    assert main(["export", "--format", "bgstats-url", "--store", str(db), "--out", str(out)]) == 0
    return out.read_text()
