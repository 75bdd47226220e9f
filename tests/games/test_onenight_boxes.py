"""A One Night game is filed under the box most of its roles come from, by its published title,
and its comment names the other boxes (table: tests/data/onenight_boxes.toml)."""

from __future__ import annotations

from typing import Any

import pytest
from tables import case_id, load_cases

from games.onenight.boxes import BOX_TITLES, filed_under, guest_note
from games.onenight.roles import Role

CASES = load_cases("onenight_boxes")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_game_is_filed_under_the_box_most_of_its_roles_come_from(case: dict[str, Any]) -> None:
    box, others = filed_under(Role(role) for role in case["roles"])
    assert BOX_TITLES[box] == case["title"]
    assert guest_note(others) == case["note"]
