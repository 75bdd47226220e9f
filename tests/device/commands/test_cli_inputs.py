"""Command-line input refused with a sentence (table-driven: tests/data/cli_input_errors.toml):
output paths, tag uids, waits; exports written 0600; outside text escaped in log lines."""

from __future__ import annotations

import io
import json
import logging
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from tables import case_id, load_cases

from device.commands.cli import main
from device.config import load_config, resolve_store_path
from device.logtext import EscapingFilter, printable
from device.store.database import Store
from games.scorelog.plays import Play, PlayerResult

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
PLAY = Play(
    "play-a",
    "Alienation",
    "2025-01-31T20:15:00Z",
    (PlayerResult("Ada", 1, 30, True), PlayerResult("Bob", 2, 12, False)),
)


def places(tmp_path: Path) -> dict[str, str]:
    folder, plain, locked = tmp_path / "a-dir", tmp_path / "a-file", tmp_path / "locked"
    folder.mkdir()
    plain.write_text("not a folder")
    locked.mkdir(mode=0o555)
    scenario = tmp_path / "game.json"
    scenario.write_text(json.dumps({"setup": {"game": "onenight", "preset": "alien_first_game"}}))
    return {
        "{dir}": str(folder),
        "{file}": str(plain),
        "{locked}": str(locked),
        "{scenario}": str(scenario),
        "{tmp}": str(tmp_path),
    }


def filled(text: str, names: dict[str, str]) -> str:
    for name, value in names.items():
        text = text.replace(name, value)
    return text


@pytest.mark.parametrize("case", load_cases("cli_input_errors", "output"), ids=case_id)
def test_an_output_that_cannot_be_written_gets_a_sentence(
    tmp_path: Path, case: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    if case.get("root_can") and AS_ROOT:
        pytest.skip("root writes into read-only folders")
    names = places(tmp_path)
    Store(resolve_store_path(load_config())).add_play(PLAY)
    assert main(["-q", *(filled(arg, names) for arg in case["args"])]) == 1
    assert capsys.readouterr().err == f"mothership: error: {filled(case['error'], names)}\n"
    assert not (tmp_path / "t.jsonl").exists()  # refused before the run, not after it


@pytest.mark.parametrize("case", load_cases("cli_input_errors", "missing_store"), ids=case_id)
def test_a_command_that_reads_the_store_creates_none(
    tmp_path: Path, case: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    names = places(tmp_path)
    store = resolve_store_path(load_config())
    names |= {"{typo}": str(tmp_path / "typo" / "x.db"), "{store}": str(store)}
    state = sorted(store.parent.parent.rglob("*"))  # the test's state folder, as it was
    assert main(["-q", *(filled(arg, names) for arg in case["args"])]) == 1
    assert capsys.readouterr().err == f"mothership: error: {filled(case['error'], names)}\n"
    assert not (tmp_path / "typo").exists()
    assert sorted(store.parent.parent.rglob("*")) == state
    assert list(Path(names["{dir}"]).iterdir()) == []


@pytest.mark.parametrize("fmt", ["csv", "bgstats-url", "bgsplay", "json"])
def test_exports_are_readable_by_their_owner_only(tmp_path: Path, fmt: str) -> None:
    Store(resolve_store_path(load_config())).add_play(PLAY)
    out = tmp_path / f"plays.{fmt}"
    out.write_text("an older export")
    out.chmod(0o644)
    assert main(["export", "--format", fmt, "--out", str(out)]) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert "Ada" in out.read_text()


@pytest.mark.parametrize(
    "case", load_cases("cli_input_errors", "uid"), ids=lambda case: repr(case["uid"])
)
def test_tags_learn_takes_only_a_uid_a_reader_gives(
    case: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["tags", "learn", "--seat", "3", "--uid", case["uid"]])
    out, err = capsys.readouterr()
    if "error" in case:
        assert (code, err) == (1, f"mothership: error: {case['error']}\n")
        assert Store(resolve_store_path(load_config())).tags() == []
    else:
        assert (code, out) == (0, f"{case['learned']} is now seat 3\n")
        assert Store(resolve_store_path(load_config())).tags() == [(case["learned"], "seat", "3")]


@pytest.mark.parametrize(
    "case", load_cases("cli_input_errors", "seconds"), ids=lambda case: " ".join(case["args"])
)
def test_a_wait_must_be_a_finite_number_of_seconds(
    case: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(case["args"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(f"error: {case['error']}")


@pytest.mark.parametrize("case", load_cases("cli_input_errors", "log"), ids=case_id)
def test_outside_text_is_escaped_in_log_lines(case: dict[str, str]) -> None:
    assert printable(case["text"]) == case["logged"]
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(EscapingFilter())
    log = logging.getLogger("test.escaping")
    log.addHandler(handler)
    try:
        log.warning("%s", case["text"])
    finally:
        log.removeHandler(handler)
    assert stream.getvalue() == case["logged"] + "\n"


def test_the_command_line_escapes_a_scenario_tag_in_its_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    scenario = tmp_path / "game.json"
    setup = {"game": "onenight", "preset": "alien_first_game"}
    scenario.write_text(json.dumps({"setup": setup, "events": [{"tag": "04\u001b[2J\nFAKE"}]}))
    out = tmp_path / "t.jsonl"
    assert main(["simulate", str(scenario), "--transcript", str(out), "--voice", "silent"]) == 0
    assert "unknown tag 04\\x1b[2J\\nFAKE: learn it first" in caplog.text
    assert "\x1b" not in caplog.text


def test_a_traceback_keeps_its_lines() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(EscapingFilter())
    log = logging.getLogger("test.escaping")
    log.addHandler(handler)
    try:
        try:
            raise RuntimeError("boom")
        except RuntimeError:
            log.exception("bug for player %s", "Ada\nFAKE")
    finally:
        log.removeHandler(handler)
    first, *rest = stream.getvalue().splitlines()
    assert first == "bug for player Ada\\nFAKE"
    assert rest[0] == "Traceback (most recent call last):" and rest[-1] == "RuntimeError: boom"
