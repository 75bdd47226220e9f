"""The vote: ballots, every way of entering votes, and the phase closing by itself."""

from __future__ import annotations

import dataclasses
import json

import pytest

from games.effects import Lamp, LampPattern, Phase, Say, Show
from games.events import (
    AnswerTap,
    Control,
    ControlPressed,
    SeatPressed,
    SeatRole,
    SeatTap,
    Tap,
    Touched,
    VoteCast,
    parse_action,
)
from games.onenight import vote
from games.onenight.ballot import Ballot, Cast, VoteError, VoteMode, cast, confirm
from games.onenight.session import OneNightSession
from games.onenight.setup import OneNightOptions, OneNightSetup, find_preset
from games.onenight.state import OneNightPhase, OneNightState, state_from_json, state_to_json
from games.onenight.views import TallyView, VoteView
from games.views import ScreenName


def test_a_self_vote_is_refused_and_counts_nothing() -> None:
    ballot, result = cast(Ballot(4), 2, 2)
    assert result is Cast.SELF and ballot.votes == ()


def test_a_second_vote_waits_for_confirmation() -> None:
    ballot, _ = cast(Ballot(4), 1, 2)
    ballot, result = cast(ballot, 1, 3)
    assert result is Cast.CONFIRM and ballot.targets(1) == (2,)
    assert confirm(ballot, keep_new=True).targets(1) == (3,)
    assert confirm(ballot, keep_new=False).targets(1) == (2,)


def test_two_hand_voters_cast_two_votes_and_the_device_may_be_a_target() -> None:
    ballot = Ballot(4, two_votes=(1,), device_target=True)
    ballot, _ = cast(ballot, 1, 2)
    assert not ballot.is_done(1)
    ballot, _ = cast(ballot, 1, 0)
    assert ballot.is_done(1) and ballot.tally() == {0: 1, 2: 1}


@pytest.mark.parametrize(
    ("voter", "target", "message"),
    [
        (5, 1, "voter seat 5: the game has seats 1 to 4"),
        (1, 0, "target seat 0: the game has seats 1 to 4"),
        (0, 2, "voter seat 0: the game has seats 1 to 4"),
    ],
)
def test_a_vote_naming_no_seat_is_an_error(voter: int, target: int, message: str) -> None:
    with pytest.raises(VoteError) as error:
        cast(Ballot(4), voter, target)
    assert str(error.value) == message


def voting(mode: str = "secret") -> OneNightState:
    setup = OneNightSetup(
        4, find_preset("alien_first_game").roles, 1, OneNightOptions(vote_mode=VoteMode(mode))
    )
    state, _ = vote.open_vote(OneNightState(setup), (), False)
    return state


def test_votes_by_event_close_the_vote_by_themselves_with_the_tally() -> None:
    state = voting()
    for voter, target in ((1, 2), (2, 3), (3, 2)):
        state, effects = vote.on_input(state, VoteCast(voter, target))
        assert state.phase == "vote"
        shown = [e for e in effects if isinstance(e, Show)]
        assert shown and isinstance(shown[-1].view, VoteView)  # counts only until the tally
    state, effects = vote.on_input(state, VoteCast(4, 2))
    assert state.phase == "reveal"
    assert Phase(OneNightPhase.REVEAL) in effects
    tally = next(e for e in effects if isinstance(e, Show) and e.screen == "tally")
    assert isinstance(tally.view, TallyView)
    assert dict(tally.view.tally) == {1: 0, 2: 3, 3: 1, 4: 0}
    # Once every vote is in, who voted for whom is public (the Hunter, the Mortician).
    assert tally.view.pointed == ((1, (2,)), (2, (3,)), (3, (2,)), (4, (2,)))


