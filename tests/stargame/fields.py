"""A Stars seat's entry, declared once: the keypad asks it, a scenario may give it, and
``session.check_entry`` takes exactly these fields."""

from __future__ import annotations

from games.spec import EntryContext, FieldKind, ScoreField


def _scored(entry: EntryContext) -> bool:
    """Stars are asked only of a seat that scored points."""
    return entry.values.get("points") != 0


FIELDS = (
    ScoreField("points"),
    ScoreField("stars", prompt="stars caught", default=0, asked=_scored),
    ScoreField("bonus", FieldKind.YES_NO, "reached the comet?", default=False),
    ScoreField("penalty", default=0, keypad=False),
)
EXTRA = tuple(f.name for f in FIELDS if f.name != "points")
