"""The whole score log as one BG Stats file object (``.bgsplay``), for a bulk import.

A BG Stats file is a JSON object of tables: ``games``, ``players`` and ``locations`` (each row
with a numeric ``id`` and a ``uuid``), and ``plays``, each pointing at its game
(``gameRefId``) and location (``locationRefId``), with one ``playerScores`` row per player
(``playerRefId``). Opening the file on a phone offers to import every play in it.

This is not the one-play push link (`device.store.bgstats.push_url`); both share what each
game's spec tells BG Stats (`device.store.bgstats.bgstats_game`), the UTC ``playDate`` and the
player ids.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from typing import Any

from device.store.bgstats import SOURCE_NAME, bgstats_game, play_date, ranks, source_player_id
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.stats import unnamed

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


class BgsplayFile:
    """A BG Stats file built play by play: `row` turns each play (oldest first) into its
    ``plays`` row and notes its game and players; `tables` gives the other tables after.

    Named players are kept (one row per profile); an unnamed seat is a player of its own
    play only, so its row is handed to ``on_seat`` when given (a writer spools them, so memory
    does not grow with the log) and kept in `anonymous` otherwise.
    """

    def __init__(self, *, location: str = "", exported_at: str = "2000-01-01T00:00:00Z") -> None:
        self.modified = play_date(exported_at)
        self.games: dict[str, dict[str, Any]] = {}
        self.named: dict[str, dict[str, Any]] = {}
        self.anonymous: list[dict[str, Any]] = []
        self.on_seat: Callable[[dict[str, Any]], None] | None = None
        self.player_count = 0
        self.locations: list[dict[str, Any]] = []
        if location.strip():
            self.locations.append(
                {
                    "id": 1,
                    "uuid": stable_uuid("location", location.strip()),
                    "name": location.strip(),
                    "modificationDate": self.modified,
                }
            )

    def _game(self, play: Play) -> dict[str, Any]:
        name, info = bgstats_game(play)
        game = self.games.get(name)
        if game is None:
            game = {
                "id": len(self.games) + 1,
                "uuid": stable_uuid("game", info.source_game_id),
                "name": name,
                "sourceName": SOURCE_NAME,
                "sourceGameId": info.source_game_id,
                "highestWins": info.highest_wins,
                "noPoints": info.no_points,
                "cooperative": False,
                "usesTeams": False,
                "modificationDate": self.modified,
            }
            if info.bgg_id is not None:
                game["bggId"] = info.bgg_id
            self.games[name] = game
        return game

    def _player_ref(self, play: Play, player: PlayerResult) -> int:
        key = source_player_id(play, player)
        # Named is a profile, or a name that is not "Player N" (an older play's): only an
        # unnamed seat is anonymous, one person per play.
        named = not unnamed(player)
        known = self.named.get(key) if named else None
        if known is not None:
            return int(known["id"])
        self.player_count += 1
        entry = {
            "id": self.player_count,
            "uuid": player.player_id or stable_uuid("seat" if not named else "name", key),
            "name": player.name,
            "isAnonymous": not named,
            "sourcePlayerId": key,
            "modificationDate": self.modified,
        }
        if named:
            self.named[key] = entry
        elif self.on_seat is not None:
            self.on_seat(entry)
        else:
            self.anonymous.append(entry)
        return self.player_count

    def row(self, play: Play) -> dict[str, Any]:
        """The ``plays`` row of ``play`` (the next play, oldest first)."""
        _, info = bgstats_game(play)
        game = self._game(play)
        places = ranks(play, info)
        scores = []
        for player in play.players:
            score: dict[str, Any] = {
                "playerRefId": self._player_ref(play, player),
                "winner": player.winner,
                "rank": places[player.seat],
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
        teams = any(player.team for player in play.players)
        if teams:
            game["usesTeams"] = True
        row: dict[str, Any] = {
            "uuid": play.id,
            "gameRefId": game["id"],
            "playDate": play_date(play.played_at),
            "sourceName": SOURCE_NAME,
            "sourcePlayId": play.id,
            "ignored": play.unfinished,  # saved at Quit: kept, out of BG Stats' stats
            "manualWinner": False,
            "usesTeams": teams,
            "rounds": len(play.rounds),
            "playerScores": scores,
            "modificationDate": self.modified,
        }
        if self.locations:
            row["locationRefId"] = 1
        if play.duration_min is not None:
            row["durationMin"] = play.duration_min
        if play.board:
            row["board"] = play.board
        if play.comments:
            row["comments"] = play.comments
        return row

    def players(self) -> list[dict[str, Any]]:
        """The players table so far, by id (without the rows handed to ``on_seat``)."""
        return sorted([*self.named.values(), *self.anonymous], key=lambda entry: entry["id"])


def to_bgsplay(
    plays: Iterable[Play], *, location: str = "", exported_at: str = "2000-01-01T00:00:00Z"
) -> dict[str, Any]:
    """The BG Stats file object for ``plays`` (oldest first), in memory (a long log is
    written play by play by ``device.store.exports``).

    Args:
        plays: the score log.
        location: where they were played (the ``[store] location`` config key); empty: no
            location table and no ``locationRefId``.
        exported_at: the export's time (ISO 8601 UTC), each row's ``modificationDate``.
    """
    file = BgsplayFile(location=location, exported_at=exported_at)
    rows = [file.row(play) for play in plays]
    return {
        "about": ABOUT,
        "games": list(file.games.values()),
        "players": file.players(),
        "locations": file.locations,
        "plays": rows,
    }
