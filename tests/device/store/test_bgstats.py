"""BG Stats push links and .bgsplay files, checked field by field against the documented
formats (tests/data/bgstats_formats.toml names the sources)."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from tables import case_id, load_cases

from device.store.bgsplay import to_bgsplay
from device.store.bgstats import decode_push_url, game_info, push_play, push_url
from device.store.database import Store
from device.store.scorelog import play_from_json, play_to_json
from games.catalog import GAMES
from games.scorelog.plays import FinalResult, Play, PlayerResult

ADA = "5b0c2c1e-8a55-4c1e-9d0e-0f6a4b3c2d1e"
FIELDS = load_cases("bgstats_formats", "field")
DATETIME = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
TYPES: dict[str, tuple[type, ...]] = {
    "text": (str,),
    "int": (int,),
    "bool": (bool,),
    "number": (int, float),
    "list": (list,),
    "object": (dict,),
}

ALIENATION = Play(
    "play-a",
    "Alienation",
    "2025-01-31T20:15:07+01:00",  # 19:15:07 UTC
    (
        PlayerResult("Ada", 1, 30, True, start_player=True, player_id=ADA),
        PlayerResult("Player 2", 2, 12, False),
    ),
    ((10, 5), (20, 7)),
    duration_min=25,
)
ONENIGHT = Play(
    "play-b",
    "One Night",
    "2025-02-01T21:00:00Z",
    (
        PlayerResult("Ada", 1, None, False, role="Alien", team="alien", player_id=ADA),
        PlayerResult("Player 2", 2, None, True, True, role="Cow", team="village"),
        PlayerResult("Player 3", 3, None, True, role="Oracle", team="village"),
    ),
    duration_min=14,
    comments="Roles: Alien, Alien, Cow, Oracle, Rascal, Psychic. Died: Ada (Alien).",
)
REPLICAS = Play(
    "play-c",
    "Alieninjas",
    "2025-02-02T18:30:00Z",
    (PlayerResult("Ada", 1, 7, True, True, player_id=ADA), PlayerResult("Player 2", 2, 3, False)),
    board="Replicas, side A",
)
ENCOUNTERS = Play(
    "play-d",
    "Alien Encounters",
    "2025-02-03T18:30:00Z",
    (PlayerResult("Ada", 1, 4, True, True, player_id=ADA), PlayerResult("Player 2", 2, 2, False)),
)
PLAYS = (ALIENATION, ONENIGHT, REPLICAS, ENCOUNTERS)


def check_shape(obj: Mapping[str, Any], where: str) -> None:
    """Every field of ``obj`` is a documented one of ``where``, with its type and format, and
    every required one is there."""
    fields = {f["name"]: f for f in FIELDS if f["where"] == where}
    assert fields, f"no documented fields for {where!r}"
    unknown = set(obj) - set(fields)
    assert not unknown, f"{where}: undocumented fields {sorted(unknown)}"
    for name, field in fields.items():
        if name not in obj:
            assert not field["required"], f"{where}.{name} is required"
            continue
        value = obj[name]
        assert isinstance(value, TYPES[field["type"]]), f"{where}.{name}: {value!r}"
        if field["type"] in ("int", "number"):
            assert not isinstance(value, bool), f"{where}.{name}: {value!r} is a bool"
        if field.get("format") == "datetime":
            assert DATETIME.match(str(value)), f"{where}.{name}: {value!r}"


@pytest.mark.parametrize("play", PLAYS, ids=lambda play: play.game)
def test_every_push_link_has_the_documented_shape(play: Play) -> None:
    url = push_url(play, location="Home")
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https",
        "app.bgstatsapp.com",
        "/createPlay.html",
    )
    assert parts.query.startswith("data=") and "&" not in parts.query
    data = decode_push_url(url)
    assert data == push_play(play, location="Home")
    check_shape(data, "play")
    check_shape(data["game"], "game")
    for player in data["players"]:
        check_shape(player, "player")


def test_a_scored_play_field_by_field() -> None:
    data = decode_push_url(push_url(ALIENATION, location=" Home "))
    assert data == {
        "sourceName": "Mothership",
        "sourcePlayId": "play-a",
        "playDate": "2025-01-31 19:15:07",  # UTC, whatever the offset it was logged with
        "game": {
            "name": "Alienation",
            "sourceGameId": "alienation",
            "highestWins": True,
            "noPoints": False,
        },
        "players": [
            {
                "sourcePlayerId": ADA,
                "name": "Ada",
                "winner": True,
                "startPlayer": True,
                "score": 30,
            },
            {
                "sourcePlayerId": "play-a/seat2",
                "name": "Player 2",
                "winner": False,
                "startPlayer": False,
                "score": 12,
            },
        ],
        "durationMin": 25,
        "location": "Home",
    }


def test_one_night_is_winners_only_with_roles_teams_and_comments() -> None:
    data = push_play(ONENIGHT)
    assert data["game"] == {
        "name": "One Night Ultimate Alien",  # the box title, never "One Night"
        "sourceGameId": "onenight",
        "bggId": 204431,
        "highestWins": False,
        "noPoints": True,
    }
    assert [(p["role"], p["team"], p["winner"]) for p in data["players"]] == [
        ("Alien", "alien", False),
        ("Cow", "village", True),
        ("Oracle", "village", True),
    ]
    assert all("score" not in p for p in data["players"])
    assert [p["startPlayer"] for p in data["players"]] == [False, True, False]
    assert data["comments"] == ONENIGHT.comments
    assert "location" not in data  # no location configured


def test_alien_encounters_is_winners_only_and_alieninjas_carries_its_board() -> None:
    encounters = push_play(ENCOUNTERS)
    assert (encounters["game"]["noPoints"], encounters["game"]["highestWins"]) == (True, False)
    assert all("score" not in p for p in encounters["players"])
    replicas = push_play(REPLICAS)
    assert replicas["board"] == "Replicas, side A"
    assert [p["score"] for p in replicas["players"]] == [7, 3]
    assert "bggId" not in replicas["game"]  # not confirmed by a public source: left out


def test_every_game_in_the_registry_has_a_bg_stats_entry() -> None:
    ids = [game_info(spec.name).source_game_id for spec in GAMES]
    assert ids == [spec.key for spec in GAMES]


def test_unnamed_seats_never_merge_across_plays() -> None:
    first, second = push_play(ALIENATION), push_play(REPLICAS)
    assert first["players"][1]["sourcePlayerId"] != second["players"][1]["sourcePlayerId"]
    assert first["players"][0]["sourcePlayerId"] == second["players"][0]["sourcePlayerId"] == ADA


def test_names_with_odd_characters_survive_the_link() -> None:
    odd = PlayerResult('Zoë & "Bob"?#=+', 1, 5, True, True, player_id=ADA)
    play = Play("p&q=1", "Alienation", "2025-01-31T20:15:07Z", (odd,))
    url = push_url(play)
    assert urlsplit(url).query.count("=") == 1 and "#" not in url and " " not in url
    assert decode_push_url(url)["players"][0]["name"] == odd.name
    assert decode_push_url(url)["sourcePlayId"] == "p&q=1"


def test_a_link_that_is_not_a_push_link_is_refused() -> None:
    with pytest.raises(ValueError, match="no data= value"):
        decode_push_url("https://app.bgstatsapp.com/createPlay.html?x=1")


def test_the_bgsplay_file_has_the_documented_shape() -> None:
    data = to_bgsplay(PLAYS, location="Home", exported_at="2025-03-01T10:00:00Z")
    check_shape(data, "file")
    for where, rows in (
        ("file.game", data["games"]),
        ("file.player", data["players"]),
        ("file.location", data["locations"]),
        ("file.play", data["plays"]),
    ):
        assert rows
        for row in rows:
            check_shape(row, where)
        ids = [row["id"] for row in rows] if where != "file.play" else []
        assert ids == list(range(1, len(ids) + 1))  # numeric ids, unique
    for play in data["plays"]:
        for score in play["playerScores"]:
            check_shape(score, "file.score")


def test_the_bgsplay_file_field_by_field() -> None:
    data = to_bgsplay(PLAYS, location="Home", exported_at="2025-03-01T10:00:00Z")
    games = {game["id"]: game for game in data["games"]}
    players = {player["id"]: player for player in data["players"]}
    assert [game["name"] for game in data["games"]] == [
        "Alienation",
        "One Night Ultimate Alien",
        "Alieninjas",
        "Alien Encounters",
    ]
    assert data["locations"][0]["name"] == "Home"
    assert [(p["name"], p["isAnonymous"]) for p in data["players"]] == [
        ("Ada", False),
        ("Player 2", True),
        ("Player 2", True),
        ("Player 3", True),
        ("Player 2", True),
        ("Player 2", True),
    ]  # Ada once (her profile), every unnamed seat its own person
    assert players[1]["uuid"] == ADA
    first = data["plays"][0]
    assert games[first["gameRefId"]]["name"] == "Alienation"
    assert first["playDate"] == "2025-01-31 19:15:07"
    assert (first["uuid"], first["sourcePlayId"], first["rounds"]) == ("play-a", "play-a", 2)
    assert (first["locationRefId"], first["durationMin"]) == (1, 25)
    assert [
        (players[s["playerRefId"]]["name"], s["score"], s["winner"]) for s in first["playerScores"]
    ] == [("Ada", "30", True), ("Player 2", "12", False)]
    assert [s["startPlayer"] for s in first["playerScores"]] == [True, False]
    onenight = data["plays"][1]
    assert onenight["usesTeams"] is True and games[onenight["gameRefId"]]["usesTeams"] is True
    assert games[onenight["gameRefId"]]["bggId"] == 204431
    assert [(s.get("score"), s["role"], s["team"]) for s in onenight["playerScores"]] == [
        (None, "Alien", "alien"),
        (None, "Cow", "village"),
        (None, "Oracle", "village"),
    ]
    assert onenight["comments"] == ONENIGHT.comments
    assert data["plays"][2]["board"] == "Replicas, side A"


def test_the_bgsplay_file_is_the_same_for_the_same_log() -> None:
    once = to_bgsplay(PLAYS, exported_at="2025-03-01T10:00:00Z")
    assert once == to_bgsplay(PLAYS, exported_at="2025-03-01T10:00:00Z")
    assert once["locations"] == [] and all("locationRefId" not in p for p in once["plays"])
    assert json.loads(json.dumps(once)) == once


def test_a_logged_game_links_its_profile_and_duration(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    store.add_player("Ada")
    store.link_seat(1, "Ada")
    store.add_record("alienation", "alienation.start", {"players": 2})
    result = FinalResult(
        "alienation", (30, 12), (1,), start_player=2, rounds=((30, 12),), board="Blue sun"
    )
    store.add_record("alienation", "alienation.final", {"winners": [1]}, result)
    (play,) = store.plays()
    data = push_play(play)
    assert data["players"][0]["sourcePlayerId"] == store.players()[0].id
    assert data["players"][1]["sourcePlayerId"] == f"{play.id[:8]}/seat2"
    assert [p["startPlayer"] for p in data["players"]] == [False, True]
    assert data["durationMin"] == 1  # started and ended within the test: at least a minute
    assert data["board"] == "Blue sun"
    store.close()
    reopened = Store(tmp_path / "m.db")
    assert reopened.plays() == [play]  # every field survives the database


def test_a_store_from_before_bg_stats_links_gains_the_new_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(
        """
        CREATE TABLE players (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE,
            tag TEXT UNIQUE);
        CREATE TABLE plays (id TEXT PRIMARY KEY, game TEXT NOT NULL, played_at TEXT NOT NULL,
            rounds TEXT NOT NULL DEFAULT '[]', record INTEGER);
        CREATE TABLE play_results (play TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
            score INTEGER, winner INTEGER NOT NULL, start_player INTEGER NOT NULL,
            PRIMARY KEY (play, seat));
        INSERT INTO players (name) VALUES ('Ada'), ('Bo');
        INSERT INTO plays (id, game, played_at)
            VALUES ('other', 'Alienation', '2024-05-02T20:00:00Z');
        INSERT INTO play_results VALUES ('other', 1, 'Player 1', 1, 1, 1);
        INSERT INTO plays (id, game, played_at)
            VALUES ('old', 'Alienation', '2024-05-01T20:00:00Z');
        INSERT INTO play_results VALUES ('old', 1, 'Ada', 9, 1, 1), ('old', 2, 'Bo', 3, 0, 0);
        """
    )
    db.commit()
    db.close()
    store = Store(path)
    ids = [profile.id for profile in store.players()]
    assert len(set(ids)) == 2 and all(len(i) == 36 for i in ids)
    play, other = store.plays()
    assert other.players[0].player_id == ""  # an unnamed seat stays nobody
    # The old results take their profiles' new ids: the same people in BG Stats from now on.
    assert play == Play(
        "old",
        "Alienation",
        "2024-05-01T20:00:00Z",
        (
            PlayerResult("Ada", 1, 9, True, True, player_id=ids[0]),
            PlayerResult("Bo", 2, 3, False, False, player_id=ids[1]),
        ),
    )
    store.close()
    assert [profile.id for profile in Store(path).players()] == ids  # made once, then kept


@pytest.mark.parametrize("case", load_cases("onenight_boxes"), ids=case_id)
def test_a_one_night_play_reaches_bg_stats_as_its_box(case: dict[str, Any]) -> None:
    play = Play("p-box", "One Night", "2025-01-31T20:15:00Z", ONENIGHT.players, title=case["title"])
    game = push_play(play)["game"]
    assert (game["name"], game["bggId"]) == (case["title"], case["bgg_id"])
    assert play_from_json(play_to_json(play)).title == case["title"]


def test_a_one_night_play_from_before_titles_is_the_alien_box_as_it_was() -> None:
    old = Play("p-old", "One Night", "2025-01-31T20:15:00Z", ONENIGHT.players)
    game = push_play(old)["game"]
    assert (game["name"], game["bggId"], game["sourceGameId"]) == (
        "One Night Ultimate Alien",
        204431,
        "onenight",
    )
