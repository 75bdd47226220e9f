"""Every mission's scoring rule, and the final ranking (``totals``: the score sheet's).

``round_points`` is the one place a round's score is worked out. A score entry is a mapping of
fields; each mission reads its own (see ``FIELDS``), or takes ``points`` as already added up.

Replicas (the rules' "Scoring", with the device's rulings):

- base = correct - wrong (``correct`` counts the face-up cards in the right place, not the
  Optional Capture card);
- the player who ended the round correctly adds 1, or with the Optional Capture adds 1 for that
  card and 2 for the end: correct + 1 + 2 - wrong;
- a player who called "ALIENINJAS!" wrongly gets half their base, rounded down;
- never below 0 in a round.

Score Multipliers (Memory and Collection) count on the cards they apply to, not on the sum:

- Memory: ``multiplied`` says how many of the player's ``cards`` the round's multiplier applies
  to (the rules lay it beside the Alieninja cards and say "apply when necessary"); without it the
  whole sum is multiplied, as entries written before it meant;
- Collection: ``matched`` lists the matched Camouflage cards (at most one per mission Alieninja,
  so 4), each as its points or ``{"points": p, "multiplier": m}`` for a card whose Alieninja
  carries a multiplier; wild cards score nothing and need not be listed. It replaces
  ``matched_points`` x ``multiplier``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from games.alieninjas.fields import LAST, MISSION_FIELDS
from games.errors import EventNotAcceptedError
from games.scoresheet import leaders, totals

FIELDS: dict[str, tuple[str, ...]] = {
    mission: tuple(f.name for f in fields if f.name not in ("points", LAST))
    for mission, fields in MISSION_FIELDS.items()
}
"""The detailed fields each mission's score entry may carry (besides ``points``), from the
fields the mission declares (``games.alieninjas.fields``)."""
GRID_CARDS = 9
MISSION_ALIENINJAS = 4
"""Collection's mission has 4 Alieninjas, and each scores with at most one card."""
BOX_ALIENINJAS = 8
"""The box's Alieninja cards (the rules' components: "8 ALIENINJA CARDS"): Push Your Luck lays
them all on its grid, so a round captures at most 8 between all the players."""
MEMORY_ALIENINJAS = 7
"""A Memory round removes 1 of the 8 and plays the other 7 ("Reveal 1 of the 7 Alieninja
Cards"): at most 7 won in a round, between all the players."""
ROUND_ALIENINJAS = {"memory": MEMORY_ALIENINJAS, "push_your_luck": BOX_ALIENINJAS}
"""The Alieninja cards a round of the mission holds, for the missions that count them."""


WORDS: dict[str, str] = {
    "points": "points",
    "correct": "correct cards",
    "wrong": "misplaced cards",
    "optional": "Optional Capture",
    "mission": "mission points",
    "other": "other Camouflage points",
    "cards": "Alieninja cards",
    "multiplier": "Score Multiplier",
    "multiplied": "multiplied cards",
    "matched_points": "matched points",
    "left_in_hand": "cards left in hand",
    "matched": "matched cards",
    "civilian": "Civilian points",
    "alieninjas": "Alieninjas captured",
}
"""Each field as the table calls it (the keypad's words), for a refusal read out to them."""


class ScoreEntryError(EventNotAcceptedError):
    """A score entry that does not fit the mission."""


def _refuse(entry: Mapping[str, object], problem: str, table: str) -> ScoreEntryError:
    """The error for ``entry``: ``problem`` for the log, ``table`` (a sentence) for the table."""
    return ScoreEntryError(f"score entry {dict(entry)!r}: {problem}", table=table)


def _words(key: str) -> str:
    return WORDS.get(key, key)


def _were_won(cards: int) -> str:
    """ "1 was won", "2 were won": the verb agrees with the count."""
    return f"{cards} was won" if cards == 1 else f"{cards} were won"


@dataclass(frozen=True)
class RoundScore:
    """One seat's result for one round: its points and its tie-break value."""

    seat: int
    points: int
    tiebreak: int
    captured: int = field(default=0, compare=False)
    """The Alieninja cards the entry counts (Memory's won, Push Your Luck's captured; 0 where
    the mission does not count them or the entry gave only points): a round holds so many."""


