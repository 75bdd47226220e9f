"""Value checks for the configuration schema, and the error that reports every problem.

`parse_toml` reads one layer. Each check turns one raw TOML value into a typed value or
raises `ValueError` with a lowercase message that repeats the bad input. `validate` and
`cross_check` run over the merged settings and collect every problem as a
`section.key: message` line instead of stopping at the first.
"""

from __future__ import annotations

import difflib
import math
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from games.config import ConfigKey, ConfigSection

__all__ = [
    "Boolean",
    "Check",
    "Choice",
    "ConfigError",
    "Integer",
    "Number",
    "OptionalPath",
    "Pin",
    "PinList",
    "Text",
    "close_match",
    "cross_check",
    "declared_check",
    "declared_checks",
    "parse_toml",
    "show",
    "validate",
]

Schema = Mapping[str, Mapping[str, "Check"]]


class ConfigError(ValueError):
    """The configuration cannot be used; `problems` holds one line per problem."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems: tuple[str, ...] = tuple(sorted(problems))
        super().__init__("\n".join(self.problems))


def show(value: object) -> str:
    """Render a value as it would be written in TOML, for error messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(show(item) for item in value) + "]"
    if isinstance(value, dict):
        return "a table"
    return str(value)


def close_match(word: str, options: Iterable[str]) -> str | None:
    """Return the option most like `word`, or None when none is close."""
    matches = difflib.get_close_matches(word, list(options), n=1)
    return matches[0] if matches else None


_TOML_POSITION = re.compile(r"^(?P<msg>.*) \(at line (?P<line>\d+), column (?P<col>\d+)\)$")


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes a ConfigError naming `source`, line and column."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise ConfigError([f"{source}: nested too deeply"]) from None
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        if match := _TOML_POSITION.match(message):
            where = f"at line {match['line']}, column {match['col']}"
            message = match["msg"]
        else:
            where = "at the end"
            message = message.removesuffix(" (at end of document)")
        detail = message[:1].lower() + message[1:]
        raise ConfigError([f"{source}: TOML syntax error {where}: {detail}"]) from None


class Check:
    """Base class: turns a raw value into a typed one or raises ValueError."""

    def __call__(self, value: object) -> object:
        """Return the checked value; raise ValueError with a message if it is bad."""
        raise NotImplementedError


class Boolean(Check):
    """`true` or `false`."""

    def __call__(self, value: object) -> bool:
        if not isinstance(value, bool):
            raise ValueError(f"expected true or false, got {show(value)}")
        return value


def _in_range(value: float, low: float, high: float) -> None:
    if isinstance(value, float) and not math.isfinite(value):  # TOML has nan and inf
        raise ValueError(f"must be a finite number between {low} and {high}, got {show(value)}")
    if not low <= value <= high:
        raise ValueError(f"must be between {low} and {high}, got {show(value)}")


