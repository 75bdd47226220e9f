"""The reveal's touch picker: seat, card (and the role a Doppelganger or Copycat card copied),
Mark, conversion, snatched, Artifact, foreseen team, shield, then Confirm (which records it).

A tap comes typed (``SeatTap``, ``ChipTap``, ``Tap.CONFIRM``) and its chip's value is read into
a member once, where it is taken; the draft on the picker holds members
(:class:`RevealDraft`), and the screen's view gets their names.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from games.effects import Effect, Say, Show
from games.events import ChipKind, ChipTap, Event, SeatRole, SeatTap, Tap, TouchAction, Touched
from games.onenight.artifacts import Artifact
from games.onenight.resolve.model import Conversion, Mark
from games.onenight.reveal.check import record, validate
from games.onenight.reveal.choices import (
    alien_choices,
    artifact_choices,
    cards_in_play,
    copy_choices,
    mark_choices,
    shield_choices,
    sight_choices,
    snatch_choices,
    team_choices,
)
from games.onenight.revealed import (
    ALIEN_TAPS,
    SIGHTS,
    Became,
    Copied,
    Foreseen,
    RevealDraft,
    RevealEntry,
    became_named,
    foreseen_named,
    is_copier,
    name_of,
)
from games.onenight.roles import Role
from games.onenight.state import OneNightState
from games.onenight.views import RevealChoice, RevealView
from games.onenight.vote import tally_view

NONE = "none"
"""A chip's value that takes the card or the Artifact back, or a conversion off."""
YES_NO = {"yes": True, "no": False}
"""The Snatched and Shielded chips' values."""


def reveal_view(state: OneNightState) -> RevealView:
    """The reveal screen: the seat being entered, and the choices for it (roles in play only)."""
    draft = state.draft or _blank(state)
    copying = copy_choices(state) if is_copier(draft.card) else []
    return RevealView(
        players=state.setup.players,
        seat=draft.seat,
        revealed=tuple(sorted(entry.seat for entry in state.reveals)),
        cards=tuple(RevealChoice(role.value, role.display_name) for role in cards_in_play(state)),
        marks=tuple(RevealChoice(mark.value, mark.display_name) for mark in mark_choices(state)),
        card=name_of(draft.card),
        mark=name_of(draft.mark),
        became=name_of(draft.became),
        alien_choices=alien_choices(state),
        sight_choices=sight_choices(state),
        team_choices=tuple(str(name_of(team)) for team in _teams(state, draft)),
        foresaw=name_of(draft.foresaw),
        shielded=draft.shielded,
        shield_choices=shield_choices(state),
        artifact=name_of(draft.artifact),
        artifacts=tuple(RevealChoice(a.value, a.display_name) for a in artifact_choices(state)),
        snatched=draft.snatched,
        snatch_choices=snatch_choices(state),
        copy_choices=tuple(RevealChoice(role.value, role.display_name) for role in copying),
    )


def screen(state: OneNightState) -> Show:
    """The reveal phase's screen as it stands: the tally until the picker is opened (a draft)
    or a card is in, then the picker. A restart puts it back with this."""
    if state.draft is None and not state.reveals:
        return Show(tally_view(state))
    return Show(reveal_view(state))


def offered(state: OneNightState, action: TouchAction) -> bool:
    """Whether the picker shows the chip of a seat, card, Mark, Artifact or foreseen team
    ``action`` taps (other taps are checked where they are taken)."""
    match action:
        case SeatTap(SeatRole.SEAT, seat):
            return 1 <= seat <= state.setup.players
        case ChipTap(ChipKind.CARD, value):
            return value == NONE or value in _names(cards_in_play(state))
        case ChipTap(ChipKind.MARK, value):
            return value in _names(mark_choices(state))
        case ChipTap(ChipKind.ARTIFACT, value):
            return value == NONE or value in _names(artifact_choices(state))
        case ChipTap(ChipKind.FORESAW, value):  # the teams and own-win cards of the card shown
            return value in _names(_teams(state, state.draft or _blank(state)))
    return True


def on_touch(state: OneNightState, event: Event) -> tuple[OneNightState, list[Effect]]:
    """The touch picker: a tap changes the draft on the screen; Confirm records it."""
    if event == Touched(Tap.REVEAL):
        # The picker opens on the next seat: kept as the draft, so a restart reopens it too.
        state = dataclasses.replace(state, draft=state.draft or _blank(state))
        return state, [Show(reveal_view(state))]
    if not isinstance(event, Touched):
        return state, []
    action = event.action
    if not (isinstance(action, SeatTap | ChipTap) or action is Tap.CONFIRM):
        return state, []
    if isinstance(action, SeatTap) and action.role is not SeatRole.SEAT:
        return state, []
    draft = state.draft or _blank(state)
    if not offered(state, action):
        return state, []  # a chip the picker does not show: nothing to change
    match action:
        case Tap.CONFIRM:
            return _confirm(state, draft)
        case SeatTap(seat=going):
            state = dataclasses.replace(state, held=_held(state, draft, going))
            draft = _reopened(state, going)
        case ChipTap(ChipKind.BECAME, value):
            changed = _became(state, draft, value)
            if changed is None:
                return state, []
            draft = changed
        case ChipTap(kind, value):
            draft = _chip(state, draft, kind, value)
    # A team foreseen stays only while the card (or the role it copied) is Nostradamus.
    if draft.foresaw not in _teams(state, draft):
        draft = dataclasses.replace(draft, foresaw=None)
    state = dataclasses.replace(state, draft=draft)
    return state, [Show(reveal_view(state))]


