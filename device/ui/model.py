"""Plain data shared by the touchscreen UI: inputs, errors, controls and view readers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

#: Every screen is laid out in these coordinates; other window sizes are scaled.
DESIGN_SIZE: tuple[int, int] = (800, 480)


class UiError(ValueError):
    """A bad request to the UI: unknown screen, malformed view, unknown control label."""


@dataclass(frozen=True)
class UiInput:
    """One input the UI turned a pygame event into.

    ``kind`` is ``"touch"`` (value: the control's action), ``"seat"`` (value: seat number,
    1-based), ``"control"`` (value: ``"yes"``, ``"no"`` or ``"go"``) or ``"quit"``.
    """

    kind: str
    value: str | int


Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Control:
    """An on-screen button: what it says, what it does, where it is (design coordinates)."""

    label: str
    """The name a tap by label (the simulator's ``touch``) finds it by."""
    action: str
    rect: pygame.Rect
    primary: bool = False
    """The screen's main action (drawn green)."""
    style: str = "button"
    """``"button"``, ``"chip"`` (a small role chip) or ``"tab"``."""
    lit: bool = False
    """Selected or chosen: a lit chip, the shown tab, the active preset."""
    caption: str = ""
    """What it shows, when that differs from ``label`` (a chip's "Alien x2")."""
    tint: Colour | None = None
    """The colour of a lit chip or tab (None: the theme's)."""
    size: int = 0
    """The largest font size for its text (0: as large as the button allows)."""

    @property
    def text(self) -> str:
        """The words drawn on it."""
        return self.caption or self.label

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether a press at ``pos`` (design coordinates) lands on this control."""
        return bool(self.rect.collidepoint(pos))


class ViewReader:
    """Typed access to a screen's view mapping; every problem names the screen and the key."""

    def __init__(self, screen: str, view: Mapping[str, object], prefix: str = "") -> None:
        self._screen = screen
        self._view = view
        self._prefix = prefix

    def _get(self, key: str) -> object:
        if key not in self._view:
            raise UiError(f"{self._screen} view: missing key {self._prefix + key!r}")
        return self._view[key]

    def _bad(self, key: str, kind: str, value: object) -> UiError:
        where = self._prefix + key
        return UiError(f"{self._screen} view: {where!r} must be {kind}, got {value!r}")

    def text(self, key: str) -> str:
        """A required string."""
        value = self._get(key)
        if not isinstance(value, str):
            raise self._bad(key, "a string", value)
        return value

    def integer(self, key: str) -> int:
        """A required integer (a bool is refused)."""
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._bad(key, "an integer", value)
        return value

    def flag(self, key: str) -> bool:
        """A required bool."""
        value = self._get(key)
        if not isinstance(value, bool):
            raise self._bad(key, "true or false", value)
        return value

    def number(self, key: str) -> float:
        """A required number."""
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._bad(key, "a number", value)
        return float(value)

    def opt_number(self, key: str) -> float | None:
        """A number or None (the key must still be present)."""
        return None if self._get(key) is None else self.number(key)

    def texts(self, key: str) -> list[str]:
        """A list of strings."""
        value = self._get(key)
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise self._bad(key, "a list of strings", value)
        return [str(v) for v in value]

    def records(self, key: str) -> list[ViewReader]:
        """A list of mappings, each read with its own reader (errors name ``key[i].field``)."""
        value = self._get(key)
        if not isinstance(value, list | tuple) or not all(isinstance(v, Mapping) for v in value):
            raise self._bad(key, "a list of objects", value)
        return [
            ViewReader(self._screen, item, f"{self._prefix}{key}[{i}].")
            for i, item in enumerate(value)
        ]

    def integers(self, key: str) -> list[int]:
        """A list of integers."""
        value = self._get(key)
        ok = isinstance(value, list | tuple | set | frozenset) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        )
        if not ok:
            raise self._bad(key, "a list of integers", value)
        assert isinstance(value, list | tuple | set | frozenset)
        return sorted(int(v) for v in value)
