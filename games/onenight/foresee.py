"""The result lines a game can still say, listed ahead so the device renders them in time.

A result is said right after the last card is turned over; a voice that renders each line
then (a Pi renders a sentence in a second or more) would hold the table. What the result can
say is known well before: from the day on, the roles in play and the seats bound every death,
card and team line (:func:`day_lines`); once the vote is in, the tally says who can die
(:func:`vote_lines`); with one card left to turn over, the result is one of a handful, each
worked out in full (:func:`last_card_lines`). Every list comes in the order the lines are most
likely needed, built with the very sentences :mod:`.resolve.explain` speaks.

Only public facts go in: the roles in play (the day screen lists them), the seats, the votes
and the cards turned over. The order of the lists never depends on a hidden card.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence

from games.effects import PrepareAhead, Say
from games.errors import RulesError
from games.onenight import reveal
from games.onenight.ballot import DEVICE, Ballot
from games.onenight.instructions.bonus import teams_in_play
from games.onenight.marks import placeable
from games.onenight.resolve.check import COPIERS
from games.onenight.resolve.deaths import shield_reasons
from games.onenight.resolve.explain import (
    DEVICE_FIRST,
    DEVICE_SECOND,
    LEADER_THUMBS,
    NOBODY_DIES,
    NOBODY_ELSE_DIES,
    NOBODY_WINS,
    TANNER_STOPPED_WOLVES,
    TEAM_NAMES,
    WINS_ALONE,
    beholder_line,
    death_line,
    epic_line,
    identity_line,
    player_line,
    safe_line,
    team_line,
    traitor_line,
    winners_line,
)
from games.onenight.resolve.identity import ROLE_SIDES
from games.onenight.resolve.model import Side
from games.onenight.resolve.result import DeathCause, DeathReason, Identity
from games.onenight.result import resolution
from games.onenight.revealed import RevealEntry
from games.onenight.roles import Role
from games.onenight.state import OneNightPhase, OneNightState

RESULT_LINE = "onenight.result.line"
"""The catalogue line every result sentence is said with."""
LIKELY_VOTES = 4
"""Deaths with up to this many votes come first; more are rarer at any table."""
WOLF_RULE_SIDES = (Side.TANNER, Side.APPRENTICE_TANNER)
SPECIAL_SIDES = {
    Role.MINION: (Side.MINION,),
    Role.SQUIRE: (Side.SQUIRE,),
    Role.ORACLE: (Side.ORACLE,),
    Role.APPRENTICE_TANNER: (Side.TANNER,),
    Role.PARANORMAL_INVESTIGATOR: (Side.WEREWOLF, Side.TANNER),
    Role.GROOB: (Side.GROOB,),
    Role.ZERB: (Side.ZERB,),
    Role.LEADER: (Side.LEADER,),
}
"""Teams a role can make present beyond its own (alone, after a wrong guess, by sight...)."""


def as_says(lines: Iterable[str]) -> tuple[Say, ...]:
    """Result sentences as the lines the device says them with, each once, in order."""
    return tuple(Say.of(RESULT_LINE, text=line) for line in dict.fromkeys(lines))


def cards(roles: Sequence[Role]) -> tuple[Role, ...]:
    """Every card a player can end with, in role order: the roles in play, and the Alpha
    Wolf's centre Werewolf card."""
    found = set(roles) | ({Role.WEREWOLF} if Role.ALPHA_WOLF in roles else set())
    return tuple(role for role in Role if role in found)


def _plain(seat: int, card: Role) -> Identity:
    side, kind = ROLE_SIDES.get(card, (Side.VILLAGE, None))
    return Identity(seat=seat, card=card, role=card, side=side, kind=kind)