def _chip(state: OneNightState, draft: RevealDraft, kind: ChipKind, value: str) -> RevealDraft:
    """The draft once a card, Mark, Artifact, team, Snatched or Shielded chip is tapped (a
    value no chip offers changes nothing)."""
    if kind is ChipKind.CARD:
        card = None if value == NONE else Role(value)
        # A conversion stays, read anew on the new card; a copied role only on the same card.
        kept = ALIEN_TAPS if is_copier(draft.card) else _follows(state, draft.card)
        became = draft.became
        if became is not None and (became in kept or (is_copier(card) and card is draft.card)):
            became = became_named(card, became.value)
        else:
            became = None
        return dataclasses.replace(draft, card=card, became=became)
    if kind is ChipKind.MARK:
        return dataclasses.replace(draft, mark=Mark(value))
    if kind is ChipKind.ARTIFACT:
        return dataclasses.replace(draft, artifact=None if value == NONE else Artifact(value))
    if kind is ChipKind.FORESAW:  # the team Nostradamus foresaw, or the card he stopped on
        return dataclasses.replace(draft, foresaw=foreseen_named(value))
    if kind is ChipKind.SNATCHED and value in YES_NO:
        return dataclasses.replace(draft, snatched=YES_NO[value])
    if kind is ChipKind.SHIELDED and value in YES_NO and shield_choices(state):
        return dataclasses.replace(draft, shielded=YES_NO[value])
    return draft


def _became(state: OneNightState, draft: RevealDraft, value: str) -> RevealDraft | None:
    """The draft once a ``became`` chip is tapped: a conversion (or none) on any card, a role
    copied on a copier card; None when the chip is not one the card offers."""
    follows = _follows(state, draft.card)
    if value == NONE:
        # A conversion only comes off: a copied role stays.
        became = None if draft.became in follows else draft.became
        return dataclasses.replace(draft, became=became, foresaw=None)
    conversion = next((c for c in follows if c.value == value), None)
    if conversion is not None:
        return dataclasses.replace(draft, became=conversion)
    copied = _names(copy_choices(state)) | {Copied.NOTHING.value}
    if not is_copier(draft.card) or value not in copied:
        return None
    return dataclasses.replace(draft, became=became_named(draft.card, value))


def _confirm(state: OneNightState, draft: RevealDraft) -> tuple[OneNightState, list[Effect]]:
    """Record the draft as its seat's entry (checked), or say what it still needs."""
    if draft.card is None:
        return state, [Say.of("onenight.reveal.pick_card")]
    if is_copier(draft.card) and draft.became is None:
        return state, [Say.of("onenight.reveal.pick_copied")]
    became = None if draft.became is Copied.NOTHING else draft.became
    entry = RevealEntry(
        draft.seat,
        draft.card,
        draft.mark,
        became,
        draft.snatched,
        draft.artifact,
        draft.foresaw,
        draft.shielded,
    )
    state = record(state, validate(state, entry))
    return state, [Show(reveal_view(state))]


def _follows(state: OneNightState, card: Role | None) -> tuple[Conversion, ...]:
    """The conversions that follow the player on ``card``'s picker: the aliens' tap, and the
    PI's sight but on a copier card ("werewolf" there is a role copied)."""
    return ALIEN_TAPS + (SIGHTS if sight_choices(state) and not is_copier(card) else ())


def _teams(state: OneNightState, draft: RevealDraft) -> list[Foreseen]:
    return team_choices(state, draft.card, draft.became)


def _names(members: Iterable[Role | Mark | Artifact | Foreseen]) -> set[str]:
    return {str(name_of(member)) for member in members}


def _next_seat(state: OneNightState) -> int:
    done = {entry.seat for entry in state.reveals}
    return next((s for s in range(1, state.setup.players + 1) if s not in done), 1)


def _blank(state: OneNightState, seat: int | None = None) -> RevealDraft:
    """The picker on ``seat`` (the next seat not in): the picks it was left with, if any."""
    seat = _next_seat(state) if seat is None else seat
    return next((held for held in state.held if held.seat == seat), RevealDraft(seat))


def _held(state: OneNightState, leaving: RevealDraft, going: int) -> tuple[RevealDraft, ...]:
    """The held picks once the picker leaves ``leaving`` for seat ``going``: a seat left with
    a card picked and not confirmed as it stands (a refused Confirm) keeps its picks for
    correcting; the seat opened takes its own back."""
    kept = [held for held in state.held if held.seat not in (leaving.seat, going)]
    confirmed = _entered(state, leaving.seat) == leaving
    if leaving.card is not None and leaving.seat != going and not confirmed:
        kept.append(leaving)
    return tuple(sorted(kept, key=lambda held: held.seat))


def _reopened(state: OneNightState, seat: int) -> RevealDraft:
    """The picker on ``seat``: the picks it was left with, else its entry, when it is in (to
    check or change), else blank."""
    for held in state.held:
        if held.seat == seat:
            return held
    return _entered(state, seat) or _blank(state, seat)


def _entered(state: OneNightState, seat: int) -> RevealDraft | None:
    """``seat``'s entry as the picker shows it (None: not in)."""
    for entry in state.reveals:
        if entry.seat == seat:
            became: Became | Copied | None = entry.became
            if is_copier(entry.card) and became is None:
                became = Copied.NOTHING  # it copied nothing: shown as chosen, not as missing
            return RevealDraft(
                entry.seat,
                entry.card,
                entry.mark,
                became,
                entry.snatched,
                entry.artifact,
                entry.foresaw,
                entry.shielded,
            )
    return None
