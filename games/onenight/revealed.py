"""What a seat revealed, typed: the reveal's entries as the game keeps them, and their JSON.

An entry holds members, never names: its card is a :class:`Role`, its Mark a :class:`Mark`,
what its player became a :class:`Conversion` (or, on a Doppelganger or Copycat card, the
:class:`Role` it copied), its Artifact an :class:`Artifact`, what Nostradamus foresaw a
:class:`Team` or the :class:`Role` he stopped on. Names are read only where text comes in: a
checkpoint (:func:`entry_from_json`), a scenario's entry (``games.onenight.reveal.check``), a
tap's chip. The checkpoint keeps the list of eight names it always held, so a game saved by an
older release resumes, and one saved now resumes on it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from games.onenight.artifacts import Artifact
from games.onenight.resolve.check import COPIERS
from games.onenight.resolve.model import Conversion, Mark
from games.onenight.roles import Role, Team

ALIEN_TAPS = (Conversion.ALIEN, Conversion.ALIEN_HELPER)
"""What an app directive can have made a player: it follows him, on a copier card too."""
SIGHTS = (Conversion.WEREWOLF, Conversion.TANNER)
"""What the Paranormal Investigator's sight can make of the player who started as him."""
TEAM_SUFFIX = "_team"
"""A foreseen team's name ends so (``werewolf_team``): a Role's name never does."""


class Copied(enum.Enum):
    """The picker's choice for a copier card that copied nothing (it started in the centre,
    1.3): said on purpose, unlike no choice yet; recorded as no copy."""

    NOTHING = "nothing"


Became = Conversion | Role
"""What a player became: a conversion that follows him, or on a copier card the role copied."""
Foreseen = Team | Role
"""What Nostradamus foresaw: the team of his last card, or the card with a win of its own."""


@dataclass(frozen=True)
class RevealEntry:
    """One seat's revealed card as the game keeps it (a checkpoint holds it as a list)."""

    seat: int
    card: Role
    """The final card."""
    mark: Mark | None = None
    became: Became | None = None
    """The app's conversion, the PI's sight, or the role a copier card copied."""
    snatched: bool = False
    """The card is one the Body Snatcher took or left in its place."""
    artifact: Artifact | None = None
    foresaw: Foreseen | None = None
    """What Nostradamus (or a copier card that copied him) foresaw."""
    shielded: bool = False
    """The Sentinel's shield is on the card."""


@dataclass(frozen=True)
class RevealDraft:
    """The reveal being entered on the picker: a :class:`RevealEntry` whose card may be
    missing, and whose copier card may have copied nothing on purpose."""

    seat: int
    card: Role | None = None
    mark: Mark | None = None
    became: Became | Copied | None = None
    snatched: bool = False
    artifact: Artifact | None = None
    foresaw: Foreseen | None = None
    shielded: bool = False


def is_copier(card: Role | None) -> bool:
    """Whether ``card`` is turned over with the role it copied (a Doppelganger or Copycat)."""
    return card in COPIERS


def became_named(card: Role | None, name: str) -> Became | Copied | None:
    """What ``name`` means as ``card``'s ``became`` (None: no such thing): on a copier card a
    role it copied (or ``nothing``), the aliens' tap beside it; on any other a conversion.

    >>> became_named(Role.COPYCAT, "werewolf"), became_named(Role.ROBBER, "werewolf")
    (<Role.WEREWOLF: 'werewolf'>, <Conversion.WEREWOLF: 'werewolf'>)
    """
    if is_copier(card) and name not in (tap.value for tap in ALIEN_TAPS):
        if name == Copied.NOTHING.value:
            return Copied.NOTHING
        return _member(Role, name)
    return _member(Conversion, name)


def foreseen_named(name: str) -> Foreseen | None:
    """What ``name`` means as a ``foresaw`` (None: no such thing): ``village_team``... a team,
    ``tanner``... a card."""
    if name.endswith(TEAM_SUFFIX):
        team = _member(Team, name.removesuffix(TEAM_SUFFIX))
        return team if team is not Team.OWN else None
    return _member(Role, name)


def name_of(value: Role | Mark | Became | Copied | Artifact | Team | None) -> str | None:
    """A member's name as a checkpoint, a view or a message writes it (a team as
    ``village_team``); None stays None."""
    if value is None:
        return None
    if isinstance(value, Team):
        return value.value + TEAM_SUFFIX
    return str(value.value)


def entry_to_json(entry: RevealEntry | RevealDraft) -> list[Any]:
    """An entry (or draft) as the checkpoint's list of eight: seat, then names and flags."""
    return [
        entry.seat,
        name_of(entry.card),
        name_of(entry.mark),
        name_of(entry.became),
        entry.snatched,
        name_of(entry.artifact),
        name_of(entry.foresaw),
        entry.shielded,
    ]


def entry_from_json(data: Iterable[Any]) -> RevealEntry:
    """An entry from a checkpoint's list, an older release's shorter one too."""
    draft = draft_from_json(data)
    if draft.card is None or draft.became is Copied.NOTHING:
        raise ValueError(f"a saved reveal entry with no card, or that copied nothing: {draft!r}")
    return RevealEntry(
        draft.seat,
        draft.card,
        draft.mark,
        draft.became,
        draft.snatched,
        draft.artifact,
        draft.foresaw,
        draft.shielded,
    )


def draft_from_json(data: Iterable[Any]) -> RevealDraft:
    """A draft (or an entry's fields) from a checkpoint's list, an older release's too."""
    seat, card, mark, became, snatched, artifact, foresaw, shielded = _padded(data)
    role = None if card is None else Role(card)
    read: Became | Copied | None = None
    if became is not None:
        read = became_named(role, became)
        _saved(read, "became", became)
    seen: Foreseen | None = None
    if foresaw is not None:
        seen = foreseen_named(foresaw)
        _saved(seen, "foresaw", foresaw)
    return RevealDraft(
        int(seat),
        role,
        None if mark is None else Mark(mark),
        read,
        bool(snatched),
        None if artifact is None else Artifact(artifact),
        seen,
        bool(shielded),
    )


def _padded(entry: Iterable[Any]) -> Sequence[Any]:
    """A saved entry with the fields older states lack: states saved before the snatched flag
    have four fields (not snatched), before the Artifacts five (no Artifact), before the
    foreseen team and the shield six (an older Nostradamus card held its team as its
    conversion), and not shielded."""
    fields = tuple(entry)
    defaults = (None, None, False, None, None, False)  # mark... shielded, after seat and card
    fields = (*fields, *defaults[len(fields) - 2 :])
    card, became = fields[1], fields[3]
    if card == Role.NOSTRADAMUS.value and isinstance(became, str) and became.endswith("_team"):
        fields = (*fields[:3], None, *fields[4:6], became, fields[7])
    return fields


E = TypeVar("E", bound=enum.Enum)


def _member(kind: type[E], name: str) -> E | None:
    try:
        return kind(name)
    except ValueError:
        return None


def _saved(value: object, field: str, name: object) -> None:
    """A saved name no release wrote is an error, not a silent None."""
    if value is None:
        raise ValueError(f"a saved reveal entry's {field} is {name!r}: not a known name")
