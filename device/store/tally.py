"""Every game's leaderboard from one pass over the score log, then kept by adding new plays.

`Tallies` sums each player's results per game (plays, wins, scores, best) in one query over
every result, and remembers the newest play it read. After that, a leaderboard asked again
reads only the plays logged since (a play logged is a few rows, whatever the log's length). A
write that changes what was read, rather than adding to it (a seat named, a player renamed or
merged, a result or play removed), bumps ``log_changes.generation`` through the triggers in
``schema.TRIGGERS``, and the next question starts over with one pass.

The rules are those of ``games.scorelog.stats`` (see ``device.store.stats``): an unnamed seat
counts for nobody, a name listed twice in one play counts once, by its first seat, and a play
saved at Quit counts for nobody.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from games.scorelog.plays import UNFINISHED

__all__ = ["Tallies", "Tally"]

UNNAMED = (
    "r.player_id = '' AND r.name GLOB 'Player [0-9]*' AND substr(r.name, 8) NOT GLOB '*[^0-9]*'"
)
"""A seat nobody named played (``games.scorelog.stats.unnamed``)."""
FINISHED = f"p.comments NOT LIKE '{UNFINISHED}%'"
"""A play not saved at Quit (``Play.unfinished``): only these count in the stats."""

# One row per name per play (SQLite takes the bare columns from the row MIN() picks, so a name
# listed twice counts by its first seat), summed per game and name. The plays drive the join
# (CROSS JOIN keeps that order), so reading the plays after a rowid walks only those.
_QUERY = (
    "SELECT game, name, COUNT(*), SUM(winner), SUM(score), COUNT(score), MAX(score) FROM ("
    "SELECT p.game AS game, r.name AS name, MIN(r.seat), r.score AS score, r.winner AS winner "
    "FROM plays p CROSS JOIN play_results r ON r.play = p.id "
    f"WHERE p.rowid > ? AND p.rowid <= ? AND NOT ({UNNAMED}) AND {FINISHED} "
    "GROUP BY p.rowid, r.name"
    ") GROUP BY game, name"
)
_SCORED = (
    "SELECT EXISTS (SELECT 1 FROM plays p CROSS JOIN play_results r ON r.play = p.id "
    "WHERE p.rowid > ? AND p.rowid <= ? AND p.game = ? AND r.score IS NOT NULL)"
)


@dataclass
class Tally:
    """One player's results in one game (or in all of them)."""

    plays: int = 0
    wins: int = 0
    score_sum: int = 0
    scores: int = 0
    """How many of the plays have a score."""
    best: int | None = None

    def add(self, other: Tally) -> None:
        """Count ``other``'s results too."""
        self.plays += other.plays
        self.wins += other.wins
        self.score_sum += other.score_sum
        self.scores += other.scores
        if other.best is not None and (self.best is None or other.best > self.best):
            self.best = other.best

    @property
    def average(self) -> float | None:
        """The average score, or None without scores."""
        return self.score_sum / self.scores if self.scores else None


class Tallies:
    """Per game, per player name: the `Tally` of the results that count, read once."""

    def __init__(self) -> None:
        self.games: dict[str, dict[str, Tally]] = {}
        self.scored: set[str] = set()
        """The games with a score in some play (an unnamed seat's too)."""
        self.read_to = 0
        """The newest play (by rowid) counted."""
        self.generation: int | None = None
        """``log_changes.generation`` when counting began (None: not counted yet)."""

    def refresh(self, db: sqlite3.Connection) -> None:
        """Count what was logged since the last call (everything again if a play or result
        was changed rather than added). Call it inside one read transaction."""
        try:
            generation = int(db.execute("SELECT generation FROM log_changes").fetchone()[0])
        except (sqlite3.OperationalError, TypeError):  # a store without the triggers
            generation = None
        newest = int(db.execute("SELECT COALESCE(MAX(rowid), 0) FROM plays").fetchone()[0])
        # None: nothing tells of changes, count all every time. Fewer plays than counted: a
        # store put back from a backup.
        if generation is None or generation != self.generation or newest < self.read_to:
            self.games, self.scored, self.read_to = {}, set(), 0
            self.generation = generation
        if newest == self.read_to:
            return
        for game, name, plays, wins, score_sum, scores, best in db.execute(
            _QUERY, (self.read_to, newest)
        ):
            tally = Tally(int(plays), int(wins), int(score_sum or 0), int(scores), best)
            self.games.setdefault(str(game), {}).setdefault(str(name), Tally()).add(tally)
        self._find_scored(db, newest)
        self.read_to = newest

    def _find_scored(self, db: sqlite3.Connection, newest: int) -> None:
        """Add the games scored in the plays after ``read_to``: known from a player's scores,
        else looked for (a game without scores is searched once, then only its new plays)."""
        new = "SELECT DISTINCT game FROM plays WHERE rowid > ? AND rowid <= ?"
        for (game,) in db.execute(new, (self.read_to, newest)).fetchall():
            if game in self.scored:
                continue
            if (
                any(tally.scores for tally in self.games.get(game, {}).values())
                or db.execute(_SCORED, (self.read_to, newest, game)).fetchone()[0]
            ):
                self.scored.add(str(game))

    def of(self, game: str | None) -> dict[str, tuple[Tally, int]]:
        """Each player's tally in ``game`` (None: all games), with how many games they have
        scores in (a score average is of one game only)."""
        if game is not None:
            return {
                name: (tally, 1 if tally.scores else 0)
                for name, tally in self.games.get(game, {}).items()
            }
        total: dict[str, tuple[Tally, int]] = {}
        for tallies in self.games.values():
            for name, tally in tallies.items():
                summed, scored = total.get(name, (Tally(), 0))
                summed.add(tally)
                total[name] = (summed, scored + (1 if tally.scores else 0))
        return total
