"""A scenario's `vote` entries under every vote ripple: one entry per seat always closes the vote
(the flow scenarios count on), `second` gives a two-handed seat's other hand, 0 is the device."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tables import case_id, load_cases

from device.config import Config
from device.simulator.run import SimulationError, simulate
from device.simulator.scenario import parse_scenario

CARDS = ("alien", "cow", "psychic", "rascal")


def scenario(case: dict[str, Any]) -> str:
    votes = [
        {"vote": {"voter": v[0], "target": v[1], **({"second": v[2]} if len(v) > 2 else {})}}
        for v in case["votes"]
    ]
    reveals = [{"reveal": {"seat": s, "card": c}} for s, c in enumerate(CARDS, 1)]
    events = [{"until": "phase", "is": "vote"}, *votes]
    if "deaths" in case:
        events += [{"until": "phase", "is": "reveal"}, *reveals, {"until": "phase", "is": "result"}]
    setup = {
        "game": "onenight",
        "players": 4,
        "seed": case["seed"],
        "preset": "alien_first_game",
        "options": {"ripple_rate": 1, "role_seconds": 5, "day_minutes": 1},
    }
    return json.dumps({"setup": setup, "events": events})


@pytest.mark.parametrize("case", load_cases("vote_entries"), ids=case_id)
def test_one_vote_entry_per_seat_closes_the_vote_whatever_the_ripple(
    config: Config, case: dict[str, Any]
) -> None:
    if "error" in case:
        with pytest.raises(SimulationError) as error:
            simulate(parse_scenario(scenario(case)), config)
        assert str(error.value).endswith(case["error"])
        return
    entries = simulate(parse_scenario(scenario(case)), config).transcript.entries
    results = [entry["result"] for entry in entries if "result" in entry]
    assert [result["deaths"] for result in results] == [case["deaths"]]
