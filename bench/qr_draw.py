"""BG Stats QR codes: the time to turn a play's push link into the picture the end screen draws.

The end screen of a logged game (and the score log) shows the play's BG Stats push link as a QR
code, made on the daemon's main loop when the game ends. A ten-player One Night link is about
2,000 characters: a version 33 code of 149x149 modules.

Compared on the same links, each made from scratch every round (the caches cleared):

- ours: ``device.ui.qr`` (``qr_matrix`` with a fixed mask, ``qr_surface`` writing each row of
  whole-pixel modules once as bytes);
- baseline: what a first version did, and what segno's examples suggest: ``segno.make`` choosing
  the best of its eight masks, and one ``Surface.fill`` per dark module (at the same module
  sizes).

    .venv/bin/python bench/qr_draw.py            # 20 rounds of 3 links
    .venv/bin/python bench/qr_draw.py --quick    # 2 rounds
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import segno
from benchutil import machine_lines, percentile, table

from device.store.bgstats import push_url
from device.ui.pushqr import BIG_QR_AREA
from device.ui.qr import QUIET_ZONE, module_edges, qr_matrix, qr_surface
from games.scorelog.plays import Play, PlayerResult

SIZE = BIG_QR_AREA.height


def link(players: int) -> str:
    """The push link of a One Night play with ``players`` players (roles, teams, comments)."""
    results = tuple(
        PlayerResult(f"Player {seat}", seat, None, seat % 2 == 0, role="Villager", team="Village")
        for seat in range(1, players + 1)
    )
    roles = ", ".join(["Alien"] * 2 + ["Villager"] * (players + 1))
    comments = f"Roles: {roles}. Died: seat 3 (Alien)."
    play = Play(
        "0b7f2a5e-3c1d-4e8f-9a6b-1c2d3e4f5a6b",
        "One Night",
        "2025-02-01T21:00:00Z",
        results,
        duration_min=14,
        comments=comments,
    )
    return push_url(play, location="Home")


def ours(text: str) -> pygame.Surface:
    qr_matrix.cache_clear()
    qr_surface.cache_clear()
    return qr_surface(text, SIZE)


def baseline(text: str) -> pygame.Surface:
    code = segno.make(text, error="l", micro=False)
    rows = [tuple(bool(bit) for bit in row) for row in code.matrix]
    edges = module_edges(text, SIZE)  # the same module sizes as ours
    surface = pygame.Surface((edges[-1], edges[-1]))
    surface.fill((255, 255, 255))
    for y, row in enumerate(rows):
        top, bottom = edges[y + QUIET_ZONE], edges[y + QUIET_ZONE + 1]
        for x, dark in enumerate(row):
            if dark:
                left, right = edges[x + QUIET_ZONE], edges[x + QUIET_ZONE + 1]
                surface.fill((0, 0, 0), (left, top, right - left, bottom - top))
    return surface


def timed(make: Callable[[str], pygame.Surface], text: str) -> float:
    start = time.perf_counter()
    make(text)
    return (time.perf_counter() - start) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 rounds")
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args(argv)
    rounds = 2 if args.quick else args.rounds
    pygame.init()
    print("\n".join(machine_lines()))
    print(f"\nQR codes of One Night push links, {rounds} rounds, drawn {SIZE} px high\n")
    rows = []
    for players in (4, 7, 10):
        text = link(players)
        # The same code both ways: the baseline's mask may differ, never its size.
        assert ours(text).get_size() == baseline(text).get_size()
        mine = [timed(ours, text) for _ in range(rounds)]
        naive = [timed(baseline, text) for _ in range(rounds)]
        ratio = percentile(naive, 50) / percentile(mine, 50)
        rows.append(
            [
                f"{players} players",
                str(len(text)),
                f"{percentile(mine, 50):.1f}",
                f"{percentile(naive, 50):.1f}",
                f"{ratio:.1f}x",
            ]
        )
    print(table(["link", "chars", "ours p50 ms", "baseline p50 ms", "faster"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
