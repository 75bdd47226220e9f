"""The reveal: each seat's final card (and Mark, app conversion, snatched), by touch or event.

The device never asks for what it decided itself (the Oracle's outcome, the Blob's pattern...):
those come from the game record at resolution. It does ask whether a card was snatched: the
Body Snatcher's directive says where he may steal from, not what he took, and cards move after
him, so the choice is offered whenever a Body Snatcher is in play, whatever was drawn (2.9).
A Doppelganger or Copycat card is entered with the role it copied (1.3): once one is picked, the
picker offers the roles she could have copied, and Confirm waits for that choice. With a Curator
in play, the picker takes the Artifact on the card (RB-D: the Curator draws it face down, so
only the reveal tells); with a Paranormal Investigator, what his sight made him (werewolf or
Tanner), which follows the player like the aliens' tap. A Nostradamus card, or a Doppelganger
card that copied him, is entered with the team he foresaw (2.13). With a Sentinel in play, the
picker asks whether the card is shielded: a shielded card cannot hold an Artifact (1.4).

The Marks offered are those the roles in play can place, the Doppelganger's own set included
(:mod:`games.onenight.marks`), and no more players can hold one than the game places.

The reveal works on typed entries (:mod:`games.onenight.revealed`): names are read into members
where they come in, by :func:`check` for a scenario's entry, and by the picker for a chip's
value. :mod:`.choices` says what a game offers, :mod:`.check` checks and keeps an entry,
:mod:`.picker` is the touch picker.
"""

from games.onenight.reveal.check import (
    FORESEEN,
    RevealError,
    check,
    complete,
    record,
    validate,
)
from games.onenight.reveal.choices import (
    alien_choices,
    artifact_choices,
    cards_in_play,
    conversions,
    copy_choices,
    mark_choices,
    shield_choices,
    shields,
    snatch_choices,
    team_choices,
)
from games.onenight.reveal.picker import offered, on_touch, reveal_view, screen

__all__ = [
    "FORESEEN",
    "RevealError",
    "alien_choices",
    "artifact_choices",
    "cards_in_play",
    "check",
    "complete",
    "conversions",
    "copy_choices",
    "mark_choices",
    "offered",
    "on_touch",
    "record",
    "reveal_view",
    "screen",
    "shield_choices",
    "shields",
    "snatch_choices",
    "team_choices",
    "validate",
]
