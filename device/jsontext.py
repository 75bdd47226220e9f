"""Reading JSON written by hand or kept for years (scenarios, backups): every value checked.

Python's json module reads ``NaN``, ``Infinity``, ``1e400`` (as infinity) and integers of any
size, and gives up deep nesting with a bare ``RecursionError``. Here such numbers become
`BadNumber` markers that `check_values` reports with the field's path, so a message can say
``setup.options.role_seconds: must be a finite number, got NaN``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

MAX_DEPTH = 100
"""Deepest nesting of lists and objects accepted; nothing Mothership reads needs more than 5."""
INT_LOW, INT_HIGH = -(2**63), 2**63 - 1
"""The integers SQLite can store."""
_MAX_DIGITS = 20  # longer literals are out of range: never converted (Python caps at 4300)


class JsonTextError(ValueError):
    """Text that is not UTF-8, nested too deeply, or holds a value Mothership cannot keep."""


@dataclass(frozen=True)
class BadNumber:
    """A number as written that Python would read as NaN, an infinity or a too-large int."""

    text: str
    problem: str

    def __repr__(self) -> str:
        return self.text


def decode(data: bytes) -> str:
    """UTF-8 bytes as text (a leading byte-order mark is dropped); the error names the byte."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise JsonTextError(
            f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start})"
        ) from None
    return text.removeprefix("\ufeff")


def _constant(text: str) -> BadNumber:
    return BadNumber(text, "must be a finite number")


def _float(text: str) -> float | BadNumber:
    value = float(text)
    return value if math.isfinite(value) else BadNumber(text, "must be a finite number")


def _int(text: str) -> int | BadNumber:
    shown = text if len(text) <= 40 else f"{text[:20]}... ({len(text.lstrip('-'))} digits)"
    if len(text.lstrip("-")) <= _MAX_DIGITS and INT_LOW <= (value := int(text)) <= INT_HIGH:
        return value
    return BadNumber(shown, f"must be between {INT_LOW} and {INT_HIGH}")


DECODER = json.JSONDecoder(parse_constant=_constant, parse_float=_float, parse_int=_int)
"""A decoder that reads bad numbers as `BadNumber` (for ``raw_decode`` of a part)."""


def loads(text: str) -> Any:
    """Parse JSON text, reading bad numbers as `BadNumber` and checking the nesting depth.

    Raises:
        json.JSONDecodeError: the text is not JSON (callers word it with the line).
        JsonTextError: nested deeper than `MAX_DEPTH`.
    """
    try:
        data = DECODER.decode(text)
    except RecursionError:
        data = None
    else:
        if _depth_within(data, MAX_DEPTH):
            return data
    raise JsonTextError(f"nested too deeply (more than {MAX_DEPTH} levels)")


def _depth_within(data: Any, limit: int) -> bool:
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > limit:
                return False
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)
    return True


def check_values(data: Any, path: str = "") -> None:
    """Refuse the first bad number or unstorable text in ``data``, naming its path.

    Paths read ``setup.options.role_seconds`` or ``plays[0].players[1].score``; ``path`` is the
    prefix for ``data`` itself. Raises `JsonTextError` with ``path: problem, got TEXT``.
    """
    stack: list[tuple[str, Any]] = [(path, data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, BadNumber):
            raise JsonTextError(f"{where or 'value'}: {value.problem}, got {value.text}")
        if isinstance(value, float) and not math.isfinite(value):  # built by code, not read
            raise JsonTextError(f"{where or 'value'}: must be a finite number, got {value!r}")
        if isinstance(value, str) and (half := _surrogate(value)):
            raise JsonTextError(f"{where or 'value'}: not valid text ({half})")
        if isinstance(value, dict):
            for key in reversed(value):
                if half := _surrogate(key):
                    raise JsonTextError(f"{where or 'value'}: a key is not valid text ({half})")
                stack.append((f"{where}.{key}" if where else str(key), value[key]))
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", value[i]) for i in reversed(range(len(value))))


def _surrogate(text: str) -> str:
    """``\\ud800 is half a character`` for text holding an unpaired surrogate, else ``""``."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return f"\\u{ord(text[error.start]):04x} is half a character"
    return ""
