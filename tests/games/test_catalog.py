"""The registry (``games.catalog``): every entry finds, builds and resumes its game, and what it
declares about score entries is what the game itself takes."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping

import pytest

from games.alienation.rules import check_entry
from games.alieninjas.scoring import FIELDS, round_points
from games.alieninjas.setup import MISSION_NAMES, MISSIONS
from games.catalog import GAMES, TOOLS, by_key, find_game, home_buttons
from games.encounters.rules import check_tally
from games.errors import SetupError, UnknownGameError
from games.spec import FieldKind, HomeButton, ScoreField, Settings

ALL = (*GAMES, *TOOLS)


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("onenight", "onenight"),
        ("One Night Ultimate Vampire", "onenight"),
        ("  ONUW ", "onenight"),
        ("Alieninjas", "alieninjas"),
        ("alienation", "alienation"),
        ("Alien Encounters", "encounters"),
    ],
)
def test_a_game_is_found_by_key_name_or_alias(name: str, key: str) -> None:
    assert find_game(name).key == key


def test_a_tool_is_no_game_but_resumes_by_its_key() -> None:
    with pytest.raises(UnknownGameError, match="unsupported game: 'players'"):
        find_game("players")
    spec = by_key("players")
    assert spec is not None and spec.name == "Players"
    assert by_key("scores") is None


def test_keys_and_names_are_unique() -> None:
    assert len({spec.key for spec in ALL}) == len(ALL)
    labels = [button.label for button in home_buttons()]
    assert len(set(labels)) == len(labels)


@pytest.mark.parametrize("button", home_buttons(), ids=lambda b: b.label)
def test_every_home_button_starts_and_resumes_its_game(button: HomeButton) -> None:
    spec = by_key(str(button.setup["game"]))
    assert spec is not None
    session = spec.new_session(button.setup, Settings(profiles=lambda: ("Ann",)))
    assert session.game == spec.key
    state, _ = session.start(0.0)
    data = json.loads(json.dumps(session.to_json(state)))
    resumed = spec.resume(data)
    assert resumed.game == spec.key
    assert json.loads(json.dumps(resumed.to_json(resumed.from_json(data)))) == data


def test_the_device_seats_limit_a_setup() -> None:
    with pytest.raises(SetupError, match="7 players: the device has 6 seats"):
        find_game("alieninjas").setup({"mission": "speed", "players": 7}, Settings(seats=6))
    with pytest.raises(SetupError, match="7 players: the device has 6 seats"):
        find_game("onenight").setup({"preset": "basic", "players": 7}, Settings(seats=6))


def test_one_night_takes_its_defaults_from_the_settings() -> None:
    settings = Settings(
        sections={
            "onenight": {"role_seconds": 7.0, "vote_mode": "grid", "not_an_option": 1},
            "narration": {"pause": 0.5},
            "rulings": {"self_vote": "abstain"},
        },
        auto_start=3.0,
    )
    options = find_game("onenight").setup({"preset": "basic"}, settings).options
    assert (options.role_seconds, options.vote_mode, options.pause_seconds) == (7.0, "grid", 0.5)
    assert options.rulings == (("self_vote", "abstain"),)
    assert options.auto_start_seconds == 3.0  # the section does not start by itself


def test_alieninjas_missions_are_the_games_missions() -> None:
    spec = find_game("alieninjas")
    assert [(m.key, m.name) for m in spec.missions] == [(k, MISSION_NAMES[k]) for k in MISSIONS]
    for mission in spec.missions:
        declared = {f.name for f in mission.fields} - {"points", "last"}
        assert declared == set(FIELDS[mission.key]), mission.key


def _with_defaults(fields: tuple[ScoreField, ...]) -> list[ScoreField]:
    return [f for f in fields if f.default is not None]


BASES: dict[str, dict[str, object]] = {
    # A valid entry per mission that gives every field with a default a value of its own.
    "replicas": {"correct": 3, "wrong": 1, "optional": True},
    "speed": {"mission": 4, "other": 1},
    "memory": {"cards": 3, "multiplier": 2},
    "collection": {"matched_points": 5, "multiplier": 2, "left_in_hand": 1},
    "push_your_luck": {"civilian": 3, "alieninjas": 1},
}


@pytest.mark.parametrize(
    ("mission", "field"),
    [(m.key, f.name) for m in find_game("alieninjas").missions for f in _with_defaults(m.fields)],
)
def test_an_alieninjas_default_is_what_the_mission_takes_when_left_out(
    mission: str, field: str
) -> None:
    declared = next(f for f in find_game("alieninjas").fields_for(mission) if f.name == field)
    base: Mapping[str, object] = {k: v for k, v in BASES[mission].items() if k != field}
    with_default = {**base, field: declared.default}
    # As the round's ender, so that Replicas' Optional Capture counts.
    left_out, given = (round_points(mission, e, ender=True) for e in (base, with_default))
    assert left_out == given
    assert round_points(mission, BASES[mission], ender=True) != given  # the base entry matters


def test_alienation_and_encounters_take_their_declared_fields() -> None:
    alienation = find_game("alienation").fields
    defaults = {f.name: f.default for f in _with_defaults(alienation) if f.name != "points"}
    assert check_entry(1, 5, {}, 2) == check_entry(1, 5, defaults, 2)
    encounters = find_game("encounters").fields
    intention = encounters[0]
    assert intention.kind is FieldKind.CHOICE
    for choice in intention.choices:
        check_tally(1, None, {"intention": choice, "war": 1, "peace": 0})
    assert {f.name for f in encounters} == {"intention", "war", "peace"}


RULES = (
    "games.onenight.session",
    "games.onenight.roles",
    "games.alieninjas.session",
    "games.alieninjas.scoring",
    "games.alienation.rules",
    "games.alienation.session",
    "games.encounters.rules",
    "games.encounters.session",
    "games.scorelog.players",
    "games.session",
)


def _loaded_after(code: str) -> set[str]:
    """The ``games`` modules a fresh interpreter has loaded after running ``code``."""
    probe = f"import sys\n{code}\nprint(' '.join(m for m in sys.modules if m.startswith('games')))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    return set(done.stdout.split())


def test_the_catalog_is_light_and_a_game_loads_its_rules_on_first_use() -> None:
    listing = "from games.catalog import GAMES, home_buttons, score_keys, setup_keys\n"
    listing += "home_buttons(), score_keys(), setup_keys(), [s.fields_for('x') for s in GAMES]"
    assert _loaded_after(listing).isdisjoint(RULES)
    started = _loaded_after(
        "from games.catalog import find_game\n"
        "from games.spec import Settings\n"
        "find_game('alienation').new_session({'players': 2}, Settings())"
    )
    assert {"games.alienation.rules", "games.alienation.session"} <= started
    assert started.isdisjoint({"games.onenight.session", "games.encounters.session"})


@pytest.mark.parametrize("button", home_buttons(), ids=lambda b: b.label)
def test_a_game_scored_by_seat_declares_its_seats_and_mission_and_keeps_them_resumed(
    button: HomeButton,
) -> None:
    spec = by_key(str(button.setup["game"]))
    assert spec is not None
    session = spec.new_session(button.setup, Settings(profiles=lambda: ("Ann",)))
    declared = session.declared
    if spec.fields or spec.missions:  # the device's keypad asks each declared seat
        assert declared.players >= 1, f"{spec.key} declares no seats: no Enter scores"
    if spec.missions:
        assert declared.mission in {mission.key for mission in spec.missions}
    state, _ = session.start(0.0)
    resumed = spec.resume(json.loads(json.dumps(session.to_json(state))))
    assert resumed.declared == declared
