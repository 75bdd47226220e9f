"""Each Alieninjas mission is a game of its own in the score log: new plays, plays logged before
(named from their board when the store opens), and plays a backup from before brings."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from pathlib import Path

from device.store.database import Store
from device.store.exports import BACKUP_FORMAT, BACKUP_VERSION
from device.store.jsonbackup import import_backup
from device.store.scorelog import game_named, play_to_json
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.stats import player_stats


def play(number: int, board: str, ada: int, bo: int) -> Play:
    players = (
        PlayerResult("Ada", 1, ada, ada > bo, player_id="ada"),
        PlayerResult("Bo", 2, bo, bo > ada, player_id="bo"),
    )
    return Play(f"p{number}", "Alieninjas", f"2025-03-0{number}T20:00:00Z", players, board=board)


OLD = [
    play(1, "Memory", 12, 7),
    play(2, "Replicas, Map sides A, B, A", 3, 5),
    play(3, "", 40, 2),  # before boards were logged: no mission to tell
]


def old_store(path: Path) -> Path:
    """A store whose plays were logged under "Alieninjas", as before missions were games."""
    Store(path).close()
    db = sqlite3.connect(path)
    with db:
        for old in OLD:
            db.execute(
                "INSERT INTO plays (id, game, played_at, rounds, board) VALUES (?, ?, ?, '[]', ?)",
                (old.id, old.game, old.played_at, old.board),
            )
            db.executemany(
                "INSERT INTO play_results (play, seat, name, score, winner, start_player, "
                "player_id) VALUES (?, ?, ?, ?, ?, 0, ?)",
                [(old.id, p.seat, p.name, p.score, p.winner, p.player_id) for p in old.players],
            )
    db.close()
    return path


def test_old_plays_take_their_mission_and_an_unknown_one_still_shows(tmp_path: Path) -> None:
    store = Store(old_store(tmp_path / "old.db"))
    assert [(p.id, p.game) for p in store.plays()] == [
        ("p1", "Alieninjas: Memory"),
        ("p2", "Alieninjas: Replicas"),
        ("p3", "Alieninjas"),
    ]
    stats = store.stats()
    assert stats.games() == ["Alieninjas", "Alieninjas: Memory", "Alieninjas: Replicas"]
    # Scales never mix: Ada's 12 at Memory is Memory's best, not 40 from the unknown play.
    memory = {s.name: s for s in stats.standings("Alieninjas: Memory")}
    assert (memory["Ada"].best_score, memory["Ada"].plays) == (12, 1)
    assert [s.name for s in stats.standings("Alieninjas: Replicas") if s.wins] == ["Bo"]
    store.close()
    again = Store(tmp_path / "old.db")  # opening again changes nothing more
    assert [p.game for p in again.plays()] == [
        "Alieninjas: Memory",
        "Alieninjas: Replicas",
        "Alieninjas",
    ]


def test_a_backup_from_before_missions_imports_each_play_under_its_mission(
    tmp_path: Path,
) -> None:
    backup = {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "players": [],
        "tags": [],
        "plays": [play_to_json(old) for old in OLD],
    }
    store = Store(tmp_path / "new.db")
    assert import_backup(store, json.dumps(backup)) == (3, 3)
    assert [p.game for p in store.plays()] == [
        "Alieninjas: Memory",
        "Alieninjas: Replicas",
        "Alieninjas",
    ]


def test_the_command_line_names_a_mission_by_key_or_name() -> None:
    assert game_named("memory") == "Alieninjas: Memory"
    assert game_named("Alieninjas: Push Your Luck") == "Alieninjas: Push Your Luck"
    assert game_named("alieninjas") == "Alieninjas"


def test_a_play_saved_at_quit_counts_in_nobodys_stats(tmp_path: Path) -> None:
    quit_play = Play(
        "p9",
        "Alienation",
        "2025-03-09T20:00:00Z",
        (PlayerResult("Ada", 1, 30, False, player_id="ada"), PlayerResult("Bo", 2, 2, False)),
        comments="Unfinished: quit after round 1 of 3.",
    )
    done = dataclasses.replace(
        quit_play,
        id="p8",
        comments="",
        players=(
            PlayerResult("Ada", 1, 9, True, player_id="ada"),
            PlayerResult("Bo", 2, 5, False),
        ),
    )
    store = Store(tmp_path / "m.db")
    store.add_play(done)
    store.add_play(quit_play)
    assert quit_play.unfinished and not done.unfinished
    (ada,) = [s for s in store.stats().standings("Alienation") if s.name == "Ada"]
    assert (ada.plays, ada.wins, ada.best_score) == (1, 1, 9)  # not 2 plays, not 30
    assert [h.score for h in store.stats().history("Ada", "Alienation", 10)] == [9]
    assert player_stats(store.plays())["Ada"].plays == 1  # the pure stats agree
    assert store.stats().count("Alienation") == 2  # still listed, as unfinished
    assert store.stats().count("Alienation", finished=True) == 1
