"""Score log stats: table-driven cases (tests/data/scorelog_stats.toml) and a seeded log of
generated plays checked against invariants and numbers worked out here independently."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from scorelog_log import NAMES as SEEDED_NAMES
from scorelog_log import seeded_log
from tables import case_id, load_cases

from games import catalog
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.stats import (
    head_to_head,
    in_order,
    latest_with_rounds,
    leaderboard,
    most_played,
    player_stats,
    plays_per_month,
    running_totals,
    score_history,
)


def make_play(i: int, raw: dict[str, Any]) -> Play:
    players = tuple(
        PlayerResult(name, seat, None if score == "-" else score, won)
        for seat, (name, score, won) in enumerate(raw["players"], start=1)
    )
    return Play(f"p{i}", raw.get("game", "Alienation"), raw["at"], players)


def make_plays(case: dict[str, Any]) -> list[Play]:
    return [make_play(i, raw) for i, raw in enumerate(case["plays"])]


@pytest.mark.parametrize("case", load_cases("scorelog_stats"), ids=case_id)
def test_player_stats(case: dict[str, Any]) -> None:
    stats = player_stats(make_plays(case))
    for name, expect in case["expect"].items():
        got = stats[name]
        for field in expect.get("none", []):
            assert getattr(got, field) is None, field
        for field, value in expect.items():
            if field != "none":
                assert getattr(got, field) == value, field


@pytest.mark.parametrize("case", load_cases("scorelog_stats", "month"), ids=case_id)
def test_plays_per_month(case: dict[str, Any]) -> None:
    got = plays_per_month(make_plays(case))
    assert got == case["expect"]
    assert list(got) == sorted(got)
    for months in got.values():
        assert list(months) == sorted(months)


def test_an_empty_log_has_no_stats() -> None:
    assert player_stats([]) == {}
    assert leaderboard([]) == []
    assert most_played([]) is None
    assert latest_with_rounds([]) is None


def test_a_bad_time_is_an_error_naming_the_play() -> None:
    play = Play("abc", "Alienation", "last tuesday", (PlayerResult("Ada", 1, 3, True),))
    with pytest.raises(ValueError, match=r"play 'abc': played_at 'last tuesday' is not"):
        player_stats([play])


def test_running_totals_add_up_each_players_rounds() -> None:
    players = (PlayerResult("Ada", 1, 9, True), PlayerResult("Ben", 2, 4, False))
    play = Play("x", "Alienation", "2025-01-01T10:00:00Z", players, ((3, 1), (0, 5), (6,)))
    assert running_totals(play) == [(players[0], (3, 3, 9)), (players[1], (1, 6, 6))]
    assert running_totals(Play("y", "One Night", "2025-01-01T10:00:00Z", players)) == [
        (players[0], ()),
        (players[1], ()),
    ]


# -- a seeded log ---------------------------------------------------------------------------

NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fran", "Gus", "hana")
GAMES = tuple(spec.name for spec in catalog.GAMES)
"""The registered games' names (the suite's Stars too)."""


def generated_log(seed: int, count: int) -> list[Play]:
    """``count`` random plays, shuffled (the stats must sort them by time)."""
    rng = random.Random(seed)
    start = datetime(2024, 11, 1, tzinfo=UTC)
    plays = []
    for i in range(count):
        at = start + timedelta(minutes=rng.randrange(0, 400 * 24 * 60))
        names = rng.sample(NAMES, rng.randint(2, 7))
        game = rng.choice(GAMES)
        scored = game != "One Night"
        rounds = (
            tuple(tuple(rng.randint(-2, 9) for _ in names) for _ in range(rng.randint(1, 5)))
            if scored
            else ()
        )
        players = []
        for seat, name in enumerate(names, start=1):
            score = sum(r[seat - 1] for r in rounds) if scored else None
            players.append(PlayerResult(name, seat, score, rng.random() < 0.35))
        stamp = at.isoformat() if rng.random() < 0.5 else at.strftime("%Y-%m-%dT%H:%M:%SZ")
        plays.append(Play(f"g{i:04d}", game, stamp, tuple(players), rounds))
    rng.shuffle(plays)
    return plays


@pytest.fixture(scope="module", params=[1, 2, 3])
def log(request: pytest.FixtureRequest) -> list[Play]:
    seed: int = request.param
    return generated_log(seed, 250)


def test_generated_logs_are_big_enough(log: list[Play]) -> None:
    assert len(log) >= 200


def test_wins_and_plays_add_up(log: list[Play]) -> None:
    stats = player_stats(log)
    assert sum(s.wins for s in stats.values()) == sum(r.winner for p in log for r in p.players)
    assert sum(s.plays for s in stats.values()) == sum(len(p.players) for p in log)
    assert set(stats) == {r.name for p in log for r in p.players}


def test_each_players_numbers_are_in_range(log: list[Play]) -> None:
    for s in player_stats(log).values():
        assert 0 <= s.wins <= s.plays
        assert 0.0 <= s.win_percent <= 100.0
        assert s.win_percent == pytest.approx(100 * s.wins / s.plays)
        assert 0 <= s.current_streak <= s.longest_streak <= s.wins
        if s.average_score is not None:
            assert s.best_score is not None
            assert s.average_score <= s.best_score


def test_exact_numbers_worked_out_independently(log: list[Play]) -> None:
    chronological = sorted(log, key=lambda p: (datetime.fromisoformat(p.played_at), p.id))
    for name in ("Ada", "hana"):
        mine = [r for p in chronological for r in p.players if r.name == name]
        s = player_stats(log)[name]
        assert s.plays == len(mine)
        assert s.wins == len([r for r in mine if r.winner])
        scored = [(p.game, r.score) for p in chronological for r in p.players if r.name == name]
        scores = [score for _, score in scored if score is not None]
        if len({game for game, score in scored if score is not None}) > 1:
            assert (s.best_score, s.average_score) == (None, None)  # never across games
        else:
            assert s.best_score == max(scores)
            assert s.average_score == pytest.approx(sum(scores) / len(scores))
        flags = "".join("W" if r.winner else "L" for r in mine)
        assert s.longest_streak == max(len(run) for run in flags.split("L"))
        assert s.current_streak == len(flags) - len(flags.rstrip("W"))
        assert [h.score for h in score_history(log, name)] == [r.score for r in mine]


def test_rival_and_nemesis_are_the_most_beaten_and_most_beating(log: list[Play]) -> None:
    beat: Counter[tuple[str, str]] = Counter()
    for play in log:
        for won in play.players:
            for lost in play.players:
                if won.winner and not lost.winner:
                    beat[won.name, lost.name] += 1
    assert head_to_head(log) == beat
    stats = player_stats(log)
    for a, s in stats.items():
        beaten = {b: beat[a, b] for b in stats if beat[a, b]}
        beaten_by = {b: beat[b, a] for b in stats if beat[b, a]}
        if s.rival is None:
            assert not beaten
        else:
            assert s.rival_wins == beat[a, s.rival] == max(beaten.values())
            assert stats[s.rival].nemesis is not None  # whoever A beat was beaten by someone
        if s.nemesis is None:
            assert not beaten_by
        else:
            assert s.nemesis_wins == beat[s.nemesis, a] == max(beaten_by.values())


def test_plays_per_month_counts_every_play_once(log: list[Play]) -> None:
    months = plays_per_month(log)
    assert sum(sum(m.values()) for m in months.values()) == len(log)
    for game, counts in months.items():
        assert sum(counts.values()) == len([p for p in log if p.game == game])
    alienation_months = Counter(
        datetime.fromisoformat(p.played_at).strftime("%Y-%m") for p in log if p.game == "Alienation"
    )
    assert months["Alienation"] == dict(sorted(alienation_months.items()))


def test_order_and_leaderboard_are_deterministic(log: list[Play]) -> None:
    shuffled = list(log)
    random.Random(99).shuffle(shuffled)
    assert in_order(shuffled) == in_order(log)
    assert player_stats(shuffled) == player_stats(log)
    board = leaderboard(log)
    assert [s.wins for s in board] == sorted((s.wins for s in board), reverse=True)
    latest = latest_with_rounds(log)
    assert latest is not None and latest.rounds
    assert latest == [p for p in in_order(log) if p.rounds][-1]
    most = max(s.plays for s in board)
    assert most_played(log) == min((s.name for s in board if s.plays == most), key=str.casefold)


# -- the shared seeded log (tests/scorelog_log.py) -----------------------------------------

SEEDED = seeded_log()


def test_wins_and_plays_match_a_plain_count() -> None:
    stats = player_stats(SEEDED)
    plays = Counter(p.name for play in SEEDED for p in play.players)
    wins = Counter(p.name for play in SEEDED for p in play.players if p.winner)
    assert len(SEEDED) >= 200
    for name in SEEDED_NAMES:
        assert (stats[name].plays, stats[name].wins) == (plays[name], wins[name])
        assert stats[name].win_percent == pytest.approx(100 * wins[name] / plays[name])
        assert 0 <= stats[name].current_streak <= stats[name].longest_streak <= stats[name].wins


def test_best_and_average_scores_match_per_game() -> None:
    for game in sorted({play.game for play in SEEDED}):
        one_game = [play for play in SEEDED if play.game == game]
        stats = player_stats(one_game)
        for name in SEEDED_NAMES:
            scores = [
                score
                for play in one_game
                for p in play.players
                if p.name == name and (score := p.score) is not None
            ]
            if not scores:
                continue
            assert stats[name].best_score == max(scores)
            assert stats[name].average_score == pytest.approx(sum(scores) / len(scores))


def test_scores_of_different_games_are_never_averaged_together() -> None:
    def play(game: str, score: int) -> Play:
        return Play(
            f"{game}-{score}", game, "2025-01-31T20:00:00Z", (PlayerResult("Ada", 1, score, True),)
        )

    mixed = player_stats([play("Alienation", 40), play("Alieninjas", 10)])["Ada"]
    assert (mixed.plays, mixed.average_score, mixed.best_score) == (2, None, None)
    alone = player_stats([play("Alienation", 40), play("Alienation", 30)])["Ada"]
    assert (alone.average_score, alone.best_score) == (35.0, 40)


def test_a_rival_is_the_player_beaten_most_and_a_nemesis_the_one_who_beats_most() -> None:
    beaten: Counter[tuple[str, str]] = Counter()
    for play in SEEDED:
        for a in play.players:
            for b in play.players:
                if a.winner and not b.winner:
                    beaten[(a.name, b.name)] += 1
    stats = player_stats(SEEDED)
    for name in SEEDED_NAMES:
        rival = stats[name].rival
        assert rival is not None
        assert beaten[(name, rival)] == max(beaten[(name, o)] for o in SEEDED_NAMES if o != name)
        assert stats[name].rival_wins == beaten[(name, rival)]
        nemesis = stats[name].nemesis
        assert nemesis is not None
        assert beaten[(nemesis, name)] == max(beaten[(o, name)] for o in SEEDED_NAMES if o != name)


def test_plays_per_month_add_up_to_the_log() -> None:
    months = plays_per_month(SEEDED)
    assert sum(sum(per.values()) for per in months.values()) == len(SEEDED)


def test_the_leaderboard_puts_the_most_wins_first() -> None:
    board = leaderboard(SEEDED)
    assert [row.wins for row in board] == sorted((row.wins for row in board), reverse=True)


def test_a_score_history_follows_a_player_in_time_order() -> None:
    history = score_history(SEEDED, "Ada")
    assert len(history) == sum(1 for play in SEEDED for p in play.players if p.name == "Ada")
    assert [point.played_at for point in history] == sorted(point.played_at for point in history)


def test_a_streak_counts_the_latest_wins_in_a_row() -> None:
    def play(number: int, ada_wins: bool) -> Play:
        players = (PlayerResult("Ada", 1, 5, ada_wins), PlayerResult("Bo", 2, 4, not ada_wins))
        return Play(f"p{number}", "Alienation", f"2026-01-{number:02d}T20:00:00+00:00", players)

    results = [True, True, False, True, True, True]
    stats = player_stats([play(n, won) for n, won in enumerate(results, start=1)])
    assert (stats["Ada"].current_streak, stats["Ada"].longest_streak) == (3, 3)
    assert (stats["Bo"].current_streak, stats["Bo"].longest_streak) == (0, 1)
