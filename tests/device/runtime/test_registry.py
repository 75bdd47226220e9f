"""What the device reads from the registry (``games.catalog``): the keypad's fields, the
scenario's keys, the home screen and the record each game's play is logged from."""

from __future__ import annotations

import pytest

from device.config import default_config
from device.runtime.home import home_games, home_view
from device.runtime.sessions import settings_from
from device.simulator.scenario import entry_keys
from device.store.scorelog import game_names, play_of
from device.ui.keypad.entry import Keypad, fields_for
from games.catalog import GAMES, TOOLS, find_game, setup_keys
from games.scorelog.plays import FinalResult
from games.views import HomeView

KEYPAD = {
    # (game, mission): the keypad's (field, kind, prompt) in order
    ("alieninjas", "replicas"): [
        ("correct", "number", "correct face-up cards"),
        ("wrong", "number", "misplaced face-up cards"),
        ("optional", "yes_no", "Optional Capture made?"),
    ],
    ("alieninjas", "speed"): [
        ("points", "number", "points"),
        ("last", "yes_no", "played the last card?"),
    ],
    ("alieninjas", "memory"): [
        ("cards", "number", "Alieninja cards won"),
        ("multiplier", "number", "Score Multiplier (1: none)"),
        ("multiplied", "number", "cards it multiplies"),
        ("last", "yes_no", "played last?"),
    ],
    ("alieninjas", "collection"): [
        ("matched", "cards:4", "matched cards (points x multiplier)"),
        ("left_in_hand", "number", "cards left in hand"),
        ("last", "yes_no", "ended the round (or drew the last card)?"),
    ],
    ("alieninjas", "push_your_luck"): [
        ("points", "number", "points"),
        ("alieninjas", "number", "Alieninjas captured this round"),
        ("last", "yes_no", "made the last capture?"),
    ],
    ("alieninjas", None): [("points", "number", "points")],
    ("alienation", None): [("points", "number", "points"), ("sunnies", "number", "Sunnies")],
    ("encounters", None): [
        ("intention", "choice:hostile,peaceful", "intention"),
        ("war", "number", "war"),
        ("peace", "number", "peace"),
    ],
}


@pytest.mark.parametrize(("game", "mission"), list(KEYPAD), ids=str)
def test_the_keypad_asks_each_games_declared_fields(game: str, mission: str | None) -> None:
    fields = fields_for(game, mission)
    assert fields is not None
    asked = []
    for index in range(len(fields)):
        view = Keypad(fields, 2, index=index).view()
        asked.append((view.field, view.kind, view.prompt))
    assert asked == KEYPAD[(game, mission)]


def test_games_and_tools_without_score_entry_have_no_keypad() -> None:
    assert fields_for("onenight") is None
    assert fields_for("players") is None
    assert fields_for("no such game") is None
    assert fields_for("alieninjas", "no such mission") == fields_for("alieninjas")


def test_a_scenario_takes_every_games_setup_keys_and_score_fields() -> None:
    assert setup_keys() == {"game"}.union(*(spec.setup_keys for spec in GAMES))
    assert {"game", "players", "seed", "roles", "preset", "options", "mission"} <= setup_keys()
    required, optional = entry_keys("score")
    assert required == {"seat"}
    assert optional == {"points"}.union(*({f.name for f in spec.all_fields()} for spec in GAMES))
    assert optional >= {
        *("points", "correct", "wrong", "optional", "first", "last", "mission", "other"),
        *("cards", "multiplier", "matched_points", "left_in_hand", "civilian", "alieninjas"),
        *("sunnies", "intention", "war", "peace", "multiplied", "matched"),
    }


def test_the_home_screen_lists_the_registrys_buttons_then_scores() -> None:
    # Every game in the catalog's order (each mission a button of its own, named with its game
    # under it), then the tools, then Scores: a game the suite registers (Stars) too.
    expected = [
        (label, caption)
        for spec in (*GAMES, *TOOLS)
        for label, caption in (
            *([(spec.name, "")] if spec.home is not None else []),
            *((m.name, f"{spec.name}: {m.name}") for m in spec.missions if m.home is not None),
        )
    ]
    view = home_view()
    assert view == HomeView(
        title="Mothership",
        games=(*(label for label, _ in expected), "Scores"),
        captions=tuple(caption for _, caption in expected),
    )
    assert view.games[:3] == ("One Night", "Speed", "Memory")
    assert view.captions[1] == "Alieninjas: Speed" and view.games[-2:] == ("Players", "Scores")
    assert {spec.name for spec in GAMES if spec.home is not None} <= set(view.games)
    assert home_games()["Replicas"] == {"game": "alieninjas", "mission": "replicas", "players": 4}


def test_the_score_log_names_each_play_as_the_registry_names_its_game() -> None:
    assert {spec.name for spec in GAMES} <= set(game_names())
    for spec in GAMES:
        result = FinalResult(spec.key, (None, None), (1,))
        play = play_of(result, names={}, play_id="p", played_at="2025-01-31T20:15:00Z")
        assert play.game == spec.name


def test_each_alieninjas_mission_is_logged_as_a_game_of_its_own() -> None:
    names = game_names()
    for board, name in [
        ("Speed", "Alieninjas: Speed"),
        ("Replicas, Map sides A, B, A", "Alieninjas: Replicas"),
        ("Push Your Luck", "Alieninjas: Push Your Luck"),
        ("", "Alieninjas"),  # no mission known: the game's own name, still listed
    ]:
        result = FinalResult("alieninjas", (3, 5), (2,), board=board)
        play = play_of(result, names={}, play_id="p", played_at="2025-01-31T20:15:00Z")
        assert play.game == name and name in names


READS: dict[str, set[str]] = {
    "onenight": {"onenight", "narration", "rulings"},
    "alienation": {"alienation"},
    "encounters": set(),
    "alieninjas": set(),
}
"""The config sections known games read (a game not here reads what its spec names)."""


@pytest.mark.parametrize("game", [spec.key for spec in GAMES])
def test_a_game_gets_the_config_sections_its_spec_names_and_no_others(game: str) -> None:
    spec = find_game(game)
    settings = settings_from(default_config(), spec)
    assert set(settings.sections) == set(spec.reads) == READS.get(game, set(spec.reads))
    assert {section.name for section in spec.sections} <= set(settings.sections)
