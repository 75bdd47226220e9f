"""A 10-player mixed One Night game in the simulator: the Oracle answered by button, secrecy."""

from __future__ import annotations

import json
import random
from typing import Any

from device.config import Config
from device.simulator.run import simulate
from device.simulator.scenario import parse_scenario
from games.onenight.instructions import draw_instructions, oracle_outcome
from games.onenight.setup import parse_roles
from games.onenight.wake import called_steps

ROLES = [
    *("oracle", "alien", "alien", "cow", "psychic", "vampire", "the_count"),
    *("werewolf", "minion", "seer", "robber", "doppelganger", "villager"),
]
SEED = 17  # the Oracle is asked to guarantee a ripple (checked below)


def play(config: Config, answer: list[dict[str, Any]]) -> list[dict[str, Any]]:
    scenario = {
        "setup": {
            "game": "onenight",
            "players": 10,
            "seed": SEED,
            "roles": ROLES,
            "options": {"role_seconds": 60, "ripple_rate": 0},
        },
        "events": [
            {"until": "phase", "is": "dusk"},
            {"wait": 30},
            *answer,
            {"until": "phase", "is": "vote"},
        ],
    }
    return simulate(parse_scenario(json.dumps(scenario)), config).transcript.entries


def question() -> Any:
    drawn = draw_instructions(parse_roles(ROLES), 10, random.Random(SEED), ripple_rate=0)
    assert drawn.oracle is not None and drawn.oracle.kind.value == "guarantee_ripple"
    return drawn


def test_the_oracle_answers_yes_by_button_and_a_ripple_follows(config: Config) -> None:
    entries = play(config, [{"control": "yes"}])
    drawn = question()
    lines = [entry["line"] for entry in entries if "line" in entry]
    expected = oracle_outcome(drawn.oracle, True, None).lines
    start = lines.index(drawn.oracle.line) + 1
    assert lines[start : start + len(expected)] == [say.line for say in expected]
    assert drawn.forced_ripple is not None
    assert drawn.forced_ripple.lines()[0].line in lines
    assert lines.index(drawn.forced_ripple.lines()[0].line) < lines.index("onenight.wakeup")


def test_without_an_answer_the_device_answers_for_her(config: Config) -> None:
    entries = play(config, [])
    drawn = question()
    lines = [entry["line"] for entry in entries if "line" in entry]
    expected = oracle_outcome(drawn.oracle, None, None)
    start = lines.index(drawn.oracle.line) + 1
    assert lines[start : start + len(expected.lines)] == [say.line for say in expected.lines]


def test_answering_changes_nothing_anyone_can_see_or_hear_at_the_time(config: Config) -> None:
    silent, answered = play(config, []), play(config, [{"control": "no"}, {"press": 4}])

    # Until the window closes, both nights are identical to the millisecond: no lamp, no
    # sound, no screen change gives the press away.
    def until_outcome(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
        asked = next(i for i, e in enumerate(entries) if e.get("line", "").endswith(".ask"))
        return entries[: asked + 1]

    assert until_outcome(answered) == until_outcome(silent)


def test_the_night_follows_the_official_order_for_a_mixed_game(config: Config) -> None:
    entries = play(config, [{"control": "yes"}])
    wakes = []
    for entry in entries:
        line = entry.get("line", "")
        if line.endswith(".wake") and line.split(".")[1] not in wakes:
            wakes.append(line.split(".")[1])
    expected = [step.key for step in called_steps(set(parse_roles(ROLES)))]
    assert wakes == expected
    phases = [entry["phase"] for entry in entries if "phase" in entry]
    assert phases == ["setup", "dusk", "night", "day", "vote"]
    first_call = next(i for i, e in enumerate(entries) if "say" in e)
    day = next(i for i, e in enumerate(entries) if e.get("phase") == "day")
    # The lamps are all put out once as dusk falls; after that, nothing lights until day.
    assert all(e["pattern"] == "off" for e in entries[:first_call] if "lamp" in e)
    assert [e for e in entries[first_call:day] if "lamp" in e or "sound" in e] == []