def test_a_secret_ballot_is_own_seat_then_target() -> None:
    state = voting("secret")
    state, effects = vote.on_input(state, SeatPressed(3, 0.0))
    assert effects == [
        Say.of("onenight.vote.your_turn", seat=3),
        Show(vote.vote_view(state)),  # the press is seen to count: seat 3 is the voter
        Lamp(3, LampPattern.PULSE),
    ]
    assert vote.vote_view(state).voter == 3
    state, effects = vote.on_input(state, SeatPressed(1, 0.1))
    assert state.ballot is not None and state.ballot.targets(3) == (1,)
    assert state.ballot.voter is None
    view = next(e for e in effects if isinstance(e, Show)).view
    assert isinstance(view, VoteView)
    assert view.voted == (3,) and view.voter is None
    # The voter's lamp is lit as voted; the target's lamp never changes.
    assert [e for e in effects if isinstance(e, Lamp)] == [Lamp(3, LampPattern.ON)]


def test_a_two_hand_voter_sees_each_vote_counted_and_no_lamp_shows_a_target() -> None:
    setup = OneNightSetup(4, find_preset("alien_first_game").roles, 1, OneNightOptions())
    state, _ = vote.open_vote(OneNightState(setup), (2,), False)
    lamps: list[Lamp] = []
    for seat in (2, 3):
        state, effects = vote.on_input(state, SeatPressed(seat, 0.0))
        lamps += [e for e in effects if isinstance(e, Lamp)]
    view = vote.vote_view(state)
    assert (view.voter, view.voter_cast, view.voter_hands) == (2, 1, 2)
    state, effects = vote.on_input(state, SeatPressed(4, 0.0))
    lamps += [e for e in effects if isinstance(e, Lamp)]
    assert lamps == [Lamp(2, LampPattern.PULSE), Lamp(2, LampPattern.ON)]
    assert vote.vote_view(state).voted == (2,)


def test_the_lamps_go_out_when_the_vote_closes_and_come_back_after_a_restart() -> None:
    state = voting()
    state, _ = vote.on_input(state, VoteCast(1, 2))
    relit = OneNightSession(state.setup).resume(state, 0.0, 5.0)[1]
    assert [e for e in relit if isinstance(e, Lamp)] == [
        Lamp(1, LampPattern.ON),
        *(Lamp(seat, LampPattern.OFF) for seat in (2, 3, 4)),
    ]
    for voter, target in ((2, 3), (3, 2)):
        state, _ = vote.on_input(state, VoteCast(voter, target))
    state, effects = vote.on_input(state, VoteCast(4, 2))
    assert state.phase == "reveal"
    assert [e for e in effects if isinstance(e, Lamp)] == [
        Lamp(seat, LampPattern.OFF) for seat in (1, 2, 3)
    ]


def test_called_voting_calls_each_player_in_turn() -> None:
    state = voting("called")
    state, effects = vote.on_input(state, SeatPressed(2, 0.0))
    assert Say.of("onenight.vote.call", seat=2) in effects
    state, effects = vote.on_input(state, SeatPressed(2, 0.1))  # player 2 presses own seat
    assert Say.of("onenight.vote.self") in effects
    shown = next(e for e in effects if isinstance(e, Show))
    assert isinstance(shown.view, VoteView)
    assert shown.view.message == "You cannot vote for yourself"
    assert shown.view.refused  # drawn as a refusal, not in the success green
    assert state.ballot is not None and state.ballot.voter == 2


def test_the_grid_takes_a_voter_then_a_target() -> None:
    state = voting("grid")
    state, _ = vote.on_input(state, Touched(SeatTap(SeatRole.VOTER, 4)))
    state, _ = vote.on_input(state, Touched(SeatTap(SeatRole.TARGET, 1)))
    assert state.ballot is not None and state.ballot.targets(4) == (1,)


def test_closing_early_names_the_seats_still_missing() -> None:
    state = voting()
    state, _ = vote.on_input(state, VoteCast(2, 1))
    _, effects = vote.on_input(state, ControlPressed(Control.GO, 0.0))
    assert effects == [Say.of("onenight.vote.missing", seats="players 1, 3 and 4")]


