"""Alien Encounters rules the device needs: setup, the end tally, and who wins.

``outcome`` is the one place that decides the winners (see its docstring for our reading).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.encounters.fields import NAMES
from games.errors import RulesError, SetupError

ROUNDS = 10
"""A game is ten rounds (each player resolves one card per round)."""
EVENT_ROUNDS = (3, 5, 7)
"""An Event card is revealed after each of these rounds."""
FACTIONS = {
    "humans": "Humans",
    "zanthans": "Zanthans",
    "syntari": "Syntari",
    "apomixians": "Apomixians",
}
"""Faction keys and the names the device says."""
ALIENS = ("zanthans", "syntari", "apomixians")
START_BAG = (("war", 2), ("neutral", 5))
"""What each bag holds at the start: 2 War and 5 Neutral tokens (Neutral never counts)."""
OPENING_CARD = "Check 2 tokens twice"
"""The card each Negotiator starts with in hand."""
OPENING_DRAW = 4
"""Cards drawn beside the opening card: a hand of 5, drawn back up to 5 after each turn."""


class Intention(enum.Enum):
    """A Negotiator's secret Intention card."""

    HOSTILE = "hostile"
    PEACEFUL = "peaceful"


class TallyError(RulesError):
    """An end-of-game entry that cannot be right."""


@dataclass(frozen=True)
class EncountersSetup:
    """Two Negotiators: seat 1 plays ``factions[0]``, seat 2 plays ``factions[1]``."""

    seed: int = 0
    factions: tuple[str, str] = ("humans", "zanthans")
    remove: Intention | None = None
    """One Intention card of this kind is taken out before drawing (None: an even split)."""
    random_first: bool = True
    """The device draws who plays first (False: the players decide)."""

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SetupError(f"setup.seed: expected a whole number, got {self.seed!r}")
        pair = self.factions
        if len(pair) != 2 or "humans" not in pair or not set(pair) & set(ALIENS):
            raise SetupError(
                f"setup.options.factions {list(pair)!r}: the Humans meet one alien faction "
                f"({', '.join(ALIENS)})"
            )

    @classmethod
    def from_block(cls, block: Mapping[str, Any]) -> EncountersSetup:
        """The setup a scenario's setup block describes (players must be 2)."""
        players = block.get("players", 2)
        if players != 2 or isinstance(players, bool):
            raise SetupError(f"{players!r} players: Alien Encounters is for exactly 2")
        options = block.get("options", {})
        if not isinstance(options, Mapping):
            raise SetupError(f"setup.options: expected an object, got {options!r}")
        unknown = sorted(set(options) - {"factions", "remove", "random_first"})
        if unknown:
            raise SetupError(
                f"setup.options.{unknown[0]}: unknown option; "
                "options are factions, remove, random_first"
            )
        factions = options.get("factions", ["humans", "zanthans"])
        if not isinstance(factions, list | tuple) or len(factions) != 2:
            raise SetupError(f"setup.options.factions: expected two factions, got {factions!r}")
        remove = options.get("remove")
        if remove not in (None, "hostile", "peaceful"):
            raise SetupError(
                f"setup.options.remove: expected 'hostile', 'peaceful' or null, got {remove!r}"
            )
        random_first = options.get("random_first", True)
        if not isinstance(random_first, bool):
            raise SetupError(
                f"setup.options.random_first: expected true or false, got {random_first!r}"
            )
        return cls(
            seed=block.get("seed", 0),
            factions=(str(factions[0]).lower(), str(factions[1]).lower()),
            remove=None if remove is None else Intention(remove),
            random_first=random_first,
        )

    @property
    def players(self) -> int:
        """Always 2: the seats the score keypad asks, as every other game's setup says."""
        return 2

    def faction(self, seat: int) -> str:
        """The display name of the faction at ``seat`` (1 or 2)."""
        return FACTIONS[self.factions[seat - 1]]


@dataclass(frozen=True)
class Tally:
    """One Negotiator's revealed Intention and token counts (Event changes included)."""

    intention: Intention
    war: int
    peace: int

    @property
    def score(self) -> int:
        """War minus Peace: the score that decides a Both Hostile game."""
        return self.war - self.peace


@dataclass(frozen=True)
class SeatTally:
    """A tally on the score sheet, with the seat that entered it; it scores War minus Peace."""

    seat: int
    tally: Tally

    @property
    def points(self) -> int:
        """The tally's score (War minus Peace)."""
        return self.tally.score


def check_tally(seat: int, points: object, extra: Mapping[str, object]) -> Tally:
    """A checked ``Tally`` from a score entry; raises ``TallyError`` naming the bad input."""
    if seat not in (1, 2):
        raise TallyError(f"seat {seat!r} entered a tally: Alien Encounters has seats 1 and 2")
    if points is not None:
        raise TallyError(
            f"seat {seat} entered points {points!r}: enter intention, war and peace instead"
        )
    unknown = sorted(set(extra) - set(NAMES))
    if unknown:
        raise TallyError(f"seat {seat} entered {unknown[0]!r}: an entry has {', '.join(NAMES)}")
    intention = extra.get("intention")
    if intention not in ("hostile", "peaceful"):
        raise TallyError(
            f"seat {seat} entered intention {intention!r}: it is 'hostile' or 'peaceful'"
        )
    counts = []
    for key in ("war", "peace"):
        value = extra.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise TallyError(f"seat {seat} entered {key} {value!r}: a token count is 0 or more")
        counts.append(value)
    return Tally(Intention(str(intention)), counts[0], counts[1])


@dataclass(frozen=True)
class Outcome:
    """Who won, and which rule decided it."""

    winners: tuple[int, ...]
    case: str
    """``both_peaceful_win``, ``both_peaceful_lose``, ``mixed``, ``hostile_score``,
    ``hostile_fewer_peace`` or ``hostile_draw``."""


def outcome(one: Tally, two: Tally) -> Outcome:
    """Decide an Encounters game between seat 1 (``one``) and seat 2 (``two``).

    Our reading of the win table:

    - Both Peaceful: both win if their combined Peace is 40 or more and their combined War is
      12 or less; otherwise both lose.
    - One of each (each side's result stands alone, so both may lose): the Hostile player wins
      if their War is 15 or more and the Peaceful player holds 10 or more Peace. The Peaceful
      player wins if the Hostile player did not, and the Peaceful player's own War is 12 or less.
    - Both Hostile: each scores War minus Peace. If their combined War is under 30 the higher
      score wins; at 30 or more the lower score wins. Level scores go to the player with fewer
      Peace tokens; level after that is a draw (no winner).
    """
    tallies = {1: one, 2: two}
    hostile = [s for s, t in tallies.items() if t.intention is Intention.HOSTILE]
    war, peace = one.war + two.war, one.peace + two.peace
    if not hostile:
        if peace >= 40 and war <= 12:
            return Outcome((1, 2), "both_peaceful_win")
        return Outcome((), "both_peaceful_lose")
    if len(hostile) == 1:
        h = hostile[0]
        p = 3 - h
        hostile_won = tallies[h].war >= 15 and tallies[p].peace >= 10
        if hostile_won:
            return Outcome((h,), "mixed")
        return Outcome((p,) if tallies[p].war <= 12 else (), "mixed")
    if one.score != two.score:
        higher = 1 if one.score > two.score else 2
        return Outcome((higher if war < 30 else 3 - higher,), "hostile_score")
    if one.peace != two.peace:
        return Outcome((1 if one.peace < two.peace else 2,), "hostile_fewer_peace")
    return Outcome((), "hostile_draw")
