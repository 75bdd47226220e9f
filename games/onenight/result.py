"""The end of a game: resolve the reveal and the votes, say who died and who won, keep it all."""

from __future__ import annotations

import dataclasses
from typing import Any

from games.effects import Effect, Finished, LogPlay, Phase, Report, Say, Show
from games.events import Event, Tap, Touched
from games.onenight.boxes import BOX_TITLES, filed_under, guest_note
from games.onenight.resolve import (
    Conversion,
    OracleFact,
    Resolution,
    ResolutionInput,
    Reveal,
    Rulings,
    resolve,
)
from games.onenight.resolve.explain import TEAM_NAMES, team_line
from games.onenight.resolve.model import Side
from games.onenight.revealed import RevealEntry, entry_to_json, foreseen_named, is_copier
from games.onenight.roles import Role
from games.onenight.script_app import announced_teams, outcomes
from games.onenight.state import OneNightPhase, OneNightState, setup_to_json
from games.scorelog.plays import FinalResult
from games.views import EndView


def _reveal(entry: RevealEntry) -> Reveal:
    """The engine's reveal of one entry (the shield matters only at the reveal: the picker
    refuses an Artifact under it). A conversion follows the player; a role in ``became`` is
    the one a Doppelganger or Copycat card copied (1.3)."""
    conversion = entry.became if isinstance(entry.became, Conversion) else None
    copied = entry.became if isinstance(entry.became, Role) else None
    return Reveal(
        entry.seat,
        entry.card,
        entry.mark,
        conversion,
        copied,
        entry.snatched,
        entry.artifact,
        entry.foresaw,
    )


def _with_announced(entry: RevealEntry, told: dict[str, str]) -> RevealEntry:
    """A Nostradamus card (or a copier card that copied him) entered with no team: the team
    the device announced for him at night (2.13), which follows the card as an entered one.
    A Copycat who became Nostradamus answered in his step (his card was in the centre), a
    Doppelganger in her own repeat of it."""
    if entry.foresaw is not None:
        return entry
    nostradamus = entry.card is Role.NOSTRADAMUS
    copied_him = is_copier(entry.card) and entry.became is Role.NOSTRADAMUS
    if nostradamus or (copied_him and entry.card is Role.COPYCAT):
        step = "nostradamus"
    elif copied_him:
        step = "nostradamus_doppelganger"
    else:
        return entry
    name = told.get(step)
    return dataclasses.replace(entry, foresaw=None if name is None else foreseen_named(name))


def resolution_input(state: OneNightState) -> ResolutionInput:
    """The finished game as the resolution engine takes it: reveal, votes, game record."""
    ballot = state.ballot
    assert ballot is not None
    found = outcomes(state.instructions, state.answers) if state.instructions else {}
    oracle, doppel = found.get("oracle"), found.get("doppelganger")
    blob = state.instructions.blob if state.instructions else None
    told = announced_teams(state.instructions, state.answers) if state.instructions else {}
    return ResolutionInput(
        players=state.setup.players,
        reveals=tuple(_reveal(_with_announced(entry, told)) for entry in state.reveals),
        votes=dict(ballot.votes),
        selected=state.setup.roles,
        oracle=OracleFact.from_outcome(oracle) if oracle else None,
        doppel_oracle=OracleFact.from_outcome(doppel) if doppel else None,
        blob=blob.pattern if blob else None,
        two_hand_voters=ballot.two_votes,
        device_can_be_voted=ballot.device_target,
    )


def game_record(state: OneNightState, result: Resolution) -> dict[str, Any]:
    """The whole game for the store: setup, seed, instructions, answers, votes, reveal, outcome."""
    return {
        "setup": setup_to_json(state.setup),
        "instructions": state.instructions.to_json() if state.instructions else None,
        "answers": [list(pair) for pair in state.answers],
        "votes": [[voter, list(targets)] for voter, targets in state.ballot.votes]
        if state.ballot
        else [],
        "reveal": [entry_to_json(entry) for entry in state.reveals],
        "deaths": list(result.deaths),
        "winners": list(result.winners),
        "teams": list(result.teams),
        "explanation": list(result.explanation()),
    }


