"""A logged play to and from JSON data: the form of the score log's backups and exports.

Reading checks every field and raises ``BackupError`` naming the bad one
(``plays[3].players[0].seat: expected an integer``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from games.scorelog.plays import Play, PlayerResult


class BackupError(ValueError):
    """A backup (or a play in it) that cannot be read; the message names the bad part."""


def play_to_json(play: Play) -> dict[str, Any]:
    """A play as JSON data (the backup's form). Fields added since version 1 (a player's
    ``role``, ``team``, ``player_id``; a play's ``duration_min``, ``board``, ``comments``,
    ``title``)
    are written only when set, and read as empty when absent."""
    data: dict[str, Any] = {
        "id": play.id,
        "game": play.game,
        "played_at": play.played_at,
        "players": [_player_to_json(p) for p in play.players],
        "rounds": [list(points) for points in play.rounds],
    }
    if play.duration_min is not None:
        data["duration_min"] = play.duration_min
    for key in ("board", "comments", "title"):
        if getattr(play, key):
            data[key] = getattr(play, key)
    return data


def _player_to_json(player: PlayerResult) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": player.name,
        "seat": player.seat,
        "score": player.score,
        "winner": player.winner,
        "start_player": player.start_player,
    }
    for key in ("role", "team", "player_id"):
        if getattr(player, key):
            data[key] = getattr(player, key)
    return data


def play_from_json(data: Any, where: str = "play") -> Play:
    """Read a play from `play_to_json` data; raises `BackupError` naming the bad field."""
    obj = _object(data, where)
    played_at = _text(obj, "played_at", where)
    try:
        datetime.fromisoformat(played_at)
    except ValueError:
        raise BackupError(f"{where}.played_at: {played_at!r} is not an ISO 8601 time") from None
    raw_players = obj.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise BackupError(f"{where}.players: expected a non-empty list")
    players = tuple(_player(p, f"{where}.players[{i}]") for i, p in enumerate(raw_players))
    raw_rounds = obj.get("rounds", [])
    if not isinstance(raw_rounds, list):
        raise BackupError(f"{where}.rounds: expected a list")
    rounds = []
    for i, points in enumerate(raw_rounds):
        if not isinstance(points, list) or not all(_is_int(p) for p in points):
            raise BackupError(f"{where}.rounds[{i}]: expected a list of integers")
        rounds.append(tuple(points))
    duration = obj.get("duration_min")
    if duration is not None and (not _is_int(duration) or duration < 0):
        raise BackupError(f"{where}.duration_min: expected minutes (0 or more), got {duration!r}")
    return Play(
        _text(obj, "id", where),
        _text(obj, "game", where),
        played_at,
        players,
        tuple(rounds),
        duration,
        _optional_text(obj, "board", where),
        _optional_text(obj, "comments", where),
        _optional_text(obj, "title", where),
    )


def _player(data: Any, where: str) -> PlayerResult:
    obj = _object(data, where)
    seat, score = obj.get("seat"), obj.get("score")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise BackupError(f"{where}.seat: expected an integer, got {seat!r}")
    if score is not None and not _is_int(score):
        raise BackupError(f"{where}.score: expected an integer or null, got {score!r}")
    flags = {}
    for key in ("winner", "start_player"):
        value = obj.get(key, False)
        if not isinstance(value, bool):
            raise BackupError(f"{where}.{key}: expected true or false, got {value!r}")
        flags[key] = value
    role, team, player_id = (
        _optional_text(obj, key, where) for key in ("role", "team", "player_id")
    )
    return PlayerResult(
        _text(obj, "name", where), seat, score, **flags, role=role, team=team, player_id=player_id
    )


def _optional_text(obj: Mapping[str, Any], key: str, where: str) -> str:
    value = obj.get(key, "")
    if not isinstance(value, str):
        raise BackupError(f"{where}.{key}: expected text, got {value!r}")
    return value


def _object(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise BackupError(f"{where}: expected an object, got {type(data).__name__}")
    return data


def _text(obj: Mapping[str, Any], key: str, where: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BackupError(f"{where}.{key}: expected non-empty text, got {value!r}")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
