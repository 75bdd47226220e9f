"""Tests for device.config: layering and the schema's problem reports (the state, store and
cache paths: ``test_statedir.py``)."""

from __future__ import annotations

import dataclasses
import logging
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from configfiles import write
from tables import case_id, load_cases

from device.config import (
    AudioConfig,
    Config,
    ConfigError,
    DisplayConfig,
    HardwareConfig,
    LogConfig,
    NarrationConfig,
    PinsConfig,
    ReadersConfig,
    StoreConfig,
    WebConfig,
    default_config,
    load_config,
)
from games import catalog
from games.alienation.config import AlienationConfig
from games.onenight.config import OneNightConfig, RulingsConfig

CASES = load_cases("config_errors")

EXPECTED_DEFAULTS = Config(
    hardware=HardwareConfig(backend="mock", seats=10, debounce=0.05),
    pins=PinsConfig(
        seat_buttons=(4, 17, 27, 22, 5, 6, 13, 19, 26, 21),
        seat_lamps=(2, 3, 7, 8, 9, 10, 11, 12, 16, 20),
        yes=23,
        no=24,
        go=25,
        buzzer=18,
    ),
    narration=NarrationConfig(
        backend="piper",
        voice="",
        rate=175,
        pause=1.0,
        recorded_dir=None,
        piper_model=None,
        cache_dir=None,
        length_scale=1.15,
        sentence_pause=0.45,
        late_after=1.0,
    ),
    audio=AudioConfig(
        enabled=True,
        device="",
        narration_volume=1.0,
        music_volume=0.4,
        effects_volume=0.8,
        ambience=True,
        music_dir=None,
    ),
    display=DisplayConfig(fullscreen=True, width=800, height=480),
    store=StoreConfig(path=None, location=""),
    log=LogConfig(level="info"),
    readers=ReadersConfig(rdm6300="", pn532="", hold_off=1.0),
    web=WebConfig(enabled=True, address="0.0.0.0", port=8080),
    games={
        "onenight": OneNightConfig(
            role_seconds=10.0,
            day_minutes=0,
            ripple_rate=0.15,
            oracle_even_odd=True,
            auto_start_seconds=0.0,
            mask_sound=False,
            vote_mode="secret",
            assassin_sees_doppelganger=True,
        ),
        "alienation": AlienationConfig(friendliest="table", friendliest_seconds=120.0),
        "rulings": RulingsConfig(
            protected_in_tie="others_die",
            fall_through_min_votes=2,
            hunter_blocked_by_protection=False,
            repeat_chains=True,
            village_wins_when_only_minion_dies_without_wolves=True,
            tanner_death_stops_werewolves=True,
            self_vote="reject",
            oracle_follows="card",
            epic_most_needs_two_votes=True,
            epic_village_needs_two_enemy_teams=True,
            device_tie_saves_everyone=True,
            groob_zerb_in_play="held",
            cursed_tie_joins="werewolf",
            beholder_loses_if_seer_dies=False,
        ),
        # any other registered game (the suite's Stars) brings its own sections, at their defaults
        **{
            s.name: s.build(s.defaults())
            for spec in catalog.GAMES
            for s in spec.sections
            if s.name not in ("onenight", "alienation", "rulings")
        },
    },
)


@pytest.fixture(autouse=True)
def shipped_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the shipped defaults, not the suite's espeak-ng override."""
    monkeypatch.delenv("MOTHERSHIP_VOICE", raising=False)


def test_the_voice_variable_overrides_the_engine_but_not_the_command_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MOTHERSHIP_VOICE", "espeak")
    assert load_config(system_path=None).narration.backend == "espeak"
    overridden = load_config(system_path=None, overrides={"narration.backend": "silent"})
    assert overridden.narration.backend == "silent"
    monkeypatch.setenv("MOTHERSHIP_VOICE", "espek")
    with pytest.raises(ConfigError) as error:
        load_config(system_path=None)
    assert "$MOTHERSHIP_VOICE: narration.backend: must be one of" in str(error.value)


# --- the table of bad configurations ---------------------------------------------------


