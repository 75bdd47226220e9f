"""A seeded log of generated plays, shared by the stats and chart tests."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from device.store.database import Store
from device.store.stats import LogStats
from games import catalog
from games.scorelog.plays import Play, PlayerResult

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")
GAMES = tuple(spec.name for spec in catalog.GAMES)
"""The registered games' names (the suite's Stars too): the log's plays are of any of them."""


def seeded_log(count: int = 240, seed: int = 7) -> list[Play]:
    """``count`` plays with 2 to 5 of six players, scores, winners and round points."""
    rng = random.Random(seed)
    plays = []
    for number in range(count):
        names = rng.sample(NAMES, rng.randint(2, 5))
        rounds = tuple(tuple(rng.randint(0, 12) for _ in names) for _ in range(3))
        totals = [sum(points[i] for points in rounds) for i in range(len(names))]
        best = max(totals)
        players = tuple(
            PlayerResult(name, seat, totals[seat - 1], totals[seat - 1] == best, seat == 1)
            for seat, name in enumerate(names, start=1)
        )
        month, day = 1 + number // 28 % 12, 1 + number % 28
        played_at = f"2026-{month:02d}-{day:02d}T20:{number % 60:02d}:00+00:00"
        plays.append(Play(f"play-{number}", rng.choice(GAMES), played_at, players, rounds))
    return plays


_FOLDERS: list[tempfile.TemporaryDirectory[str]] = []


def in_store(plays: list[Play]) -> LogStats:
    """The queries of a new store holding ``plays`` (its folder goes when the tests end)."""
    folder = tempfile.TemporaryDirectory(prefix="mothership-log-")
    _FOLDERS.append(folder)
    store = Store(Path(folder.name) / "m.db")
    store.restore(plays)
    return store.stats()
