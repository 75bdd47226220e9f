"""Score log statistics: pure functions over a sequence of plays (stdlib only).

Players are told apart by name (exact, case-sensitive). A name listed twice in one play counts
once, by its first entry. An unnamed seat ("Player 3" with no profile) is nobody in particular:
it counts in no player's stats, so the "Player 3" of different nights never merge into one. A
play saved at Quit (``Play.unfinished``) counts in nobody's stats; the plays lists mark it.
Plays are put in order by ``played_at`` (an aware time is turned into UTC, a naive one is
taken as UTC), then by ``id``, so the order never depends on how the log was read.

"A beat B" in a play means A won it and B, also in it, did not. Rival and nemesis use that:

* **rival** of A: the player A beat most often. Ties go to the one who beat A least often (the
  more one-sided record), then to the first name in alphabetical order (case-folded, then as
  written). None if A never beat anyone.
* **nemesis** of A: the player who beat A most often. Ties go to the one A beat least often,
  then to the first name in alphabetical order. None if nobody ever beat A.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from games.scorelog.plays import Play, PlayerResult


@dataclass(frozen=True)
class PlayerStats:
    """One player's record over a log."""

    name: str
    plays: int
    wins: int
    win_percent: float
    """100 * wins / plays (0.0 with no plays)."""
    average_score: float | None
    """Over the plays with a score; None if none had one, or if they are of more than one game
    (scores of different games are never averaged together: filter the plays by game)."""
    best_score: int | None
    """Likewise: the best score of the one game scored, else None."""
    current_streak: int
    """Wins in a row up to and including their latest play (0 if they lost it)."""
    longest_streak: int
    rival: str | None
    rival_wins: int
    """How often they beat their rival (0 with no rival)."""
    nemesis: str | None
    nemesis_wins: int
    """How often their nemesis beat them (0 with no nemesis)."""


@dataclass(frozen=True)
class HistoryPoint:
    """One play of one player, for a score history."""

    play_id: str
    game: str
    played_at: str
    score: int | None
    winner: bool


def played_time(play: Play) -> datetime:
    """When ``play`` was played, in UTC; a bad ``played_at`` is a ValueError naming the play."""
    try:
        when = datetime.fromisoformat(play.played_at)
    except ValueError:
        raise ValueError(
            f"play {play.id!r}: played_at {play.played_at!r} is not an ISO 8601 time"
        ) from None
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def in_order(plays: Iterable[Play]) -> list[Play]:
    """The plays oldest first (by time, then id)."""
    return sorted(plays, key=lambda play: (played_time(play), play.id))


UNNAMED = re.compile(r"Player \d+")
"""The name an unnamed seat is logged under."""


def unnamed(result: PlayerResult) -> bool:
    """Whether a seat was played by nobody named: no profile, and the "Player N" name.

    >>> unnamed(PlayerResult("Player 3", 3, None, False))
    True
    >>> unnamed(PlayerResult("Player 3", 3, None, False, player_id="a1b2"))
    False
    """
    return not result.player_id and UNNAMED.fullmatch(result.name) is not None


def entries(play: Play) -> dict[str, PlayerResult]:
    """Each named player's result in ``play`` by name (the first entry of a repeated name);
    unnamed seats are left out, and so is every seat of a play saved at Quit (rounds short,
    nobody won it: counting it would be a loss for everyone)."""
    out: dict[str, PlayerResult] = {}
    if play.unfinished:
        return out
    for result in play.players:
        if not unnamed(result):
            out.setdefault(result.name, result)
    return out


def head_to_head(plays: Iterable[Play]) -> Counter[tuple[str, str]]:
    """How often each (winner, loser) pair happened: A won a play that B was in and lost."""
    beats: Counter[tuple[str, str]] = Counter()
    for play in plays:
        results = entries(play).values()
        for a in results:
            if a.winner:
                beats.update((a.name, b.name) for b in results if not b.winner)
    return beats