def _sides(roles: Sequence[Role]) -> list[Side]:
    """The teams that can be present, in the order the result names them."""
    found = {Side.VILLAGE}
    for role in roles:
        found.add(ROLE_SIDES.get(role, (Side.VILLAGE, None))[0])
        found.update(SPECIAL_SIDES.get(role, ()))
    marks = placeable(roles)
    if "vampire" in marks:
        found.add(Side.VAMPIRE)
    if any(role in roles for role in (Role.BODY_SNATCHER, Role.ALIEN)):
        found.add(Side.ALIEN)  # the aliens' tap, a snatched card
    return [side for side in Side if side in found and side in TEAM_NAMES]


def day_lines(roles: Sequence[Role], players: int) -> tuple[str, ...]:
    """Every result line the roles in play and the seats can produce that is worth having
    before the vote: the likely ones first (votes, deaths with a few votes, who each seat
    can have been, each team's result, a lone winner), then the rarer ones (many votes,
    the Hunter's shot, lovers, Marks, copies, protections)."""
    seats = range(1, players + 1)
    deck = cards(roles)
    groups = len(teams_in_play(set(roles)))
    lines = [NOBODY_DIES, DEVICE_FIRST, DEVICE_SECOND]
    lines += [epic_line(count) for count in range(3, groups + 1)]
    top = min(players, LIKELY_VOTES)
    likely = range(2, top + 1)
    lines += [_death(seat, DeathCause.MOST_VOTES, votes) for seat in seats for votes in likely]
    lines += [identity_line(_plain(seat, card)) for seat in seats for card in deck]
    lines += [team_line(side, won) for side in _sides(roles) for won in (True, False)]
    lines += [NOBODY_WINS, *(winners_line([seat]) for seat in seats)]
    lines += _rare_lines(roles, players, groups)
    return tuple(dict.fromkeys(lines))


def _death(seat: int, cause: DeathCause, votes: int = 0, by: int | None = None) -> str:
    return death_line(seat, DeathReason(cause, votes, by))


