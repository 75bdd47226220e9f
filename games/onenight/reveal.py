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
"""

from __future__ import annotations

import dataclasses

from games.effects import Effect, Say, Show
from games.errors import RulesError
from games.events import ChipTap, Event, RevealEntered, SeatRole, SeatTap, Tap, Touched
from games.onenight.artifacts import Artifact, artifact_pool
from games.onenight.instructions import AlienKind, directive_after_oracle
from games.onenight.instructions.bonus import teams_in_play
from games.onenight.marks import display_name, over_limit, placeable
from games.onenight.resolve.check import OWN_CARDS
from games.onenight.resolve.model import Mark
from games.onenight.roles import Role
from games.onenight.script_app import outcomes
from games.onenight.state import OneNightState, RevealDraft, RevealEntry
from games.onenight.views import BECAME, COPIED_NOTHING, PI_SIGHTS, RevealChoice, RevealView
from games.onenight.vote import tally_view

MARKS: dict[str, str] = {mark.value: mark.display_name for mark in Mark}
"""Every Mark by name, the Doppelganger's own set included ("doppel_love"...)."""
FORESEEN = ("village_team", "werewolf_team", "vampire_team", "alien_team")
"""What a Nostradamus card's ``foresaw`` may say: the team his last viewed card gave him."""
COPIERS = (Role.DOPPELGANGER, Role.COPYCAT)

Reveal = RevealEntry
"""A seat's checked entry."""
Draft = RevealDraft
"""The entry on the screen."""


class RevealError(RulesError):
    """A reveal entry that does not fit the game."""


def alien_choices(state: OneNightState) -> bool:
    """Whether an app directive could have made a player an alien or an alien helper."""
    if state.instructions is None:
        return False
    found = outcomes(state.instructions, state.answers)
    directive = directive_after_oracle(state.instructions, *found.values())
    return directive is not None and directive.kind in (AlienKind.NEW_ALIEN, AlienKind.HELPER)


def snatch_choices(state: OneNightState) -> bool:
    """Whether a card can have been snatched: a Body Snatcher is in play (a Doppelganger or
    Copycat can only copy him when he is)."""
    return Role.BODY_SNATCHER in state.setup.roles


def conversions(state: OneNightState) -> tuple[str, ...]:
    """The conversions that follow a player in this game: the aliens' tap, the PI's sight."""
    found: tuple[str, ...] = BECAME if alien_choices(state) else ()
    if Role.PARANORMAL_INVESTIGATOR in state.setup.roles:
        found += PI_SIGHTS
    return found


def team_choices(state: OneNightState, card: str | None, became: str | None = None) -> list[str]:
    """The teams a Nostradamus card, or a copier card that copied him, can have foreseen (the
    teams in play, ``village_team``...), then the cards in play with a win of their own he can
    have stopped on (``tanner``, ``assassin``, ``blob``...: 2.13), else none."""
    nostradamus = Role.NOSTRADAMUS.value
    if card != nostradamus and not (_is_copier(card) and became == nostradamus):
        return []
    selected = set(state.setup.roles)
    teams = [f"{team.value}_team" for team in teams_in_play(selected)]
    return teams + [role.value for role in OWN_CARDS if role in selected]


def shield_choices(state: OneNightState) -> bool:
    """Whether a card can be shielded: a Sentinel is in play."""
    return Role.SENTINEL in state.setup.roles


def shields(state: OneNightState) -> int:
    """How many shields the game places: the Sentinel's, and a Doppelganger-Sentinel's own."""
    roles = state.setup.roles
    return (Role.SENTINEL in roles) * (1 + (Role.DOPPELGANGER in roles))


def artifact_choices(state: OneNightState) -> list[str]:
    """The Artifacts a card can hold in this game (none without a Curator)."""
    return [artifact.value for artifact in artifact_pool(set(state.setup.roles))]


def cards_in_play(state: OneNightState) -> set[str]:
    """Every card a player can end with: the selected roles, and the Alpha Wolf's centre
    Werewolf card (RB-D)."""
    cards = {role.value for role in state.setup.roles}
    if Role.ALPHA_WOLF in state.setup.roles:
        cards.add(Role.WEREWOLF.value)
    return cards


def copy_choices(state: OneNightState) -> list[Role]:
    """The roles a Doppelganger or Copycat card can have become: those in play, in role order,
    but never a Doppelganger or Copycat (one that copied the Copycat is what the Copycat saw)."""
    return sorted(set(state.setup.roles) - set(COPIERS), key=list(Role).index)


