"""Whole One Night games in the simulator, through the vote and the reveal to the result,
using exactly the steps of "The flow a scenario can count on"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from device.config import Config, load_config
from device.simulator.run import SimulationError, simulate
from device.simulator.scenario import parse_scenario


def game(votes: dict[int, int], cards: dict[int, str], **setup: Any) -> dict[str, Any]:
    return {
        "setup": {"game": "onenight", "preset": "alien_first_game", "seed": 3, **setup},
        "events": [
            {"until": "phase", "is": "vote"},
            *({"vote": {"voter": v, "target": t}} for v, t in votes.items()),
            *({"reveal": {"seat": s, "card": c}} for s, c in cards.items()),
            {"until": "phase", "is": "result"},
        ],
    }


def run(config: Config, scenario: dict[str, Any]) -> list[dict[str, Any]]:
    return simulate(parse_scenario(json.dumps(scenario)), config).transcript.entries


def test_the_synthetic_alien_voted_out_wins_alone(config: Config) -> None:
    cards = {1: "cow", 2: "alien", 3: "synthetic_alien", 4: "psychic"}
    entries = run(config, game({1: 3, 2: 3, 3: 1, 4: 3}, cards))
    phases = [e["phase"] for e in entries if "phase" in e]
    assert phases[-3:] == ["vote", "reveal", "result"]
    result = next(e["result"] for e in entries if "result" in e)
    assert result == {"deaths": [3], "winners": [3], "teams": ["synthetic"]}
    said = [e["say"] for e in entries if e.get("line") == "onenight.result.line"]
    assert said[0] == "Player 3 died with 3 votes."
    assert "Player 3 was the Synthetic Alien, so the aliens and the village lose." in said


def test_a_circle_vote_kills_nobody(config: Config) -> None:
    cards = {1: "cow", 2: "psychic", 3: "rascal", 4: "exposer"}
    entries = run(config, game({1: 2, 2: 3, 3: 4, 4: 1}, cards))
    result = next(e["result"] for e in entries if "result" in e)
    assert result["deaths"] == []
    assert result["teams"] == ["village"]  # no enemy among the players, nobody died


def test_the_vote_waits_for_every_seat(config: Config) -> None:
    scenario = game({1: 2, 2: 3, 3: 4}, {})
    with pytest.raises(SimulationError) as error:
        run(config, scenario)
    assert "phase 'result' never comes: the game waits for input in phase 'vote'" in str(
        error.value
    )


def test_a_card_not_in_the_game_is_refused_by_name(config: Config) -> None:
    cards = {1: "werewolf"}
    with pytest.raises(SimulationError) as error:
        run(config, game({1: 2, 2: 3, 3: 4, 4: 1}, cards))
    assert str(error.value).startswith(
        "event 5 (line 1) (reveal): seat 1 revealed 'werewolf', which is not in this game; "
        "cards in play: alien, cow, exposer, psychic, rascal, synthetic_alien"
    )


def test_a_self_vote_is_refused_aloud_and_the_seat_still_has_to_vote(config: Config) -> None:
    scenario = game({1: 1}, {})
    scenario["events"] = [
        *scenario["events"][:2],
        {"vote": {"voter": 1, "target": 2}},
        {"vote": {"voter": 2, "target": 1}},
        {"vote": {"voter": 3, "target": 1}},
        {"vote": {"voter": 4, "target": 1}},
        {"until": "phase", "is": "reveal"},
    ]
    entries = run(config, scenario)
    lines = [e.get("line") for e in entries]
    assert "onenight.vote.self" in lines
    assert [e["phase"] for e in entries if "phase" in e][-1] == "reveal"


def test_rulings_come_from_the_config_and_reach_the_result(tmp_path: Path) -> None:
    config = load_config(
        system_path=None,
        overrides={
            "narration.backend": "silent",
            "narration.cache_dir": str(tmp_path / "wav"),
            "rulings.device_tie_saves_everyone": False,
        },
    )
    from device.runtime.sessions import onenight_setup

    setup = onenight_setup({"game": "onenight", "preset": "alien_first_game"}, config)
    assert ("device_tie_saves_everyone", False) in setup.options.rulings
    cards = {1: "cow", 2: "alien", 3: "synthetic_alien", 4: "psychic"}
    entries = run(config, game({1: 3, 2: 3, 3: 1, 4: 3}, cards))
    assert next(e["result"] for e in entries if "result" in e)["deaths"] == [3]


def test_an_unknown_tag_is_answered_aloud_and_changes_nothing(config: Config) -> None:
    scenario = game({}, {})
    scenario["events"] = [{"tag": "DEADBEEF"}, {"until": "phase", "is": "dusk"}]
    entries = run(config, scenario)
    assert "common.unknown_tag" in [e.get("line") for e in entries]
    assert [e["phase"] for e in entries if "phase" in e] == ["setup", "dusk"]


def test_a_snatched_seer_dies_as_an_alien(config: Config) -> None:
    # Reference 2.9: the card the Body Snatcher took is an Alien card; whatever the seed drew.
    roles = ["body_snatcher", "seer", "villager", "robber", "troublemaker", "villager", "werewolf"]
    for seed in (1, 2, 3):
        scenario = game({1: 2, 2: 1, 3: 1, 4: 1}, {}, roles=roles, players=4, seed=seed)
        scenario["setup"].pop("preset")
        scenario["events"][-1:-1] = [
            {"reveal": {"seat": 1, "card": "seer", "snatched": True}},
            {"reveal": {"seat": 2, "card": "body_snatcher", "snatched": False}},
            {"reveal": {"seat": 3, "card": "villager"}},
            {"reveal": {"seat": 4, "card": "robber"}},
        ]
        entries = run(config, scenario)
        result = next(e["result"] for e in entries if "result" in e)
        assert result == {"deaths": [1], "winners": [3, 4], "teams": ["village"]}, seed
        said = [e["say"] for e in entries if e.get("line") == "onenight.result.line"]
        assert "Player 1 was the Seer, snatched: an Alien card." in said


def doppelganger_by_touch(cards: dict[int, tuple[str, ...]], votes: dict[int, int]) -> Any:
    """A Doppelganger game through the vote, then every card entered on the reveal picker by
    touch (a copier card's labels: its card, then "Copied <role>" or "Copied nothing")."""
    roles = ["doppelganger", "werewolf", "seer", "robber", "villager", "villager", "troublemaker"]
    scenario = game(votes, {}, roles=roles, players=4, seed=5)
    scenario["setup"].pop("preset")
    touches = [{"touch": "Reveal cards"}]
    for seat, labels in cards.items():
        touches += [{"touch": label} for label in (f"Seat {seat}", *labels, "Confirm")]
    scenario["events"][-1:-1] = touches
    return scenario


D_WOLF = ("Doppelganger", "Copied Werewolf")
D_SEER = ("Doppelganger", "Copied Seer")
"""The taps for a Doppelganger card and the role it copied."""


@pytest.mark.parametrize(
    ("cards", "votes", "expected", "line"),
    [
        (
            # 1.3: she copied a Werewolf and is voted out: the village wins.
            {1: D_WOLF, 2: ("Seer",), 3: ("Villager",), 4: ("Robber",)},
            {1: 2, 2: 1, 3: 1, 4: 1},
            {"deaths": [1], "winners": [2, 3, 4], "teams": ["village"]},
            "Player 1 was the Doppelganger-Werewolf.",
        ),
        (
            # 4.4.8: the card swapped away keeps its copy: the Robber holding it dies a werewolf.
            {1: ("Robber",), 2: ("Seer",), 3: D_WOLF, 4: ("Villager",)},
            {1: 3, 2: 3, 3: 1, 4: 3},
            {"deaths": [3], "winners": [1, 2, 4], "teams": ["village"]},
            "Player 3 was the Doppelganger-Werewolf.",
        ),
        (
            # 1.3: a copy of the Seer is village: her death gives the werewolves the win.
            {1: D_SEER, 2: ("Werewolf",), 3: ("Villager",), 4: ("Robber",)},
            {1: 3, 2: 1, 3: 1, 4: 1},
            {"deaths": [1], "winners": [2], "teams": ["werewolf"]},
            "Player 1 was the Doppelganger-Seer.",
        ),
    ],
    ids=["copied-werewolf", "swapped-copy", "copied-seer"],
)
def test_a_doppelganger_game_revealed_by_touch_resolves_with_the_copied_role(
    config: Config,
    cards: dict[int, tuple[str, ...]],
    votes: dict[int, int],
    expected: dict[str, Any],
    line: str,
) -> None:
    entries = run(config, doppelganger_by_touch(cards, votes))
    assert not [e for e in entries if "error" in e]
    assert next(e["result"] for e in entries if "result" in e) == expected
    said = [e["say"] for e in entries if e.get("line") == "onenight.result.line"]
    assert line in said


def test_confirm_waits_for_the_role_the_doppelganger_card_became(config: Config) -> None:
    scenario = doppelganger_by_touch({}, {1: 2, 2: 1, 3: 1, 4: 1})
    scenario["events"][-1:] = [{"touch": "Seat 1"}, {"touch": "Doppelganger"}, {"touch": "Confirm"}]
    with pytest.raises(SimulationError) as error:
        run(config, scenario)
    assert "no control labelled 'Confirm' on the reveal screen; controls: 'Seat 1'" in str(
        error.value
    )
    assert "'Doppelganger', 'Copied Werewolf', 'Copied Seer'" in str(error.value)
