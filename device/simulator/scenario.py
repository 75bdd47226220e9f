"""Simulator scenarios: reading and checking the public JSON format (see DESIGN.md).

Every problem is reported with the event's index, its line in the file and the key at fault, so
a scenario written by hand can be fixed without guessing.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from device.jsontext import DECODER, JsonTextError, check_values, decode, loads
from games.catalog import find_game, score_keys, setup_keys
from games.errors import UnknownGameError

EVENT_KINDS: dict[str, frozenset[str]] = {
    # kind -> the other keys allowed beside it
    "wait": frozenset(),
    "press": frozenset(),
    "control": frozenset(),
    "tag": frozenset(),
    "touch": frozenset(),
    "key": frozenset(),
    "vote": frozenset(),
    "reveal": frozenset(),
    "score": frozenset(),
    "until": frozenset({"is"}),
}
SUB_KEYS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # kind -> (required keys, optional keys) of its object value; a score's optional keys are
    # every game's score fields, from the registry (``entry_keys``)
    "vote": (frozenset({"voter", "target"}), frozenset({"second"})),
    "reveal": (
        frozenset({"seat", "card"}),
        frozenset({"mark", "became", "snatched", "artifact", "foresaw", "shielded"}),
    ),
    "score": (frozenset({"seat"}), frozenset()),
}
CONTROLS = ("yes", "no", "go")
KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "y", "n", "space", "escape")
UNTIL_WHAT = ("phase",)
WAIT_LIMIT_SECONDS = 6 * 3600.0
"""The longest one ``wait`` may run, as long as an ``until`` may (the simulator's limit)."""
SCORE_LIMIT = 999_999
"""The largest number a score entry may hold, either sign: a game's totals stay storable."""


class ScenarioError(ValueError):
    """A scenario that cannot be run as written."""


@dataclass(frozen=True)
class ScenarioEvent:
    """One checked scenario event."""

    index: int
    line: int | None
    kind: str
    value: Any
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def where(self) -> str:
        """``event 3 (line 12)``: how messages name this event."""
        line = f" (line {self.line})" if self.line is not None else ""
        return f"event {self.index}{line}"


@dataclass(frozen=True)
class Scenario:
    """A checked scenario: its setup block and its events."""

    setup: Mapping[str, Any]
    events: tuple[ScenarioEvent, ...]


def _hint(word: str, choices: Any) -> str:
    close = difflib.get_close_matches(word, sorted(choices), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def load_scenario(path: Path) -> Scenario:
    """Read and check a scenario file."""
    try:
        text = decode(path.read_bytes())
    except OSError as error:
        raise ScenarioError(f"cannot read scenario {str(path)!r}: {error.strerror}") from None
    except JsonTextError as error:
        raise ScenarioError(f"{path}: {error}") from None
    return parse_scenario(text, name=str(path))


def parse_scenario(text: str, *, name: str = "scenario") -> Scenario:
    """Check a scenario given as JSON text."""
    try:
        data = loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioError(
            f"{name}: not valid JSON at line {error.lineno}, column {error.colno}: {error.msg}"
        ) from None
    except JsonTextError as error:
        raise ScenarioError(f"{name}: {error}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{name}: expected an object with 'setup' and 'events'")
    for key in data:
        if key not in ("setup", "events"):
            raise ScenarioError(f"{name}: unknown key {key!r}{_hint(key, ['setup', 'events'])}")
    setup = data.get("setup")
    if not isinstance(setup, dict):
        raise ScenarioError(f"{name}: 'setup' must be an object")
    allowed = setup_keys()  # every game's setup keys, from the registry
    for key in setup:
        if key not in allowed:
            raise ScenarioError(f"{name}: setup: unknown key {key!r}{_hint(key, allowed)}")
    if "game" not in setup:
        raise ScenarioError(f"{name}: setup: 'game' is missing")
    _check_game_keys(name, setup)
    try:
        check_values(setup, "setup")
    except JsonTextError as error:
        raise ScenarioError(f"{name}: {error}") from None
    events = data.get("events", [])
    if not isinstance(events, list):
        raise ScenarioError(f"{name}: 'events' must be a list")
    lines = _event_lines(text, len(events))
    checked = tuple(check_event(index, lines[index], raw) for index, raw in enumerate(events))
    return Scenario(setup, checked)


def _check_game_keys(name: str, setup: dict[str, Any]) -> None:
    """Refuse a setup key that belongs to another game (a One Night ``preset`` on Alienation):
    it would be ignored, and the table would play something else than the scenario says."""
    try:
        spec = find_game(str(setup["game"]))
    except UnknownGameError:
        return  # the session's own error names the game and its closest match
    own = spec.setup_keys | {"game"}
    for key in setup:
        if key not in own:
            takes = ", ".join(sorted(own - {"game"})) or "nothing else"
            raise ScenarioError(
                f"{name}: setup: {key!r} is not a setting of {spec.name} (it takes {takes})"
            )


def _event_lines(text: str, count: int) -> list[int | None]:
    """The line each event starts on, found by decoding the events list element by element."""
    decoder = DECODER
    lines: list[int | None] = [None] * count
    start = text.find('"events"')
    position = text.find("[", start) + 1 if start >= 0 else 0
    if position <= 0:
        return lines
    for index in range(count):
        while position < len(text) and text[position] in " \t\r\n,":
            position += 1
        try:
            _, end = decoder.raw_decode(text, position)
        except json.JSONDecodeError:
            return lines
        lines[index] = text.count("\n", 0, position) + 1
        position = end
    return lines


def _number(where: str, key: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ScenarioError(f"{where}: {key}: expected a number of seconds >= 0, got {value!r}")
    return float(value)


def _seat(where: str, key: str, value: Any, *, device: bool = False) -> int:
    lowest = 0 if device else 1
    if isinstance(value, bool) or not isinstance(value, int) or value < lowest:
        what = "a seat number, or 0 for the device" if device else "a seat number (1 or more)"
        raise ScenarioError(f"{where}: {key}: expected {what}, got {value!r}")
    return value


def check_event(index: int, line: int | None, raw: Any) -> ScenarioEvent:
    """Check one event's shape (whether it fits the game is checked while it runs)."""
    where = f"event {index}" + (f" (line {line})" if line is not None else "")
    if not isinstance(raw, dict) or not raw:
        raise ScenarioError(f'{where}: expected an object such as {{"wait": 3}}, got {raw!r}')
    kinds = [key for key in raw if key in EVENT_KINDS]
    if len(kinds) > 1:
        found = " and ".join(repr(kind) for kind in kinds)
        raise ScenarioError(f"{where}: one kind per event, found {found}")
    if len(kinds) != 1:
        for key in raw:
            if key not in EVENT_KINDS and key != "is":
                raise ScenarioError(f"{where}: unknown key {key!r}{_hint(key, EVENT_KINDS)}")
        raise ScenarioError(f"{where}: expected exactly one of {', '.join(EVENT_KINDS)}")
    kind = kinds[0]
    for key in raw:
        if key != kind and key not in EVENT_KINDS[kind]:
            allowed = EVENT_KINDS[kind] | {kind}
            raise ScenarioError(f"{where}: unknown key {key!r} for {kind!r}{_hint(key, allowed)}")
    try:
        check_values(raw)
    except JsonTextError as error:
        raise ScenarioError(f"{where}: {error}") from None
    value = raw[kind]
    extra = {key: raw[key] for key in raw if key != kind}
    if kind == "wait":
        value = _number(where, kind, value)
        if value > WAIT_LIMIT_SECONDS:  # bounded as ``until`` is: a typo cannot run for ever
            raise ScenarioError(
                f"{where}: wait: at most {WAIT_LIMIT_SECONDS:.0f} seconds "
                f"({WAIT_LIMIT_SECONDS / 3600:.0f} hours of game time), got {value:g}"
            )
    elif kind == "press":
        value = _seat(where, kind, value)
    elif kind == "control" and value not in CONTROLS:
        raise ScenarioError(
            f"{where}: control: expected one of {', '.join(CONTROLS)}, got {value!r}"
            f"{_hint(str(value), CONTROLS)}"
        )
    elif kind == "key" and value not in KEYS:
        raise ScenarioError(f"{where}: key: expected one of {', '.join(KEYS)}, got {value!r}")
    elif kind in ("tag", "touch") and (not isinstance(value, str) or not value.strip()):
        raise ScenarioError(f"{where}: {kind}: expected a non-empty string, got {value!r}")
    elif kind == "until":
        if value not in UNTIL_WHAT:
            raise ScenarioError(f"{where}: until: expected 'phase', got {value!r}")
        if not isinstance(extra.get("is"), str):
            raise ScenarioError(f"{where}: is: expected a phase name, got {extra.get('is')!r}")
    elif kind in SUB_KEYS:
        value = _check_entry(where, kind, value)
    return ScenarioEvent(index, line, kind, value, extra)


def entry_keys(kind: str) -> tuple[frozenset[str], frozenset[str]]:
    """(required, optional) keys of a ``vote``, ``reveal`` or ``score`` entry's object: a
    score may carry any game's score fields (each game's session refuses those it cannot use)."""
    required, optional = SUB_KEYS[kind]
    if kind == "score":
        optional = optional | score_keys()
    return required, optional


def _check_entry(where: str, kind: str, value: Any) -> dict[str, Any]:
    required, optional = entry_keys(kind)
    if not isinstance(value, dict):
        raise ScenarioError(f"{where}: {kind}: expected an object, got {value!r}")
    for key in value:
        if key not in required | optional:
            raise ScenarioError(
                f"{where}: {kind}.{key}: unknown key{_hint(key, required | optional)}"
            )
    for key in sorted(required - set(value)):
        raise ScenarioError(f"{where}: {kind}.{key}: missing")
    for key in ("seat", "voter", "target", "second"):
        if key in value:
            # A vote may go to the device (seat 0) where a ripple allows it; the game checks.
            _seat(where, f"{kind}.{key}", value[key], device=key in ("target", "second"))
    for flag in ("snatched", "shielded"):
        if kind == "reveal" and not isinstance(value.get(flag, False), bool):
            raise ScenarioError(
                f"{where}: reveal.{flag}: expected true or false, got {value[flag]!r}"
            )
    if kind == "score":
        _check_score_numbers(where, value)
    return dict(value)


def _check_score_numbers(where: str, value: dict[str, Any]) -> None:
    """Refuse a score too large for a game (and for the score log's totals)."""
    stack = [(f"score.{key}", item) for key, item in reversed(value.items())]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            stack.extend((f"{path}.{k}", v) for k, v in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((f"{path}[{i}]", item[i]) for i in reversed(range(len(item))))
        elif isinstance(item, int | float) and not -SCORE_LIMIT <= item <= SCORE_LIMIT:
            raise ScenarioError(
                f"{where}: {path}: must be between -{SCORE_LIMIT} and {SCORE_LIMIT}, got {item!r}"
            )
