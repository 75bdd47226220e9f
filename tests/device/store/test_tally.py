"""Every game's leaderboard counted once, then kept by reading only the plays logged since; a
change to what was counted (a seat named, a rename, a result removed) counts again."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from scorelog_log import seeded_log

from device.store.database import Store
from device.store.stats import LogStats
from device.store.tally import Tallies
from device.web.profiles import rename_player
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.stats import leaderboard


def agrees(stats: LogStats, plays: list[Play], game: str | None = None) -> bool:
    """Whether the kept leaderboard of ``game`` is the pure rules' over ``plays``."""
    rules = leaderboard([play for play in plays if game is None or play.game == game])
    ours = stats.standings(game)
    return [(s.name, s.plays, s.wins, s.best_score) for s in ours] == [
        (s.name, s.plays, s.wins, s.best_score) for s in rules
    ] and all(
        (a.average_score is None) == (b.average_score is None)
        and abs((a.average_score or 0) - (b.average_score or 0)) < 1e-9
        for a, b in zip(ours, rules, strict=True)
    )


def recount(db: sqlite3.Connection) -> dict[str | None, dict[str, tuple[object, ...]]]:
    """What a fresh count gives, game by game and for all games."""
    tallies = Tallies()
    tallies.refresh(db)
    games: list[str | None] = [*tallies.games, None]
    return {
        game: {name: (vars(t), scored) for name, (t, scored) in tallies.of(game).items()}
        for game in games
    }


def kept(tallies: Tallies, db: sqlite3.Connection) -> dict[str | None, dict[str, object]]:
    tallies.refresh(db)
    games: list[str | None] = [*tallies.games, None]
    return {
        game: {name: (vars(t), scored) for name, (t, scored) in tallies.of(game).items()}
        for game in games
    }


def test_plays_logged_after_a_count_are_read_alone_and_add_up(tmp_path: Path) -> None:
    plays = seeded_log(90, seed=5)
    store = Store(tmp_path / "m.db")
    store.restore(plays[:60])
    tallies = Tallies()
    tallies.refresh(store._db)
    counted, generation = tallies.read_to, tallies.generation
    for play in plays[60:]:
        store.add_play(play)
    statements: list[str] = []
    store._db.set_trace_callback(statements.append)
    assert kept(tallies, store._db) == recount(store._db)
    store._db.set_trace_callback(None)
    assert tallies.generation == generation  # nothing counted was changed: not counted again
    assert any(f"p.rowid > {counted} AND p.rowid <= {tallies.read_to}" in s for s in statements)
    assert tallies.read_to == counted + 30


def test_the_kept_leaderboards_are_the_rules_after_every_kind_of_write(tmp_path: Path) -> None:
    plays = seeded_log(40, seed=9)
    store = Store(tmp_path / "m.db")
    store.add_player("Zed")
    store.restore(plays)
    stats = store.stats()
    assert agrees(stats, plays)  # counted once
    unnamed = Play(
        "late",
        "Alienation",
        "2030-01-01T20:00:00Z",
        (PlayerResult("Ada", 1, 7, True), PlayerResult("Player 2", 2, 4, False)),
    )
    store.add_play(unnamed)
    plays = list(store.plays())
    assert agrees(store.stats(), plays)
    assert agrees(store.stats(), plays, "Alienation")
    generation = store.stats()._tallies.generation
    store.name_seat("late", 2, "Zed")  # a result changed: counted again
    plays = list(store.plays())
    assert any(p.name == "Zed" for p in plays[-1].players)
    assert agrees(store.stats(), plays, "Alienation")
    assert store.stats()._tallies.generation != generation
    rename_player(store, "Zed", "Zoe")
    plays = list(store.plays())
    assert agrees(store.stats(), plays)
    assert "Zoe" in [s.name for s in store.stats().standings()]


def test_a_store_without_the_change_count_is_counted_every_time(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    plays = seeded_log(20, seed=2)
    store.restore(plays)
    for (trigger,) in store._db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'"):
        store._db.execute(f"DROP TRIGGER {trigger}")
    store._db.execute("DROP TABLE log_changes")  # as a store from before the count
    tallies = Tallies()
    tallies.refresh(store._db)
    store._db.execute("UPDATE play_results SET winner = 1 - winner")  # unseen by any trigger
    assert kept(tallies, store._db) == recount(store._db)


def test_a_game_is_scored_by_anyones_score_an_unnamed_seats_too(tmp_path: Path) -> None:
    def play(key: str, game: str, scores: tuple[int | None, int | None]) -> Play:
        return Play(
            key,
            game,
            f"2030-01-01T20:{len(key):02d}:00Z",
            (
                PlayerResult("Ada", 1, scores[0], True),
                PlayerResult("Player 2", 2, scores[1], False),
            ),
        )

    store = Store(tmp_path / "m.db")
    store.restore([play("a", "One Night", (None, None)), play("bb", "Alienation", (None, 4))])
    stats = store.stats()
    assert (stats.scored("One Night"), stats.scored("Alienation")) == (False, True)
    store.add_play(play("ccc", "One Night", (None, None)))
    assert not store.stats().scored("One Night")
    store.add_play(play("dddd", "One Night", (3, None)))  # only the new play is looked at
    assert store.stats().scored("One Night")
    store._db.execute("UPDATE play_results SET score = NULL")  # a change: looked at again
    assert not store.stats().scored("One Night") and not store.stats().scored("Alienation")
