"""Alieninjas rules cases, table-driven from tests/data/alieninjas_rules.toml."""

from __future__ import annotations

from typing import Any

import pytest
from alieninjas_game import Game
from tables import case_id, load_cases

from games.alieninjas.setup import parse_setup
from games.alieninjas.views import ScoresView
from games.effects import Say, Show
from games.errors import EventNotAcceptedError, SetupError
from games.events import ScoreEntered
from narration.catalogue import Catalogue


@pytest.mark.parametrize("case", load_cases("alieninjas_rules", "setup_error"), ids=case_id)
def test_setups_refused(case: dict[str, Any]) -> None:
    with pytest.raises(SetupError) as caught:
        parse_setup(case["setup"])
    assert str(caught.value) == case["error"]


@pytest.mark.parametrize("case", load_cases("alieninjas_rules", "setup_ok"), ids=case_id)
def test_setups_accepted(case: dict[str, Any]) -> None:
    assert parse_setup(case["setup"]).players == case["setup"]["players"]


@pytest.mark.parametrize("case", load_cases("alieninjas_rules", "spoken"), ids=case_id)
def test_what_is_spoken_when_a_round_stops(case: dict[str, Any]) -> None:
    game = Game(players=3, time_limit=30.0)
    game.go(0.0)
    if case["moment"] == "buzz":
        game.press(2, at=10.0)
        game.tick(10.1)
        assert game.phase == "check"
    else:
        game.tick(40.0)
        assert game.phase == "score"
    catalogue = Catalogue.load("common", "alieninjas")
    spoken = [catalogue.text(e.line, dict(e.params)) for e in game.effects if isinstance(e, Say)]
    assert any(all(word in text for word in case["contains"]) for text in spoken), spoken


def entry(fields: dict[str, Any]) -> ScoreEntered:
    extra = {key: value for key, value in fields.items() if key not in ("seat", "points")}
    return ScoreEntered(fields["seat"], fields.get("points"), tuple(sorted(extra.items())))


@pytest.mark.parametrize("case", load_cases("alieninjas_rules", "game"), ids=case_id)
def test_whole_games(case: dict[str, Any]) -> None:
    mission = case["mission"]
    game = Game(players=case["players"], mission=mission)
    starters: list[object] = []
    for number, entries in enumerate(case["rounds"], start=1):
        for fields in entries:
            effects = game.feed(entry(fields), 10.0 * number)
        if number < len(case["rounds"]):
            said = [
                dict(e.params)["seat"]
                for e in effects
                if isinstance(e, Say) and e.line == f"alieninjas.{mission}.starter"
            ]
            sheet = [e.view for e in effects if isinstance(e, Show) and e.screen == "scores"][-1]
            assert isinstance(sheet, ScoresView)
            assert sheet.starter == (said[0] if said else None)
            starters.append(said[0] if said else 0)
    assert starters == case["starters"]
    assert game.phase == "final"
    final = game.state.rounds
    from games.alieninjas.scoring import winners

    assert winners(final, case["players"]) == case["winners"]


@pytest.mark.parametrize("case", load_cases("alieninjas_rules", "round_error"), ids=case_id)
def test_a_round_holds_only_its_alieninja_cards(case: dict[str, Any]) -> None:
    game = Game(players=case["players"], mission=case["mission"])
    *taken, refused = case["entries"]
    for fields in taken:
        game.feed(entry(fields), 10.0)
    before = game.state
    with pytest.raises(EventNotAcceptedError) as caught:
        game.feed(entry(refused), 11.0)
    assert caught.value.for_table == case["table"]
    assert game.state == before  # the seats already in stay


@pytest.mark.parametrize("case", load_cases("alieninjas_rules", "round_ok"), ids=case_id)
def test_a_round_within_its_alieninja_cards_is_taken(case: dict[str, Any]) -> None:
    game = Game(players=case["players"], mission=case["mission"])
    for fields in case["entries"]:
        game.feed(entry(fields), 10.0)
    seats = {fields["seat"] for fields in case["entries"]}
    assert {score.seat for score in game.state.entries} == seats
