"""Reading scenarios: every malformed event is named by index, line and key (table-driven)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tables import case_id, load_cases

from device.simulator.scenario import ScenarioError, load_scenario, parse_scenario

CASES, FILES = load_cases("scenario_errors"), load_cases("scenario_errors", "file")
SETUP = '{"game": "onenight", "preset": "alien_first_game"}'


def scenario_text(events: str, setup: str = SETUP) -> str:
    # The events list starts on line 1, so an event's line is its line within `events`.
    return '{"events": ' + events + ',\n"setup": ' + setup + "}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_malformed_event_is_refused_naming_its_index_line_and_key(case: dict[str, str]) -> None:
    with pytest.raises(ScenarioError) as error:
        parse_scenario(scenario_text(case["events"], case.get("setup", SETUP)))
    assert str(error.value) == case["error"]


def file_bytes(case: dict[str, Any]) -> bytes:
    """A [[file]] case's bytes: its text with {nest} opened and closed, in its encoding."""
    nest = case.get("nest", 0)
    text = str(case["text"]).replace("{nest}", "[" * nest + "]" * nest)
    return text.encode(case.get("encoding", "utf-8"))


@pytest.mark.parametrize("case", FILES, ids=case_id)
def test_a_file_that_cannot_be_read_as_a_scenario_is_named(
    tmp_path: Path, case: dict[str, Any]
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(file_bytes(case))
    with pytest.raises(ScenarioError) as error:
        load_scenario(path)
    assert str(error.value) == case["error"].replace("{file}", str(path))


def test_a_good_scenario_keeps_every_event_with_its_line() -> None:
    text = scenario_text('[\n {"wait": 2},\n {"press": 3},\n {"until": "phase", "is": "day"}]')
    scenario = parse_scenario(text)
    assert [(e.kind, e.value, e.line) for e in scenario.events] == [
        ("wait", 2.0, 2),
        ("press", 3, 3),
        ("until", "phase", 4),
    ]
    assert scenario.events[2].extra == {"is": "day"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"setup": {"game": "onenight"}, "event": []}',
            "scenario: unknown key 'event'; did you mean 'events'?",
        ),
        (
            '{"setup": {"gmae": "onenight"}}',
            "scenario: setup: unknown key 'gmae'; did you mean 'game'?",
        ),
        ('{"setup": {"players": 4}}', "scenario: setup: 'game' is missing"),
        (
            '{"setup": {"game": "onenight"},\n "events": [1,]}',
            "scenario: not valid JSON at line 2, column 15: Expecting value",
        ),
        ("[]", "scenario: expected an object with 'setup' and 'events'"),
    ],
)
def test_a_malformed_file_is_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(ScenarioError) as error:
        parse_scenario(text)
    assert str(error.value) == message


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as error:
        load_scenario(tmp_path / "nope.json")
    assert str(error.value) == f"cannot read scenario {str(tmp_path / 'nope.json')!r}: " + (
        "No such file or directory"
    )
