"""The whole score log as one BG Stats file object (``.bgsplay``), for a bulk import.

A BG Stats file is a JSON object of tables: ``games``, ``players`` and ``locations`` (each row
with a numeric ``id`` and a ``uuid``), and ``plays``, each pointing at its game
(``gameRefId``) and location (``locationRefId``), with one ``playerScores`` row per player
(``playerRefId``). Opening the file on a phone offers to import every play in it.

This is not the one-play push link (`device.store.bgstats.push_url`); both share the per-game
table `device.store.bgstats.GAME_INFO`, the UTC ``playDate`` and the player ids.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from device.store.bgstats import SOURCE_NAME, game_info, play_date, source_player_id
from games.scorelog.plays import Play

ABOUT = (
    "A play file for Board Game Stats, written by Mothership. Open it with BG Stats (share or "
    "open-in) to import its plays."
)
_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "mothership:bgstats")
"""Ids made here (games, locations, unnamed seats) are uuid5 in this namespace, so the same
log exported twice gives the same file, and BG Stats recognises what it imported before."""


def stable_uuid(kind: str, key: str) -> str:
    """The uuid this export gives a game, location or unnamed seat (the same every time)."""
    return str(uuid.uuid5(_NAMESPACE, f"{kind}/{key}"))


def to_bgsplay(
    plays: Sequence[Play], *, location: str = "", exported_at: str = "2000-01-01T00:00:00Z"
) -> dict[str, Any]:
    """The BG Stats file object for ``plays`` (oldest first).

    Args:
        plays: the score log.
        location: where they were played (the ``[store] location`` config key); empty: no
            location table and no ``locationRefId``.
        exported_at: the export's time (ISO 8601 UTC), each row's ``modificationDate``.
    """
    modified = play_date(exported_at)
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, Any]] = {}
    locations: list[dict[str, Any]] = []
    if location.strip():
        locations.append(
            {
                "id": 1,
                "uuid": stable_uuid("location", location.strip()),
                "name": location.strip(),
                "modificationDate": modified,
            }
        )
    rows = []
    for play in plays:
        info = game_info(play.game)
        game = games.get(play.game)
        if game is None:
            game = {
                "id": len(games) + 1,
                "uuid": stable_uuid("game", info.source_game_id),
                "name": play.game,
                "sourceName": SOURCE_NAME,
                "sourceGameId": info.source_game_id,
                "highestWins": info.highest_wins,
                "noPoints": info.no_points,
                "cooperative": False,
                "usesTeams": False,
                "modificationDate": modified,
            }
            if info.bgg_id is not None:
                game["bggId"] = info.bgg_id
            games[play.game] = game
        scores = []
        for player in play.players:
            key = source_player_id(play, player)
            entry = players.get(key)
            if entry is None:
                entry = {
                    "id": len(players) + 1,
                    "uuid": player.player_id or stable_uuid("seat", key),
                    "name": player.name,
                    "isAnonymous": not player.player_id,
                    "sourcePlayerId": key,
                    "modificationDate": modified,
                }
                players[key] = entry
            score: dict[str, Any] = {
                "playerRefId": entry["id"],
                "winner": player.winner,
                "startPlayer": player.start_player,
                "seatOrder": player.seat,
                "newPlayer": False,
            }
            if not info.no_points and player.score is not None:
                score["score"] = str(player.score)  # BG Stats files keep scores as text
            if player.role:
                score["role"] = player.role
            if player.team:
                score["team"] = player.team
            scores.append(score)
        if any(player.team for player in play.players):
            game["usesTeams"] = True
        row: dict[str, Any] = {
            "uuid": play.id,
            "gameRefId": game["id"],
            "playDate": play_date(play.played_at),
            "sourceName": SOURCE_NAME,
            "sourcePlayId": play.id,
            "ignored": False,
            "manualWinner": False,
            "usesTeams": any(player.team for player in play.players),
            "rounds": len(play.rounds),
            "playerScores": scores,
            "modificationDate": modified,
        }
        if locations:
            row["locationRefId"] = 1
        if play.duration_min is not None:
            row["durationMin"] = play.duration_min
        if play.board:
            row["board"] = play.board
        if play.comments:
            row["comments"] = play.comments
        rows.append(row)
    return {
        "about": ABOUT,
        "games": list(games.values()),
        "players": list(players.values()),
        "locations": locations,
        "plays": rows,
    }
