"""Exporting the score log (CSV, BG Stats links and files, a JSON backup) and the text that
``mothership scores`` prints (a JSON backup is read by ``device.store.jsonbackup``).

CSV: one row per player per play, with BoardGameGeek-like columns (`CSV_FIELDS`).
bgstats-url: one BG Stats push link per play, one per line (`device.store.bgstats`).
bgsplay: the whole history as one BG Stats file object (`device.store.bgsplay`).
JSON: a full backup (player profiles, learned tags, plays with results and rounds), which
``mothership import`` reads back.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from device.localtime import local_text
from device.store.database import Store
from device.store.exports import (
    CSV_FIELDS,
    check_format,
    csv_row,
    write_export,
)
from device.store.scorelog import (
    game_named,
)
from device.store.stats import LogStats
from games.scorelog.plays import Play


def export(store: Store, fmt: str, *, location: str = "") -> str:
    """The whole score log in one of `FORMATS` as one text (``location``: where plays
    happen, for BG Stats); long logs are better streamed with `write_export`."""
    check_format(fmt)
    out = io.StringIO()
    write_export(store.path, fmt, out, location=location)
    return out.getvalue()


def to_csv(plays: Sequence[Play]) -> str:
    """One row per player per play; winner and start_player are 1 or 0, no score is empty."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for play in plays:
        for player in play.players:
            writer.writerow(csv_row(play, player))
    return out.getvalue()


# -- mothership scores --------------------------------------------------------------------


def scores_text(stats: LogStats, latest: int = 10, *, game: str | None = None) -> str:
    """The latest plays (newest first) and, per game, each player's plays, wins and (for a
    scored game) average and best score: scores of different games are never mixed. Each is a
    query on the store (``device.store.stats``), not the log read into memory.

    ``game`` (a name or key) keeps one game's plays; an unknown one is a ValueError.
    """
    if game is not None:
        game = game_named(game)
    count = stats.count(game)
    if not count:
        return f"No {game} plays logged yet." if game else "No plays logged yet."
    shown = stats.latest(latest, game=game)
    lines = [f"Latest plays ({len(shown)} of {count}):"]
    for play in shown:
        won = [p.name for p in play.players if p.winner]
        scored = ", ".join(
            p.name if p.score is None else f"{p.name} {p.score}" for p in play.players
        )
        when = local_text(play.played_at)
        result = f"won by {' and '.join(won) or 'nobody'}"
        if play.unfinished:  # saved at Quit: its comment says how far it got
            result = play.comments.rstrip(".")
        lines.append(f"  {when}  {play.game}: {result} ({scored})")
    for name in [game] if game else stats.games():
        plays = stats.count(name, finished=True)  # what the standings count
        lines += ["", f"{name}, {plays} play{'s' * (plays != 1)}:"]
        rows = stats.standings(name)
        if not rows:
            lines.append("  no named players (unnamed seats count for nobody)")
            continue
        width = max(len(line.name) for line in rows)
        for line in rows:
            text = (
                f"  {line.name:<{width}}  {line.wins} win{'s' * (line.wins != 1)} in "
                f"{line.plays} play{'s' * (line.plays != 1)} ({line.win_percent:.0f}%)"
            )
            if line.average_score is not None:
                text += f", average {line.average_score:.1f}, best {line.best_score}"
            lines.append(text)
    return "\n".join(lines)
