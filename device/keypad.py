"""Score entry on the touchscreen: a keypad that builds the same ``score`` entries as the
simulator's, one seat and one field at a time, so the game sessions need nothing new.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from games.events import ScoreEntered

# (field, kind): "number", "yes_no", or "choice:a,b".
FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "alieninjas.replicas": (("correct", "number"), ("wrong", "number"), ("optional", "yes_no")),
    "alieninjas": (("points", "number"),),
    "alienation": (("points", "number"), ("sunnies", "number")),
    "encounters": (
        ("intention", "choice:hostile,peaceful"),
        ("war", "number"),
        ("peace", "number"),
    ),
}
MAX_DIGITS = 3


def fields_for(game: str, mission: str | None = None) -> tuple[tuple[str, str], ...] | None:
    """The fields one seat enters in ``game`` (None: the game has no score entry)."""
    if game == "alieninjas" and mission == "replicas":
        return FIELDS["alieninjas.replicas"]
    return FIELDS.get(game)


@dataclass(frozen=True)
class Keypad:
    """One seat's entry in progress."""

    fields: tuple[tuple[str, str], ...]
    players: int
    seat: int = 1
    index: int = 0
    typed: str = ""
    values: tuple[tuple[str, object], ...] = ()

    @property
    def field(self) -> tuple[str, str]:
        """The field being entered: (name, kind)."""
        return self.fields[self.index]

    def view(self) -> dict[str, Any]:
        """What the keypad screen shows."""
        name, kind = self.field
        return {
            "seat": self.seat,
            "players": self.players,
            "field": name,
            "kind": kind,
            "typed": self.typed,
            "done": [f"{key} {value}" for key, value in self.values],
        }


def press(pad: Keypad, action: str) -> tuple[Keypad | None, ScoreEntered | None]:
    """Apply one tap; returns the keypad (None: closed) and a finished entry, if any."""
    name, kind = pad.field
    if action == "cancel":
        return None, None
    if action.startswith("seat:"):
        seat = int(action.removeprefix("seat:"))
        if 1 <= seat <= pad.players:
            return Keypad(pad.fields, pad.players, seat), None
        return pad, None
    if action.startswith("digit:") and kind == "number" and len(pad.typed) < MAX_DIGITS:
        return dataclasses.replace(pad, typed=(pad.typed + action[-1]).lstrip("0") or "0"), None
    if action == "del":
        return dataclasses.replace(pad, typed=pad.typed[:-1]), None
    if action.startswith("pick:"):
        value: object = action.removeprefix("pick:")
        value = {"yes": True, "no": False}.get(str(value), value) if kind == "yes_no" else value
        return _next(pad, name, value)
    if action == "ok" and kind == "number" and pad.typed:
        return _next(pad, name, int(pad.typed))
    return pad, None


def _next(pad: Keypad, name: str, value: object) -> tuple[Keypad | None, ScoreEntered | None]:
    values = (*pad.values, (name, value))
    if pad.index + 1 < len(pad.fields):
        return dataclasses.replace(pad, index=pad.index + 1, typed="", values=values), None
    entry = dict(values)
    points = entry.pop("points", None)
    extra = tuple(sorted(entry.items()))
    done = ScoreEntered(pad.seat, points if isinstance(points, int) else None, extra)
    following = pad.seat + 1
    if following > pad.players:
        return None, done
    return Keypad(pad.fields, pad.players, following), done
