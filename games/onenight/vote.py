"""The vote phase: entering votes by buttons, tags, touch or the simulator's ``vote`` events.

The screen and lamps show only how many votes are in (and which seats have voted), never who
voted for whom, until the tally. The vote closes by itself once every seat has voted.

A press is always answered where the table can see it: the voter whose turn it is (identified by
their own seat in a secret ballot, called, or picked on the grid) is haloed on the screen and
their lamp breathes; a seat whose vote is in is lit, whoever it chose. A target's lamp never
changes, so nothing shows whom a vote went to.
"""

from __future__ import annotations

import dataclasses

from games.effects import Effect, Lamp, LampPattern, Phase, Say, Show
from games.events import (
    Control,
    ControlPressed,
    Event,
    SeatPressed,
    SeatRole,
    SeatTap,
    Tap,
    Touched,
    VoteCast,
)
from games.onenight.ballot import (
    DEVICE,
    Ballot,
    Cast,
    VoteError,
    VoteMode,
    cast,
    check_seat,
    confirm,
)
from games.onenight.state import OneNightPhase, OneNightState
from games.onenight.views import TallyView, VoteView

Transition = tuple[OneNightState, list[Effect]]


def seats_phrase(seats: tuple[int, ...]) -> str:
    """``player 2``, ``players 2 and 5``, ``players 1, 4 and 7``.

    >>> seats_phrase((2,)), seats_phrase((2, 5)), seats_phrase((1, 4, 7))
    ('player 2', 'players 2 and 5', 'players 1, 4 and 7')
    """
    if len(seats) == 1:
        return f"player {seats[0]}"
    listed = ", ".join(str(seat) for seat in seats[:-1])
    return f"players {listed} and {seats[-1]}"


def vote_view(
    state: OneNightState, message: str | None = None, *, refused: bool = False
) -> VoteView:
    """The vote screen: counts and voted seats only (public), plus the voter being entered
    (identified, called or picked: everyone saw that press) and how many of their hands are in.

    The message is "Vote!", or the pending change's question for as long as it waits, so the
    screen (also after a restart) never drops a question still to answer."""
    ballot = state.ballot or Ballot(state.setup.players)
    if message is None:
        pending = ballot.replacing
        message = "Vote!" if pending is None else _confirm_message(pending[0])
    mode = ballot.mode
    return VoteView(
        message=message,
        players=ballot.players,
        voted=tuple(ballot.voted),
        mode=mode,
        voter=ballot.voter,
        voter_cast=0 if ballot.voter is None else len(ballot.targets(ballot.voter)),
        voter_hands=1 if ballot.voter is None else ballot.allowed(ballot.voter),
        device_target=ballot.device_target,
        missing=tuple(ballot.missing),
        refused=refused,
    )


def open_vote(state: OneNightState, two_votes: tuple[int, ...], device_target: bool) -> Transition:
    """Open the vote after "three, two, one, vote"."""
    mode = state.setup.options.vote_mode
    ballot = Ballot(state.setup.players, mode, two_votes, device_target)
    effects: list[Effect] = [Phase(OneNightPhase.VOTE)]
    if mode is VoteMode.CALLED:
        ballot = dataclasses.replace(ballot, voter=1)
    state = dataclasses.replace(
        state, phase=OneNightPhase.VOTE, deadline=None, day_ends_at=None, ballot=ballot
    )
    effects += [Show(vote_view(state)), Say.of(f"onenight.vote.{mode}")]
    if mode is VoteMode.CALLED:
        effects.append(Say.of("onenight.vote.call", seat=1))
    return state, effects + lamps_changed(None, state)


def seat_lamp(state: OneNightState, seat: int) -> LampPattern:
    """A seat's lamp in the vote: breathing for the voter being entered, lit once its vote is
    in, dark otherwise (and every lamp dark once the vote has closed)."""
    ballot = state.ballot
    if ballot is None or state.phase is not OneNightPhase.VOTE:
        return LampPattern.OFF
    if seat == ballot.voter:
        return LampPattern.PULSE
    return LampPattern.ON if ballot.is_done(seat) else LampPattern.OFF


