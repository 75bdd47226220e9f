"""The command line: the demo as a new user runs it, simulate, say, and error reporting."""

from __future__ import annotations

import json
import logging
import wave
from pathlib import Path

import pygame
import pytest
from tables import case_id, load_cases

from device.commands.cli import main
from games.onenight.roles import find_role


@pytest.mark.slow(3)
def test_the_demo_writes_a_transcript_wavs_and_screenshots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "demo"
    assert main(["-q", "demo", "--out", str(out)]) == 0  # the default voice: real pyttsx3
    entries = [json.loads(line) for line in (out / "transcript.jsonl").read_text().splitlines()]
    said = [entry for entry in entries if "say" in entry]
    assert [entry["phase"] for entry in entries if "phase" in entry][-1] == "result"
    wavs = sorted((out / "narration").glob("*.wav"))
    assert len(wavs) == len(said)
    for path in wavs:
        with wave.open(str(path)) as reader:
            assert reader.getnframes() > reader.getframerate() // 10, path.name
    screens = sorted((out / "screens").glob("*.png"))
    assert [path.stem.split("-", 1)[1] for path in screens] == [
        "home",
        "setup",
        "night",
        "day",
        "vote",
        "tally",
        "reveal",
        "end",
    ]
    assert pygame.image.load(str(screens[0])).get_size() == (800, 480)
    assert f"Output: {out}" in capsys.readouterr().out


def test_simulate_writes_the_transcript_it_announces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "s.json"
    scenario.write_text(
        json.dumps(
            {
                "setup": {"game": "onenight", "preset": "alien_first_game"},
                "events": [{"until": "phase", "is": "night"}],
            }
        )
    )
    out = tmp_path / "t.jsonl"
    code = main(["simulate", str(scenario), "--transcript", str(out), "--voice", "silent"])
    assert code == 0
    lines = out.read_text().splitlines()
    phases = [json.loads(line).get("phase") for line in lines]
    assert [phase for phase in phases if phase] == ["setup", "dusk", "night"]
    assert f"{len(lines)} transcript lines in {out}; ended in phase 'night'" in (
        capsys.readouterr().out
    )


def test_a_bad_scenario_is_one_clear_error_line_and_exit_code_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "s.json"
    scenario.write_text('{"setup": {"game": "onenight"}, "events": [{"wiat": 2}]}')
    code = main(["simulate", str(scenario), "--transcript", str(tmp_path / "t.jsonl")])
    assert code == 1
    assert capsys.readouterr().err == (
        "mothership: error: event 0 (line 1): unknown key 'wiat'; did you mean 'wait'?\n"
    )


def test_a_bad_config_lists_every_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "c.toml"
    config.write_text("[narration]\nrat = 100\n[hardware]\nseats = 40\n")
    assert main(["--config", str(config), "say", "hi", "--out", str(tmp_path / "x.wav")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("mothership: error: ")
    assert "hardware.seats: " in err
    assert "narration.rat: unknown key, did you mean 'rate'?" in err


def test_say_writes_speech_to_a_wav(tmp_path: Path) -> None:
    out = tmp_path / "hello.wav"
    assert (
        main(["say", "Welcome aboard the Mothership.", "--out", str(out), "--voice", "espeak"]) == 0
    )
    with wave.open(str(out)) as reader:
        assert reader.getnframes() / reader.getframerate() > 1.0


def test_debug_shows_the_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBUG", "1")
    with pytest.raises(Exception, match="cannot read scenario"):
        main(["simulate", str(tmp_path / "none.json"), "--transcript", str(tmp_path / "t")])


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    text = capsys.readouterr().out
    for command in ("run", "simulate", "demo", "say"):
        assert command in text


def test_the_script_preview_prints_the_night_in_wake_order_with_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    roles = "doppelganger,vampire,alien,werewolf,seer,insomniac,villager,villager,cow"
    assert main(["onenight", "script", "--roles", roles, "--seed", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "One Night: 6 players, seed 4"
    steps = [line.split()[1] for line in out if line.startswith("   ") and "open your eyes" in line]
    assert steps[:2] == ["doppelganger", "vampires"]
    assert steps.index("aliens") < steps.index("seer") < steps.index("insomniac")
    times = [line.split()[0] for line in out[4:] if line.strip() and line[3].isdigit()]
    assert times[0] == "0:00.0"


def test_the_script_preview_refuses_a_bad_role_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["onenight", "script", "--roles", "alien,cow", "--players", "4"]) == 1
    assert capsys.readouterr().err == ("mothership: error: 2 cards for 4 players: need 7\n")


@pytest.mark.parametrize(
    "case",
    [case for case in load_cases("setup_errors") if 3 <= case["players"] <= 10],  # 10 seats
    ids=lambda case: case["error"],
)
def test_the_script_preview_refuses_every_bad_setup_of_the_table(
    case: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    roles = ",".join(case["roles"])  # type: ignore[arg-type]
    assert main(["onenight", "script", "--roles", roles, "--players", str(case["players"])]) == 1
    assert capsys.readouterr().err == f"mothership: error: {case['error']}\n"


@pytest.mark.parametrize(
    "case",
    [case for case in load_cases("onenight_presets") if case["players"] <= 10],  # 10 seats
    ids=case_id,
)
def test_a_preset_on_the_command_line_grows_with_the_table(
    case: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    preset, players = str(case["preset"]), str(case["players"])
    args = ["onenight", "script", "--preset", preset, "--players", players]
    if "error" in case:
        assert main(args) == 1
        assert capsys.readouterr().err == f"mothership: error: {case['error']}\n"
        return
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    shown = out[1].removeprefix("Roles: ").split(", ")
    names = case["roles"]
    assert isinstance(names, list)
    assert sorted(shown) == sorted(find_role(name).display_name for name in names)
    added = case.get("added")
    if isinstance(added, list):  # what the preset added for the larger table is listed
        listed = ", ".join(find_role(name).display_name for name in added)
        assert out[2].endswith(f" preset for {players} players: {listed}")


@pytest.mark.parametrize(
    ("level", "flags", "expected"),
    [
        ("warning", [], logging.WARNING),
        ("warning", ["-v"], logging.INFO),
        ("debug", ["-q"], logging.INFO),
        ("error", ["-v", "-v", "-v", "-v"], logging.DEBUG),
        ("info", ["-q", "-q", "-q"], logging.ERROR),
    ],
)
def test_the_config_log_level_is_where_verbose_and_quiet_start(
    tmp_path: Path, level: str, flags: list[str], expected: int
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[log]\nlevel = "{level}"\n')
    root = logging.getLogger()
    saved = root.level
    try:
        command = ["onenight", "script", "--preset", "basic", "--players", "3"]
        assert main([*flags, "--config", str(config), *command]) == 0
        assert root.level == expected
    finally:
        root.setLevel(saved)
