"""An Alien Encounters seat's tally, declared once: the keypad asks these fields, a scenario
may give them, and ``rules.check_tally`` takes exactly these."""

from __future__ import annotations

from games.spec import FieldKind, ScoreField

INTENTIONS = ("hostile", "peaceful")
FIELDS = (
    ScoreField("intention", FieldKind.CHOICE, choices=INTENTIONS),
    ScoreField("war"),
    ScoreField("peace"),
)
NAMES = tuple(f.name for f in FIELDS)