def lamps_changed(before: OneNightState | None, after: OneNightState) -> list[Effect]:
    """The lamps a vote input changes (all of them when ``before`` is None: a resume)."""
    out: list[Effect] = []
    for seat in range(1, after.setup.players + 1):
        pattern = seat_lamp(after, seat)
        if before is None or seat_lamp(before, seat) is not pattern:
            out.append(Lamp(seat, pattern))
    return out


def on_input(state: OneNightState, event: Event) -> Transition:
    """Handle one input in the vote phase; the lamps follow the ballot (see the module)."""
    after, effects = _on_input(state, event)
    return after, effects + lamps_changed(state, after)


def _on_input(state: OneNightState, event: Event) -> Transition:
    ballot = state.ballot
    assert ballot is not None
    if isinstance(event, VoteCast):
        return _cast_whole(state, event)
    if ballot.replacing is not None and isinstance(event, ControlPressed | Touched):
        yes = event in (Touched(Tap.CONFIRM_YES),) or (
            isinstance(event, ControlPressed) and event.control is Control.YES
        )
        no = event in (Touched(Tap.CONFIRM_NO),) or (
            isinstance(event, ControlPressed) and event.control is Control.NO
        )
        if yes or no:
            ballot = confirm(ballot, keep_new=yes)
            state = dataclasses.replace(state, ballot=ballot)
            line = "onenight.vote.changed" if yes else "onenight.vote.kept"
            return _after_vote(state, [Say.of(line)])
    if event == Touched(Tap.CLOSE) or (
        isinstance(event, ControlPressed) and event.control is Control.GO
    ):
        return _close_asked(state, ballot)
    if isinstance(event, SeatPressed):
        return _seat(state, ballot, event.seat)
    if isinstance(event, Touched) and isinstance(event.action, SeatTap):
        tap = event.action
        if tap.role is SeatRole.VOTER:
            return _pick_voter(state, ballot, tap.seat)
        if tap.role is SeatRole.TARGET and ballot.voter is not None:
            return _cast(state, ballot.voter, tap.seat)
    return state, []


def _close_asked(state: OneNightState, ballot: Ballot) -> Transition:
    """``go`` or *Close vote*: name the missing seats, or ask again for a pending change.

    Every seat may have voted while a change still waits for yes or no; the vote cannot close
    before that answer, so the question is asked again instead of naming nobody.
    """
    if ballot.replacing is not None:
        return _ask_to_confirm(state, ballot.replacing[0])
    return state, [Say.of("onenight.vote.missing", seats=seats_phrase(ballot.missing))]


def _confirm_message(voter: int) -> str:
    """The vote screen's message while ``voter``'s new vote waits for yes or no."""
    return f"Player {voter} voted already: yes to change, no to keep"


def _ask_to_confirm(state: OneNightState, voter: int) -> Transition:
    return state, [
        Say.of("onenight.vote.confirm_change", seat=voter),
        Show(vote_view(state)),
    ]


def _pick_voter(state: OneNightState, ballot: Ballot, voter: int) -> Transition:
    if not 1 <= voter <= ballot.players:
        return state, []
    state = dataclasses.replace(state, ballot=dataclasses.replace(ballot, voter=voter))
    return state, [Show(vote_view(state))]


def _seat(state: OneNightState, ballot: Ballot, seat: int) -> Transition:
    if seat > ballot.players:
        return state, []
    if ballot.mode is VoteMode.SECRET and ballot.voter is None:
        # Shown at once (the seat haloed, its lamp breathing): the voter sees the press counted.
        state = dataclasses.replace(state, ballot=dataclasses.replace(ballot, voter=seat))
        return state, [Say.of("onenight.vote.your_turn", seat=seat), Show(vote_view(state))]
    if ballot.voter is None:  # grid mode: the screen picks the voter
        return state, []
    return _cast(state, ballot.voter, seat)