def _rare_lines(roles: Sequence[Role], players: int, groups: int) -> list[str]:
    seats = range(1, players + 1)
    pairs = [(seat, other) for seat in seats for other in seats if other != seat]
    more = range(LIKELY_VOTES + 1, players + 1)
    lines = [_death(seat, DeathCause.MOST_VOTES, votes) for seat in seats for votes in more]
    fewer = range(2, players // 2 + 1)
    lines += [_death(seat, DeathCause.NEXT_MOST_VOTES, votes) for seat in seats for votes in fewer]
    if groups >= 3:
        second = range(1, players // 2 + 1)
        lines += [_death(s, DeathCause.SECOND_MOST_VOTES, v) for s in seats for v in second]
    if Role.HUNTER in roles:
        lines += [_death(target, DeathCause.HUNTER, by=hunter) for hunter, target in pairs]
    marks = placeable(roles)
    if {"love", "doppel_love"} & set(marks):
        lines += [_death(seat, DeathCause.LOVER, by=lover) for seat, lover in pairs]
    if Role.WEREWOLF in cards(roles) and any(side in _sides(roles) for side in WOLF_RULE_SIDES):
        lines.append(TANNER_STOPPED_WOLVES)
    if Role.LEADER in roles:
        lines.append(LEADER_THUMBS)
    if "traitor" in marks:
        lines += [traitor_line(seat, won) for seat in seats for won in (True, False)]
    if Role.BEHOLDER in roles:
        lines += [beholder_line(seat) for seat in seats]
    lines += _shield_lines(roles, players)
    lines += [identity_line(i) for i in _copies(roles, players)]
    if any(copier in roles for copier in COPIERS):
        # A copy of a role that wins alone: each such player's own result.
        alone = [side for side in _sides(roles) if side in WINS_ALONE]
        lines += [
            player_line(s, side, won) for side in alone for s in seats for won in (True, False)
        ]
    if Role.ORACLE in roles:
        wrong = [dataclasses.replace(_plain(seat, Role.ORACLE), side=Side.ORACLE) for seat in seats]
        lines += [identity_line(i) for i in wrong]
    return lines


def _shield_lines(roles: Sequence[Role], players: int) -> list[str]:
    """A protected player's lines: the Prince, the Master, whoever the Bodyguard points at."""
    reasons: list[str] = []
    one, nobody = frozenset({1}), frozenset[int]()
    if Role.BODYGUARD in roles:
        reasons += shield_reasons([], nobody, one).values()
    if Role.THE_MASTER in roles:
        reasons += shield_reasons([], one, nobody).values()
    if Role.PRINCE in roles:
        reasons += shield_reasons([_plain(1, Role.PRINCE)], nobody, nobody).values()
    lines: list[str] = []
    for reason in reasons:
        lines += [safe_line(seat, reason) for seat in range(1, players + 1)]
        if Role.HUNTER in roles:
            lines += [safe_line(seat, reason, from_hunter=True) for seat in range(1, players + 1)]
    return lines


def _copies(roles: Sequence[Role], players: int) -> list[Identity]:
    """A Doppelganger or Copycat card turned over with each role it can have copied."""
    copiers = [role for role in COPIERS if role in roles]
    copied = [role for role in cards(roles) if role not in COPIERS]
    found = []
    for seat in range(1, players + 1):
        for card in copiers:
            for role in copied:
                side, kind = ROLE_SIDES.get(role, (Side.VILLAGE, None))
                found.append(Identity(seat, card, role, side, kind, copied=role))
    return found


def vote_lines(ballot: Ballot, roles: Sequence[Role]) -> tuple[str, ...]:
    """The result lines the votes make likely, before any card is turned over: each voted
    seat's death with its own count (as the most, the next-most or the second-most), the
    Hunter's shot at whoever each seat voted for, then who the most voted can have been."""
    tally = ballot.tally()
    device = tally.pop(DEVICE, 0)
    by_votes = sorted(tally.items(), key=lambda item: (-item[1], item[0]))
    lines: list[str] = []
    if max(tally.values(), default=0) <= 1 and not device:
        lines.append(NOBODY_DIES)
    for seat, votes in by_votes:
        lines.append(_death(seat, DeathCause.MOST_VOTES, votes))
    for seat, votes in by_votes:
        lines += [_death(seat, DeathCause.NEXT_MOST_VOTES, votes), NOBODY_ELSE_DIES]
        if len(teams_in_play(set(roles))) >= 3:
            lines.append(_death(seat, DeathCause.SECOND_MOST_VOTES, votes))
    if device:
        lines += [DEVICE_FIRST, DEVICE_SECOND]
    if Role.HUNTER in roles:
        shots = [(voter, t) for voter, targets in ballot.votes for t in targets if t != DEVICE]
        lines += [_death(target, DeathCause.HUNTER, by=hunter) for hunter, target in shots]
    most = [seat for seat, votes in by_votes if votes == by_votes[0][1]] if by_votes else []
    lines += [identity_line(_plain(seat, card)) for seat in most for card in cards(roles)]
    return tuple(dict.fromkeys(lines))


def last_seat(state: OneNightState) -> int | None:
    """The one seat whose card is still to be turned over (None: not exactly one, or no
    vote)."""
    players = state.setup.players
    missing = set(range(1, players + 1)) - {entry.seat for entry in state.reveals}
    if len(missing) != 1 or state.ballot is None:
        return None
    return missing.pop()


def last_card_lines(state: OneNightState) -> tuple[str, ...]:
    """With one card left to turn over: every line of every result a plain card (no Mark,
    no copy) on that seat would give, worked out in full. Empty otherwise."""
    seat = last_seat(state)
    if seat is None:
        return ()
    return _results(state, [RevealEntry(seat, card) for card in cards(state.setup.roles)])


def rare_last_card_lines(state: OneNightState) -> tuple[str, ...]:
    """With one card left: the lines of the results the rarer ways of turning it over give
    (each card with a Mark, a copier card with each role it copied, a conversion, a snatch,
    an Artifact, a shield, a foreseen team), less those :func:`last_card_lines` lists. One
    thing different from a plain card at a time: the combinations are rarer still."""
    seat = last_seat(state)
    if seat is None:
        return ()
    entries: list[RevealEntry] = []
    marks = reveal.mark_choices(state)
    for card in cards(state.setup.roles):
        entries += [RevealEntry(seat, card, mark=mark) for mark in marks]
        if card in COPIERS:
            for role in reveal.copy_choices(state):
                entries.append(RevealEntry(seat, card, became=role))
                teams = reveal.team_choices(state, card, role)
                entries += [RevealEntry(seat, card, became=role, foresaw=t) for t in teams]
        entries += [RevealEntry(seat, card, became=to) for to in reveal.conversions(state)]
        entries += [RevealEntry(seat, card, foresaw=t) for t in reveal.team_choices(state, card)]
        if reveal.snatch_choices(state):
            entries.append(RevealEntry(seat, card, snatched=True))
        entries += [RevealEntry(seat, card, artifact=a) for a in reveal.artifact_choices(state)]
        if reveal.shield_choices(state):
            entries.append(RevealEntry(seat, card, shielded=True))
    plain = set(last_card_lines(state))
    return tuple(line for line in _results(state, entries) if line not in plain)


def _results(state: OneNightState, entries: Iterable[RevealEntry]) -> tuple[str, ...]:
    """Every line of the results the game would give with each of ``entries`` as its last
    card (an entry the reveal's check refuses is passed over)."""
    lines: list[str] = []
    for entry in entries:
        try:
            guess = reveal.record(state, reveal.validate(state, entry))
            lines += resolution(guess).explanation()
        except (RulesError, ValueError):
            continue  # a card this seat cannot end with (the check refuses it)
    return tuple(dict.fromkeys(lines))


def ahead(before: OneNightState, after: OneNightState) -> list[PrepareAhead]:
    """What to render ahead after a transition from ``before`` to ``after``: the day's lines
    when the day opens, the vote's when the reveal opens, the last card's when one is left
    (the rarer ways to turn it over worked out later, behind the loop)."""
    roles, players = after.setup.roles, after.setup.players
    lines: tuple[str, ...] = ()
    rare = None
    if after.phase is OneNightPhase.DAY and before.phase is not OneNightPhase.DAY:
        lines = day_lines(roles, players)
    elif after.phase is OneNightPhase.REVEAL and after.ballot is not None:
        if before.phase is not OneNightPhase.REVEAL:
            lines = vote_lines(after.ballot, roles)
        if after.reveals != before.reveals or before.phase is not OneNightPhase.REVEAL:
            lines += last_card_lines(after)
            rare = _rare_later(after)
    return [PrepareAhead(as_says(lines), later=rare)] if lines or rare else []


def _rare_later(state: OneNightState) -> Callable[[], tuple[Say, ...]] | None:
    """The rarer last cards' lines, to work out later (None: no card is the last one)."""
    if last_seat(state) is None:
        return None
    return lambda: as_says(rare_last_card_lines(state))


def resumed(state: OneNightState) -> list[PrepareAhead]:
    """What to render ahead for a game resumed after a restart (nothing was rendered for it in
    this run): the day's lines from the day to the reveal, then the vote's and the last card's."""
    lines: tuple[str, ...] = ()
    if state.phase in (OneNightPhase.DAY, OneNightPhase.VOTE, OneNightPhase.REVEAL):
        lines = day_lines(state.setup.roles, state.setup.players)
    rare = None
    if state.phase is OneNightPhase.REVEAL and state.ballot is not None:
        # One list, the likeliest first.
        lines = vote_lines(state.ballot, state.setup.roles) + last_card_lines(state) + lines
        rare = _rare_later(state)
    return [PrepareAhead(as_says(lines), later=rare)] if lines else []
