"""Reading a JSON backup of the score log (player profiles, learned tags, plays with results
and rounds), as ``mothership export --format json`` streams it (``device.store.exports``), for
``mothership import`` and a restore (``device.store.backups``)."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from device.jsontext import JsonTextError, check_values, loads
from device.logtext import printable
from device.store.database import Store
from device.store.exports import BACKUP_FORMAT, BACKUP_VERSION
from device.store.players import Profile
from device.store.scorelog import BackupError, game_names, play_from_json
from games.scorelog.players import plain_name
from games.scorelog.plays import Play

TAG_KINDS = ("seat", "player", "role")


@dataclass(frozen=True)
class Backup:
    """What a JSON backup holds."""

    plays: tuple[Play, ...]
    players: tuple[Profile, ...] = ()
    tags: tuple[tuple[str, str, str], ...] = ()


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
    plays, seen, games = [], set(), game_names()
    for i, raw in enumerate(_list(data, "plays")):
        play = play_from_json(raw, f"plays[{i}]")
        if play.game not in games:
            raise BackupError(f"plays[{i}].game: {play.game!r} is not one of {', '.join(games)}")
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