def _count(entry: Mapping[str, object], key: str, default: int | None = None) -> int:
    value = entry.get(key, default)
    if value is None:
        raise _refuse(entry, f"no {_words(key)}", f"Enter the {_words(key)}.")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _refuse(
            entry,
            f"the {_words(key)} must be a whole number >= 0",
            f"Enter the {_words(key)} as a whole number, 0 or more.",
        )
    return value


def _check_keys(mission: str, entry: Mapping[str, object]) -> None:
    allowed = {"points", *FIELDS[mission]}
    for key in entry:
        if key not in allowed:
            raise _refuse(
                entry,
                f"{key!r} is not a {mission} field; expected {', '.join(sorted(allowed))}",
                f"This mission's score has no {_words(key)}.",
            )
    detailed = [key for key in entry if key in FIELDS[mission]]
    if mission == "replicas" and "points" in entry:
        raise _refuse(
            entry,
            "Replicas needs the correct and misplaced cards, not points",
            "Replicas counts correct and misplaced cards, not points.",
        )
    if "points" in entry and detailed and mission != "push_your_luck":
        raise _refuse(
            entry,
            f"give the points or the {', '.join(_words(key) for key in FIELDS[mission])}, not both",
            "Enter the points, or the cards they come from, not both.",
        )


def _at_most(entry: Mapping[str, object], key: str, mission: str) -> int:
    """``key``'s count, refused above the Alieninja cards a round of ``mission`` holds."""
    count, most = _count(entry, key, 0), ROUND_ALIENINJAS[mission]
    if count > most:
        held = "a Memory round plays" if mission == "memory" else "the box has"
        raise _refuse(
            entry,
            f"{count} {_words(key)}; {held} only {most} Alieninja cards",
            f"{count} {_words(key)} is more than the {most} Alieninja cards {held}.",
        )
    return count


def alieninjas_counted(mission: str, entry: Mapping[str, object]) -> int:
    """The Alieninja cards a checked entry counts (0 where the mission does not count them):
    Memory's ``cards``, Push Your Luck's ``alieninjas``."""
    if mission == "memory" and "points" not in entry:
        return _count(entry, "cards")
    if mission == "push_your_luck":
        return _count(entry, "alieninjas", 0)
    return 0


def round_overflow(mission: str, others: int, counted: int) -> str | None:
    """The table's words when a seat's ``counted`` Alieninja cards and the ``others`` already
    entered this round come to more than the round holds (None: they fit)."""
    most = ROUND_ALIENINJAS.get(mission)
    if most is None or others + counted <= most:
        return None
    held = "a Memory round plays" if mission == "memory" else "the box has"
    return (
        f"{counted} Alieninja cards and the {others} already entered make "
        f"{others + counted} this round, but {held} only {most}."
    )


def _memory(entry: Mapping[str, object]) -> int:
    cards, multiplier = _at_most(entry, "cards", "memory"), _count(entry, "multiplier", 1)
    if "multiplied" not in entry:
        return cards * multiplier
    if "multiplier" not in entry:
        raise _refuse(
            entry,
            "multiplied cards need a Score Multiplier",
            "Multiplied cards need a Score Multiplier.",
        )
    multiplied = _count(entry, "multiplied")
    if multiplied > cards:
        raise _refuse(
            entry,
            f"the multiplier covers {multiplied} cards, more than the Alieninja cards won "
            f"({cards})",
            f"The multiplier covers {multiplied} cards, but only {_were_won(cards)}.",
        )
    return cards - multiplied + multiplied * multiplier


def _card(entry: Mapping[str, object], number: int, item: object) -> int:
    """One ``matched`` card's points, its multiplier applied."""
    if isinstance(item, Mapping) and set(item) <= {"points", "multiplier"} and "points" in item:
        points, multiplier = item["points"], item.get("multiplier", 1)
    else:
        points, multiplier = item, 1
    for value in (points, multiplier):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise _refuse(
                entry,
                f"matched card {number}: expected its points (a whole number >= 0) or its "
                f"points x multiplier, got {item!r}",
                f"Matched card {number} needs its points, 0 or more.",
            )
    assert isinstance(points, int) and isinstance(multiplier, int)
    return points * multiplier