class Integer(Check):
    """A whole number between `low` and `high` inclusive; booleans are refused."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def __call__(self, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"expected an integer, got {show(value)}")
        _in_range(value, self.low, self.high)
        return value


class Number(Check):
    """A number between `low` and `high` inclusive, returned as a float; ints are fine."""

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high

    def __call__(self, value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"expected a number, got {show(value)}")
        _in_range(value, self.low, self.high)
        return float(value)


class Text(Check):
    """Any string (empty allowed)."""

    def __call__(self, value: object) -> str:
        if not isinstance(value, str):
            raise ValueError(f"expected a string, got {show(value)}")
        return value


class Choice(Check):
    """One string out of a fixed list, with a "did you mean" hint for near misses."""

    def __init__(self, options: Sequence[str]) -> None:
        self.options = tuple(options)

    def __call__(self, value: object) -> str:
        if isinstance(value, str) and value in self.options:
            return value
        listed = ", ".join(repr(option) for option in self.options)
        message = f"must be one of {listed}, got {show(value)}"
        if isinstance(value, str) and (match := close_match(value.lower(), self.options)):
            message += f"; did you mean {match!r}?"
        raise ValueError(message)


class OptionalPath(Check):
    """A filesystem path; the empty string means "not set" and gives None. `~` is expanded."""

    def __call__(self, value: object) -> Path | None:
        if not isinstance(value, str):
            raise ValueError(f"expected a path, got {show(value)}")
        return Path(value).expanduser() if value else None


PIN_LOW, PIN_HIGH = 0, 27


class Pin(Check):
    """A BCM GPIO number 0..27; with `optional`, `false` means "not fitted" and gives None."""

    def __init__(self, *, optional: bool = False) -> None:
        self.optional = optional

    def __call__(self, value: object) -> int | None:
        if self.optional and value is False:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            wanted = "a pin number or false" if self.optional else "a pin number"
            raise ValueError(f"expected {wanted}, got {show(value)}")
        _in_range(value, PIN_LOW, PIN_HIGH)
        return value


class PinList(Check):
    """A list of BCM GPIO numbers, one per seat, returned as a tuple."""

    def __call__(self, value: object) -> tuple[int, ...]:
        if not isinstance(value, list | tuple):
            raise ValueError(f"expected a list of pin numbers, got {show(value)}")
        pins: list[int] = []
        errors: list[str] = []
        for seat, item in enumerate(value, start=1):
            try:
                pin = Pin()(item)
            except ValueError as error:
                errors.append(f"seat {seat}: {error}")
            else:
                assert pin is not None
                pins.append(pin)
        if errors:
            raise ValueError("; ".join(errors))
        return tuple(pins)


def _unknown(name: str, section: str | None, schema: Schema, *, is_table: bool) -> str:
    """Describe an unknown section or key, with a hint when one is close."""
    homes = [f"{other}.{name}" for other in schema if other != section and name in schema[other]]
    if section is None:
        label, what = name, "unknown section" if is_table else "unknown key"
        # a key outside any section is one of a section's keys, written too early: its home
        # comes before a section's name that looks like it ("seats": hardware.seats, not stars)
        hint = homes[0] if homes and not is_table else close_match(name, schema)
    else:
        label, what = f"{section}.{name}", "unknown key"
        hint = close_match(name, schema[section])
    if hint is None:
        hint = homes[0] if homes else None
    return f"{label}: {what}, did you mean {hint!r}?" if hint else f"{label}: {what}"


def declared_check(key: ConfigKey) -> Check:
    """The check for a key a game declared (``games.config``): its type, range or choices."""
    if key.kind is bool:
        return Boolean()
    if key.choices:
        return Choice(key.choices)
    if key.kind is str:
        return Text()
    assert key.low is not None and key.high is not None  # a number's range is declared
    if key.kind is int:
        return Integer(int(key.low), int(key.high))
    return Number(key.low, key.high)


def declared_checks(section: ConfigSection) -> dict[str, Check]:
    """The checks of every key of a game's section, by key."""
    return {key.name: declared_check(key) for key in section.keys}


def validate(
    raw: Mapping[str, object], schema: Schema
) -> tuple[dict[str, dict[str, object]], list[str]]:
    """Check every key of `raw` against `schema`.

    Args:
        raw: merged settings, section name to a table of key to value.
        schema: section name to key name to check.

    Returns:
        The values that passed, by section and key, and one `section.key: message`
        line for each problem (unknown, missing or bad values), unsorted.
    """
    values: dict[str, dict[str, object]] = {section: {} for section in schema}
    problems: list[str] = []
    for name, table in raw.items():
        if name not in schema:
            problems.append(_unknown(name, None, schema, is_table=isinstance(table, dict)))
        elif not isinstance(table, dict):
            problems.append(f"{name}: expected a table, got {show(table)}")
    for section, checks in schema.items():
        table = raw.get(section, {})
        if not isinstance(table, dict):
            continue
        for key in table:
            if key not in checks:
                problems.append(_unknown(key, section, schema, is_table=False))
        for key, check in checks.items():
            if key not in table:
                problems.append(f"{section}.{key}: missing")
                continue
            try:
                values[section][key] = check(table[key])
            except ValueError as error:
                problems.append(f"{section}.{key}: {error}")
    return values, problems


_PIN_KEYS = ("seat_buttons", "seat_lamps", "yes", "no", "go", "buzzer")


def cross_check(values: dict[str, dict[str, object]]) -> list[str]:
    """Find problems between keys of validated values (as returned by `validate`).

    Reports pins used twice and seat lists whose length is not `hardware.seats` (an empty
    piper model means the bundled voice). Keys that failed validation are skipped.
    """
    problems: list[str] = []
    pins, seats = values["pins"], values["hardware"].get("seats")
    owners: dict[int, str] = {}
    for key in _PIN_KEYS:
        value = pins.get(key)
        numbered = enumerate(value, 1) if isinstance(value, tuple) else [(0, value)]
        for seat, pin in numbered:
            if not isinstance(pin, int):
                continue
            where = f" (seat {seat})" if seat else ""
            if pin in owners:
                problems.append(f"pins.{key}: pin {pin}{where} is already used by {owners[pin]}")
            else:
                owners[pin] = f"pins.{key}{where}"
    if isinstance(seats, int):
        for key, may_be_empty in (("seat_buttons", False), ("seat_lamps", True)):
            value = pins.get(key)
            if not isinstance(value, tuple) or len(value) == seats or (may_be_empty and not value):
                continue
            empty = " or [] for none" if may_be_empty else ""
            problems.append(
                f"pins.{key}: expected {seats} pins (one per seat, as hardware.seats says){empty}, "
                f"got {len(value)}"
            )
    return problems