def _cast(state: OneNightState, voter: int, target: int) -> Transition:
    ballot = state.ballot
    assert ballot is not None
    ballot, result = cast(ballot, voter, target)
    state = dataclasses.replace(state, ballot=ballot)
    if result is Cast.SELF:
        refused = "You cannot vote for yourself"
        return state, [
            Say.of("onenight.vote.self"),
            Show(vote_view(state, refused, refused=True)),
        ]
    if result is Cast.CONFIRM:
        return _ask_to_confirm(state, voter)
    return _after_vote(state, [])


def _cast_whole(state: OneNightState, vote: VoteCast) -> Transition:
    """A whole vote, as the simulator enters it: one entry per seat completes the seat.

    A seat that votes with both hands (a ripple) casts its second hand on ``vote.second``, or
    with none given on the same player as the first, so a scenario written without knowing of
    the ripple still gives one entry per seat. A seat that has voted already is asked to confirm
    a change, as with buttons.
    """
    ballot = state.ballot
    assert ballot is not None
    check_seat(ballot, vote.voter, "voter")
    hands = ballot.allowed(vote.voter)
    if vote.second is not None and hands == 1:
        raise VoteError(
            f"vote of seat {vote.voter}: second {vote.second}: this seat has one vote "
            "(a second hand is only for a seat a ripple lets vote with both)"
        )
    state, effects = _cast(state, vote.voter, vote.target)
    voted = state.ballot is not None and len(state.ballot.targets(vote.voter)) == 1
    if hands == 1 or not voted or state.phase is not OneNightPhase.VOTE:
        return state, effects
    second = vote.target if vote.second is None else vote.second
    state, more = _cast(state, vote.voter, second)
    return state, [*effects, *more]


def _after_vote(state: OneNightState, effects: list[Effect]) -> Transition:
    ballot = state.ballot
    assert ballot is not None
    if ballot.mode is VoteMode.SECRET and ballot.voter is not None and ballot.is_done(ballot.voter):
        ballot = dataclasses.replace(ballot, voter=None)
    elif (
        ballot.mode is VoteMode.CALLED and ballot.voter is not None and ballot.is_done(ballot.voter)
    ):
        following = [seat for seat in ballot.missing if seat > ballot.voter] or list(ballot.missing)
        ballot = dataclasses.replace(ballot, voter=following[0] if following else None)
        if following:
            effects = [*effects, Say.of("onenight.vote.call", seat=following[0])]
    state = dataclasses.replace(state, ballot=ballot)
    if ballot.complete and ballot.replacing is None:
        return close_vote(state, effects)
    return state, [*effects, Show(vote_view(state))]


def close_vote(state: OneNightState, effects: list[Effect]) -> Transition:
    """Every vote is in: show the tally and move on to the reveal."""
    state = dataclasses.replace(state, phase=OneNightPhase.REVEAL)
    return state, [
        *effects,
        Say.of("onenight.vote.closed"),
        Phase(OneNightPhase.REVEAL),
        Show(tally_view(state)),
    ]


def tally_view(state: OneNightState) -> TallyView:
    """The tally screen shown when the vote closes: votes per target, who voted for whom (the
    vote is over, so it is public), cards to turn over."""
    ballot = state.ballot
    assert ballot is not None
    tally = ballot.tally()
    return TallyView(
        players=ballot.players,
        tally=tuple((seat, tally.get(seat, 0)) for seat in _targets(ballot)),
        deaths=(),
        message="Every vote is in. Turn your cards over.",
        pointed=ballot.votes,
    )


def _targets(ballot: Ballot) -> list[int]:
    seats = list(range(1, ballot.players + 1))
    return [DEVICE, *seats] if ballot.device_target else seats


def vote_lines(players: int) -> tuple[Say, ...]:
    """Every line the vote may speak at this table, so it can be rendered before the night."""
    fixed = ("secret", "called", "grid", "self", "changed", "kept", "closed")
    lines = [Say.of(f"onenight.vote.{name}") for name in fixed]
    for seat in range(1, players + 1):
        lines += [
            Say.of("onenight.vote.call", seat=seat),
            Say.of("onenight.vote.your_turn", seat=seat),
            Say.of("onenight.vote.confirm_change", seat=seat),
        ]
    return tuple(lines)
