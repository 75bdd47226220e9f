"""The typed views: every view names one screen, and a wrong field is refused when built."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

import games.alieninjas.views
import games.onenight.views
from games.views import Checked, ScreenName, SeatName, View, ViewError

MODULES = (games.views, games.onenight.views, games.alieninjas.views)


def view_classes() -> list[type[View]]:
    found = {
        value
        for module in MODULES
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, View) and value is not View
    }
    return sorted(found, key=lambda cls: cls.__name__)


def test_each_view_class_goes_on_its_own_screen() -> None:
    screens = [cls.screen for cls in view_classes()]
    assert all(isinstance(screen, ScreenName) for screen in screens)
    assert len(screens) == len(set(screens)), screens


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (True, "SeatName.seat must be int, got True"),  # a bool is not a seat
        ("3", "SeatName.seat must be int, got '3'"),
        (3.0, "SeatName.seat must be int, got 3.0"),
    ],
)
def test_a_field_of_the_wrong_type_is_refused_naming_class_field_and_value(
    value: object, message: str
) -> None:
    with pytest.raises(ViewError) as error:
        SeatName(value, "Ada")  # type: ignore[arg-type]
    assert str(error.value) == message


@dataclass(frozen=True)
class _Sample(View):
    screen: ClassVar[ScreenName] = ScreenName.MESSAGE
    seconds: float
    pair: tuple[int, str]
    rows: tuple[SeatName, ...]
    maybe: int | None = None


def test_fields_are_checked_inside_tuples_and_unions() -> None:
    _Sample(1, (1, "a"), (SeatName(1, "Ada"),))  # an int is a float too
    bad = [
        ((1.5, (1, "a", "b"), ()), "_Sample.pair must be tuple[int, str], got (1, 'a', 'b')"),
        ((1.5, (1, 2), ()), "_Sample.pair must be tuple[int, str], got (1, 2)"),
        ((1.5, (1, "a"), ((1, "Ada"),)), "_Sample.rows must be tuple[SeatName, ...]"),
        ((1.5, (1, "a"), (), "2"), "_Sample.maybe must be int | None, got '2'"),
    ]
    for args, message in bad:
        with pytest.raises(ViewError) as error:
            _Sample(*args)  # type: ignore[arg-type]
        assert str(error.value).startswith(message)


@dataclass(frozen=True)
class _Unchecked(Checked):
    table: dict[int, str]


def test_a_field_type_the_checker_does_not_know_fails_loudly_not_silently() -> None:
    with pytest.raises(TypeError, match="cannot check a field of type"):
        _Unchecked({1: "Ada"})
