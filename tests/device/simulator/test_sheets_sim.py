"""Alienation and Alien Encounters in the simulator, played to the end with exactly the steps of
"The flow a scenario can count on", through the real touchscreen UI and its sheet screen."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from screenpixels import display

from device.config import Config
from device.simulator.run import SimulationError, simulate
from device.simulator.scenario import parse_scenario
from device.ui import TouchUI
from device.ui.sheets import SheetScreen
from games.effects import Show
from games.encounters.rules import EncountersSetup
from games.encounters.session import EncountersSession
from games.events import Tap
from games.views import SheetView


def run(config: Config, scenario: dict[str, Any]) -> list[dict[str, Any]]:
    return simulate(parse_scenario(json.dumps(scenario)), config).transcript.entries


def alienation(rounds: list[list[dict[str, Any]]]) -> dict[str, Any]:
    events: list[dict[str, Any]] = []
    for entries in rounds:
        events.append({"until": "phase", "is": "score"})
        events += [{"score": entry} for entry in entries]
    events.append({"until": "phase", "is": "final"})
    return {"setup": {"game": "alienation", "players": 3, "seed": 4}, "events": events}


def test_an_alienation_game_plays_to_the_final(config: Config) -> None:
    rounds = [
        [
            {"seat": 1, "points": 12, "sunnies": 2, "first": True},
            {"seat": 2, "points": 9},
            {"seat": 3, "points": 10, "sunnies": 1},
        ],
        [
            {"seat": 1, "points": 5},
            {"seat": 2, "points": 14, "first": True},
            {"seat": 3, "points": 10},
        ],
        [{"seat": 1, "points": 8}, {"seat": 2, "points": 4}, {"seat": 3, "points": 2}],
    ]
    entries = run(config, alienation(rounds))
    phases = [e["phase"] for e in entries if "phase" in e]
    # Nobody chose the friendliest player: `until score` waited for the device's draw.
    assert phases == ["friendliest", "score", "score", "score", "final"]
    drawn = next(e for e in entries if e.get("line") == "alienation.friendliest.timeout")
    assert drawn["t"] >= 120.0
    assert [e["screen"] for e in entries if "screen" in e] == ["home", "sheet"]
    scores = [e["score"] for e in entries if "score" in e]
    assert len(scores) == 9
    assert scores[-3:] == [
        {"round": 3, "seat": 1, "points": 8, "total": 25},
        {"round": 3, "seat": 2, "points": 4, "total": 27},
        {"round": 3, "seat": 3, "points": 2, "total": 22},
    ]
    assert next(e["final"] for e in entries if "final" in e) == {
        "winners": [2],
        "totals": {1: 25, 2: 27, 3: 22},
    }
    said = [e["say"] for e in entries if "say" in e]
    assert "Draft by passing your cards to the right." in said
    assert said.count("Round 3 of 3. Player 2 is the start player.") == 1
    assert said[-1] == "Player 2 wins with 27 points. Well built!"


@pytest.mark.parametrize(
    ("choice", "start"),
    [({"press": 3}, 3), ({"touch": "Player 1"}, 1), ({"control": "go"}, 1)],
    ids=["seat-button", "touch", "go-draws"],
)
def test_the_table_chooses_the_friendliest_player_in_a_scenario(
    config: Config, choice: dict[str, Any], start: int
) -> None:
    scenario = alienation([[{"seat": s, "points": 5} for s in (1, 2, 3)]] * 3)
    scenario["events"][:0] = [{"until": "phase", "is": "friendliest"}, choice]
    entries = run(config, scenario)
    said = [e["say"] for e in entries if "say" in e]
    assert f"Round 1 of 3. Player {start} is the start player." in said
    assert not any(e.get("line") == "alienation.friendliest.timeout" for e in entries)


def test_the_random_setting_skips_the_question(config: Config) -> None:
    scenario = alienation([[{"seat": s, "points": 5} for s in (1, 2, 3)]] * 3)
    scenario["setup"]["options"] = {"friendliest": "random"}
    phases = [e["phase"] for e in run(config, scenario) if "phase" in e]
    assert phases == ["score", "score", "score", "final"]


def test_alienation_refuses_a_negative_score_by_name(config: Config) -> None:
    scenario = alienation([[{"seat": 3, "points": -2}]])
    with pytest.raises(SimulationError, match="seat 3 scored -2: a round score is 0 or more"):
        run(config, scenario)


def encounters(tallies: list[dict[str, Any]], *extra: dict[str, Any]) -> dict[str, Any]:
    options = {"factions": ["humans", "zanthans"], "remove": None, "random_first": True}
    return {
        "setup": {"game": "encounters", "players": 2, "seed": 2, "options": options},
        "events": [
            {"until": "phase", "is": "rounds"},
            *extra,
            *({"control": "go"} for _ in range(10)),
            {"until": "phase", "is": "score"},
            *({"score": entry} for entry in tallies),
            {"until": "phase", "is": "final"},
        ],
    }


def test_an_encounters_game_plays_to_the_final(config: Config) -> None:
    tallies = [
        {"seat": 1, "intention": "hostile", "war": 14, "peace": 2},
        {"seat": 2, "intention": "hostile", "war": 12, "peace": 6},
    ]
    entries = run(config, encounters(tallies))
    phases = [e["phase"] for e in entries if "phase" in e]
    assert phases == ["rounds", "score", "final"]
    said = [e["line"] for e in entries if "line" in e]
    assert said.count("encounters.round") == 10
    assert said.count("encounters.event") == 3
    assert next(e["final"] for e in entries if "final" in e) == {
        "winners": [1],
        "totals": {1: 12, 2: 6},
    }


def test_encounters_undo_by_touch_costs_a_go(config: Config) -> None:
    tallies = [
        {"seat": 1, "intention": "peaceful", "war": 2, "peace": 20},
        {"seat": 2, "intention": "peaceful", "war": 2, "peace": 20},
    ]
    scenario = encounters(tallies, {"touch": "Next round"}, {"touch": "Undo"})
    entries = run(config, scenario)
    assert next(e["final"] for e in entries if "final" in e)["winners"] == [1, 2]
    scenario["events"].insert(4, {"touch": "Undo"})  # after the first go: one round back
    with pytest.raises(SimulationError, match="phase 'score' never comes"):
        run(config, scenario)


def test_a_sheet_view_with_a_missing_cell_is_refused_by_name() -> None:
    from games.views import SheetButton, SheetRow, SheetView, ViewError

    def sheet(*cells: str) -> SheetView:
        row = SheetRow(1, cells)
        return SheetView(
            "Sheet", ("R1", "Total"), (row,), "", 0, 0, (SheetButton("Home", Tap.HOME),)
        )

    with pytest.raises(ViewError, match=r"^SheetView\.rows: seat 1 has 1 cells for 2 columns$"):
        sheet("3")
    assert [c.action for c in SheetScreen.from_view(sheet("3", "3")).controls()] == ["home"]


def test_sheet_notes_are_optional_and_checked() -> None:
    from games.views import SheetRow, SheetView, ViewError

    view = SheetView("Sheet", ("Total",), (SheetRow(1, ("3",)),), "", 0, 0, ())
    assert SheetScreen.from_view(view).notes == ()
    noted = dataclasses.replace(view, notes=("Bag: 2 War + 5 Neutral tokens",))
    assert SheetScreen.from_view(noted).notes == ("Bag: 2 War + 5 Neutral tokens",)
    with pytest.raises(
        ViewError, match=r"^SheetView\.notes must be tuple\[str, \.\.\.\], got 'Bag'$"
    ):
        dataclasses.replace(view, notes="Bag")  # type: ignore[arg-type]  # refused, on purpose


def test_encounters_round_1_says_and_shows_the_starting_bag_and_hand(config: Config) -> None:
    tallies = [
        {"seat": 1, "intention": "peaceful", "war": 2, "peace": 20},
        {"seat": 2, "intention": "peaceful", "war": 2, "peace": 20},
    ]
    entries = run(config, encounters(tallies))
    said = [e["line"] for e in entries if "line" in e]
    assert said.index("encounters.bag") < said.index("encounters.hand")
    assert said.index("encounters.hand") < said.index("encounters.round")
    _, effects = EncountersSession(EncountersSetup(seed=1)).start(0.0)
    view = [e for e in effects if isinstance(e, Show)][-1].view
    assert isinstance(view, SheetView)
    band = pygame.Rect(20, 236, 760, 104)  # under the two rows, above the message
    ui = TouchUI()
    ui.open()
    try:
        ui.show(view)
        with_notes = pygame.image.tobytes(display().subsurface(band), "RGB")
        ui.show(dataclasses.replace(view, notes=()))
        without = pygame.image.tobytes(display().subsurface(band), "RGB")
    finally:
        ui.close()
    assert with_notes != without


def test_a_final_sheet_offers_its_play_on_bg_stats_and_who_played(tmp_path: Path) -> None:
    """The final Alienation sheet (a typed SheetView) gets the BG Stats and Who played? buttons
    of its logged play; naming a seat keeps the sheet, and Back from the code returns to it."""

    from device.commands.cli import main
    from device.store.database import Store

    db = tmp_path / "m.db"
    store = Store(db)
    store.add_player("Ada")
    store.close()
    sample = Path(__file__).parents[3] / "games" / "alienation" / "samples" / "alienation.json"
    scenario = json.loads(sample.read_text())
    scenario["events"] += [
        {"touch": "Who played?"},
        {"touch": "Ada"},
        {"touch": "Done"},
        {"touch": "BG Stats"},
        {"touch": "Back"},
    ]
    path = tmp_path / "final.json"
    path.write_text(json.dumps(scenario))
    transcript = tmp_path / "t.jsonl"
    assert main(["simulate", str(path), "--transcript", str(transcript), "--store", str(db)]) == 0
    screens = [json.loads(line).get("screen") for line in transcript.read_text().splitlines()]
    assert [s for s in screens if s][-5:] == ["sheet", "who", "sheet", "bgstats", "sheet"]
    (play,) = Store(db).plays()
    assert play.players[0].name == "Ada"