def _name_key(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


def _pick(counts: Mapping[str, int], against: Mapping[str, int]) -> tuple[str | None, int]:
    """The name with the highest count; ties: lowest ``against``, then alphabetical."""
    if not counts:
        return None, 0
    best = min(counts, key=lambda n: (-counts[n], against.get(n, 0), _name_key(n)))
    return best, counts[best]


def _streaks(results: Sequence[bool]) -> tuple[int, int]:
    """(current, longest) runs of True, the current one ending at the last result."""
    longest = run = 0
    for won in results:
        run = run + 1 if won else 0
        longest = max(longest, run)
    return run, longest


def player_stats(plays: Iterable[Play]) -> dict[str, PlayerStats]:
    """Every player's stats, by name in alphabetical order (see the module for the rules)."""
    ordered = in_order(plays)
    outcomes: dict[str, list[bool]] = defaultdict(list)
    scores: dict[str, list[int]] = defaultdict(list)
    scored_games: dict[str, set[str]] = defaultdict(set)
    for play in ordered:
        for name, result in entries(play).items():
            outcomes[name].append(result.winner)
            if result.score is not None:
                scores[name].append(result.score)
                scored_games[name].add(play.game)
    beats = head_to_head(ordered)
    beaten: dict[str, dict[str, int]] = defaultdict(dict)  # beaten[a][b]: a beat b
    beaten_by: dict[str, dict[str, int]] = defaultdict(dict)  # beaten_by[b][a]: a beat b
    for (a, b), count in beats.items():
        beaten[a][b] = count
        beaten_by[b][a] = count
    out: dict[str, PlayerStats] = {}
    for name in sorted(outcomes, key=_name_key):
        won = outcomes[name]
        wins = sum(won)
        current, longest = _streaks(won)
        own = scores[name] if len(scored_games[name]) == 1 else []
        rival, rival_wins = _pick(beaten[name], beaten_by[name])
        nemesis, nemesis_wins = _pick(beaten_by[name], beaten[name])
        out[name] = PlayerStats(
            name=name,
            plays=len(won),
            wins=wins,
            win_percent=100.0 * wins / len(won) if won else 0.0,
            average_score=sum(own) / len(own) if own else None,
            best_score=max(own) if own else None,
            current_streak=current,
            longest_streak=longest,
            rival=rival,
            rival_wins=rival_wins,
            nemesis=nemesis,
            nemesis_wins=nemesis_wins,
        )
    return out


def leaderboard(plays: Iterable[Play]) -> list[PlayerStats]:
    """Players by wins (most first), then win %, then fewer plays, then name."""
    return sorted(
        player_stats(plays).values(),
        key=lambda s: (-s.wins, -s.win_percent, s.plays, _name_key(s.name)),
    )


def plays_per_month(plays: Iterable[Play]) -> dict[str, dict[str, int]]:
    """Per game (alphabetical), the plays per month ("YYYY-MM", UTC, oldest first)."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for play in plays:
        counts[play.game][f"{played_time(play):%Y-%m}"] += 1
    return {game: dict(sorted(counts[game].items())) for game in sorted(counts, key=_name_key)}


def score_history(plays: Iterable[Play], name: str) -> list[HistoryPoint]:
    """``name``'s plays oldest first, with their score (None if unscored) and whether they won."""
    out: list[HistoryPoint] = []
    for play in in_order(plays):
        result = entries(play).get(name)
        if result is not None:
            out.append(
                HistoryPoint(play.id, play.game, play.played_at, result.score, result.winner)
            )
    return out


def running_totals(play: Play) -> list[tuple[PlayerResult, tuple[int, ...]]]:
    """Each player's total after each round of ``play``, in the order of ``play.players``.

    ``play.rounds[r][i]`` is the points of ``play.players[i]`` in round ``r + 1``; a round
    that lists fewer players gives the rest 0. No rounds: every total is empty.
    """
    out = []
    for i, result in enumerate(play.players):
        total = 0
        totals = []
        for points in play.rounds:
            total += points[i] if i < len(points) else 0
            totals.append(total)
        out.append((result, tuple(totals)))
    return out


def latest_with_rounds(plays: Iterable[Play]) -> Play | None:
    """The most recent play that has round scores (None if no play has any)."""
    with_rounds = [play for play in plays if play.rounds]
    return in_order(with_rounds)[-1] if with_rounds else None


def most_played(plays: Iterable[Play]) -> str | None:
    """The player in the most plays (ties: alphabetical); None for an empty log."""
    stats = player_stats(plays)
    if not stats:
        return None
    return min(stats.values(), key=lambda s: (-s.plays, _name_key(s.name))).name
