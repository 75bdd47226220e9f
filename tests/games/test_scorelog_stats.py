"""Score log stats over a seeded log of 240 plays, checked against independent counts."""

from __future__ import annotations

from collections import Counter

import pytest
from scorelog_log import NAMES, seeded_log

from games.scorelog.plays import Play, PlayerResult
from games.scorelog.stats import leaderboard, player_stats, plays_per_month, score_history

LOG = seeded_log()


def test_wins_and_plays_match_a_plain_count() -> None:
    stats = player_stats(LOG)
    plays = Counter(p.name for play in LOG for p in play.players)
    wins = Counter(p.name for play in LOG for p in play.players if p.winner)
    assert len(LOG) >= 200
    for name in NAMES:
        assert (stats[name].plays, stats[name].wins) == (plays[name], wins[name])
        assert stats[name].win_percent == pytest.approx(100 * wins[name] / plays[name])
        assert 0 <= stats[name].current_streak <= stats[name].longest_streak <= stats[name].wins


def test_best_and_average_scores_match() -> None:
    stats = player_stats(LOG)
    for name in NAMES:
        scores = [p.score for play in LOG for p in play.players if p.name == name]
        assert stats[name].best_score == max(scores)
        assert stats[name].average_score == pytest.approx(sum(scores) / len(scores))


def test_a_rival_is_the_player_beaten_most_and_a_nemesis_the_one_who_beats_most() -> None:
    beaten: Counter[tuple[str, str]] = Counter()
    for play in LOG:
        for a in play.players:
            for b in play.players:
                if a.winner and not b.winner:
                    beaten[(a.name, b.name)] += 1
    stats = player_stats(LOG)
    for name in NAMES:
        rival = stats[name].rival
        assert rival is not None
        assert beaten[(name, rival)] == max(beaten[(name, o)] for o in NAMES if o != name)
        assert stats[name].rival_wins == beaten[(name, rival)]
        nemesis = stats[name].nemesis
        assert nemesis is not None
        assert beaten[(nemesis, name)] == max(beaten[(o, name)] for o in NAMES if o != name)


def test_plays_per_month_add_up_to_the_log() -> None:
    months = plays_per_month(LOG)
    assert sum(sum(per.values()) for per in months.values()) == len(LOG)


def test_the_leaderboard_puts_the_most_wins_first() -> None:
    board = leaderboard(LOG)
    assert [row.wins for row in board] == sorted((row.wins for row in board), reverse=True)


def test_a_score_history_follows_a_player_in_time_order() -> None:
    history = score_history(LOG, "Ada")
    assert len(history) == sum(1 for play in LOG for p in play.players if p.name == "Ada")
    assert [point.played_at for point in history] == sorted(point.played_at for point in history)


def test_a_streak_counts_the_latest_wins_in_a_row() -> None:
    def play(number: int, ada_wins: bool) -> Play:
        players = (PlayerResult("Ada", 1, 5, ada_wins), PlayerResult("Bo", 2, 4, not ada_wins))
        return Play(f"p{number}", "Alienation", f"2026-01-{number:02d}T20:00:00+00:00", players)

    results = [True, True, False, True, True, True]
    stats = player_stats([play(n, won) for n, won in enumerate(results, start=1)])
    assert (stats["Ada"].current_streak, stats["Ada"].longest_streak) == (3, 3)
    assert (stats["Bo"].current_streak, stats["Bo"].longest_streak) == (0, 1)
