"""An Alienation table and a seat's round entry, declared once: the keypad asks these fields,
a scenario may give them, and ``rules.check_entry`` takes exactly these."""

from __future__ import annotations

from games.spec import FieldKind, ScoreField

MIN_PLAYERS, MAX_PLAYERS = 2, 4
FIELDS = (
    ScoreField("points"),
    ScoreField("sunnies", prompt="Sunnies", default=0),
    ScoreField("first", FieldKind.YES_NO, "took Firsties?", default=False, keypad=False),
)
EXTRA = tuple(f.name for f in FIELDS if f.name != "points")
"""The fields besides ``points``."""