def _offered(state: OneNightState, kind: str, value: str) -> bool:
    """Whether the picker offers a ``seat``, ``card``, ``mark``, ``artifact`` or ``foresaw``
    chip for ``value`` (other kinds are checked where they are taken)."""
    if kind == "seat":
        return value.isdecimal() and 1 <= int(value) <= state.setup.players
    if kind == "card":
        return value == "none" or value in cards_in_play(state)
    if kind == "mark":
        return value in placeable(state.setup.roles)
    if kind == "artifact":
        return value == "none" or value in artifact_choices(state)
    if kind == "foresaw":  # the teams and own-win cards of the card on the picker
        _, card, _, became, *_ = state.draft or _blank(state)
        return value in team_choices(state, card, became)
    return True


def _is_copier(card: str | None) -> bool:
    return card in {role.value for role in COPIERS}


def check(state: OneNightState, entry: RevealEntered) -> Reveal:
    """Check one entry against the game; the error repeats what was wrong."""
    players = state.setup.players
    if not 1 <= entry.seat <= players:
        raise RevealError(f"reveal for seat {entry.seat}: the game has seats 1 to {players}")
    fields = (
        ("card", entry.card),
        ("mark", entry.mark),
        ("became", entry.became),
        ("artifact", entry.artifact),
        ("foresaw", entry.foresaw),
    )
    for field, value in fields:
        # A scenario's entry may hold any JSON value: a list would not even be looked up.
        if not isinstance(value, str) and (value is not None or field == "card"):
            raise RevealError(f"seat {entry.seat}: {field} must be a name, got {value!r}")
    in_play = cards_in_play(state)
    if entry.card not in in_play:
        raise RevealError(
            f"seat {entry.seat} revealed {entry.card!r}, which is not in this game; "
            f"cards in play: {', '.join(sorted(in_play))}"
        )
    if entry.mark is not None:
        _check_mark(state, entry.seat, entry.mark)
    copier = _is_copier(entry.card)
    # A Doppelganger or Copycat card is turned over with the role it became.
    copyable = [role.value for role in copy_choices(state)]
    became_role = copier and entry.became in copyable
    follows = BECAME + (PI_SIGHTS if Role.PARANORMAL_INVESTIGATOR in state.setup.roles else ())
    # A Nostradamus card's team came as its ``became`` before ``foresaw`` was entered apart.
    foresaw = entry.foresaw
    if entry.card == Role.NOSTRADAMUS.value and entry.became in FORESEEN and foresaw is None:
        foresaw, became = entry.became, None
    else:
        became = entry.became
    if became is not None and became not in follows and not became_role:
        expected = ", ".join(repr(name) for name in follows)
        if copier:
            expected += f" or a role she could have copied: {', '.join(copyable)}"
        raise RevealError(f"seat {entry.seat}: became {became!r}; expected {expected}")
    teams = team_choices(state, entry.card, became)
    if foresaw is not None and foresaw not in teams:
        raise RevealError(
            f"seat {entry.seat}: foresaw {foresaw!r}; "
            + (
                f"expected a team in play, or a card in play with a win of its own: "
                f"{', '.join(teams)}"
                if teams
                else "only a Nostradamus card, or a Doppelganger that copied him, foresees a team"
            )
        )
    if entry.artifact is not None and entry.artifact not in artifact_choices(state):
        known = ", ".join(artifact_choices(state)) or "none, no Curator is in play"
        raise RevealError(
            f"seat {entry.seat}: artifact {entry.artifact!r} is not in this game; "
            f"artifacts: {known}"
        )
    taken = {old.artifact for old in state.reveals if old.seat != entry.seat} - {None}
    if entry.artifact is not None and entry.artifact in taken:
        raise RevealError(
            f"seat {entry.seat}: artifact {entry.artifact!r} is already on another seat's card"
        )
    if not isinstance(entry.snatched, bool):
        raise RevealError(
            f"seat {entry.seat}: snatched must be true or false, got {entry.snatched!r}"
        )
    if entry.snatched and not snatch_choices(state):
        raise RevealError(f"seat {entry.seat}: snatched, but no Body Snatcher is in play")
    _check_shield(state, entry)
    return RevealEntry(
        entry.seat,
        entry.card,
        entry.mark,
        became,
        entry.snatched,
        entry.artifact,
        foresaw,
        entry.shielded,
    )


