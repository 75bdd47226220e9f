"""The setup screen's Options: the night's seconds per role, the discussion's length, the vote mode.

The same three a phone's New game form sets; they go into the setup's options, so the kept
table (Play again, the next game from home) remembers them like the phone's.

>>> options = change_pace(OneNightOptions(), Tap.ROLE_SECONDS_MORE, players=5)
>>> pace_line(change_pace(options, Tap.VOTE_MODE, players=5), players=5)
'Night: 11 s a role. Talk: 4 min (auto). Vote: called.'

Talk steps from the minutes in effect, auto's included: at five players auto is 4 min, so "+"
gives 5 min and "-" 3 min; stepping onto the auto value is auto again.

>>> steps = (Tap.DAY_MINUTES_MORE, Tap.DAY_MINUTES_LESS)
>>> [change_pace(options, step, players=5).day_minutes for step in steps]
[5, 3]
>>> less = Tap.DAY_MINUTES_LESS
>>> change_pace(dataclasses.replace(options, day_minutes=5), less, players=5).day_minutes
0
"""

from __future__ import annotations

import dataclasses

from games.errors import SetupError
from games.events import Tap
from games.onenight.setup import VOTE_MODES, OneNightOptions

ROLE_SECONDS = (3, 60)
"""The fewest and most seconds per role the Options allow (the phone's form starts at 3)."""
DAY_MINUTES = (1, 15)
"""The fewest and most discussion minutes a step reaches (0, the default, is auto)."""


def auto_minutes(players: int) -> int:
    """The discussion's length when the Options leave it on auto: a minute a player, less one."""
    return max(1, players - 1)


def pace_line(options: OneNightOptions, players: int) -> str:
    """The three values in words, for the Options question."""
    minutes = options.day_minutes or auto_minutes(players)
    auto = " (auto)" if not options.day_minutes else ""
    seconds = f"{options.role_seconds:g}"
    return f"Night: {seconds} s a role. Talk: {minutes} min{auto}. Vote: {options.vote_mode}."


PACE_TAPS = (
    Tap.ROLE_SECONDS_LESS,
    Tap.ROLE_SECONDS_MORE,
    Tap.DAY_MINUTES_LESS,
    Tap.DAY_MINUTES_MORE,
    Tap.VOTE_MODE,
)
"""The Options' taps, each a step of one of the three."""


def change_pace(options: OneNightOptions, action: Tap, players: int) -> OneNightOptions:
    """One Options tap (``PACE_TAPS``): seconds a role or discussion minutes one up or down
    (within range; minutes step from those in effect at ``players``, auto's value being auto)
    or the next vote mode; ``SetupError`` for any other tap."""
    match action:
        case Tap.ROLE_SECONDS_LESS | Tap.ROLE_SECONDS_MORE:
            step = -1 if action is Tap.ROLE_SECONDS_LESS else 1
            low, high = ROLE_SECONDS
            seconds = min(high, max(low, round(options.role_seconds) + step))
            return dataclasses.replace(options, role_seconds=float(seconds))
        case Tap.DAY_MINUTES_LESS | Tap.DAY_MINUTES_MORE:
            step = -1 if action is Tap.DAY_MINUTES_LESS else 1
            low, high = DAY_MINUTES
            auto = auto_minutes(players)
            minutes = min(high, max(low, (options.day_minutes or auto) + step))
            # One line of values with auto in its place: "3, auto (4), 5", not auto below 1.
            return dataclasses.replace(options, day_minutes=0 if minutes == auto else minutes)
        case Tap.VOTE_MODE:
            following = (VOTE_MODES.index(options.vote_mode) + 1) % len(VOTE_MODES)
            return dataclasses.replace(options, vote_mode=VOTE_MODES[following])
    raise SetupError(f"unknown setup action: {str(action)!r}")