def final_result(state: OneNightState, result: Resolution) -> FinalResult:
    """The game as the score log takes it: who won (One Night keeps no scores), each seat's
    final role and team, and a comment naming the role set and the deaths."""
    players = state.setup.players
    roles = tuple(_final_role(seat.identity.card, seat.identity.role) for seat in result.seats)
    teams = tuple(seat.team.replace("_", " ").capitalize() for seat in result.seats)
    role_set = ", ".join(Role(role).display_name for role in state.setup.roles)
    deaths = ", ".join(f"seat {seat} ({roles[seat - 1]})" for seat in result.deaths)
    box, others = filed_under(Role(role) for role in state.setup.roles)
    guests = guest_note(others)
    comments = f"Roles: {role_set}. {guests + ' ' if guests else ''}Died: {deaths or 'nobody'}."
    return FinalResult(
        "onenight",
        (None,) * players,
        tuple(result.winners),
        roles=roles[:players],
        teams=teams[:players],
        comments=comments,
        title=BOX_TITLES[box],
    )


def _final_role(card: Role, counts_as: Role) -> str:
    """The role a seat ended with: its card, and what it counted as when that differs."""
    if card is counts_as:
        return card.display_name
    return f"{card.display_name} as {counts_as.display_name}"


def finish(state: OneNightState) -> tuple[OneNightState, list[Effect]]:
    """Every card is in: work out the result, announce it, show it and store the game."""
    result = resolution(state)
    lines = result.explanation()
    state = dataclasses.replace(state, phase=OneNightPhase.RESULT, deadline=None)
    report = {
        "deaths": list(result.deaths),
        "winners": list(result.winners),
        "teams": list(result.teams),
    }
    effects: list[Effect] = [
        Phase(OneNightPhase.RESULT),
        Report("result", report),
        LogPlay("onenight.game", game_record(state, result), result=final_result(state, result)),
        _end_screen(result),
    ]
    effects += [Say.of("onenight.result.line", text=line) for line in lines]
    return state, effects


def end_screen(state: OneNightState) -> Show:
    """The result screen of a finished game (the result is worked out again: it is pure)."""
    return _end_screen(resolution(state))


def resolution(state: OneNightState) -> Resolution:
    """The result of a finished game (pure: worked out again each time)."""
    overrides: dict[str, Any] = dict(state.setup.options.rulings)
    rulings = Rulings(**overrides)  # checks each value, naming a bad one
    return resolve(resolution_input(state), rulings)


def _end_screen(result: Resolution) -> Show:
    return Show(EndView(_title(result), shown_lines(result)))


def shown_lines(result: Resolution) -> tuple[str, ...]:
    """The result lines under the headline: those the headline already says ("The village
    wins." under "The village wins!") are left out; the voice, with no headline, says them."""
    headline = {team_line(Side(team), True) for team in result.teams}
    return tuple(line for line in result.explanation() if line not in headline)


def _title(result: Resolution) -> str:
    if not result.teams:
        return "Nobody wins"
    # Named as the result lines name them: "The aliens win!", "The village and the Tanner win!"
    named = [TEAM_NAMES[Side(team)] for team in result.teams]
    names = [name if i == 0 else _lower_the(name) for i, (name, _) in enumerate(named)]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    plural = len(named) > 1 or named[0][1]
    return f"{joined} {'win' if plural else 'wins'}!"


def _lower_the(name: str) -> str:
    """A team's name inside a sentence: "the Tanner", "Groob"."""
    return "the" + name[3:] if name.startswith("The ") else name


def on_input(state: OneNightState, event: Event) -> tuple[OneNightState, list[Effect]]:
    """After the result, the Home control ends the game."""
    if event in (Touched(Tap.HOME), Touched(Tap.OK)):
        return state, [Finished()]
    return state, []