def _check_mark(state: OneNightState, seat: int, mark: str) -> None:
    """A Mark the game's roles place, on no more players than they place it on."""
    marks = placeable(state.setup.roles)
    if not marks:
        raise RevealError(f"seat {seat}: mark {mark!r}, but no Marks are in play")
    if mark not in marks:
        known = f"marks in play: {', '.join(marks)}"
        if mark in MARKS:
            raise RevealError(f"seat {seat}: the {display_name(mark)} is not in this game; {known}")
        raise RevealError(f"seat {seat}: unknown mark {mark!r}; {known}")
    others = [old.seat for old in state.reveals if old.seat != seat and old.mark == mark]
    why = over_limit(state.setup.roles, mark, others)
    if why is not None:
        raise RevealError(f"seat {seat}: mark {mark!r}, but {why}")


def _check_shield(state: OneNightState, entry: RevealEntered) -> None:
    """A shield only with a Sentinel, no more than the game places, never under an Artifact
    or on a card that moved (1.4: a shielded card cannot be moved or receive an Artifact)."""
    seat = entry.seat
    if not isinstance(entry.shielded, bool):
        raise RevealError(f"seat {seat}: shielded must be true or false, got {entry.shielded!r}")
    if not entry.shielded:
        return
    if not shield_choices(state):
        raise RevealError(f"seat {seat}: shielded, but no Sentinel is in play")
    if entry.artifact is not None:
        raise RevealError(
            f"seat {seat}: artifact {entry.artifact!r} on a shielded card; a shielded card "
            "cannot receive an Artifact"
        )
    if entry.snatched:
        raise RevealError(f"seat {seat}: snatched, but a shielded card cannot be moved")
    others = [old.seat for old in state.reveals if old.seat != seat and old.shielded]
    if len(others) >= shields(state):
        held = " and ".join(str(other) for other in sorted(others))
        one = len(others) == 1
        where = f"only shield is on seat {held}" if one else f"shields are on seats {held}"
        raise RevealError(f"seat {seat}: shielded, but the game's {where}")


def reveal_view(state: OneNightState) -> RevealView:
    """The reveal screen: the seat being entered, and the choices for it (roles in play only)."""
    seat, card, mark, became, snatched, artifact, foresaw, shielded = state.draft or _blank(state)
    roles = sorted({Role(name) for name in cards_in_play(state)}, key=list(Role).index)
    copying = copy_choices(state) if _is_copier(card) else []
    return RevealView(
        players=state.setup.players,
        seat=seat,
        revealed=tuple(sorted(entry.seat for entry in state.reveals)),
        cards=tuple(RevealChoice(role.value, role.display_name) for role in roles),
        marks=tuple(RevealChoice(key, MARKS[key]) for key in placeable(state.setup.roles)),
        card=card,
        mark=mark,
        became=became,
        alien_choices=alien_choices(state),
        sight_choices=Role.PARANORMAL_INVESTIGATOR in state.setup.roles,
        team_choices=tuple(team_choices(state, card, became)),
        foresaw=foresaw,
        shielded=shielded,
        shield_choices=shield_choices(state),
        artifact=artifact,
        artifacts=tuple(
            RevealChoice(key, Artifact(key).display_name) for key in artifact_choices(state)
        ),
        snatched=snatched,
        snatch_choices=snatch_choices(state),
        copy_choices=tuple(RevealChoice(role.value, role.display_name) for role in copying),
    )


def _next_seat(state: OneNightState) -> int:
    done = {entry.seat for entry in state.reveals}
    return next((s for s in range(1, state.setup.players + 1) if s not in done), 1)


def _blank(state: OneNightState, seat: int | None = None) -> Draft:
    """The picker on ``seat`` (the next seat not in): the picks it was left with, if any."""
    seat = _next_seat(state) if seat is None else seat
    return next((held for held in state.held if held.seat == seat), RevealDraft(seat))


def _held(state: OneNightState, leaving: Draft, going: int) -> tuple[RevealDraft, ...]:
    """The held picks once the picker leaves ``leaving`` for seat ``going``: a seat left with
    a card picked and not confirmed as it stands (a refused Confirm) keeps its picks for
    correcting; the seat opened takes its own back."""
    kept = [held for held in state.held if held.seat not in (leaving.seat, going)]
    confirmed = _entered(state, leaving.seat) == leaving
    if leaving.card is not None and leaving.seat != going and not confirmed:
        kept.append(RevealDraft(*leaving))
    return tuple(sorted(kept))


def _reopened(state: OneNightState, seat: int) -> Draft:
    """The picker on ``seat``: the picks it was left with, else its entry, when it is in (to
    check or change), else blank."""
    for held in state.held:
        if held.seat == seat:
            return held
    return _entered(state, seat) or _blank(state, seat)


