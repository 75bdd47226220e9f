"""Each mission's score entry, declared once: the keypad asks these fields, a scenario may give
them, and ``scoring`` takes exactly these (``scoring.FIELDS``)."""

from __future__ import annotations

from collections.abc import Mapping

from games.spec import EntryContext, FieldKind, ScoreField

POINTS = ScoreField("points")
YES_NO = FieldKind.YES_NO


def next_starter_open(entry: EntryContext) -> bool:
    """``last``: until a seat is marked, and never in the last round (no next round)."""
    return entry.round < entry.rounds and entry.marked in (None, entry.seat)


def has_cards(entry: EntryContext) -> bool:
    """Memory's multiplier: only for a seat that won cards."""
    return entry.values.get("cards") != 0


def real_multiplier(entry: EntryContext) -> bool:
    """Memory's ``multiplied``: only for a multiplier above 1."""
    multiplier = entry.values.get("multiplier")
    return isinstance(multiplier, int) and multiplier > 1


def may_tie_for_the_win(
    before: Mapping[int, int], entered: Mapping[int, int], seat: int, points: int, players: int
) -> bool:
    """In the last round, whether ``seat`` scoring ``points`` may end tied for the win.

    ``before`` holds each seat's total of the closed rounds, ``entered`` this round's points of
    the seats already in. A seat someone already beats cannot tie for the win; while another seat
    is still to come, a tie may follow; once all are in, only a real tie counts.
    """
    mine = before.get(seat, 0) + points
    others = [other for other in range(1, players + 1) if other != seat]
    known = [before.get(other, 0) + entered[other] for other in others if other in entered]
    if any(total > mine for total in known):
        return False
    return len(known) < len(others) or mine in known


def may_tie(entry: EntryContext) -> bool:
    """Push Your Luck's tie-break: in the last round, for a seat that may tie for the win."""
    points = entry.values.get("points")
    return (
        entry.round >= entry.rounds
        and isinstance(points, int)
        and may_tie_for_the_win(entry.totals, entry.entered, entry.seat, points, entry.players)
    )


def _last(prompt: str) -> ScoreField:
    """Who starts the next round (Speed, Memory, Collection, Push Your Luck)."""
    return ScoreField("last", YES_NO, prompt, asked=next_starter_open)


LAST = "last"
"""The field that marks the next round's starter (the score sheet takes it, not ``scoring``)."""

MISSION_FIELDS: dict[str, tuple[ScoreField, ...]] = {
    "speed": (
        POINTS,
        _last("played the last card?"),
        ScoreField("mission", prompt="mission Camouflage and Civilian points", keypad=False),
        ScoreField("other", prompt="other Camouflage points", default=0, keypad=False),
    ),
    "memory": (
        ScoreField("cards", prompt="Alieninja cards won"),
        ScoreField("multiplier", prompt="Score Multiplier (1: none)", default=1, asked=has_cards),
        ScoreField("multiplied", prompt="cards it multiplies", asked=real_multiplier),
        _last("played last?"),
    ),
    "replicas": (
        ScoreField("correct", prompt="correct face-up cards"),
        ScoreField("wrong", prompt="misplaced face-up cards", default=0),
        ScoreField("optional", YES_NO, "Optional Capture made?", default=False),
    ),
    "collection": (
        ScoreField("matched", FieldKind.CARDS, "matched cards (points x multiplier)", most=4),
        ScoreField("left_in_hand", prompt="cards left in hand", default=0),
        _last("ended the round (or drew the last card)?"),
        ScoreField("matched_points", prompt="matched cards' points", keypad=False),
        ScoreField("multiplier", prompt="Score Multiplier", default=1, keypad=False),
    ),
    "push_your_luck": (
        POINTS,
        ScoreField("alieninjas", prompt="Alieninjas captured this round", default=0, asked=may_tie),
        _last("made the last capture?"),
        ScoreField("civilian", prompt="Civilian points", default=0, keypad=False),
    ),
}
"""Each mission's fields, in the keypad's order."""
