"""The score log: turning a game's final record into a `Play`, and plays to and from JSON.

Every game ends with one final record (``onenight.game``, ``alieninjas.final``,
``alienation.final``, ``encounters.final``); the store logs a play for it in the same
transaction. Round-by-round points come from the game's ``<game>.round`` records since its
``<game>.start`` record.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from games.scorelog.plays import Play, PlayerResult

FINAL_KINDS: dict[str, str] = {
    "onenight.game": "One Night",
    "alieninjas.final": "Alieninjas",
    "alienation.final": "Alienation",
    "encounters.final": "Alien Encounters",
}
"""The record kind that ends each game, and the game's name in the log."""

GAMES = tuple(FINAL_KINDS.values())


class BackupError(ValueError):
    """A backup (or a play in it) that cannot be read; the message names the bad part."""


def is_final(kind: str) -> bool:
    """Whether a record of this kind ends a game (and so logs a play)."""
    return kind in FINAL_KINDS


def prefix(kind: str) -> str:
    """The game part of a record kind: ``alienation`` for ``alienation.final``."""
    return kind.split(".", 1)[0]


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


def seat_map(values: Any) -> dict[int, int]:
    """``{seat: number}`` from a record's mapping (JSON turns the seat keys into text)."""
    if not isinstance(values, Mapping):
        return {}
    return {int(seat): int(value) for seat, value in values.items()}


def play_from_record(
    kind: str,
    data: Mapping[str, Any],
    history: Sequence[tuple[str, Mapping[str, Any]]],
    *,
    names: Mapping[int, str],
    play_id: str,
    played_at: str,
) -> Play:
    """The play a final record stands for.

    Args:
        kind: the final record's kind (see `FINAL_KINDS`).
        data: the final record's data, as stored (JSON).
        history: this game's earlier records as (kind, data), oldest first, from its start.
        names: profile names linked to seats; other seats are "Player N".
        play_id: the play's id; played_at: when it ended (ISO 8601 UTC).
    """
    game = FINAL_KINDS[kind]
    winners = {int(seat) for seat in data.get("winners", [])}
    starts = [d for k, d in history if k.endswith(".start")]
    start = starts[-1] if starts else {}
    first: int | None = None
    rounds: tuple[tuple[int, ...], ...] = ()
    if kind == "onenight.game":
        count = int(data.get("setup", {}).get("players", 0)) or int(start.get("players", 0))
        scores: dict[int, int | None] = dict.fromkeys(range(1, count + 1))
    else:
        totals = seat_map(data.get("totals"))
        scores = {seat: totals[seat] for seat in sorted(totals)}
        per_round = _round_points(prefix(kind), history)
        seats = sorted(scores)
        rounds = tuple(
            tuple(points.get(seat, 0) for seat in seats) for _, points in sorted(per_round.items())
        )
        if kind == "encounters.final" and start.get("first") is not None:
            first = int(start["first"])
        if kind == "alienation.final":
            firsts = [d for k, d in history if k == "alienation.round" and d.get("round") == 1]
            if firsts and firsts[-1].get("start") is not None:
                first = int(firsts[-1]["start"])
    players = tuple(
        PlayerResult(
            name=names.get(seat, f"Player {seat}"),
            seat=seat,
            score=score,
            winner=seat in winners,
            start_player=seat == first,
        )
        for seat, score in scores.items()
    )
    return Play(play_id, game, played_at, players, rounds)


def _round_points(
    game: str, history: Sequence[tuple[str, Mapping[str, Any]]]
) -> dict[int, dict[int, int]]:
    """``{round: {seat: points}}`` from the round records (a replayed round replaces itself)."""
    rounds: dict[int, dict[int, int]] = {}
    for kind, data in history:
        if kind != f"{game}.round" or "round" not in data:
            continue
        if "points" in data:  # alieninjas
            rounds[int(data["round"])] = seat_map(data["points"])
        elif "entries" in data:  # alienation
            entries = data["entries"]
            rounds[int(data["round"])] = {int(e["seat"]): int(e["points"]) for e in entries}
    return rounds


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
