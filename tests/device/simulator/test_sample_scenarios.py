"""Every registered game's sample scenario (`games/<game>/samples/`, the suite's Stars' too)
plays to its final phase, with a plausible outcome; together they cover every game and every
Alieninjas mission. Every JSON example in docs/scenarios.md is checked (and the whole scenarios
played), and it has one per product game, so the reference cannot rot."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from suitegames import PRODUCT, sample_files

from device.config import Config
from device.runtime.sessions import make_session
from device.simulator.run import simulate
from device.simulator.scenario import EVENT_KINDS, check_event, load_scenario, parse_scenario
from games.catalog import GAMES

ROOT = Path(__file__).parents[3]
SCENARIOS = {path.name: path for path in sample_files()}
"""Every registered game's samples by file name (``suitegames``), the suite's Stars' too."""
DOC = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")

OUTCOMES: dict[str, dict[str, Any]] = {
    # file -> the rounds of scores and the winners its entries give; a sample not listed here
    # is checked for the rest (every seat scored as often, the highest total wins)
    "replicas-demo.json": {"rounds": 3},
    "speed.json": {"rounds": 3, "winners": [3]},
    "memory.json": {"rounds": 3, "winners": [2]},
    "collection.json": {"rounds": 3, "winners": [1]},
    # 2 and 3 tie on 21: the Alieninjas captured in the last round (2 against 3) decide.
    "push-your-luck.json": {"rounds": 3, "winners": [3]},
    "alienation.json": {"rounds": 3, "winners": [1]},
    # both Peaceful: 42 Peace and 10 War together, so both win
    "encounters.json": {"rounds": 1, "winners": [1, 2]},
}


def kinds(entries: list[dict[str, Any]], kind: str) -> list[Any]:
    return [entry[kind] for entry in entries if kind in entry]


def played(name: str) -> str:
    """What sample ``name`` plays: its mission, or its game."""
    setup = load_scenario(SCENARIOS[name]).setup
    return str(setup.get("mission", setup["game"]))


def test_every_game_and_mission_has_a_sample() -> None:
    covered = {played(name) for name in SCENARIOS}
    wanted = {mission.key for game in GAMES for mission in game.missions}
    wanted |= {game.key for game in GAMES if not game.missions}
    assert wanted <= covered, f"no sample for {sorted(wanted - covered)}"
    assert "stars" in covered  # the suite's own game is registered and its sample checked


def test_every_samples_folder_is_a_registered_games_and_no_two_samples_share_a_name() -> None:
    every = sample_files()
    assert set(ROOT.glob("games/*/samples/*.json")) <= set(every)
    assert len(every) == len(SCENARIOS)
    assert set(OUTCOMES) <= set(SCENARIOS)


def test_a_sample_without_daybreak_roles_plays_the_vampire_box() -> None:
    from games.onenight.roles import Box
    from games.onenight.setup import setup_from_block
    from games.spec import Settings

    setup = dict(load_scenario(SCENARIOS["onenight-vampire.json"]).setup)
    roles = setup_from_block(setup, Settings()).roles
    assert {role.info.box for role in roles} == {Box.VAMPIRE}


def test_the_daybreak_sample_plays_a_daybreak_preset_with_artifacts(config: Config) -> None:
    from games.onenight.roles import Box
    from games.onenight.setup import setup_from_block
    from games.spec import Settings

    scenario = load_scenario(SCENARIOS["onenight-daybreak.json"])
    roles = setup_from_block(dict(scenario.setup), Settings()).roles
    assert Box.DAYBREAK in {role.info.box for role in roles}
    entries = simulate(scenario, config).transcript.entries
    # Seat 2 (a werewolf: the Shroud changes no role) dies, so the village wins; seat 5 holds
    # the Claw, so he is a werewolf and loses with seat 1, the Alpha Wolf.
    (result,) = kinds(entries, "result")
    assert result == {"deaths": [2], "winners": [3, 4], "teams": ["village"]}
    said = " ".join(kinds(entries, "say"))
    assert "If an Artifact lies in front of you, look at it privately" in said
    for name in ("Claw", "Shroud", "Brand", "Cudgel", "Void", "Mask of"):
        assert name not in said.split("Morning is here")[0], name  # never named at night
    # Secrecy: at dusk and night the only screen is the dark night screen, and every lamp
    # that changes goes off.
    phase, screens, lamps = "", [], set()
    for entry in entries:
        phase = entry.get("phase", phase)
        if phase in ("dusk", "night"):
            screens += kinds([entry], "screen")
            lamps |= set(kinds([entry], "pattern"))
    assert set(screens) == {"night"} and lamps <= {"off"}


