"""BG Stats, one play at a time: the push-play payload and its ``createPlay.html`` link.

BG Stats (the Board Game Stats app) opens a link of the form
``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` and offers to save the
play it carries (documented at https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-
other-apps-or-websites/). `push_url` is the one public entry point: a logged `Play` in, its link
out. `push_play` is the JSON object the link carries, for tests and pages that show it.

This is not the ``.bgsplay`` file (the whole history for a bulk import): that is
`device.store.bgsplay`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from games.scorelog.logged import spec_logged_as
from games.scorelog.plays import Play, PlayerResult
from games.scorelog.stats import unnamed
from games.spec import BgStats, GameSpec

PUSH_BASE = "https://app.bgstatsapp.com/createPlay.html"
"""The link BG Stats opens; ``bgstats://app.bgstatsapp.com/createPlay.html`` works too."""
SOURCE_NAME = "Mothership"
"""Who made the play. BG Stats keys the user's game and player matches on it: keep it stable."""
PLAY_DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
QUERY_SAFE = ":@!$'()*,;/?"
"""Characters a query value may hold as they are (RFC 3986), so the link stays short for its
QR code; ``&``, ``=``, ``+``, ``#``, quotes, brackets and spaces are percent-encoded."""


@dataclass(frozen=True)
class GameInfo:
    """How BG Stats should see one of our games.

    `source_game_id` is our stable id (the registry key), `bgg_id` the BoardGameGeek id when a
    public source confirmed it (None: left out of the payload), `highest_wins` whether the
    highest score wins, `no_points` whether the game only has winners.
    """

    source_game_id: str
    bgg_id: int | None
    highest_wins: bool
    no_points: bool


def _info(spec: GameSpec[Any], facts: BgStats) -> GameInfo:
    return GameInfo(facts.source_id or spec.key, facts.bgg_id, facts.highest_wins, facts.no_points)


def _spec_named(game: str) -> GameSpec[Any] | None:
    """The game whose plays are logged under the display name ``game`` (or one of its
    missions': BG Stats files a mission's plays under the game, the mission as the board)."""
    return spec_logged_as(game)


def bgstats_game(play: Play) -> tuple[str, GameInfo]:
    """The name BG Stats files ``play`` under, and what it is told about that game: the
    play's published title when its game has such a title (One Night's boxes), else its
    game's (each game's spec says, ``GameSpec.bgstats`` and ``titles``)."""
    spec = _spec_named(play.game)
    if spec is None:
        return play.title or play.game, game_info(play.game)
    title = play.title or spec.untitled
    if title in spec.titles:
        return title, _info(spec, spec.titles[title])
    return title or spec.name, _info(spec, spec.bgstats)


def game_info(game: str) -> GameInfo:
    """What BG Stats is told about a game; an unknown name gets a plain high-score entry."""
    spec = _spec_named(game)
    if spec is None:
        return GameInfo(game.lower().replace(" ", "-"), None, highest_wins=True, no_points=False)
    return _info(spec, spec.bgstats)


def play_date(played_at: str) -> str:
    """An ISO 8601 time as BG Stats' ``playDate``: UTC, ``YYYY-MM-DD HH:MM:SS``.

    >>> play_date("2025-01-31T20:15:07Z")
    '2025-01-31 20:15:07'
    >>> play_date("2025-01-31T21:15:07+01:00")
    '2025-01-31 20:15:07'
    """
    when = datetime.fromisoformat(played_at)
    if when.tzinfo is None:  # the store writes UTC; a bare time is taken as UTC too
        when = when.replace(tzinfo=UTC)
    return when.astimezone(UTC).strftime(PLAY_DATE_FORMAT)


def source_player_id(play: Play, player: PlayerResult) -> str:
    """A player's stable id: their profile's; a named player without one (a play logged
    before profiles had ids, a profile since deleted) one of their name; an unnamed seat one
    of its own for this play only (so two nights' "Player 1" never become one person).

    The unnamed seat's id is short (the play id's first 8 characters and the seat): every
    character counts in a link a phone scans as a QR code.

    >>> seat = PlayerResult("Player 2", 2, None, False)
    >>> source_player_id(Play("0b7f2a5e-3c1d-4e8f", "One Night", "", (seat,)), seat)
    '0b7f2a5e/seat2'
    """
    if player.player_id:
        return player.player_id
    return f"{play.id[:8]}/seat{player.seat}" if unnamed(player) else f"name/{player.name}"


