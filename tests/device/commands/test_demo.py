"""``mothership demo --game``: each game's sample played into the demo folder (silent voice)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.commands.cli import main
from device.commands.demo import DemoError, demos, find_demo
from games import catalog

DEMOS = demos()
"""Every registered game's samples, the suite's own game's too."""


@pytest.mark.parametrize("game", list(DEMOS))
def test_the_demo_of_each_game_writes_its_folder(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "demo"
    assert main(["-q", "demo", "--game", game, "--voice", "silent", "--out", str(out)]) == 0
    entries = [json.loads(line) for line in (out / "transcript.jsonl").read_text().splitlines()]
    last = [entry["phase"] for entry in entries if "phase" in entry][-1]
    # played to its end: its outcome once, One Night's result or a scored game's final, whose
    # screen is the last phase
    (outcome,) = [kind for entry in entries for kind in ("result", "final") if kind in entry]
    assert last == outcome
    said = [entry for entry in entries if "say" in entry]
    assert len(list((out / "narration").glob("*.wav"))) == len(said) > 0
    screens = sorted(path.stem.split("-", 1)[1] for path in (out / "screens").glob("*.png"))
    assert "home" in screens and len(screens) >= 2
    played = json.loads((out / "scenario.json").read_text())
    assert played == json.loads(DEMOS[game].read_text())
    printed = capsys.readouterr().out
    assert f"Demo finished in phase {last!r}" in printed
    assert f"Output: {out}" in printed


def test_the_alienation_demo_enters_a_round_on_the_touchscreen_keypad(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    assert main(["-q", "demo", "--game", "alienation", "--voice", "silent", "--out", str(out)]) == 0
    screens = [path.stem.split("-", 1)[1] for path in sorted((out / "screens").glob("*.png"))]
    assert screens[:3] == ["home", "sheet", "keypad"]


def test_a_bad_demo_name_gets_a_did_you_mean_and_no_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "--game", "alienatoin", "--out", str(out)]) == 1
    assert capsys.readouterr().err == (
        f"mothership: error: unknown demo 'alienatoin'; demos are: {', '.join(DEMOS)}; "
        "did you mean 'alienation'?\n"
    )
    assert list(DEMOS)[:5] == ["onenight", "daybreak", "replicas", "alienation", "encounters"]
    assert not out.exists()


@pytest.mark.parametrize(
    ("name", "demo"),
    [
        ("onenight", "onenight"),
        ("One Night Ultimate Vampire", "onenight"),
        ("Alieninjas", "replicas"),
        ("alien encounters", "encounters"),
        (" Alienation ", "alienation"),
    ],
)
def test_a_demo_is_found_by_a_games_name_too(name: str, demo: str) -> None:
    assert find_demo(name) == demo


def test_every_game_with_a_sample_has_its_first_as_its_demo() -> None:
    for spec in catalog.GAMES:
        assert spec.samples, f"{spec.name} has no sample"
        assert find_demo(spec.name) == spec.samples[0].name


def test_a_name_close_to_nothing_lists_the_demos_without_a_guess() -> None:
    with pytest.raises(DemoError) as error:
        find_demo("chess")
    assert str(error.value) == f"unknown demo 'chess'; demos are: {', '.join(DEMOS)}"
