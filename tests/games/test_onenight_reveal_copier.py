"""The role a Doppelganger or Copycat card copied, entered by touch (1.3): the roles the picker
offers, Confirm waiting for the copy, a copy of nothing, and the picks kept per seat."""

from __future__ import annotations

import json

import pytest
from reveal_picker import copy_choices, picker, tap

from games.effects import Say, Show
from games.onenight import reveal
from games.onenight.revealed import RevealEntry
from games.onenight.roles import Role
from games.onenight.state import state_from_json, state_to_json
from games.onenight.views import RevealChoice, RevealView


@pytest.mark.parametrize("action", ["card:cow", "seat:0", "seat:99", "mark:love", "artifact:claw"])
def test_a_chip_the_picker_does_not_offer_changes_nothing(action: str) -> None:
    state, _ = tap(picker(), "seat:1", "card:seer")
    # No Cow, no seat 99, no Marks and no Curator in this game: the view stays one it can show.
    assert tap(state, action) == (state, [])


def test_a_copier_card_offers_the_roles_in_play_she_could_have_copied() -> None:
    state, _ = tap(picker(), "seat:1", "card:seer")
    assert reveal.reveal_view(state).copy_choices == ()
    state, effects = tap(state, "card:doppelganger")
    view = next(e.view for e in effects if isinstance(e, Show))
    assert isinstance(view, RevealView)
    assert view.copy_choices == (
        RevealChoice("werewolf", "Werewolf"),
        RevealChoice("seer", "Seer"),
        RevealChoice("robber", "Robber"),
        RevealChoice("troublemaker", "Troublemaker"),
        RevealChoice("villager", "Villager"),
    )
    both = picker(["copycat", "doppelganger", "vampire", "seer", "villager", "villager"])
    state, _ = tap(both, "card:copycat")
    # A Doppelganger who copied the Copycat ends as what the Copycat saw: never a copier.
    assert copy_choices(reveal.reveal_view(state)) == ["vampire", "seer", "villager"]


def test_confirm_waits_for_the_role_the_card_became() -> None:
    state, said = tap(picker(), "seat:1", "card:doppelganger", "confirm")
    assert said == [Say.of("onenight.reveal.pick_copied")]
    assert state.reveals == ()
    state, _ = tap(state, "became:werewolf")
    assert reveal.reveal_view(state).became == "werewolf"  # shown before it is confirmed
    assert state.reveals == ()
    state, _ = tap(state, "confirm")
    assert state.reveals == (RevealEntry(1, Role.DOPPELGANGER, became=Role.WEREWOLF),)


def test_copied_nothing_is_chosen_on_purpose_and_kept_as_no_copy() -> None:
    state, _ = tap(picker(), "seat:2", "card:doppelganger", "became:nothing")
    assert reveal.reveal_view(state).became == "nothing"
    state, _ = tap(state, "confirm")
    assert state.reveals == (RevealEntry(2, Role.DOPPELGANGER),)


PICKS = [
    ("card:doppelganger", "doppelganger", None),
    ("became:seer", "doppelganger", "seer"),
    ("card:doppelganger", "doppelganger", "seer"),  # the same card again keeps the copy
    ("became:none", "doppelganger", "seer"),  # Neither: no conversion; the copy stays
    ("became:doppelganger", "doppelganger", "seer"),  # never a copier: ignored
    ("became:alien", "doppelganger", "alien"),  # one choice: the app's conversion instead
    ("card:villager", "villager", "alien"),  # a conversion stays with a new card
    ("became:seer", "villager", "alien"),  # only a copier card copies: ignored
    ("became:none", "villager", None),
    ("card:doppelganger", "doppelganger", None),
    ("became:werewolf", "doppelganger", "werewolf"),
    ("card:villager", "villager", None),  # a copied role goes with the copier card only
    ("card:doppelganger", "doppelganger", None),
    ("became:nothing", "doppelganger", "nothing"),
    ("card:none", None, None),  # the card put back: choose again
]


def test_the_copied_role_follows_the_picks() -> None:
    state = picker()
    for action, card, became in PICKS:
        state, _ = tap(state, action)
        view = reveal.reveal_view(state)
        assert (view.card, view.became) == (card, became), action


def test_a_refused_seat_keeps_its_picks_while_another_seat_is_corrected() -> None:
    # 1.4 one Sentinel, one shield: seat 2's shield is refused while seat 1 holds it.
    state = picker(["sentinel", "werewolf", "seer", "robber", "villager", "villager", "drunk"])
    state, _ = tap(state, "seat:1", "card:seer", "shielded:yes", "confirm")
    state, _ = tap(state, "card:robber", "shielded:yes")
    assert reveal.reveal_view(state).seat == 2
    with pytest.raises(reveal.RevealError, match="only shield is on seat 1"):
        tap(state, "confirm")
    state, _ = tap(state, "seat:1", "shielded:no", "confirm")  # the shield was seat 2's
    view = reveal.reveal_view(state)
    assert (view.seat, view.card, view.shielded) == (2, "robber", True)  # as it was left
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))).held == state.held
    state, _ = tap(state, "confirm")
    assert [(entry.seat, entry.shielded) for entry in state.reveals] == [(1, False), (2, True)]
    assert state.held == ()
