"""The score log: a finished game's result as a logged `Play`, and plays to and from JSON.

Every game ends with a ``LogPlay`` effect: its final record, carrying the result as a typed
`FinalResult`. The store writes the record and logs the play in the same transaction; the play's
name comes from the game's registry entry, its player names from the seats linked to profiles.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from games.catalog import GAMES as REGISTRY
from games.catalog import by_key
from games.scorelog.plays import FinalResult, Play, PlayerResult

GAMES = tuple(spec.name for spec in REGISTRY)
"""The names plays are logged under, one per game."""


class BackupError(ValueError):
    """A backup (or a play in it) that cannot be read; the message names the bad part."""


def utc_now() -> str:
    """The current time as ISO 8601 UTC, to the second (``2025-01-31T20:15:00Z``)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def play_id(kind: str, data: Mapping[str, Any], start: str | None) -> str:
    """A uuid-like id for the play a final record logs.

    With the game's start record known (its row id and time), the id is derived from it and
    the final record, so a final transition replayed after a crash logs the same play again
    (and is ignored) rather than a second one. Without it, a random id.
    """
    if start is None:
        return str(uuid.uuid4())
    text = json.dumps([start, kind, data], sort_keys=True, default=str)
    return str(uuid.UUID(bytes=hashlib.sha256(text.encode()).digest()[:16], version=4))


def play_of(result: FinalResult, *, names: Mapping[int, str], play_id: str, played_at: str) -> Play:
    """The play a game's result stands for, named as its registry entry names the game.

    Args:
        result: what the game handed over as it ended.
        names: profile names linked to seats; other seats are "Player N".
        play_id: the play's id; played_at: when it ended (ISO 8601 UTC).
    """
    spec = by_key(result.game)
    return result.play(play_id, spec.name if spec else result.game, played_at, names)


# -- JSON -------------------------------------------------------------------------------------


def play_to_json(play: Play) -> dict[str, Any]:
    """A play as JSON data (the backup's form)."""
    return {
        "id": play.id,
        "game": play.game,
        "played_at": play.played_at,
        "players": [
            {
                "name": p.name,
                "seat": p.seat,
                "score": p.score,
                "winner": p.winner,
                "start_player": p.start_player,
            }
            for p in play.players
        ],
        "rounds": [list(points) for points in play.rounds],
    }


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
    return Play(
        _text(obj, "id", where),
        _text(obj, "game", where),
        played_at,
        players,
        tuple(rounds),
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
    return PlayerResult(_text(obj, "name", where), seat, score, **flags)


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
