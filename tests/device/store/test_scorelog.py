"""The score log in the store: a game's final record hands over its result, logged as a play in
one durable transaction."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from handbuilt import store_runtime

from device.clock import VirtualClock
from device.runtime.executor import Executor, Outputs
from device.store.database import Store
from device.store.players import Profile
from device.store.scorelog import play_from_json, play_to_json
from device.transcript import Transcript
from games.alienation.rules import AlienationSetup
from games.alienation.session import AlienationSession
from games.effects import LogPlay, Record
from games.encounters.rules import EncountersSetup
from games.encounters.session import EncountersSession
from games.events import Control, ControlPressed, ScoreEntered, SeatPressed
from games.scorelog.plays import FinalResult, Play, PlayerResult

ONENIGHT_GAME: dict[str, Any] = {
    "setup": {"players": 4, "roles": ["alien"] * 7, "seed": 1, "options": {}, "preset": ""},
    "instructions": None,
    "answers": [],
    "votes": [[1, [2]], [2, [1]], [3, [1]], [4, [1]]],
    "reveal": [],
    "deaths": [1],
    "winners": [2, 3],
    "teams": ["villagers"],
    "explanation": [],
}
ONENIGHT_RESULT = FinalResult("onenight", (None,) * 4, (2, 3))


def alieninjas_game(store: Store, totals: dict[int, int], winners: list[int]) -> None:
    store.add_record("", "alieninjas.start", {"mission": "m1", "players": 3, "seed": 0})
    store.add_record("", "alieninjas.round", {"round": 1, "points": {1: 2, 2: 0, 3: 1}})
    store.add_record("", "alieninjas.false_start", {"round": 2, "seat": 2})
    rest = {seat: totals[seat] - first for seat, first in {1: 2, 2: 0, 3: 1}.items()}
    store.add_record("", "alieninjas.round", {"round": 2, "points": rest})
    scores = tuple(totals[seat] for seat in (1, 2, 3))
    rounds = ((2, 0, 1), tuple(rest[seat] for seat in (1, 2, 3)))
    result = FinalResult("alieninjas", scores, tuple(winners), rounds=rounds)
    final = {"winners": winners, "totals": totals}
    store.add_record("", "alieninjas.final", final, result)


def test_a_final_record_logs_a_play_with_rounds(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    alieninjas_game(store, {1: 5, 2: 3, 3: 5}, [1, 3])
    (play,) = store.plays()
    assert play.game == "Alieninjas"
    assert play.players == (
        PlayerResult("Player 1", 1, 5, True),
        PlayerResult("Player 2", 2, 3, False),
        PlayerResult("Player 3", 3, 5, True),
    )
    assert play.rounds == ((2, 0, 1), (3, 3, 4))
    assert play.played_at.endswith("Z") and len(play.id) == 36
    assert [kind for _, kind, _ in store.records()][-1] == "alieninjas.final"


def test_the_play_is_the_result_the_game_handed_over(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    alieninjas_game(store, {1: 5, 2: 3, 3: 5}, [1, 3])
    store.add_record("", "alieninjas.start", {"mission": "m1", "players": 3, "seed": 0})
    store.add_record("", "alieninjas.round", {"round": 1, "points": {1: 7, 2: 7, 3: 7}})
    alieninjas_game(store, {1: 2, 2: 9, 3: 1}, [2])  # after a game left unfinished
    first, second = store.plays()
    assert first.id != second.id
    assert second.rounds == ((2, 0, 1), (0, 9, 0))
    assert [p.winner for p in second.players] == [False, True, False]
    store.add_record("", "alieninjas.final", {"winners": [1], "totals": {1: 3}})
    assert len(store.plays()) == 2  # a final record without its result logs nothing


def test_a_one_night_game_logs_winners_without_scores(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    store.add_record("", "onenight.start", {"players": 4, "roles": [], "seed": 1})
    store.add_record("", "onenight.game", ONENIGHT_GAME, ONENIGHT_RESULT)
    (play,) = store.plays()
    assert play.game == "One Night" and play.rounds == ()
    assert [(p.name, p.score, p.winner) for p in play.players] == [
        ("Player 1", None, False),
        ("Player 2", None, True),
        ("Player 3", None, True),
        ("Player 4", None, False),
    ]


def test_alien_encounters_logs_its_two_negotiators_and_the_first(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    store.add_record("", "encounters.start", {"seed": 0, "first": 2})
    final = {"winners": [1], "totals": {1: 4, 2: 2}, "case": "hostile_win", "tallies": {}}
    store.add_record("", "encounters.final", final, FinalResult("encounters", (4, 2), (1,), 2))
    (play,) = store.plays("Alien Encounters")
    assert play.players == (
        PlayerResult("Player 1", 1, 4, True, start_player=False),
        PlayerResult("Player 2", 2, 2, False, start_player=True),
    )


def test_an_alienation_game_played_through_the_runtime_is_logged(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    clock = VirtualClock()
    runtime = store_runtime(store, clock)  # its plays reach the store, as the app wires it
    runtime.begin(AlienationSession(AlienationSetup(players=3, seed=4)))
    runtime.feed(SeatPressed(3, clock.now()))  # the table's friendliest player starts
    rounds = [(12, 9, 10), (5, 14, 10), (8, 4, 2)]
    for points in rounds:
        for seat, score in enumerate(points, start=1):
            runtime.feed(ScoreEntered(seat, score, (("sunnies", 1),) if seat == 3 else ()))
    assert runtime.phase == "final"
    (play,) = store.plays()
    assert play.game == "Alienation"
    assert play.rounds == tuple(rounds)
    assert [(p.seat, p.score, p.winner) for p in play.players] == [
        (1, 25, False),
        (2, 27, True),
        (3, 22, False),
    ]
    start = next(d for _, k, d in store.records() if k == "alienation.round")["start"]
    assert start == 3
    assert [p.start_player for p in play.players] == [False, False, True]


def test_an_encounters_game_played_through_the_runtime_logs_who_went_first(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "m.db")
    clock = VirtualClock()
    runtime = store_runtime(store, clock)
    runtime.begin(EncountersSession(EncountersSetup(seed=3)))
    first = runtime.state.first
    for _ in range(10):
        runtime.feed(ControlPressed(Control.GO, clock.now()))
    for seat, war, peace in ((1, 16, 2), (2, 3, 11)):
        extra = (("intention", "hostile" if seat == 1 else "peaceful"), ("peace", peace))
        runtime.feed(ScoreEntered(seat, None, (*extra, ("war", war))))
    assert runtime.phase == "final"
    (play,) = store.plays()
    assert play.game == "Alien Encounters" and play.rounds == ()
    assert [(p.score, p.winner) for p in play.players] == [(14, True), (-8, False)]
    assert [p.start_player for p in play.players] == [first == 1, first == 2]


def test_linked_profiles_name_their_seats(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    store.add_player("Ada", tag="04a1b2")
    store.add_player("Grace")
    assert store.players() == [Profile("Ada", "04A1B2"), Profile("Grace")]
    with pytest.raises(ValueError, match="Ada"):
        store.add_player("Ada")
    store.link_seat(3, "Ada")
    store.link_seat(1, "Grace")
    store.link_seat(1, None)
    with pytest.raises(ValueError, match="no player named 'Bob'"):
        store.link_seat(2, "Bob")
    alieninjas_game(store, {1: 5, 2: 3, 3: 5}, [1, 3])
    assert [p.name for p in store.plays()[0].players] == ["Player 1", "Player 2", "Ada"]


def test_the_record_and_the_play_commit_together_with_a_full_sync(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    statements: list[str] = []
    store._db.set_trace_callback(statements.append)
    store.add_record("", "onenight.game", ONENIGHT_GAME, ONENIGHT_RESULT)
    sql = [" ".join(s.split()[:2]) if s.startswith("PRAGMA") else s.split()[0] for s in statements]
    assert sql[:3] == ["PRAGMA synchronous=FULL", "BEGIN", "INSERT"]
    assert sql[-2:] == ["COMMIT", "PRAGMA synchronous=NORMAL"]


def test_a_play_that_cannot_be_logged_leaves_no_final_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "m.db")

    def refuse(play: Play, record: int | None = None) -> bool:
        raise ValueError("the play is refused")

    monkeypatch.setattr(store, "_insert_play", refuse)
    final = {"winners": [1], "totals": {1: 3}}
    with pytest.raises(ValueError, match="the play is refused"):
        store.add_record("", "alieninjas.final", final, FinalResult("alieninjas", (3,), (1,)))
    assert store.records() == [] and store.plays() == []
    store.add_record("", "alieninjas.round", {"round": 1, "points": {1: 1}})  # still usable
    assert len(store.records()) == 1


def test_a_replayed_final_transition_does_not_log_the_play_twice(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    store.add_record("", "encounters.start", {"seed": 0, "first": 1})
    final = {"winners": [2], "totals": {1: 0, 2: 3}}
    result = FinalResult("encounters", (0, 3), (2,), 1)
    store.add_record("", "encounters.final", final, result)
    store.add_record("", "encounters.final", final, result)  # resumed after a crash mid-effect
    assert len(store.plays()) == 1


def test_a_final_record_a_full_disk_refused_logs_its_play_once_writing_works(
    tmp_path: Path,
) -> None:
    warnings: list[str] = []
    store = Store(tmp_path / "m.db", on_write_error=warnings.append)  # as the daemon opens it
    store.add_record("", "encounters.start", {"seed": 0, "first": 1})
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")  # SQLITE_FULL, as on a full disk
    final = {"winners": [2], "totals": {1: 0, 2: 3}, "note": "x" * 200_000}
    store.add_record("", "encounters.final", final, FinalResult("encounters", (0, 3), (2,), 1))
    assert warnings and store.unsaved and store.plays() == []
    store._db.execute("PRAGMA max_page_count = 1073741823")
    assert store.flush() and not store.unsaved
    (play,) = store.plays()
    assert [(p.score, p.winner, p.start_player) for p in play.players] == [
        (0, False, True),
        (3, True, False),
    ]


CHILD = """
import sys, time
from pathlib import Path
from device.store.database import Store
from games.scorelog.plays import FinalResult
store = Store(Path(sys.argv[1]))
store.add_record("", "alieninjas.start", {"mission": "m1", "players": 2, "seed": 0})
result = FinalResult("alieninjas", (3, 7), (2,))
store.add_record("", "alieninjas.final", {"winners": [2], "totals": {1: 3, 2: 7}}, result)
print("confirmed", flush=True)
time.sleep(60)
"""


def test_a_play_survives_a_kill_right_after_it_is_confirmed(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[3],
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "confirmed"
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.kill()
        child.wait(timeout=10)
        if child.stdout is not None:
            child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    assert (tmp_path / "m.db-wal").exists()  # killed before any checkpoint of the WAL
    (play,) = Store(path).plays()
    assert [(p.score, p.winner) for p in play.players] == [(3, False), (7, True)]
    rows = sqlite3.connect(path).execute("SELECT count(*) FROM play_results").fetchone()
    assert rows == (2,)


def test_a_play_round_trips_through_json() -> None:
    play = Play(
        "id-1",
        "Alienation",
        "2025-01-31T20:15:00Z",
        (PlayerResult("Ada", 1, 30, True, True), PlayerResult("Player 2", 2, 12, False)),
        ((10, 5), (20, 7)),
    )
    assert play_from_json(play_to_json(play)) == play


def test_the_executor_logs_a_play_from_a_log_play_effect(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    outputs = Outputs(transcript=Transcript(VirtualClock()), store=store)
    Executor(outputs).run([Record("onenight.game", ONENIGHT_GAME)])
    assert store.plays() == []  # a record alone logs no play
    Executor(outputs).run([LogPlay("onenight.game", ONENIGHT_GAME, result=ONENIGHT_RESULT)])
    assert [p.game for p in store.plays()] == ["One Night"]
    assert [kind for _, kind, _ in store.records()] == ["onenight.game"] * 2


class Killed(BaseException):
    """The daemon dies here (a BaseException, as SIGKILL is no exception the loop can catch)."""


def test_a_kill_just_after_the_final_checkpoint_loses_no_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "m.db")
    clock = VirtualClock()
    runtime = store_runtime(store, clock)
    runtime.begin(AlienationSession(AlienationSetup(players=3, seed=4)))
    runtime.feed(SeatPressed(3, clock.now()))
    entries = [ScoreEntered(seat, 5 + seat, ()) for _ in range(3) for seat in (1, 2, 3)]
    for entry in entries[:-1]:
        runtime.feed(entry)
    saved = store.save_checkpoint

    def die_after_saving(game: str, state: dict[str, object], saved_at: float) -> None:
        saved(game, state, saved_at)
        if state.get("phase") == "final":
            raise Killed

    monkeypatch.setattr(store, "save_checkpoint", die_after_saving)
    with pytest.raises(Killed):
        runtime.feed(entries[-1])
    assert len(store.plays()) == 1  # written before the checkpoint that says "final"