def _entered(state: OneNightState, seat: int) -> Draft | None:
    """``seat``'s entry as the picker shows it (None: not in)."""
    for entry in state.reveals:
        if entry.seat == seat:
            became = entry.became
            if _is_copier(entry.card) and became is None:
                became = COPIED_NOTHING  # it copied nothing: shown as chosen, not as missing
            return RevealDraft(*entry)._replace(became=became)
    return None


def record(state: OneNightState, entry: Reveal) -> OneNightState:
    """Keep an entry (a second one for a seat corrects the first)."""
    kept = [old for old in state.reveals if old.seat != entry.seat]
    held = tuple(draft for draft in state.held if draft.seat != entry.seat)
    return dataclasses.replace(state, reveals=tuple(sorted([*kept, entry])), draft=None, held=held)


def complete(state: OneNightState) -> bool:
    """Whether every seat's card is in."""
    return len(state.reveals) == state.setup.players


def screen(state: OneNightState) -> Show:
    """The reveal phase's screen as it stands: the tally until the picker is opened (a draft)
    or a card is in, then the picker. A restart puts it back with this."""
    if state.draft is None and not state.reveals:
        return Show(tally_view(state))
    return Show(reveal_view(state))


def on_touch(state: OneNightState, event: Event) -> tuple[OneNightState, list[Effect]]:
    """The touch picker: seat, card (and the role a Doppelganger or Copycat card copied), mark,
    conversion, snatched, then Confirm (which records it)."""
    if event == Touched(Tap.REVEAL):
        # The picker opens on the next seat: kept as the draft, so a restart reopens it too.
        state = dataclasses.replace(state, draft=state.draft or _blank(state))
        return state, [Show(reveal_view(state))]
    match event.action if isinstance(event, Touched) else None:
        case SeatTap(SeatRole.SEAT, chosen):
            kind, value = "seat", str(chosen)
        case ChipTap(chip, value):
            kind = chip.value
        case Tap.CONFIRM:
            kind, value = "confirm", ""
        case _:
            return state, []
    seat, card, mark, became, snatched, artifact, foresaw, shielded = state.draft or _blank(state)
    old = card
    if not _offered(state, kind, value):
        return state, []  # a chip the picker does not show: nothing to change
    # Conversions that follow the player; on a copier card "werewolf" is a copied role instead.
    sights = Role.PARANORMAL_INVESTIGATOR in state.setup.roles and not _is_copier(card)
    follows = (*BECAME, *PI_SIGHTS) if sights else BECAME
    if kind == "seat":
        leaving = RevealDraft(seat, card, mark, became, snatched, artifact, foresaw, shielded)
        state = dataclasses.replace(state, held=_held(state, leaving, int(value)))
        seat, card, mark, became, snatched, artifact, foresaw, shielded = _reopened(
            state, int(value)
        )
    elif kind == "card":
        # "none" puts the card back; a copied role stays only with a copier card.
        card = None if value == "none" else value
        kept = BECAME if _is_copier(old) else follows
        became = became if became in kept or (_is_copier(card) and card == old) else None
    elif kind == "mark":
        mark = value
    elif kind == "artifact":
        artifact = None if value == "none" else value
    elif kind == "foresaw":
        foresaw = value  # the team Nostradamus foresaw, or the card he stopped on
    elif kind == "became" and value in (*follows, "none"):
        # Alien, alien helper, the PI's sight or none: a conversion only, a copied role stays.
        became = None if value == "none" and became in follows else became
        became = value if value in follows else became
        foresaw = None if value == "none" else foresaw
    elif kind == "became":
        copied = {role.value for role in copy_choices(state)} | {COPIED_NOTHING}
        if not _is_copier(card) or value not in copied:
            return state, []
        became = value
    elif kind == "snatched" and value in ("yes", "no"):
        snatched = value == "yes"
    elif kind == "shielded" and value in ("yes", "no") and shield_choices(state):
        shielded = value == "yes"
    elif kind == "confirm":
        if card is None:
            return state, [Say.of("onenight.reveal.pick_card")]
        if _is_copier(card) and became is None:
            return state, [Say.of("onenight.reveal.pick_copied")]
        became = None if became == COPIED_NOTHING else became
        entry = check(
            state, RevealEntered(seat, card, mark, became, snatched, artifact, foresaw, shielded)
        )
        state = record(state, entry)
        return state, [Show(reveal_view(state))]
    # A team foreseen stays only while the card (or the role it copied) is Nostradamus.
    foresaw = foresaw if foresaw in team_choices(state, card, became) else None
    draft = RevealDraft(seat, card, mark, became, snatched, artifact, foresaw, shielded)
    state = dataclasses.replace(state, draft=draft)
    return state, [Show(reveal_view(state))]
