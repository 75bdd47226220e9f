"""A game's config section is declared in its own package (``games.config``): the declaration is
checked when it is made, so a section the device cannot check or document never loads."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from games import catalog
from games.alienation.config import ALIENATION
from games.config import ConfigKey, ConfigSection, setting
from games.onenight.config import ONENIGHT, RULINGS, OneNightConfig


def declare(**fields: tuple[type, object]) -> type:
    """A frozen dataclass with ``name=(type, field)`` fields."""
    spec = [(name, kind, value) for name, (kind, value) in fields.items()]
    return dataclasses.make_dataclass("Declared", spec, frozen=True)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"x": (int, 3)}, r"\[s\] x: declare it with games.config.setting"),
        ({"x": (list, setting(1, "doc", low=0, high=2))}, r"\[s\] x: a setting is a bool, int"),
        ({"x": (int, setting(1, "doc"))}, r"\[s\] x: a int setting needs its range"),
        ({"x": (str, setting("a", "doc", low=0, high=1))}, r"\[s\] x: only a number has a range"),
        ({"x": (int, setting(1, "doc", choices=("a",), low=0, high=2))}, "only a str setting"),
        ({"x": (int, setting(1, "doc", low=0.5, high=2))}, "an int setting's range is whole"),
        ({"x": (int, setting(5, "doc", low=0, high=2))}, r"default 5 is outside 0 to 2"),
        ({"x": (str, setting("c", "doc", choices=("a", "b")))}, r"default 'c' is not one of"),
        ({"x": (int, setting(True, "doc", low=0, high=2))}, r"default True is not a int"),
        ({"x": (bool, setting(1, "doc"))}, r"default 1 is not a bool"),
    ],
    ids=[
        "plain-field",
        "unknown-type",
        "no-range",
        "range-on-text",
        "choices-on-number",
        "half-a-whole",
        "default-out-of-range",
        "default-not-a-choice",
        "bool-for-int",
        "int-for-bool",
    ],
)
def test_a_declaration_the_device_cannot_check_is_refused_naming_the_key(
    fields: dict[str, tuple[type, object]], message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        ConfigSection("s", declare(**fields), "doc")


def test_a_section_reads_its_keys_types_defaults_and_limits_from_the_dataclass() -> None:
    @dataclass(frozen=True)
    class Pace:
        seconds: float = setting(10, "Seconds, 3 to 120.", low=3, high=120)
        mode: str = setting("a", "A or b.", choices=("a", "b"))
        loud: bool = setting(False, "Loud.")

    section = ConfigSection("pace", Pace, "How fast.")
    assert section.keys == (
        ConfigKey("seconds", float, 10, "Seconds, 3 to 120.", 3, 120),
        ConfigKey("mode", str, "a", "A or b.", choices=("a", "b")),
        ConfigKey("loud", bool, False, "Loud."),
    )
    assert section.defaults() == {"seconds": 10, "mode": "a", "loud": False}
    assert section.build({"seconds": 4.0, "mode": "b", "loud": True}) == Pace(4.0, "b", True)
    with pytest.raises(TypeError, match="is not a dataclass"):
        ConfigSection("pace", int, "doc")


def test_the_games_own_their_sections_and_document_every_key() -> None:
    owned = [section for spec in catalog.GAMES for section in spec.sections]
    assert len({section.name for section in owned}) == len(owned)  # no name owned twice
    assert catalog.find_game("onenight").sections == (ONENIGHT, RULINGS)
    assert catalog.find_game("alienation").sections == (ALIENATION,)
    for section in owned:  # every game's, a game the suite adds too
        assert section.doc and all(key.doc.strip() for key in section.keys), section.name
    assert OneNightConfig() == ONENIGHT.build(ONENIGHT.defaults())
