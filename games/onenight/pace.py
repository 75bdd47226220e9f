"""The setup screen's Options: the night's seconds per role, the discussion's length, the vote mode.

The same three a phone's New game form sets; they go into the setup's options, so the kept
table (Play again, the next game from home) remembers them like the phone's.

>>> options = change_pace(OneNightOptions(), "pace:role:+1")
>>> pace_line(change_pace(options, "pace:vote"), players=5)
'Night: 11 s a role. Talk: 4 min (auto). Vote: called.'
"""

from __future__ import annotations

import dataclasses

from games.errors import SetupError
from games.onenight.setup import VOTE_MODES, OneNightOptions

ROLE_SECONDS = (3, 60)
"""The fewest and most seconds per role the Options allow (the phone's form starts at 3)."""
DAY_MINUTES = (0, 15)
"""Discussion minutes; 0 is the default, one a player minus one."""


def pace_line(options: OneNightOptions, players: int) -> str:
    """The three values in words, for the Options question."""
    minutes = options.day_minutes or max(1, players - 1)
    auto = " (auto)" if not options.day_minutes else ""
    seconds = f"{options.role_seconds:g}"
    return f"Night: {seconds} s a role. Talk: {minutes} min{auto}. Vote: {options.vote_mode}."


def change_pace(options: OneNightOptions, action: str) -> OneNightOptions:
    """One Options tap: ``pace:role:±1``, ``pace:day:±1`` (within range) or ``pace:vote`` (the
    next mode); ``SetupError`` for anything else."""
    match action.split(":"):
        case ["pace", "role", ("-1" | "+1") as step]:
            low, high = ROLE_SECONDS
            seconds = min(high, max(low, round(options.role_seconds) + int(step)))
            return dataclasses.replace(options, role_seconds=float(seconds))
        case ["pace", "day", ("-1" | "+1") as step]:
            low, high = DAY_MINUTES
            minutes = min(high, max(low, options.day_minutes + int(step)))
            return dataclasses.replace(options, day_minutes=minutes)
        case ["pace", "vote"]:
            following = (VOTE_MODES.index(options.vote_mode) + 1) % len(VOTE_MODES)
            return dataclasses.replace(options, vote_mode=VOTE_MODES[following])
    raise SetupError(f"unknown setup action: {action!r}")
