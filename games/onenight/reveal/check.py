"""A reveal entry checked against the game, and kept: the rules core works on typed entries
(:class:`RevealEntry`); :func:`check` reads a scenario's or a test's entry, given by name, at
the edge. Every refusal repeats what was wrong, as the entry wrote it."""

from __future__ import annotations

import dataclasses

from games.errors import RulesError
from games.events import RevealEntered
from games.onenight.artifacts import Artifact
from games.onenight.marks import display_name, over_limit
from games.onenight.resolve.model import Mark
from games.onenight.reveal.choices import (
    artifact_choices,
    cards_in_play,
    copied_allowed,
    copy_choices,
    follows,
    mark_choices,
    shield_choices,
    shields,
    snatch_choices,
    team_choices,
)
from games.onenight.revealed import (
    Became,
    Copied,
    Foreseen,
    RevealEntry,
    became_named,
    foreseen_named,
    is_copier,
    name_of,
)
from games.onenight.roles import Role, Team
from games.onenight.state import OneNightState

FORESEEN = tuple(name_of(team) for team in (Team.VILLAGE, Team.WEREWOLF, Team.VAMPIRE, Team.ALIEN))
"""What an entry's ``foresaw`` may name as a team (``village_team``...)."""


class RevealError(RulesError):
    """A reveal entry that does not fit the game."""


def check(state: OneNightState, event: RevealEntered) -> RevealEntry:
    """Read a scenario's or a test's entry, given by name, into a typed entry and check it
    against the game, field by field in :func:`validate`'s order; the error repeats what was
    wrong as the entry wrote it (a value that is no name, or no such name, too)."""
    seat = event.seat
    _check_seat(state, seat)
    fields = (
        ("card", event.card),
        ("mark", event.mark),
        ("became", event.became),
        ("artifact", event.artifact),
        ("foresaw", event.foresaw),
    )
    for field, value in fields:
        # A scenario's entry may hold any JSON value: a list would not even be looked up.
        if not isinstance(value, str) and (value is not None or field == "card"):
            raise RevealError(f"seat {seat}: {field} must be a name, got {value!r}")
    card = next((role for role in cards_in_play(state) if role.value == event.card), None)
    if card is None:
        raise _card_refused(state, seat, event.card)
    mark = None if event.mark is None else _mark_named(state, seat, event.mark)
    if mark is not None:
        _check_mark(state, seat, mark)
    # A Nostradamus card's team came as its ``became`` before ``foresaw`` was entered apart.
    named, foresaw_name = event.became, event.foresaw
    if card is Role.NOSTRADAMUS and named in FORESEEN and foresaw_name is None:
        named, foresaw_name = None, named
    read = None if named is None else became_named(card, named)
    if named is not None and (read is None or read is Copied.NOTHING):
        raise _became_refused(state, seat, card, named)
    became = None if isinstance(read, Copied) else read
    _check_became(state, seat, card, became)
    foresaw = None if foresaw_name is None else foreseen_named(foresaw_name)
    if foresaw_name is not None and foresaw is None:
        raise _foresaw_refused(state, seat, card, became, foresaw_name)
    _check_foresaw(state, seat, card, became, foresaw)
    artifact = None
    if event.artifact is not None:
        artifact = next((a for a in Artifact if a.value == event.artifact), None)
        if artifact is None:
            raise _artifact_refused(state, seat, event.artifact)
    _check_artifact(state, seat, artifact)
    for flag, given in (("snatched", event.snatched), ("shielded", event.shielded)):
        if not isinstance(given, bool):
            raise RevealError(f"seat {seat}: {flag} must be true or false, got {given!r}")
        if flag == "snatched":
            _check_snatched(state, seat, given)
    entry = RevealEntry(seat, card, mark, became, event.snatched, artifact, foresaw, event.shielded)
    _check_shield(state, entry)
    return entry


def validate(state: OneNightState, entry: RevealEntry) -> RevealEntry:
    """Check a typed entry against the game: what it holds is in play, and no more of it than
    the game places. Returns it; the error names what was wrong."""
    seat = entry.seat
    _check_seat(state, seat)
    if entry.card not in cards_in_play(state):
        raise _card_refused(state, seat, entry.card.value)
    if entry.mark is not None:
        _check_mark(state, seat, entry.mark)
    _check_became(state, seat, entry.card, entry.became)
    _check_foresaw(state, seat, entry.card, entry.became, entry.foresaw)
    _check_artifact(state, seat, entry.artifact)
    _check_snatched(state, seat, entry.snatched)
    _check_shield(state, entry)
    return entry


def _check_became(state: OneNightState, seat: int, card: Role, became: Became | None) -> None:
    """A conversion the game can make, or on a copier card a role she could have copied."""
    allowed = copied_allowed(state) if is_copier(card) else follows(state)
    if became is not None and became not in allowed:
        raise _became_refused(state, seat, card, became.value)


def _check_foresaw(
    state: OneNightState, seat: int, card: Role, became: Became | None, foresaw: Foreseen | None
) -> None:
    """A team (or own-win card) only on a Nostradamus card, and one in play."""
    if foresaw is not None and foresaw not in team_choices(state, card, became):
        raise _foresaw_refused(state, seat, card, became, name_of(foresaw))


