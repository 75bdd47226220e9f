"""The score log's statistics as SQLite queries: what a screen or page shows, never every play.

`LogStats` answers the leaderboards (`standings`), a page of plays (`latest`), a player's score
history, the latest play with rounds and the like with SQL aggregates over the indexes of
``schema.INDEXES`` and ``LIMIT``, so their cost is a query, not the log read into memory.

They follow the rules of ``games.scorelog.stats`` (tested against them): players are told apart
by name; an unnamed seat ("Player 3" with no profile) counts for nobody; a name listed twice in
one play counts once, by its first seat; averages and bests are of one game only.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from device.store.scorelog import iter_plays
from device.store.tally import FINISHED, UNNAMED, Tallies
from games.scorelog.plays import Play

NAMED = (
    f"NOT ({UNNAMED}) AND {FINISHED} AND r.seat = (SELECT MIN(d.seat) FROM play_results d "
    "WHERE d.play = r.play AND d.name = r.name)"
)
"""A result that counts for a player: a named seat of a finished play (``p``), the first of
its name in its play."""


@dataclass(frozen=True)
class Standing:
    """One player's line of a leaderboard."""

    name: str
    plays: int
    wins: int
    win_percent: float
    average_score: float | None
    """Over their scored plays, when those are all of one game; else None."""
    best_score: int | None


@dataclass(frozen=True)
class HistoryEntry:
    """One play of one player in a score history."""

    play_id: str
    played_at: str
    score: int | None
    winner: bool


def _filter(
    game: str | None, player: str | None, finished: bool = False
) -> tuple[str, tuple[Any, ...]]:
    """The WHERE clause (on ``plays p``) of the plays of ``game`` with ``player`` in them."""
    conditions, args = [], []
    if game is not None:
        conditions.append("p.game = ?")
        args.append(game)
    if player is not None:
        conditions.append("p.id IN (SELECT play FROM play_results WHERE name = ?)")
        args.append(player)
    if finished:
        conditions.append(FINISHED)
    return ("WHERE " + " AND ".join(conditions) if conditions else ""), tuple(args)


