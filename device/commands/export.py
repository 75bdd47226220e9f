"""Exporting the score log (CSV, BG Stats links and files, a JSON backup), reading a backup,
and the text that ``mothership scores`` prints.

CSV: one row per player per play, with BoardGameGeek-like columns (`CSV_FIELDS`).
bgstats-url: one BG Stats push link per play, one per line (`device.store.bgstats`).
bgsplay: the whole history as one BG Stats file object (`device.store.bgsplay`).
JSON: a full backup (player profiles, learned tags, plays with results and rounds), which
``mothership import`` reads back.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from device.jsontext import JsonTextError, check_values, loads
from device.localtime import local_text
from device.logtext import printable
from device.store.database import Store
from device.store.exports import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    CSV_FIELDS,
    check_format,
    csv_row,
    write_export,
)
from device.store.players import Profile
from device.store.scorelog import (
    GAMES,
    BackupError,
    game_named,
    play_from_json,
    play_to_json,
    utc_now,
)
from device.store.stats import LogStats
from games.scorelog.players import plain_name
from games.scorelog.plays import Play

TAG_KINDS = ("seat", "player", "role")


@dataclass(frozen=True)
class Backup:
    """What a JSON backup holds."""

    plays: tuple[Play, ...]
    players: tuple[Profile, ...] = ()
    tags: tuple[tuple[str, str, str], ...] = ()


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


def backup_to_json(backup: Backup) -> dict[str, Any]:
    """A backup as JSON data."""
    return {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "exported_at": utc_now(),
        "players": [{"name": p.name, "tag": p.tag, "id": p.id} for p in backup.players],
        "tags": [{"uid": uid, "kind": kind, "value": value} for uid, kind, value in backup.tags],
        "plays": [play_to_json(play) for play in backup.plays],
    }


def parse_backup(text: str) -> Backup:
    """Read a JSON backup; raises `BackupError` naming what is wrong."""
    try:
        data = loads(text)
        check_values(data)
    except json.JSONDecodeError as error:
        raise BackupError(f"not JSON: {error}") from None
    except JsonTextError as error:
        raise BackupError(str(error)) from None
    if not isinstance(data, dict):
        raise BackupError("expected a JSON object with players, tags and plays")
    if data.get("format") != BACKUP_FORMAT:
        raise BackupError(f"format: expected {BACKUP_FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != BACKUP_VERSION:
        raise BackupError(f"version: expected {BACKUP_VERSION}, got {data.get('version')!r}")
    plays, seen = [], set()
    for i, raw in enumerate(_list(data, "plays")):
        play = play_from_json(raw, f"plays[{i}]")
        if play.game not in GAMES:
            raise BackupError(f"plays[{i}].game: {play.game!r} is not one of {', '.join(GAMES)}")
        if play.id in seen:
            raise BackupError(f"plays[{i}].id: {play.id!r} appears twice")
        seen.add(play.id)
        names = tuple(
            dataclasses.replace(player, name=_plain(player.name, f"plays[{i}].players[{n}]"))
            for n, player in enumerate(play.players)
        )
        plays.append(dataclasses.replace(play, players=names))
    players = []
    for i, raw in enumerate(_list(data, "players")):
        name, tag = _field(raw, f"players[{i}]", "name"), None
        if isinstance(raw, dict) and raw.get("tag") is not None:
            tag = _field(raw, f"players[{i}]", "tag")
        profile_id = ""  # backups from before profile ids have none: the store makes one
        if isinstance(raw, dict) and raw.get("id") is not None:
            profile_id = _field(raw, f"players[{i}]", "id")
        players.append(Profile(_plain(name, f"players[{i}]"), tag, profile_id))
    tags = []
    for i, raw in enumerate(_list(data, "tags")):
        where = f"tags[{i}]"
        uid, kind, value = (_field(raw, where, key) for key in ("uid", "kind", "value"))
        if kind not in TAG_KINDS:
            raise BackupError(f"{where}.kind: {kind!r} is not one of {', '.join(TAG_KINDS)}")
        if kind == "seat" and not (value.isascii() and value.isdigit() and 1 <= int(value) <= 12):
            raise BackupError(f"{where}.value: seat {value!r}: a seat is 1 to 12")
        tags.append((uid, kind, _plain(value, where) if kind == "player" else value))
    return Backup(tuple(plays), tuple(players), tuple(tags))


def _plain(name: str, where: str) -> str:
    """A name without control characters or direction marks (they could rewrite a terminal
    or make one name show as another)."""
    plain = plain_name(name)
    if not plain:
        raise BackupError(f"{where}.name: '{printable(name)}' has nothing but control characters")
    return plain


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise BackupError(f"{key}: expected a list, got {type(value).__name__}")
    return value


def _field(raw: Any, where: str, key: str) -> str:
    if not isinstance(raw, dict):
        raise BackupError(f"{where}: expected an object, got {type(raw).__name__}")
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BackupError(f"{where}.{key}: expected non-empty text, got {value!r}")
    return value


def import_backup(store: Store, text: str) -> tuple[int, int]:
    """Restore a backup into the store in one transaction; (new plays, plays in the backup).

    Plays already logged (by id), players already known (by name) and tags already learned
    (by uid) are kept as they are, so importing the same backup twice adds nothing.
    """
    backup = parse_backup(text)
    added = store.restore(backup.plays, backup.players, backup.tags)
    return added, len(backup.plays)


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
        lines.append(f"  {when}  {play.game}: won by {' and '.join(won) or 'nobody'} ({scored})")
    for name in [game] if game else stats.games():
        plays = stats.count(name)
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