def test_a_change_is_confirmed_with_the_yes_button() -> None:
    state = voting()
    state, _ = vote.on_input(state, VoteCast(2, 1))
    state, effects = vote.on_input(state, VoteCast(2, 3))
    assert effects[0] == Say.of("onenight.vote.confirm_change", seat=2)
    state, effects = vote.on_input(state, ControlPressed(Control.YES, 0.0))
    assert state.ballot is not None and state.ballot.targets(2) == (3,)
    assert Say.of("onenight.vote.changed") in effects


def test_the_ballot_survives_a_checkpoint() -> None:
    state = voting("called")
    state, _ = vote.on_input(state, VoteCast(2, 1))
    state, _ = vote.on_input(state, VoteCast(2, 3))
    again = state_from_json(state_to_json(state))
    assert again == state
    assert dataclasses.asdict(again.ballot or Ballot(1))["replacing"] == (2, (3,))


@pytest.mark.parametrize("closing", [ControlPressed(Control.GO, 0.0), Touched(Tap.CLOSE)])
def test_closing_while_a_change_waits_asks_for_the_change_again(
    closing: ControlPressed | Touched,
) -> None:
    # Every seat has voted, and player 1's change still waits for yes or no.
    state = voting()
    for voter, target in ((1, 3), (2, 3), (3, 2), (1, 2), (4, 3)):
        state, _ = vote.on_input(state, VoteCast(voter, target))
    assert state.ballot is not None and not state.ballot.missing
    state, effects = vote.on_input(state, closing)
    assert state.phase == "vote"
    assert effects[0] == Say.of("onenight.vote.confirm_change", seat=1)
    state, effects = vote.on_input(state, ControlPressed(Control.YES, 0.0))
    assert state.phase == "reveal"
    assert state.ballot is not None and state.ballot.targets(1) == (2,)


def test_a_show_takes_a_typed_view_which_names_its_screen() -> None:
    view = vote.vote_view(voting())
    assert Show(view).screen is ScreenName.VOTE
    with pytest.raises(TypeError, match=r"^Show takes a View, not \{'screen': 'vote'\}$"):
        Show({"screen": "vote"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("voter:4", SeatTap(SeatRole.VOTER, 4)),
        ("target:0", SeatTap(SeatRole.TARGET, 0)),
        ("answer:yes", AnswerTap(True)),
        ("answer:7", AnswerTap(7)),
        ("close", Tap.CLOSE),
    ],
)
def test_a_touch_carries_a_typed_seat_or_answer_and_reads_as_before(
    text: str, typed: object
) -> None:
    touched = Touched(parse_action(text))
    assert touched.action == typed and type(touched.action) is type(typed)
    assert str(touched.action) == text  # the control's action name, as before


def test_a_touch_refuses_text_it_would_have_to_parse() -> None:
    with pytest.raises(TypeError, match=r"^Touched\('target:1'\): a tap carries a typed action"):
        Touched("target:1")  # type: ignore[arg-type]


def test_the_grid_takes_typed_seat_taps_and_ignores_a_seat_that_is_no_number() -> None:
    state = voting("grid")
    state, _ = vote.on_input(state, Touched(SeatTap(SeatRole.VOTER, 4)))
    assert state.ballot is not None and state.ballot.voter == 4
    assert vote.on_input(state, Touched(SeatTap(SeatRole.SEAT, 2))) == (state, [])
    state, _ = vote.on_input(state, Touched(SeatTap(SeatRole.TARGET, 1)))
    assert state.ballot is not None and state.ballot.targets(4) == (1,)


def test_the_vote_mode_is_an_enum_read_from_its_name_and_written_back_as_it() -> None:
    state = voting("grid")
    assert state.setup.options.vote_mode is VoteMode.GRID
    assert state.ballot is not None and state.ballot.mode is VoteMode.GRID
    saved = json.loads(json.dumps(state_to_json(state)))
    assert saved["setup"]["options"]["vote_mode"] == saved["ballot"]["mode"] == "grid"
    loaded = state_from_json(saved)
    assert loaded.ballot is not None and loaded.ballot.mode is VoteMode.GRID
    with pytest.raises(ValueError, match="'open' is not a valid VoteMode"):
        Ballot(4, "open")  # type: ignore[arg-type]