def _name_key(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


class LogStats:
    """Queries on a store's score log (the daemon's own connection, or a reader's).

    The leaderboards of every game are counted in one pass over the log and then kept up to
    date by reading only the plays logged since (``device.store.tally``); what a question
    answered is kept until ``version`` changes (the store was written), so a page refreshed
    by many phones costs no query between changes.
    """

    def __init__(self, db: sqlite3.Connection, version: Callable[[], object]) -> None:
        self.db = db
        self.version = version
        self._seen: object = None
        self._memo: dict[tuple[str, str | None], tuple[Standing, ...]] = {}
        self._tallies = Tallies()

    def _rows(self, query: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self.db.execute(query, args).fetchall()

    def fresh(self) -> LogStats:
        """These queries, forgetting the kept answers if the store was written since."""
        now = self.version()
        if now != self._seen:
            self._memo.clear()
            self._seen = now
        return self

    def games(self) -> list[str]:
        """The games with plays logged, alphabetical (case aside)."""
        names = [str(row[0]) for row in self._rows("SELECT DISTINCT game FROM plays")]
        return sorted(names, key=_name_key)

    def count(
        self, game: str | None = None, *, player: str | None = None, finished: bool = False
    ) -> int:
        """How many plays are logged (of ``game``; with ``player`` in them; ``finished``: not
        saved at Quit, the plays the stats count)."""
        where, args = _filter(game, player, finished)
        return int(self._rows(f"SELECT COUNT(*) FROM plays p {where}", args)[0][0])

    def scored(self, game: str) -> bool:
        """Whether any play of ``game`` has a score (counted with the leaderboards)."""
        self._tallies.refresh(self.db)
        return game in self._tallies.scored

    def standings(self, game: str | None = None) -> list[Standing]:
        """Every player's plays, wins, win % and (of one game) average and best score, by
        wins (most first), then win %, then fewer plays, then name. The first question counts
        every game's in one pass; later ones add only the plays logged since."""
        key = ("standings", game)
        if key in self._memo:
            return list(self._memo[key])
        self._tallies.refresh(self.db)
        lines = [
            Standing(
                name,
                tally.plays,
                tally.wins,
                100.0 * tally.wins / tally.plays,
                tally.average if scored_games == 1 else None,
                tally.best if scored_games == 1 else None,
            )
            for name, (tally, scored_games) in self._tallies.of(game).items()
        ]
        lines.sort(key=lambda s: (-s.wins, -s.win_percent, s.plays, _name_key(s.name)))
        self._memo[key] = tuple(lines)
        return lines

    def latest(
        self, limit: int, offset: int = 0, game: str | None = None, player: str | None = None
    ) -> list[Play]:
        """A page of plays (of ``game``, with ``player`` in them), the newest first: ``limit``
        of them after skipping ``offset``."""
        where, args = _filter(game, player)
        ids = self._rows(
            f"SELECT p.rowid FROM plays p {where} "
            "ORDER BY p.played_at DESC, p.rowid DESC LIMIT ? OFFSET ?",
            (*args, limit, offset),
        )
        if not ids:
            return []
        marks = ", ".join("?" * len(ids))
        chosen = tuple(row[0] for row in ids)
        plays = iter_plays(self.db, where=f"plays.rowid IN ({marks})", args=chosen)
        return list(reversed(list(plays)))

    def play(self, play_id: str) -> Play | None:
        """The play ``play_id``, or None."""
        return next(iter_plays(self.db, where="plays.id = ?", args=(play_id,)), None)

    def latest_with_rounds(self, game: str | None = None) -> Play | None:
        """The most recent play (of ``game``) with round scores, or None."""
        where, args = ("AND game = ?", (game,)) if game is not None else ("", ())
        row = self._rows(
            f"SELECT rowid FROM plays WHERE rounds != '[]' {where} "
            "ORDER BY played_at DESC, rowid DESC LIMIT 1",
            args,
        )
        if not row:
            return None
        return next(iter_plays(self.db, where="plays.rowid = ?", args=(row[0][0],)), None)

    def players(self) -> list[str]:
        """Every name that counts for a player in the log, alphabetical."""
        query = f"SELECT DISTINCT r.name FROM play_results r WHERE NOT ({UNNAMED})"
        return sorted((str(row[0]) for row in self._rows(query)), key=_name_key)

    def most_played(self, game: str | None = None) -> str | None:
        """The player in the most plays (of ``game``; ties: alphabetical), or None."""
        standings = self.standings(game)
        if not standings:
            return None
        return min(standings, key=lambda s: (-s.plays, _name_key(s.name))).name

    def most_scored_game(self, player: str) -> str | None:
        """The game ``player`` has most scores in, then most plays in (ties: the one they
        played first); None if they have no plays."""
        query = (
            "SELECT p.game, COUNT(r.score), COUNT(*), MIN(p.played_at) FROM play_results r "
            f"JOIN plays p ON p.id = r.play WHERE r.name = ? AND {FINISHED} GROUP BY p.game "
            "ORDER BY COUNT(r.score) DESC, COUNT(*) DESC, MIN(p.played_at), MIN(p.rowid) LIMIT 1"
        )
        row = self._rows(query, (player,))
        return str(row[0][0]) if row else None

    def history(self, player: str, game: str | None, most: int) -> list[HistoryEntry]:
        """``player``'s latest ``most`` plays (of ``game``), oldest first, with their score
        and whether they won."""
        where, args = ("AND p.game = ?", (game,)) if game is not None else ("", ())
        query = (
            "SELECT p.id, p.played_at, r.score, r.winner FROM play_results r "
            f"JOIN plays p ON p.id = r.play WHERE r.name = ? AND {NAMED} {where} "
            "ORDER BY p.played_at DESC, p.rowid DESC LIMIT ?"
        )
        rows = self._rows(query, (player, *args, most))
        return [HistoryEntry(str(i), str(t), s, bool(w)) for i, t, s, w in reversed(rows)]


class LogReader:
    """`LogStats` on a connection of its own to the store at a path, for another thread (the
    companion page): one query at a time, each in its own read transaction (WAL)."""

    def __init__(self, store_path: Path) -> None:
        self.path = store_path
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._stats: LogStats

    @contextmanager
    def stats(self) -> Iterator[LogStats]:
        """The queries, on this reader's connection (opened on first use)."""
        with self._lock:
            if self._db is None:
                if not self.path.is_file():
                    raise FileNotFoundError(f"no store at {self.path}")
                self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
                self._db.execute("PRAGMA query_only = ON")
                db = self._db
                self._stats = LogStats(db, lambda: db.execute("PRAGMA data_version").fetchone())
            self._db.execute("BEGIN")
            try:
                yield self._stats.fresh()
            finally:
                self._db.execute("COMMIT")

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