def test_the_doppelganger_sample_enters_her_marks_and_the_shield_by_touch(config: Config) -> None:
    scenario = load_scenario(SCENARIOS["onenight-doppelganger.json"])
    assert any(event.kind == "touch" for event in scenario.events)
    entries = simulate(scenario, config).transcript.entries
    assert kinds(entries, "error") == []
    # Seat 4, a Werewolf with a Doppelganger Mark of Love, dies: every lover dies with him, the
    # Doppelganger-Cupid's two and Cupid's two (RB-V), and the village wins.
    (result,) = kinds(entries, "result")
    assert result["deaths"] == [1, 2, 3, 4] and "village" in result["teams"]
    said = kinds(entries, "say")
    # Nostradamus pressed nothing: the table hears the team drawn for him (2.13), and his card,
    # entered with no team, carries it.
    (told,) = [line for line in said if line.startswith("Everyone, listen. Nostradamus is on")]
    assert (5 in result["winners"]) is told.endswith("village team.")


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_sample_plays_to_its_final_phase(name: str, config: Config) -> None:
    outcome = OUTCOMES.get(name, {})
    scenario = load_scenario(SCENARIOS[name])
    entries = simulate(scenario, config).transcript.entries
    assert kinds(entries, "error") == []
    seats = set(range(1, int(scenario.setup["players"]) + 1))
    if kinds(entries, "result"):  # One Night's: who died, which teams won
        assert kinds(entries, "phase")[-1] == "result"
        (result,) = kinds(entries, "result")
        assert set(result["deaths"]) <= seats and set(result["winners"]) <= seats
        assert bool(result["teams"]) == bool(result["winners"])
        assert len(kinds(entries, "screen")) >= 5
        return
    assert kinds(entries, "phase")[-1] == "final"
    (final,) = kinds(entries, "final")
    assert set(final["totals"]) == seats
    assert set(final["winners"]) <= seats
    scores = kinds(entries, "score")
    summed = played(name) != "encounters"  # Encounters' totals are War minus Peace, not summed
    if scores or "rounds" in outcome:  # a game that reports each entry (Stars does not)
        rounds = outcome.get("rounds", len(scores) // len(seats))
        assert rounds >= 1
        assert Counter(score["seat"] for score in scores) == dict.fromkeys(seats, rounds)
        last = {score["seat"]: score["total"] for score in scores[-len(seats) :]}
        assert last == final["totals"]
        for seat in seats if summed else ():
            assert sum(s["points"] for s in scores if s["seat"] == seat) == final["totals"][seat]
    if summed:
        best = max(final["totals"].values())
        assert final["winners"] and all(final["totals"][s] == best for s in final["winners"])
    if "winners" in outcome:
        assert final["winners"] == outcome["winners"]


# -- docs/scenarios.md --------------------------------------------------------------------------

BLOCKS = {
    f"line-{DOC.count(chr(10), 0, match.start()) + 1}": (
        match.group(1),
        DOC[match.end() :].split("```", 1)[0],
    )
    for match in re.finditer(r"```json\n(.*?)```", DOC, re.S)
}
"""Every ```json block by its line in the doc: (its text, the prose after it, to the next block)."""
WHOLE = [line for line, (text, _) in BLOCKS.items() if '"events"' in text]
SPANS = sorted(
    span
    for span in set(re.findall(r"`(\{\"(\w+)\": .*?\})`", DOC))
    if span[1] in ("t", *EVENT_KINDS) and "{...}" not in span[0]
)
"""Every inline example of an event, an entry or a transcript line: (its text, its kind)."""


def test_the_doc_has_a_worked_example_per_game() -> None:
    # the users' reference: every game the product ships (not the suite's own Stars)
    games = [json.loads(BLOCKS[line][0])["setup"]["game"] for line in WHOLE]
    assert {game.key for game in PRODUCT} <= set(games)


def test_the_docs_lists_of_games_samples_and_demos_are_the_products() -> None:
    # The doc is written by hand for users: it must name what the product's catalog has (not
    # the suite's Stars), so a game added to the catalog without its lines here fails.
    section = DOC.split("## Setup", 1)[1]
    keys = re.findall(r"`(\w+)`", section.split("picks the game:", 1)[1].split("(a game's", 1)[0])
    assert keys == [spec.key for spec in PRODUCT]
    table = DOC.split("| File | Game |", 1)[1].split("\n\n", 1)[0]
    listed = re.findall(r"^\| `([\w.-]+\.json)` \|", table, re.M)
    shipped = [path.name for path in sample_files() if path.is_relative_to(ROOT / "games")]
    assert sorted(listed) == sorted(shipped)
    demo = re.search(r"mothership demo \[--game ([\w|]+)\]", DOC)
    assert demo is not None
    assert demo[1].split("|") == [spec.samples[0].name for spec in PRODUCT if spec.samples]


@pytest.mark.parametrize("line", list(BLOCKS))
def test_every_json_block_of_the_doc_is_valid(line: str, config: Config) -> None:
    block = BLOCKS[line][0]
    data = json.loads(block)
    if isinstance(data, list):
        for index, event in enumerate(data):
            check_event(index, None, event)
    elif "setup" in data:
        parse_scenario(block, name="docs/scenarios.md")
    elif "game" in data:
        make_session(data, config)
    else:
        check_event(0, None, data)


@pytest.mark.parametrize("line", WHOLE)
def test_every_whole_scenario_of_the_doc_plays_and_ends_as_it_says(
    line: str, config: Config
) -> None:
    block, prose = BLOCKS[line]
    entries = simulate(parse_scenario(block, name="docs/scenarios.md"), config).transcript.entries
    outcome = kinds(entries, "result") + kinds(entries, "final")
    if kinds(entries, "phase")[-1] in ("result", "final"):
        (last,) = outcome
        assert f"`{json.dumps(last)}`" in prose, "the prose after the example states its outcome"


@pytest.mark.parametrize(("span", "kind"), SPANS)
def test_every_inline_example_of_the_doc_is_valid(span: str, kind: str) -> None:
    data = json.loads(span)
    if kind == "t":  # a transcript line: its time, then one kind
        assert isinstance(data["t"], int | float) and len(data) in (2, 3)
    else:
        check_event(0, None, data)


README_SCENARIOS = re.findall(
    r"```json\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S
)


@pytest.mark.parametrize("block", README_SCENARIOS)
def test_the_readmes_scenario_plays(block: str, config: Config) -> None:
    simulate(parse_scenario(block, name="README.md"), config)
