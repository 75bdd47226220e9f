"""The simulator end to end: real gpiozero mock pins, real pygame (dummy video), real narration."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from tables import load_cases

from device.config import Config, load_config
from device.headless import headless_env
from device.runtime.lock import StoreLockedError, lock_store
from device.simulator.run import SimulationError, simulate
from device.simulator.scenario import parse_scenario
from device.store.database import Store
from games.onenight.roles import Role
from games.onenight.wake import called_steps

PRESET_ROLES = ["alien", "alien", "synthetic_alien", "cow", "psychic", "rascal", "exposer"]


def run(config: Config, events: list[dict[str, Any]], **setup: Any) -> list[dict[str, Any]]:
    scenario = {
        "setup": {"game": "onenight", "players": 4, "seed": 5, "roles": PRESET_ROLES, **setup},
        "events": events,
    }
    return simulate(parse_scenario(json.dumps(scenario)), config).transcript.entries


def between(entries: list[dict[str, Any]], start: str, end: str) -> list[dict[str, Any]]:
    names = [entry.get("phase") for entry in entries]
    return entries[names.index(start) : names.index(end)]


def test_a_scenario_that_only_waits_for_the_vote_gets_there(config: Config) -> None:
    entries = run(config, [{"until": "phase", "is": "vote"}])
    phases = [entry["phase"] for entry in entries if "phase" in entry]
    assert phases == ["setup", "dusk", "night", "day", "vote"]
    assert [entry["screen"] for entry in entries if "screen" in entry][-1] == "vote"
    times = [entry["t"] for entry in entries]
    assert times == sorted(times)


def test_the_night_lines_follow_the_official_wake_order(config: Config) -> None:
    entries = run(config, [{"until": "phase", "is": "day"}])
    steps = []
    for entry in entries:
        step = entry.get("line", "").split(".")[1:2]
        if entry.get("line", "").endswith(".wake") and step[0] not in steps:
            steps.append(step[0])
    expected = [step.key for step in called_steps({Role(name) for name in PRESET_ROLES})]
    assert steps == expected == ["aliens", "cow", "psychic", "rascal", "exposer"]


def test_nothing_at_night_lights_up_or_answers_a_press(config: Config, tmp_path: Path) -> None:
    scenario = {
        "setup": {"game": "onenight", "players": 4, "roles": PRESET_ROLES},
        "events": [
            {"until": "phase", "is": "night"},
            {"wait": 5},
            {"press": 2},
            {"key": "3"},
            {"control": "yes"},
            {"until": "phase", "is": "day"},
        ],
    }
    shots = tmp_path / "shots"
    result = simulate(parse_scenario(json.dumps(scenario)), config, shot_dir=shots)
    night = between(result.transcript.entries, "night", "day")
    assert {key for entry in night for key in entry} <= {"t", "say", "line", "phase"}
    picture = pygame.image.load(str(next(shots.glob("*-night.png"))))
    width, _height = picture.get_size()
    # Above the caption band the night screen is black: no role, no answer, no seat lit.
    brightest = max(
        max(picture.get_at((x, y))[:3]) for x in range(0, width, 8) for y in range(0, 380, 8)
    )
    assert brightest < 20


def test_the_game_can_be_started_by_key_touch_or_button(config: Config) -> None:
    for start in ({"key": "space"}, {"touch": "start night"}, {"control": "go"}):
        entries = run(config, [start, {"until": "phase", "is": "dusk"}])
        dusk = next(entry for entry in entries if entry.get("phase") == "dusk")
        assert dusk["t"] == 0.0, start


def test_without_input_the_game_starts_by_itself_after_a_few_seconds(config: Config) -> None:
    entries = run(config, [{"until": "phase", "is": "dusk"}])
    dusk = next(entry for entry in entries if entry.get("phase") == "dusk")
    assert dusk["t"] == 3.0


def test_the_day_can_be_paused_from_the_screen_and_resumed_by_the_go_button(
    config: Config,
) -> None:
    entries = run(
        config,
        [
            {"until": "phase", "is": "day"},
            {"wait": 10},
            {"touch": "Pause"},
            {"wait": 100},
            {"control": "go"},
            {"until": "phase", "is": "vote"},
        ],
        options={"day_minutes": 2},
    )
    day = next(entry["t"] for entry in entries if entry.get("phase") == "day")
    vote = next(entry["t"] for entry in entries if entry.get("phase") == "vote")
    assert vote - day == pytest.approx(120 + 100)


CASES = load_cases("scenario_runtime_errors")


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["name"])
def test_an_event_that_does_not_fit_stops_the_run_with_a_named_error(
    config: Config, tmp_path: Path, case: dict[str, str]
) -> None:
    text = (
        '{"events": '
        + case["events"]
        + ', "setup": {"game": "onenight", "players": 4, '
        + ('"roles": ' + json.dumps(PRESET_ROLES) + "}}")
    )
    out = tmp_path / "t.jsonl"
    with pytest.raises(SimulationError) as error:
        simulate(parse_scenario(text), config, transcript_path=out)
    assert str(error.value) == case["error"]
    last = json.loads(out.read_text().splitlines()[-1])
    assert last["error"] == case["error"]


def test_the_simulator_shows_the_devices_own_screens_a_score_sheet_opens_the_keypad(
    config: Config,
) -> None:
    # The "Enter scores" control is the daemon's, not the game's: only its own loop offers it.
    events: list[dict[str, Any]] = [{"until": "phase", "is": "score"}, {"touch": "Enter scores"}]
    for seat in (1, 2, 3):
        events += [{"touch": label} for label in ("1", str(seat), "OK", "2", "OK")]
    scenario = {"setup": {"game": "alienation", "players": 3, "seed": 4}, "events": events}
    entries = simulate(parse_scenario(json.dumps(scenario)), config).transcript.entries
    assert [e["screen"] for e in entries if "screen" in e][:3] == ["home", "sheet", "keypad"]
    scores = [e["score"] for e in entries if "score" in e]
    assert [(score["seat"], score["points"]) for score in scores] == [(1, 11), (2, 12), (3, 13)]


def test_a_control_on_the_games_first_screen_is_there_for_the_first_event(config: Config) -> None:
    # Memory opens on its score sheet at once: the device's loop has offered "Enter scores"
    # before any hand reaches the screen, so a scenario's first touch finds it too.
    scenario = {
        "setup": {"game": "alieninjas", "mission": "memory", "players": 2},
        "events": [{"until": "phase", "is": "score"}, {"touch": "Enter scores"}],
    }
    entries = simulate(parse_scenario(json.dumps(scenario)), config).transcript.entries
    assert [e["screen"] for e in entries if "screen" in e][-1] == "keypad"
    assert entries[-1]["t"] == 0.0


def test_a_bug_in_a_game_stops_the_simulator_instead_of_being_apologised_for(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.onenight.session import OneNightSession

    def broken(*args: Any) -> Any:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(OneNightSession, "handle", broken)
    with pytest.raises(ZeroDivisionError, match="a bug"):
        run(config, [{"control": "go"}])


def test_a_bad_setup_is_refused_before_anything_runs(config: Config) -> None:
    with pytest.raises(SimulationError) as error:
        run(config, [], roles=[*PRESET_ROLES, "villager"])
    assert str(error.value) == "setup: 8 cards for 4 players: need 7"


def test_a_real_voice_renders_every_spoken_line_to_a_wav(tmp_path: Path) -> None:
    config = load_config(
        system_path=None,
        overrides={"narration.backend": "espeak", "narration.cache_dir": str(tmp_path / "c")},
    )
    scenario = parse_scenario(
        json.dumps(
            {
                "setup": {"game": "onenight", "preset": "alien_first_game", "seed": 1},
                "events": [{"until": "phase", "is": "day"}],
            }
        )
    )
    wavs = tmp_path / "wavs"
    result = simulate(scenario, config, wav_dir=wavs)
    said = [entry for entry in result.transcript.entries if "say" in entry]
    files = sorted(wavs.glob("*.wav"))
    assert len(files) == len(said) > 10
    assert files[0].name == "001-onenight-dusk-start.wav"
    # Real speech: each line's pause before the next cue includes its spoken length.
    first, second = said[0]["t"], said[1]["t"]
    assert second - first > config.narration.pause + 1.0


def test_without_wavs_no_line_is_rendered_whatever_the_voice(tmp_path: Path) -> None:
    config = load_config(
        system_path=None,
        overrides={"narration.backend": "piper", "narration.cache_dir": str(tmp_path / "c")},
    )
    scenario = parse_scenario(
        json.dumps(
            {
                "setup": {"game": "onenight", "preset": "alien_first_game", "seed": 1},
                "events": [{"until": "phase", "is": "day"}],
            }
        )
    )
    result = simulate(scenario, config)
    said = [entry for entry in result.transcript.entries if "say" in entry]
    assert len(said) > 10
    assert list((tmp_path / "c").glob("*.wav")) == []  # timed at the voice's rate, not rendered
    # Each line still lasts as long as it takes to say: the next cue waits for it.
    first, second = said[0]["t"], said[1]["t"]
    assert second - first > config.narration.pause + 1.0


# -- simulate --store: the simulated game's store is kept ------------------------------------

DEMO = Path(__file__).parents[3] / "games" / "onenight" / "samples" / "demo.json"


def demo_until(tmp_path: Path, phase: str | None) -> Path:
    """The bundled demo scenario, cut after its ``until <phase>`` (None: the whole of it)."""
    scenario = json.loads(DEMO.read_text())
    if phase is not None:
        stop = scenario["events"].index({"until": "phase", "is": phase})
        scenario["events"] = scenario["events"][: stop + 1]
    path = tmp_path / f"until-{phase}.json"
    path.write_text(json.dumps(scenario))
    return path


def cli(tmp_path: Path, *args: str) -> int:
    from device.commands.cli import main

    config = tmp_path / "config.toml"
    if not config.exists():
        cache = tmp_path / "wav"
        config.write_text(
            f'[narration]\nbackend = "silent"\ncache_dir = "{cache}"\n[audio]\nenabled = false\n'
        )
    return main(["-q", "--config", str(config), *args])


def simulate_cli(tmp_path: Path, scenario: Path, *args: str) -> int:
    out = str(tmp_path / "t.jsonl")
    return cli(tmp_path, "simulate", str(scenario), "--transcript", out, *args)


def test_a_game_simulated_to_the_vote_with_store_is_resumed_there_by_the_daemon(
    tmp_path: Path,
) -> None:
    db = tmp_path / "kept" / "game.db"
    scenario = demo_until(tmp_path, "vote")
    assert simulate_cli(tmp_path, scenario, "--store", str(db)) == 0
    store = Store(db)
    saved = store.load_checkpoint()
    store.close()
    assert saved is not None and saved.state["phase"] == "vote"
    command = [sys.executable, "-m", "device", "-q", "--config", str(tmp_path / "config.toml")]
    command += ["run", "--hardware", "mock", "--store", str(db)]
    daemon = subprocess.Popen(command, env={**os.environ, **headless_env()})
    try:
        deadline = time.monotonic() + 30
        resumed = saved
        while resumed.saved_at == saved.saved_at and time.monotonic() < deadline:
            time.sleep(0.1)  # the resumed game is checkpointed again by the daemon
            store = Store(db)
            resumed = store.load_checkpoint() or saved
            store.close()
        assert resumed.saved_at != saved.saved_at, "the daemon did not resume the game"
        assert resumed.game == "onenight"
        assert resumed.state["phase"] == "vote"
        assert resumed.state["ballot"] == saved.state["ballot"]
    finally:
        daemon.terminate()
        assert daemon.wait(timeout=10) == 0


def test_a_game_simulated_to_its_result_with_store_is_in_the_score_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "game.db"
    scenario = demo_until(tmp_path, None)
    assert simulate_cli(tmp_path, scenario, "--store", str(db)) == 0
    capsys.readouterr()
    assert cli(tmp_path, "scores", "--store", str(db)) == 0
    listed = capsys.readouterr().out
    assert "Latest plays (1 of 1):" in listed
    assert "One Night: won by Player 1 and Player 4" in listed
    # A second simulated game adds its own play; nothing is logged twice.
    assert simulate_cli(tmp_path, scenario, "--store", str(db)) == 0
    out = tmp_path / "plays.json"
    assert cli(tmp_path, "export", "--format", "json", "--store", str(db), "--out", str(out)) == 0
    assert len(json.loads(out.read_text())["plays"]) == 2


def test_without_store_the_simulator_keeps_nothing(tmp_path: Path, private_state_dir: Path) -> None:
    scenario = demo_until(tmp_path, None)
    assert simulate_cli(tmp_path, scenario) == 0
    assert not (private_state_dir / "mothership" / "mothership.db").exists()


def test_simulate_refuses_a_store_a_running_daemon_holds(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    held = lock_store(db)
    try:
        with pytest.raises(StoreLockedError) as error:
            simulate(parse_scenario(DEMO.read_text()), load_config(system_path=None), store_path=db)
    finally:
        held.close()
    assert str(error.value) == (
        f"another mothership (PID {os.getpid()}) is using the store {db}; "
        "stop it first (sudo systemctl stop mothership)"
    )
