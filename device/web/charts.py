"""The score log's charts for the page, as inline SVG: one game at a time, never mixed.

Horizontal bars, so long names fit a narrow phone: wins per player, and for games with scores
each player's average. Plain shapes and escaped text only (no script), sized by its viewBox.
"""

from __future__ import annotations

from collections.abc import Sequence

from device.store.stats import Standing
from device.web.html import esc

BAR_HEIGHT = 26
LABEL_WIDTH = 120
WIDTH = 360
MOST_BARS = 10


def bars(title: str, items: Sequence[tuple[str, float]], *, unit: str = "") -> str:
    """A horizontal bar chart of (label, value) pairs, the first bar in the accent colour."""
    items = list(items)[:MOST_BARS]
    if not items:
        return ""
    top = max(value for _, value in items) or 1.0
    span = WIDTH - LABEL_WIDTH - 50
    height = BAR_HEIGHT * len(items) + 8
    rows = []
    for index, (label, value) in enumerate(items):
        y = 4 + index * BAR_HEIGHT
        width = max(2.0, span * value / top)
        colour = "#ffb020" if index == 0 else "#5b8bb0"
        shown = f"{value:g}{unit}"
        rows.append(
            f'<text x="{LABEL_WIDTH - 6}" y="{y + 17}" text-anchor="end">{esc(label[:16])}</text>'
            f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{width:.1f}" height="{BAR_HEIGHT - 6}" '
            f'rx="3" fill="{colour}"></rect>'
            f'<text x="{LABEL_WIDTH + width + 5:.1f}" y="{y + 17}">{esc(shown)}</text>'
        )
    return (
        f'<figure><figcaption class="dim">{esc(title)}</figcaption>'
        f'<svg viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{esc(title)}" '
        'font-size="13" fill="#eef2f5">' + "".join(rows) + "</svg></figure>"
    )


def game_charts(board: Sequence[Standing], plays: int, *, scored: bool) -> str:
    """A game's charts from its leaderboard: wins, and average scores when it has scores."""
    wins = sorted(board, key=lambda s: (-s.wins, s.name.casefold()))
    counted = f"{plays} play{'s' if plays != 1 else ''}"
    parts = [bars(f"Wins per player ({counted})", [(s.name, s.wins) for s in wins])]
    if scored:
        averages = [
            (s.name, round(s.average_score, 1)) for s in board if s.average_score is not None
        ]
        averages.sort(key=lambda item: (-item[1], item[0].casefold()))
        players = f"{len(averages)} player{'s' if len(averages) != 1 else ''}"
        parts.append(bars(f"Average score ({players})", averages))
    return "".join(parts)
