"""scripts/boot-check (the installed service booted under real systemd in a VM): it explains its
steps and keeps its root out of the repo; and its driver in the VM (scripts/bootdrive.py) judges a
resume by the chaos run's rules and hands inputs in one at a time. Nothing here boots a VM."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from chaos_daemon import Snapshot

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "boot-check"


def load_driver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bootdrive", ROOT / "scripts" / "bootdrive.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


drive = load_driver()


def test_the_help_explains_every_step_and_the_checks_only_changes() -> None:
    shown = subprocess.run([str(SCRIPT), "--help"], capture_output=True, text=True, timeout=30)
    assert shown.returncode == 0
    text = shown.stdout
    for words in (
        "Debian bookworm",
        "--reuse-base",
        "--logs DIR",
        "--arch amd64|arm64",
        "qemu-system-x86_64",
        "TCG",
        "127.0.0.1",
        "sudo systemd/install.sh",
        'backend = "mock"',
        "MOTHERSHIP_TEST_INPUTS",
        "SDL_VIDEODRIVER=dummy",
        "watchdog",
        "power cuts",
        "integrity_check",
        "Piper",
        "mothership update",
        "backup now",
        "uninstall --purge",
    ):
        assert words in text, words
    assert [f"  {n}. " in text for n in range(1, 8)] == [True] * 7


@pytest.mark.parametrize("inside", ["boot-root", ".", "docs/../vm"])
def test_it_refuses_a_root_inside_the_repo(inside: str) -> None:
    root = ROOT / inside
    refused = subprocess.run(
        [str(SCRIPT), "--root", str(root)], capture_output=True, text=True, timeout=30
    )
    assert refused.returncode == 2
    assert "keep the root out of the repo" in refused.stderr
    assert not (ROOT / "boot-root").exists() and not (ROOT / "vm").exists()


def shot(phase: str | None, plays: tuple[str, ...] = (), **state: Any) -> Snapshot:
    if phase is None:
        return Snapshot(None, None, None, 0, plays, ())
    return Snapshot("onenight", {"phase": phase, **state}, 1.0, 0, plays, ())


def test_a_resume_in_the_same_phase_with_its_entries_and_plays_is_sound() -> None:
    before = shot("vote", ("p1",), ballot={"1": 3})
    assert drive.differences(before, shot("vote", ("p1",), ballot={"1": 3})) == []


def test_time_alone_may_move_the_night_on_to_the_day() -> None:
    assert drive.differences(shot("night"), shot("day")) == []
    assert drive.differences(shot("night"), shot("vote")) == ["phase 'night' came back as 'vote'"]


def test_a_lost_or_doubled_play_or_a_changed_entry_is_a_problem() -> None:
    assert drive.differences(shot(None, ("p1",)), shot(None, ("p1", "p1b")))
    assert drive.differences(shot(None, ("p1",)), shot(None, ()))
    changed = drive.differences(shot("vote", ballot={"1": 3}), shot("vote", ballot={"1": 2}))
    assert changed == ["the entries changed: ballot"]
    assert drive.differences(shot("vote"), shot(None)) == ["the game 'onenight' became None"]


def test_a_snapshot_survives_its_trip_through_json(tmp_path: Path) -> None:
    before = shot("night", ("a", "b"), cue=4)
    data = json.loads(json.dumps(drive.as_json(before, tmp_path / "none.db")))
    assert data["integrity"] == "no store" and data["phase"] == "night"
    assert drive.from_json(data) == before


def test_inputs_are_handed_in_one_at_a_time_and_a_refused_one_stops(tmp_path: Path) -> None:
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    (inputs / "000007.done").write_text("{}")  # an earlier run's: numbering goes on after it
    seen: list[str] = []
    stop = threading.Event()

    def daemon() -> None:  # the service's part: each file handled, or refused if it says so
        while not stop.wait(0.01):
            for path in sorted(inputs.glob("*.json")):
                event = json.loads(path.read_text())
                seen.append(path.name)
                refused = event.get("touch") == "Nothing"
                path.rename(path.with_suffix(".error" if refused else ".done"))

    thread = threading.Thread(target=daemon)
    thread.start()
    try:
        drive.send([{"touch": "Players"}, {"press": 1}], inputs, 60.0)
        with pytest.raises(SystemExit, match="refused"):
            drive.send([{"touch": "Nothing"}, {"press": 2}], inputs, 60.0)
    finally:
        stop.set()
        thread.join()
    assert seen == ["000008.json", "000009.json", "000010.json"]  # none after the refusal


def test_piper_spoke_the_name_only_when_its_wav_is_under_pipers_key() -> None:
    def proof(engine: str, piper: bool, fallback: bool) -> dict[str, Any]:
        linked = {"line": "players.linked", "piper": piper, "fallback": fallback}
        return {"engine": engine, "lines": [{"line": "players.added"}, linked]}

    assert drive.spoken_by_piper(proof("piper", True, False))
    assert not drive.spoken_by_piper(proof("piper", False, False))
    assert not drive.spoken_by_piper(proof("piper", True, True))
    assert not drive.spoken_by_piper(proof("pyttsx3", True, False))


def test_a_control_that_shows_later_is_tapped_again_until_it_is_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(drive, "RETRY_EVERY", 0.01)
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    refusals = [2]
    stop = threading.Event()

    def daemon() -> None:  # "Start night" shows once the night's lines are ready
        while not stop.wait(0.01):
            for path in sorted(inputs.glob("*.json")):
                refused = refusals[0] > 0
                refusals[0] -= 1
                path.rename(path.with_suffix(".error" if refused else ".done"))

    thread = threading.Thread(target=daemon)
    thread.start()
    try:
        drive.send([{"touch": "Start night"}], inputs, 60.0, retry=60.0)
    finally:
        stop.set()
        thread.join()
    assert sorted(p.name for p in inputs.iterdir()) == [
        "000001.error",
        "000002.error",
        "000003.done",
    ]
