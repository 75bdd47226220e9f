"""A game's own section of the device's config file, declared in the game's folder.

A game that has settings a table may want to change (One Night's night pace, Alienation's way of
choosing the first start player) declares them as a frozen dataclass whose fields are made with
``setting``: each field's type (``bool``, ``int``, ``float`` or ``str``), its default, its range or
its choices and a line that says what it does. ``ConfigSection`` names the TOML table and goes in
the game's ``GameSpec.sections``. The device reads the declaration to check the table (every
problem reported together, a "did you mean" for a misspelt key, the bad value repeated), to fill
in the defaults and to document the section; nothing about the section lives in ``device/``.

>>> @dataclass(frozen=True)
... class Pace:
...     seconds: float = setting(10.0, "Seconds a turn lasts, 3 to 120.", low=3, high=120)
>>> section = ConfigSection("pace", Pace, "How fast the game goes.")
>>> [(key.name, key.kind.__name__, key.default) for key in section.keys]
[('seconds', 'float', 10.0)]
>>> section.defaults()
{'seconds': 10.0}
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

__all__ = ["ConfigKey", "ConfigSection", "setting"]

Value = TypeVar("Value", bool, int, float, str)

KINDS: tuple[type, ...] = (bool, int, float, str)
"""The types a setting may have (what a TOML value turns into)."""

_META = "config_key"


@dataclass(frozen=True)
class _Declared:
    """What ``setting`` records on a field besides its default."""

    doc: str
    low: float | None
    high: float | None
    choices: tuple[str, ...]


def setting(
    default: Value,
    doc: str,
    *,
    low: float | None = None,
    high: float | None = None,
    choices: tuple[str, ...] = (),
) -> Value:
    """A field of a config section: its default, what it does (one or more sentences, shown
    above the key in the config reference), and the range of a number (``low`` and ``high``,
    both needed) or the values a string may take (``choices``)."""
    declared = _Declared(doc, low, high, tuple(choices))
    return field(default=default, metadata={_META: declared})


@dataclass(frozen=True)
class ConfigKey:
    """One key of a section, as the device checks and documents it."""

    name: str
    kind: type
    """``bool``, ``int``, ``float`` or ``str``."""
    default: bool | int | float | str
    doc: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class ConfigSection:
    """A TOML table a game owns: ``[name]``, its keys declared by the dataclass ``settings``.

    Raises ``TypeError`` when the declaration cannot be checked: a field not made with
    ``setting``, a type other than ``KINDS``, a number without its range, choices on a
    non-string, or a default outside its own range or choices.
    """

    name: str
    settings: type
    doc: str
    """What the section is for, shown above the table in the config reference."""
    keys: tuple[ConfigKey, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "keys", tuple(_keys(self.name, self.settings)))

    def defaults(self) -> dict[str, object]:
        """Each key's default, as the TOML table would give it."""
        return {key.name: key.default for key in self.keys}

    def build(self, values: Mapping[str, object]) -> Any:
        """The settings object for checked ``values`` (one per key)."""
        return self.settings(**values)


def _keys(section: str, settings: type) -> list[ConfigKey]:
    if not dataclasses.is_dataclass(settings):
        raise TypeError(f"[{section}]: {settings.__name__} is not a dataclass")
    hints = typing.get_type_hints(settings)
    keys: list[ConfigKey] = []
    for item in dataclasses.fields(settings):
        where = f"[{section}] {item.name}"
        declared = item.metadata.get(_META)
        kind = hints.get(item.name)
        if not isinstance(declared, _Declared):
            raise TypeError(f"{where}: declare it with games.config.setting(...)")
        if kind not in KINDS:
            raise TypeError(f"{where}: a setting is a bool, int, float or str, not {kind}")
        assert isinstance(kind, type)
        default = item.default
        exact = type(default) is kind or (kind is float and type(default) is int)
        if not exact or not isinstance(default, bool | int | float | str):
            raise TypeError(f"{where}: default {default!r} is not a {kind.__name__}")
        limits = _limits(where, declared, kind)
        key = ConfigKey(item.name, kind, default, declared.doc, *limits)
        _check_default(where, key)
        keys.append(key)
    return keys


def _limits(
    where: str, declared: _Declared, kind: type
) -> tuple[float | None, float | None, tuple[str, ...]]:
    number = kind in (int, float)
    if number and (declared.low is None or declared.high is None):
        raise TypeError(f"{where}: a {kind.__name__} setting needs its range: low= and high=")
    if not number and (declared.low is not None or declared.high is not None):
        raise TypeError(f"{where}: only a number has a range, not a {kind.__name__}")
    ends = [end for end in (declared.low, declared.high) if end is not None]
    if kind is int and not all(float(end).is_integer() for end in ends):
        raise TypeError(f"{where}: an int setting's range is whole numbers")
    if declared.choices and kind is not str:
        raise TypeError(f"{where}: only a str setting has choices, not a {kind.__name__}")
    return declared.low, declared.high, declared.choices


def _check_default(where: str, key: ConfigKey) -> None:
    default = key.default
    low, high = key.low, key.high
    if low is not None and high is not None and not low <= float(default) <= high:
        raise TypeError(f"{where}: default {default!r} is outside {low} to {high}")
    if key.choices and default not in key.choices:
        raise TypeError(f"{where}: default {default!r} is not one of {key.choices}")
