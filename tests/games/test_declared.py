"""Every game declares its table as one typed value, the one the device reads."""

from __future__ import annotations

import pytest

from games.declared import Declared


@pytest.mark.parametrize(
    ("players", "error"),
    [(True, TypeError), (2.0, TypeError), ("4", TypeError), (-1, ValueError)],
)
def test_a_declaration_refuses_what_is_not_a_count_of_seats(players: object, error: type) -> None:
    with pytest.raises(error, match=repr(players) if error is TypeError else str(players)):
        Declared(players=players)  # type: ignore[arg-type]


def test_a_declaration_holds_the_seats_and_the_mission() -> None:
    declared = Declared(players=5, mission="memory")
    assert (declared.players, declared.mission) == (5, "memory")
    assert Declared() == Declared(players=0, mission=None)