def test_the_error_table_has_enough_cases() -> None:
    assert len(CASES) >= 15
    assert len({case["name"] for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_bad_configuration_reports_exactly_these_problems(
    case: dict[str, Any], tmp_path: Path, no_system: Path
) -> None:
    # `nest` opens and closes that many brackets at "{nest}"; `encoding` replaces UTF-8.
    nest = case.get("nest", 0)
    text = case["config"].replace("{nest}", "[" * nest + "]" * nest)
    user = tmp_path / "user.toml"
    user.write_bytes(text.encode(case.get("encoding", "utf-8")))
    with pytest.raises(ConfigError) as caught:
        load_config(user, system_path=no_system, overrides=case.get("overrides"))
    expected = [line.replace("{file}", str(user)) for line in case["problems"]]
    assert list(caught.value.problems) == expected
    assert str(caught.value) == "\n".join(expected)


def test_config_error_is_a_value_error_with_sorted_problems() -> None:
    error = ConfigError(["b.x: bad", "a.y: worse"])
    assert isinstance(error, ValueError)
    assert error.problems == ("a.y: worse", "b.x: bad")
    assert str(error) == "a.y: worse\nb.x: bad"


# --- defaults ---------------------------------------------------------------------------


def test_defaults_load_into_the_expected_values(no_system: Path) -> None:
    assert load_config(system_path=no_system) == EXPECTED_DEFAULTS
    assert default_config() == EXPECTED_DEFAULTS


def test_every_default_key_has_a_comment_above_it() -> None:
    text = resources.files("device").joinpath("defaults.toml").read_text("utf-8")
    lines = text.splitlines()
    keys = [(i, line) for i, line in enumerate(lines) if re.match(r"^\w+ = ", line)]
    assert len(keys) == sum(len(dataclasses.fields(section)) for section in device_sections())
    for i, line in keys:
        assert lines[i - 1].startswith("#"), f"no comment above {line!r}"


def test_default_keys_match_the_dataclass_fields() -> None:
    text = resources.files("device").joinpath("defaults.toml").read_text("utf-8")
    defaults = tomllib.loads(text)
    sections = {f.name: f for f in dataclasses.fields(Config) if f.name != "games"}
    assert list(defaults) == list(sections)
    for name, section in defaults.items():
        value = getattr(EXPECTED_DEFAULTS, name)
        assert list(section) == [f.name for f in dataclasses.fields(value)]


def device_sections() -> list[Any]:
    """The device's own sections of the expected defaults (not the games')."""
    return [
        getattr(EXPECTED_DEFAULTS, f.name) for f in dataclasses.fields(Config) if f.name != "games"
    ]


def test_config_is_frozen() -> None:
    config = default_config()
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.hardware.seats = 4  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.log = LogConfig(level="debug")  # type: ignore[misc]


# --- layering ---------------------------------------------------------------------------


def test_layers_apply_system_then_config_file_then_overrides_key_by_key(tmp_path: Path) -> None:
    system = write(
        tmp_path / "system.toml",
        '[narration]\nrate = 150\nvoice = "system"\n[hardware]\nbackend = "pi"\n',
    )
    user = write(tmp_path / "user.toml", "[narration]\nrate = 200\n")
    config = load_config(
        user, system_path=system, overrides={"hardware.backend": "mock", "log.level": None}
    )
    assert config.narration.rate == 200  # --config beats the system file
    assert config.narration.voice == "system"  # other keys of the section survive
    assert config.narration.pause == 1.0  # untouched keys keep the default
    assert config.hardware.backend == "mock"  # overrides beat every file
    assert config.log.level == "info"  # a None override is ignored


def test_system_file_applies_without_a_config_file(tmp_path: Path) -> None:
    system = write(tmp_path / "system.toml", "[display]\nfullscreen = false\n")
    assert load_config(system_path=system).display.fullscreen is False


def test_missing_config_file_is_an_error_naming_it(tmp_path: Path, no_system: Path) -> None:
    missing = tmp_path / "nope.toml"
    with pytest.raises(ConfigError) as caught:
        load_config(missing, system_path=no_system)
    assert caught.value.problems == (f"{missing}: config file not found",)


def test_missing_system_file_is_fine_and_logged_at_debug(
    no_system: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="device.config"):
        assert load_config(system_path=no_system) == EXPECTED_DEFAULTS
    assert [r.levelno for r in caplog.records] == [logging.DEBUG]
    assert str(no_system) in caplog.text


def test_unreadable_system_file_is_skipped_with_a_warning_naming_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    unreadable = tmp_path / "config.toml"
    unreadable.mkdir()  # reading a directory fails, even as root
    with caplog.at_level(logging.WARNING, logger="device.config"):
        assert load_config(system_path=unreadable) == EXPECTED_DEFAULTS
    assert len(caplog.records) == 1
    assert str(unreadable) in caplog.text


def test_unreadable_config_file_is_an_error(tmp_path: Path, no_system: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read config file"):
        load_config(tmp_path, system_path=no_system)


def test_a_problem_names_the_layer_that_set_the_key(tmp_path: Path) -> None:
    system = write(tmp_path / "system.toml", "[narration]\nrate = 5\n")
    user = write(tmp_path / "user.toml", "[display]\nwidth = 1\n")
    with pytest.raises(ConfigError) as caught:
        load_config(user, system_path=system)
    assert caught.value.problems == (
        f"{system}: narration.rate: must be between 80 and 400, got 5",
        f"{user}: display.width: must be between 320 and 4096, got 1",
    )


def test_a_seat_count_problem_names_the_file_that_changed_the_count(tmp_path: Path) -> None:
    # The lists come from the built-in defaults; the file that set the count is the one to fix.
    system = write(tmp_path / "system.toml", "[hardware]\nseats = 4\n[pins]\nseat_lamps = []\n")
    with pytest.raises(ConfigError) as caught:
        load_config(system_path=system)
    assert caught.value.problems == (
        f"{system}: pins.seat_buttons: expected 4 pins (one per seat, as hardware.seats says), "
        "got 10",
    )


def test_syntax_error_in_the_system_file_is_not_skipped(tmp_path: Path) -> None:
    system = write(tmp_path / "system.toml", "[hardware\n")
    with pytest.raises(ConfigError) as caught:
        load_config(system_path=system)
    assert caught.value.problems == (
        f"{system}: TOML syntax error at line 1, column 10: "
        "expected ']' at the end of a table declaration",
    )


def test_file_that_is_not_utf8_is_an_error(tmp_path: Path, no_system: Path) -> None:
    user = tmp_path / "user.toml"
    user.write_bytes(b'[narration]\nvoice = "\xff"\n')
    with pytest.raises(ConfigError, match=r"user\.toml: not UTF-8 text"):
        load_config(user, system_path=no_system)


# --- accepted values --------------------------------------------------------------------


def test_integers_are_accepted_where_numbers_are_expected(tmp_path: Path, no_system: Path) -> None:
    user = write(tmp_path / "user.toml", "[onenight]\nrole_seconds = 20\n")
    role_seconds = load_config(user, system_path=no_system).game(OneNightConfig).role_seconds
    assert role_seconds == 20.0
    assert type(role_seconds) is float


def test_no_buzzer_and_no_lamps(tmp_path: Path, no_system: Path) -> None:
    user = write(tmp_path / "user.toml", "[pins]\nbuzzer = false\nseat_lamps = []\n")
    pins = load_config(user, system_path=no_system).pins
    assert pins.buzzer is None
    assert pins.seat_lamps == ()


def test_fewer_seats_with_matching_pins(tmp_path: Path, no_system: Path) -> None:
    user = write(
        tmp_path / "user.toml",
        "[hardware]\nseats = 3\n[pins]\nseat_buttons = [4, 17, 27]\nseat_lamps = [2, 3, 7]\n",
    )
    config = load_config(user, system_path=no_system)
    assert config.hardware.seats == 3
    assert config.pins.seat_buttons == (4, 17, 27)


def test_paths_expand_home_and_piper_with_a_model_is_valid(
    tmp_path: Path, no_system: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    user = write(
        tmp_path / "user.toml",
        '[narration]\nbackend = "piper"\npiper_model = "~/voices/en.onnx"\n'
        'recorded_dir = "/srv/lines"\n',
    )
    narration = load_config(user, system_path=no_system).narration
    assert narration.piper_model == tmp_path / "home" / "voices" / "en.onnx"
    assert narration.recorded_dir == Path("/srv/lines")