def ranks(play: Play, info: GameInfo) -> dict[int, int]:
    """Each seat's place as BG Stats reads ``rank`` (1 first; tied players share a place,
    the next place skips): winners first, then by score the way the game counts it; a game
    without points has its winners 1st and everyone else next. A play saved at Quit has no
    places (0: BG Stats' "not ranked"), as nobody won it.

    >>> seats = (PlayerResult("A", 1, 9, False), PlayerResult("B", 2, 12, True),
    ...          PlayerResult("C", 3, 9, False))
    >>> ranks(Play("p", "Alienation", "", seats), GameInfo("x", None, True, False))
    {1: 2, 2: 1, 3: 2}
    """
    if play.unfinished:
        return {player.seat: 0 for player in play.players}

    def standing(player: PlayerResult) -> tuple[bool, int]:
        if info.no_points or player.score is None:
            return (not player.winner, 0)
        return (not player.winner, -player.score if info.highest_wins else player.score)

    keys = {player.seat: standing(player) for player in play.players}
    return {seat: 1 + sum(other < key for other in keys.values()) for seat, key in keys.items()}


def push_play(
    play: Play,
    *,
    location: str = "",
    comments: bool = True,
    teams: bool = True,
    brief: bool = False,
    roles: bool = True,
) -> dict[str, Any]:
    """The push-play JSON object for one play (what `push_url` encodes).

    Args:
        play: a logged play.
        location: where it was played (the ``[store] location`` config key); empty: left out.
        comments: False leaves the comments out (a shorter link, for a dense QR code).
        teams: False leaves the players' teams out (shorter still; their roles stay).
        brief: True leaves out a player's ``winner`` and ``startPlayer`` when false (BG Stats
            reads a missing one as false: the same play, shorter).
        roles: False leaves the players' roles out (the shortest link, for ten players).
    """
    name, info = bgstats_game(play)
    game: dict[str, Any] = {"name": name, "sourceGameId": info.source_game_id}
    if info.bgg_id is not None:
        game["bggId"] = info.bgg_id
    game["highestWins"] = info.highest_wins
    game["noPoints"] = info.no_points
    data: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.id,
        "playDate": play_date(play.played_at),
        "game": game,
        "players": [
            _player(play, p, scored=not info.no_points, teams=teams, brief=brief, roles=roles)
            for p in play.players
        ],
    }
    if play.duration_min is not None:
        data["durationMin"] = play.duration_min
    if play.board:
        data["board"] = play.board
    if play.comments and comments:
        data["comments"] = play.comments
    if location.strip():
        data["location"] = location.strip()
    return data


def _player(
    play: Play, player: PlayerResult, *, scored: bool, teams: bool, brief: bool, roles: bool
) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "sourcePlayerId": source_player_id(play, player),
        "name": player.name,
        "winner": player.winner,
        "startPlayer": player.start_player,
    }
    if brief:  # a missing flag reads as false
        entry = {key: value for key, value in entry.items() if value is not False}
    if scored and player.score is not None:
        entry["score"] = player.score
    if player.role and roles:
        entry["role"] = player.role
    if player.team and teams:
        entry["team"] = player.team
    return entry


def push_url(
    play: Play,
    *,
    location: str = "",
    base: str = PUSH_BASE,
    comments: bool = True,
    teams: bool = True,
    brief: bool = False,
    roles: bool = True,
) -> str:
    """The BG Stats push link for one logged play: ``createPlay.html?data=<JSON>``.

    The JSON is `push_play`'s object, compact and percent-encoded as one query value, so a
    phone that opens the link (or scans its QR code) gets BG Stats' import dialog filled in.

    Args:
        play: a logged play.
        location: where it was played (the ``[store] location`` config key).
        base: the page to open (``bgstats://app.bgstatsapp.com/createPlay.html`` also works).
        comments, teams, brief, roles: a shorter link (see `push_play`).
    """
    data = push_play(
        play, location=location, comments=comments, teams=teams, brief=brief, roles=roles
    )
    text = json.dumps(data, separators=(",", ":"))
    return f"{base}?data={quote(text, safe=QUERY_SAFE)}"


def decode_push_url(url: str) -> dict[str, Any]:
    """The play a push link carries (the inverse of `push_url`, for tests and checks)."""
    values = parse_qs(urlsplit(url).query).get("data")
    if not values:
        raise ValueError(f"not a BG Stats push link (no data= value): {url[:80]!r}")
    data = json.loads(values[0])
    if not isinstance(data, dict):
        raise ValueError(f"a push link's data is a JSON object, got {type(data).__name__}")
    return data