def _check_artifact(state: OneNightState, seat: int, artifact: Artifact | None) -> None:
    """An Artifact of this game's, on no other seat's card."""
    if artifact is None:
        return
    if artifact not in artifact_choices(state):
        raise _artifact_refused(state, seat, artifact.value)
    if any(old.artifact is artifact for old in state.reveals if old.seat != seat):
        raise RevealError(
            f"seat {seat}: artifact {artifact.value!r} is already on another seat's card"
        )


def _check_snatched(state: OneNightState, seat: int, snatched: bool) -> None:
    if snatched and not snatch_choices(state):
        raise RevealError(f"seat {seat}: snatched, but no Body Snatcher is in play")


def _check_seat(state: OneNightState, seat: int) -> None:
    players = state.setup.players
    if not 1 <= seat <= players:
        raise RevealError(f"reveal for seat {seat}: the game has seats 1 to {players}")


def _card_refused(state: OneNightState, seat: int, card: object) -> RevealError:
    in_play = sorted(role.value for role in cards_in_play(state))
    return RevealError(
        f"seat {seat} revealed {card!r}, which is not in this game; "
        f"cards in play: {', '.join(in_play)}"
    )


def _mark_named(state: OneNightState, seat: int, name: str) -> Mark:
    """The Mark ``name`` names, or the refusal :func:`_check_mark` gives one not in play."""
    mark = next((mark for mark in Mark if mark.value == name), None)
    if mark is None:
        marks = mark_choices(state)
        if not marks:
            raise RevealError(f"seat {seat}: mark {name!r}, but no Marks are in play")
        known = f"marks in play: {', '.join(mark.value for mark in marks)}"
        raise RevealError(f"seat {seat}: unknown mark {name!r}; {known}")
    return mark


def _check_mark(state: OneNightState, seat: int, mark: Mark) -> None:
    """A Mark the game's roles place, on no more players than they place it on."""
    marks = mark_choices(state)
    if not marks:
        raise RevealError(f"seat {seat}: mark {mark.value!r}, but no Marks are in play")
    if mark not in marks:
        known = f"marks in play: {', '.join(mark.value for mark in marks)}"
        raise RevealError(
            f"seat {seat}: the {display_name(mark.value)} is not in this game; {known}"
        )
    others = [old.seat for old in state.reveals if old.seat != seat and old.mark is mark]
    why = over_limit(state.setup.roles, mark.value, others)
    if why is not None:
        raise RevealError(f"seat {seat}: mark {mark.value!r}, but {why}")


def _became_refused(state: OneNightState, seat: int, card: Role, became: str) -> RevealError:
    expected = ", ".join(repr(conversion.value) for conversion in follows(state))
    if is_copier(card):
        copyable = ", ".join(role.value for role in copy_choices(state))
        expected += f" or a role she could have copied: {copyable}"
    return RevealError(f"seat {seat}: became {became!r}; expected {expected}")


def _foresaw_refused(
    state: OneNightState, seat: int, card: Role, became: Became | None, foresaw: str | None
) -> RevealError:
    teams = ", ".join(str(name_of(choice)) for choice in team_choices(state, card, became))
    return RevealError(
        f"seat {seat}: foresaw {foresaw!r}; "
        + (
            f"expected a team in play, or a card in play with a win of its own: {teams}"
            if teams
            else "only a Nostradamus card, or a Doppelganger that copied him, foresees a team"
        )
    )


def _artifact_refused(state: OneNightState, seat: int, artifact: str) -> RevealError:
    known = ", ".join(a.value for a in artifact_choices(state)) or "none, no Curator is in play"
    return RevealError(
        f"seat {seat}: artifact {artifact!r} is not in this game; artifacts: {known}"
    )


def _check_shield(state: OneNightState, entry: RevealEntry) -> None:
    """A shield only with a Sentinel, no more than the game places, never under an Artifact
    or on a card that moved (1.4: a shielded card cannot be moved or receive an Artifact)."""
    seat = entry.seat
    if not entry.shielded:
        return
    if not shield_choices(state):
        raise RevealError(f"seat {seat}: shielded, but no Sentinel is in play")
    if entry.artifact is not None:
        raise RevealError(
            f"seat {seat}: artifact {entry.artifact.value!r} on a shielded card; a shielded "
            "card cannot receive an Artifact"
        )
    if entry.snatched:
        raise RevealError(f"seat {seat}: snatched, but a shielded card cannot be moved")
    others = [old.seat for old in state.reveals if old.seat != seat and old.shielded]
    if len(others) >= shields(state):
        held = " and ".join(str(other) for other in sorted(others))
        one = len(others) == 1
        where = f"only shield is on seat {held}" if one else f"shields are on seats {held}"
        raise RevealError(f"seat {seat}: shielded, but the game's {where}")


def record(state: OneNightState, entry: RevealEntry) -> OneNightState:
    """Keep an entry (a second one for a seat corrects the first)."""
    kept = [old for old in state.reveals if old.seat != entry.seat]
    held = tuple(draft for draft in state.held if draft.seat != entry.seat)
    reveals = tuple(sorted([*kept, entry], key=lambda old: old.seat))
    return dataclasses.replace(state, reveals=reveals, draft=None, held=held)


def complete(state: OneNightState) -> bool:
    """Whether every seat's card is in."""
    return len(state.reveals) == state.setup.players
