"""The score log's SQL statistics give what the pure rules (games.scorelog.stats) give."""

from __future__ import annotations

from pathlib import Path

import pytest
from scorelog_log import seeded_log

from device.store import players
from device.store.database import Store
from device.store.stats import LogReader, Standing
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.stats import (
    in_order,
    latest_with_rounds,
    leaderboard,
    most_played,
    player_stats,
    score_history,
)

ODD = [
    # A name listed twice in one play counts once, by its first seat.
    Play(
        "twice",
        "Alienation",
        "2026-02-01T20:00:00Z",
        (PlayerResult("Ada", 1, 9, False), PlayerResult("Ada", 2, 30, True)),
    ),
    # An unnamed seat is nobody; a profile called like one is somebody.
    Play(
        "seats",
        "One Night",
        "2026-02-02T20:00:00Z",
        (
            PlayerResult("Player 3", 3, None, True),
            PlayerResult("Player 4", 4, None, True, player_id="p4"),
            PlayerResult("Player 5x", 5, None, False),
        ),
    ),
]
LOGS = {"seeded": seeded_log(), "odd": ODD, "both": seeded_log(60, seed=3) + ODD, "empty": []}


def stored(tmp_path: Path, plays: list[Play]) -> Store:
    store = Store(tmp_path / "m.db")
    store.restore(plays)
    return store


def expected(plays: list[Play]) -> list[Standing]:
    return [
        Standing(s.name, s.plays, s.wins, s.win_percent, s.average_score, s.best_score)
        for s in leaderboard(plays)
    ]


def close(a: list[Standing], b: list[Standing]) -> bool:
    def rounded(rows: list[Standing]) -> list[tuple[object, ...]]:
        def average(s: Standing) -> float | None:
            return None if s.average_score is None else round(s.average_score, 9)

        return [
            (s.name, s.plays, s.wins, round(s.win_percent, 9), s.best_score, average(s))
            for s in rows
        ]

    return rounded(a) == rounded(b)


@pytest.mark.parametrize("log", list(LOGS))
def test_standings_are_the_leaderboard(tmp_path: Path, log: str) -> None:
    plays = LOGS[log]
    stats = stored(tmp_path, plays).stats()
    assert close(stats.standings(), expected(plays))
    for game in {play.game for play in plays}:
        one = [play for play in plays if play.game == game]
        assert close(stats.standings(game), expected(one)), game
        assert stats.count(game) == len(one)
        assert stats.most_played(game) == most_played(one)
        assert stats.latest_with_rounds(game) == latest_with_rounds(one)
    assert stats.players() == list(player_stats(plays))
    assert stats.games() == sorted({play.game for play in plays}, key=str.casefold)


@pytest.mark.parametrize("log", ["seeded", "both"])
def test_a_history_is_the_players_latest_plays(tmp_path: Path, log: str) -> None:
    plays = LOGS[log]
    stats = stored(tmp_path, plays).stats()
    for name in ("Ada", "Flo"):
        for game in ("Alienation", None):
            one = [play for play in plays if game is None or play.game == game]
            want = score_history(one, name)[-7:]
            got = stats.history(name, game, 7)
            assert [(h.play_id, h.score, h.winner) for h in got] == [
                (h.play_id, h.score, h.winner) for h in want
            ]


def test_pages_of_plays_newest_first(tmp_path: Path) -> None:
    plays = seeded_log(50)
    stats = stored(tmp_path, plays).stats()
    newest = list(reversed(in_order(plays)))
    assert stats.latest(5) == newest[:5]
    assert stats.latest(5, 45) == newest[45:]
    one = [play for play in newest if play.game == "Alienation"]
    assert stats.latest(3, 2, "Alienation") == one[2:5]
    assert stats.play(newest[7].id) == newest[7]
    assert stats.play("nope") is None


def test_kept_answers_follow_the_store(tmp_path: Path) -> None:
    store = stored(tmp_path, seeded_log(20))
    reader = LogReader(store.path)
    with reader.stats() as stats:
        assert "Zed" not in [s.name for s in stats.standings()]
    assert "Zed" not in [s.name for s in store.stats().standings()]
    zed = PlayerResult("Zed", 1, 3, True)
    store.add_play(Play("new", "Alienation", "2027-01-01T20:00:00Z", (zed,)))
    with reader.stats() as stats:  # another connection's write
        assert "Zed" in [s.name for s in stats.standings()]
    assert "Zed" in [s.name for s in store.stats().standings()]  # its own
    reader.close()


@pytest.mark.parametrize("walk", [2000, 1])
def test_latest_plays_of_names_walks_back_from_the_newest(
    tmp_path: Path, walk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(players, "RECENT_PLAYS", walk)  # 1: the names left are looked up
    store = Store(tmp_path / "m.db")
    plays = seeded_log(80)
    for record, play in enumerate(plays, start=1):
        store.add_play(play)
        store._db.execute("UPDATE plays SET record = ? WHERE id = ?", (record, play.id))
    names = {"Ada", "Flo", "Nobody"}
    want = {
        name: max(r for r, play in enumerate(plays, 1) if any(p.name == name for p in play.players))
        for name in names - {"Nobody"}
    }
    assert players.latest_plays_of(store._db, names) == want