def _collection(entry: Mapping[str, object]) -> int:
    if "matched" not in entry:
        made = _count(entry, "matched_points") * _count(entry, "multiplier", 1)
        return max(0, made - _count(entry, "left_in_hand", 0))
    if "matched_points" in entry or "multiplier" in entry:
        raise _refuse(
            entry,
            "give the matched cards, or their matched points with a Score Multiplier, not both",
            "Enter the matched cards one by one, or their points, not both.",
        )
    cards = entry["matched"]
    if not isinstance(cards, list | tuple):
        raise _refuse(
            entry,
            "the matched cards must be a list, one card each",
            "Enter the matched cards one by one.",
        )
    if len(cards) > MISSION_ALIENINJAS:
        raise _refuse(
            entry,
            f"{len(cards)} matched cards; a mission has {MISSION_ALIENINJAS} Alieninjas",
            f"{len(cards)} matched cards is too many: a mission has only "
            f"{MISSION_ALIENINJAS} Alieninjas, each matched once.",
        )
    made = sum(_card(entry, number, item) for number, item in enumerate(cards, start=1))
    return max(0, made - _count(entry, "left_in_hand", 0))


def replicas_points(correct: int, wrong: int, *, optional: bool, ender: bool, failed: bool) -> int:
    """A Replicas round score (see the module docstring)."""
    base = correct - wrong
    if ender:
        base += 1 + 2 if optional else 1
    elif failed:
        base = max(0, base) // 2
    return max(0, base)


def round_points(
    mission: str, entry: Mapping[str, object], *, ender: bool = False, failed: bool = False
) -> tuple[int, int]:
    """(points, tie-break) of one seat's entry; ``ender``/``failed`` only matter for Replicas.

    - speed: ``mission`` (mission Camouflage and Civilian points) - ``other`` (other
      Camouflage points), at least 0;
    - memory: ``cards`` (Alieninja cards, 1 point each), the ``multiplier`` (1 if none) on
      ``multiplied`` of them (all if omitted);
    - collection: each ``matched`` card's points x its multiplier (or ``matched_points`` x
      ``multiplier``) - ``left_in_hand``, at least 0;
    - push_your_luck: ``civilian`` points + 1 per Alieninja (``alieninjas``, also the tie-break);
    - replicas: ``correct``, ``wrong``, ``optional`` (see ``replicas_points``).

    Any mission but Replicas may give ``points`` instead (taken as is, at least 0). The tie-break
    is the round's points, except in Push Your Luck (the Alieninjas captured).
    """
    _check_keys(mission, entry)
    if mission == "replicas":
        correct, wrong = _count(entry, "correct"), _count(entry, "wrong", 0)
        optional = entry.get("optional", False)
        if not isinstance(optional, bool):
            raise _refuse(
                entry,
                "the Optional Capture must be yes or no",
                "The Optional Capture is yes or no.",
            )
        if correct + wrong + int(optional) > GRID_CARDS:
            raise _refuse(
                entry,
                f"a grid has only {GRID_CARDS} cards",
                f"{correct} correct and {wrong} misplaced"
                + (" and the Optional Capture" if optional else "")
                + f" is more than a grid's {GRID_CARDS} cards.",
            )
        points = replicas_points(correct, wrong, optional=optional, ender=ender, failed=failed)
        return points, points
    if mission == "push_your_luck":
        _at_most(entry, "alieninjas", mission)
    if "points" in entry:
        points = max(0, _count(entry, "points"))
        tiebreak = _count(entry, "alieninjas", 0) if mission == "push_your_luck" else points
        return points, tiebreak
    if mission == "speed":
        points = max(0, _count(entry, "mission") - _count(entry, "other", 0))
    elif mission == "memory":
        points = _memory(entry)
    elif mission == "collection":
        points = _collection(entry)
    else:
        captured = _count(entry, "alieninjas", 0)
        return _count(entry, "civilian", 0) + captured, captured
    return points, points


def winners(rounds: Sequence[Sequence[RoundScore]], players: int) -> list[int]:
    """The highest total wins; a tie goes to the best tie-break of the last round; else shared."""
    if not rounds:
        return []
    last = {score.seat: score.tiebreak for score in rounds[-1]}
    return list(leaders(totals(rounds, players), last))
