"""Exporting the score log (CSV, BG Stats, JSON backup), importing a backup, and the CLI."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from tables import case_id, load_cases

from device.commands.cli import main
from device.commands.export import export, scores_text
from device.config import load_config, resolve_store_path
from device.localtime import local_iso, local_text
from device.store.bgstats import decode_push_url
from device.store.database import Store
from device.store.exports import CSV_FIELDS
from device.store.jsonbackup import import_backup, parse_backup
from device.store.players import Profile
from device.store.scorelog import BackupError, game_names
from games.scorelog.plays import FinalResult, Play, PlayerResult

ALIENATION = Play(
    "play-a",
    "Alienation",
    "2025-01-31T20:15:00Z",
    (
        PlayerResult("Ada", 1, 30, True, start_player=True),
        PlayerResult("Player 2", 2, 12, False),
    ),
    ((10, 5), (20, 7)),
)
ONENIGHT = Play(
    "play-b",
    "One Night",
    "2025-02-01T21:00:00Z",
    (
        PlayerResult("Ada", 1, None, False),
        PlayerResult("Player 2", 2, None, True),
        PlayerResult("Player 3", 3, None, True),
    ),
)


def filled(path: Path) -> Store:
    store = Store(path)
    store.add_player("Ada", tag="04a1")
    store.learn_tag("04a1", "player", "Ada")
    store.learn_tag("77ff", "seat", "3")
    assert store.add_play(ALIENATION)
    assert store.add_play(ONENIGHT)
    return store


def test_csv_has_one_row_per_player_per_play(tmp_path: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(export(filled(tmp_path / "m.db"), "csv"))))
    assert len(rows) == 5
    assert tuple(rows[0]) == CSV_FIELDS
    local = local_iso("2025-01-31T20:15:00Z")  # what a person reads is in the device's zone
    assert rows[0] == {
        "date": local[:10],
        "game": "Alienation",
        "player": "Ada",
        "seat": "1",
        "score": "30",
        "winner": "1",
        "start_player": "1",
        "played_at": local,
        "play_id": "play-a",
        "unfinished": "0",
    }
    assert (rows[1]["player"], rows[1]["score"], rows[1]["winner"]) == ("Player 2", "12", "0")
    assert [(r["game"], r["player"], r["score"], r["winner"]) for r in rows[2:]] == [
        ("One Night", "Ada", "", "0"),
        ("One Night", "Player 2", "", "1"),
        ("One Night", "Player 3", "", "1"),
    ]
    assert {r["play_id"] for r in rows[2:]} == {"play-b"}


def test_bgstats_url_has_one_push_link_per_play(tmp_path: Path) -> None:
    lines = export(filled(tmp_path / "m.db"), "bgstats-url", location="Home").splitlines()
    assert [decode_push_url(line)["sourcePlayId"] for line in lines] == ["play-a", "play-b"]
    assert all(
        line.startswith("https://app.bgstatsapp.com/createPlay.html?data=") for line in lines
    )
    assert decode_push_url(lines[1])["location"] == "Home"


def test_bgsplay_is_one_file_object_of_the_whole_log(tmp_path: Path) -> None:
    data = json.loads(export(filled(tmp_path / "m.db"), "bgsplay"))
    assert [play["sourcePlayId"] for play in data["plays"]] == ["play-a", "play-b"]
    assert [game["name"] for game in data["games"]] == ["Alienation", "One Night Ultimate Alien"]


def test_a_json_backup_holds_players_tags_and_plays(tmp_path: Path) -> None:
    store = filled(tmp_path / "m.db")
    data = json.loads(export(store, "json"))
    assert (data["format"], data["version"]) == ("mothership-backup", 1)
    assert data["players"] == [{"name": "Ada", "tag": "04A1", "id": store.players()[0].id}]
    assert len(data["players"][0]["id"]) == 36  # a uuid, kept through renames and backups
    assert data["tags"] == [
        {"uid": "04A1", "kind": "player", "value": "Ada"},
        {"uid": "77FF", "kind": "seat", "value": "3"},
    ]
    assert data["plays"][0] == {
        "id": "play-a",
        "game": "Alienation",
        "played_at": "2025-01-31T20:15:00Z",
        "players": [
            {"name": "Ada", "seat": 1, "score": 30, "winner": True, "start_player": True},
            {"name": "Player 2", "seat": 2, "score": 12, "winner": False, "start_player": False},
        ],
        "rounds": [[10, 5], [20, 7]],
    }


def test_a_backup_restores_into_a_fresh_store_once(tmp_path: Path) -> None:
    source = filled(tmp_path / "a.db")
    source.add_record("", "alieninjas.start", {"mission": "m", "players": 2, "seed": 0})
    source.add_record("", "alieninjas.round", {"round": 1, "points": {1: 3, 2: 1}})
    result = FinalResult("alieninjas", (3, 1), (1,), rounds=((3, 1),))
    source.add_record("", "alieninjas.final", {"winners": [1], "totals": {1: 3, 2: 1}}, result)
    backup = export(source, "json")
    fresh = Store(tmp_path / "b.db")
    assert import_backup(fresh, backup) == (3, 3)
    assert fresh.plays() == source.plays()
    assert fresh.players() == source.players()
    assert [p.id for p in fresh.players()] == [p.id for p in source.players()]  # kept
    assert fresh.tags() == source.tags()
    assert import_backup(fresh, backup) == (0, 3)  # a second import adds nothing
    assert len(fresh.plays()) == 3
    assert [(p.name, p.tag) for p in fresh.players()] == [("Ada", "04A1")]


def test_a_backup_merges_with_plays_already_logged(tmp_path: Path) -> None:
    backup = export(filled(tmp_path / "a.db"), "json")
    other = Store(tmp_path / "b.db")
    other.add_play(ONENIGHT)
    other.add_play(Play("play-c", "Alieninjas", "2024-12-24T18:00:00Z", ONENIGHT.players))
    assert import_backup(other, backup) == (1, 2)
    assert [play.id for play in other.plays()] == ["play-c", "play-a", "play-b"]


def valid_backup(tmp_path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(export(filled(tmp_path / "valid.db"), "json"))
    return data


@pytest.mark.parametrize("case", load_cases("scorelog_backup_errors"), ids=case_id)
def test_a_broken_backup_is_refused_naming_the_problem(
    tmp_path: Path, case: dict[str, Any]
) -> None:
    data = valid_backup(tmp_path)
    *parents, last = case["at"].split(".")
    target: Any = data
    for step in parents:
        target = target[int(step)] if isinstance(target, list) else target[step]
    key: Any = int(last) if isinstance(target, list) else last
    if "json" in case:
        target[key] = json.loads(case["json"])
    else:
        del target[key]
    store = Store(tmp_path / "m.db")
    store.add_play(ALIENATION)
    with pytest.raises(BackupError) as error:
        import_backup(store, json.dumps(data))
    assert str(error.value) == case["error"].replace("{games}", ", ".join(game_names()))
    assert store.plays() == [ALIENATION] and store.players() == [] and store.tags() == []


def test_a_backup_that_fails_in_the_database_changes_nothing(tmp_path: Path) -> None:
    data = valid_backup(tmp_path)
    # Two seats 1 in one play: valid JSON, but the database refuses it, after other inserts.
    data["plays"][1]["players"][1]["seat"] = 1
    store = Store(tmp_path / "m.db")
    with pytest.raises(Exception, match="UNIQUE"):
        store.restore(parse_backup(json.dumps(data)).plays, [Profile("Bob")])
    assert store.plays() == [] and store.players() == []


def test_not_json_is_refused() -> None:
    with pytest.raises(BackupError, match=r"^not JSON: Expecting value"):
        parse_backup("PK\x03\x04")
    with pytest.raises(BackupError, match="expected a JSON object"):
        parse_backup("[1, 2]")


# -- the command line -------------------------------------------------------------------------


@pytest.fixture
def device_store() -> Store:
    return filled(resolve_store_path(load_config()))


def test_scores_prints_the_latest_plays_and_wins(
    device_store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scores"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Latest plays (2 of 2):"
    night = "One Night: won by Player 2 and Player 3 (Ada, Player 2, Player 3)"
    assert lines[1] == f"  {local_text('2025-02-01T21:00:00Z')}  {night}"
    alienation = "Alienation: won by Ada (Ada 30, Player 2 12)"
    assert lines[2] == f"  {local_text('2025-01-31T20:15:00Z')}  {alienation}"
    # Stats per game; unnamed seats ("Player 2") are nobody in particular, so not ranked.
    assert lines[3:] == [
        "",
        "Alienation, 1 play:",
        "  Ada  1 win in 1 play (100%), average 30.0, best 30",
        "",
        "One Night, 1 play:",
        "  Ada  0 wins in 1 play (0%)",
    ]


def test_scores_of_unnamed_seats_only(tmp_path: Path) -> None:
    players = (PlayerResult("Player 1", 1, 3, True), PlayerResult("Player 2", 2, 1, False))
    store = Store(tmp_path / "m.db")
    store.add_play(Play("p", "Alienation", "2025-01-31T20:15:00Z", players))
    text = scores_text(store.stats())
    assert text.splitlines()[-2:] == [
        "Alienation, 1 play:",
        "  no named players (unnamed seats count for nobody)",
    ]


def test_scores_of_one_game(device_store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scores", "--game", "onenight"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Latest plays (1 of 1):"
    assert lines[2:] == ["", "One Night, 1 play:", "  Ada  0 wins in 1 play (0%)"]
    assert main(["scores", "--game", "Alienatoin"]) == 1
    assert "unknown game 'Alienatoin'" in capsys.readouterr().err


def test_scores_with_no_plays(capsys: pytest.CaptureFixture[str]) -> None:
    Store(resolve_store_path(load_config())).close()  # a store there, with nothing logged
    assert main(["scores"]) == 0
    assert capsys.readouterr().out == "No plays logged yet.\n"


@pytest.mark.parametrize("fmt", ["csv", "bgstats-url", "bgsplay", "json"])
def test_export_writes_stdout_or_a_file(
    device_store: Store,
    tmp_path: Path,
    fmt: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # json and bgsplay carry the time of the export: held still, so the second cannot turn
    monkeypatch.setattr("device.store.exports.utc_now", lambda: "2026-11-28T01:00:00Z")
    assert main(["export", "--format", fmt]) == 0
    printed = capsys.readouterr().out
    assert printed == export(device_store, fmt)
    assert main(["export", "--format", fmt, "--out", str(tmp_path / f"out.{fmt}")]) == 0
    written = (tmp_path / f"out.{fmt}").read_text()
    assert written == printed
    assert "2 plays written to" in capsys.readouterr().err


def test_export_needs_a_known_format(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["export", "--format", "xml"])
    assert "invalid choice: 'xml'" in capsys.readouterr().err


def test_import_restores_a_backup_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    backup = tmp_path / "backup.json"
    backup.write_text(export(filled(tmp_path / "other.db"), "json"))
    assert main(["import", str(backup)]) == 0
    assert capsys.readouterr().out == "2 new plays imported (0 already logged)\n"
    assert main(["import", str(backup)]) == 0
    assert capsys.readouterr().out == "0 new plays imported (2 already logged)\n"
    store = Store(resolve_store_path(load_config()))
    assert store.plays() == [ALIENATION, ONENIGHT]


def test_import_of_a_broken_backup_says_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = valid_backup(tmp_path)
    data["plays"][1]["players"][0]["score"] = 1.5
    backup = tmp_path / "backup.json"
    backup.write_text(json.dumps(data))
    assert main(["import", str(backup)]) == 1
    assert capsys.readouterr().err == (
        f"mothership: error: {backup}: "
        "plays[1].players[0].score: expected an integer or null, got 1.5\n"
    )
    assert Store(resolve_store_path(load_config())).plays() == []


def test_import_of_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(tmp_path / "nope.json")]) == 1
    missing = tmp_path / "nope.json"
    err = capsys.readouterr().err
    assert err == f"mothership: error: cannot read {missing}: No such file or directory\n"


@pytest.mark.parametrize("case", load_cases("scorelog_backup_errors", "file"), ids=case_id)
def test_import_of_an_unreadable_backup_names_the_file(
    tmp_path: Path, case: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    nest = case.get("nest", 0)
    text = str(case["text"]).replace("{nest}", "[" * nest + "]" * nest)
    backup = tmp_path / "backup.json"
    backup.write_bytes(text.encode(case.get("encoding", "utf-8")))
    assert main(["import", str(backup)]) == 1
    error = case["error"].replace("{file}", str(backup))
    assert capsys.readouterr().err == f"mothership: error: {error}\n"
    assert Store(resolve_store_path(load_config())).plays() == []
