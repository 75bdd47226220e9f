"""The reveal screen: a seat row, the cards in play, Marks, became chips and Confirm."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pygame
import pytest
from reveal_views import (
    DOPPEL_FULL,
    DOPPEL_IN_PLAY,
    FULL,
    FULL_COPYING,
    THIRTEEN,
    cards,
    marks,
    reveal,
)

from device.ui import TouchUI, UiInput
from device.ui.actions import action_named
from device.ui.reveal import RevealScreen
from device.ui.seats import CURRENT_TINT, VOTED_TINT
from games.events import ChipKind, ChipTap, Tap
from games.onenight.roles import Role
from games.onenight.views import RevealView
from games.views import ViewError

BECAME = [
    ("Became alien", "became:alien"),
    ("Became alien helper", "became:alien_helper"),
    ("Became neither", "became:none"),
]
COPYING = reveal(
    cards=cards(DOPPEL_IN_PLAY), card="doppelganger", copy_choices=cards(DOPPEL_IN_PLAY[1:])
)
"""A Doppelganger card chosen: the roles it can have copied are offered."""


@pytest.mark.parametrize(
    "view",
    [
        reveal(),
        reveal(card="cow"),
        reveal(card="alien", alien_choices=True, became="alien_helper"),
        reveal(card="villager", snatch_choices=True, snatched=True),
        reveal(players=6, seat=1, revealed=[], marks=marks(["clarity", "love", "fear"])),
        FULL,
        COPYING,
        FULL_COPYING,
        DOPPEL_FULL,
    ],
    ids=[
        "nothing-chosen",
        "card-chosen",
        "alien-choices",
        "snatched",
        "marks",
        "thirteen-cards-eight-marks",
        "copier-card",
        "copier-card-fifteen-roles-eight-marks",
        "doppelganger-marks-and-shield",
    ],
)
def test_the_reveal_screen_renders_a_real_png(
    ui: TouchUI, view: RevealView, tmp_path: Path
) -> None:
    ui.show(view)
    ui.redraw(0.0)
    ui.save_png(tmp_path / "reveal.png")
    assert (tmp_path / "reveal.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pygame.image.load(str(tmp_path / "reveal.png")).get_size() == (800, 480)


def test_the_controls_are_the_seats_the_cards_in_play_and_confirm(ui: TouchUI) -> None:
    ui.show(reveal(card="cow"))
    assert ui.controls() == [
        ("Seat 1", "seat:1"),
        ("Seat 2", "seat:2"),
        ("Seat 3", "seat:3"),
        ("Seat 4", "seat:4"),
        ("Alien", "card:alien"),  # two Alien cards in play: one chip
        ("Cow", "card:cow"),
        ("Groob", "card:groob"),
        ("Body Snatcher", "card:body_snatcher"),
        ("Villager", "card:villager"),
        ("Confirm", "confirm"),
    ]


def test_only_the_roles_in_play_are_offered(ui: TouchUI) -> None:
    ui.show(FULL)
    offered = [action for _, action in ui.controls() if action.startswith("card:")]
    assert offered == [f"card:{role.value}" for role in THIRTEEN]
    assert "card:cow" not in offered


def test_confirm_comes_only_with_a_card_chosen(ui: TouchUI) -> None:
    ui.show(reveal(mark="love", marks=marks(["love"]), became="alien"))
    assert "confirm" not in dict(ui.controls()).values()
    ui.show(reveal(card="villager"))
    assert ("Confirm", "confirm") in ui.controls()
    ui.tap("Confirm")
    assert ui.poll() == [UiInput("touch", Tap.CONFIRM)]


def test_marks_show_only_when_in_play(ui: TouchUI) -> None:
    ui.show(reveal())
    assert not [a for _, a in ui.controls() if a.startswith("mark:")]
    ui.show(reveal(marks=marks(["clarity", "love"])))
    offered = [(label, a) for label, a in ui.controls() if a.startswith("mark:")]
    assert offered == [("Mark of Clarity", "mark:clarity"), ("Mark of Love", "mark:love")]


def test_the_became_choices_show_only_when_asked(ui: TouchUI) -> None:
    ui.show(reveal(card="alien"))
    assert not [a for _, a in ui.controls() if a.startswith("became:")]
    ui.show(reveal(card="alien", alien_choices=True))
    assert [c for c in ui.controls() if c[1].startswith("became:")] == BECAME


@pytest.mark.parametrize(
    ("label", "action"),
    [
        ("Body Snatcher", "card:body_snatcher"),
        ("Alien", "card:alien"),
        ("Mark of the Traitor", "mark:traitor"),
        ("Became alien helper", "became:alien_helper"),
        ("Became neither", "became:none"),
        ("Snatched card", "snatched:no"),
        ("Seat 12", "seat:12"),
        ("Confirm", "confirm"),
    ],
)
def test_a_tap_gives_the_chips_action(ui: TouchUI, label: str, action: str) -> None:
    ui.show(FULL)
    ui.tap(label)
    assert ui.poll() == [UiInput("touch", action_named(action))]


def test_the_choices_light_up() -> None:
    chips = {c.label: c for c in RevealScreen.from_view(FULL).controls()}
    lit = {label for label, chip in chips.items() if chip.lit}
    seats = {f"Seat {n}" for n in range(1, 8)}
    assert lit == seats | {"Zerb", "Mark of Love", "Became alien", "Snatched card"}
    assert chips["Seat 7"].tint == CURRENT_TINT
    assert chips["Seat 1"].tint == VOTED_TINT
    neither = RevealScreen.from_view(reveal(alien_choices=True)).controls()
    assert [c.label for c in neither if c.lit and c.label.startswith("Became")] == [
        "Became neither"
    ]


@pytest.mark.parametrize(
    "view",
    [
        FULL,
        reveal(),
        reveal(players=3, seat=3, cards=cards(THIRTEEN[:1]), alien_choices=True),
        reveal(card="villager", snatch_choices=True),
        COPYING,
        dataclasses.replace(COPYING, became="werewolf", alien_choices=True, snatch_choices=True),
        FULL_COPYING,
        DOPPEL_FULL,
    ],
    ids=[
        "full",
        "plain",
        "one-card",
        "snatch-only",
        "copier",
        "copier-all-rows",
        "copier-full",
        "doppel-marks",
    ],
)
def test_labels_are_unique_and_controls_fit_without_overlap(view: RevealView) -> None:
    controls = RevealScreen.from_view(view).controls()
    assert len({c.label.casefold() for c in controls}) == len(controls)
    for control in controls:
        assert pygame.Rect(0, 0, 800, 480).contains(control.rect), control.label
        assert min(control.rect.size) >= 44, control.label
    for a, b in itertools.combinations(controls, 2):
        assert not a.rect.colliderect(b.rect), (a.label, b.label)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"card": "cow"}, "RevealView.card must be one of the cards in play, got 'cow'"),
        ({"mark": "love"}, "RevealView.mark must be one of the Marks in play, got 'love'"),
        (
            {"became": "blob"},
            "RevealView.became must be None, 'alien' or 'alien_helper', got 'blob'",
        ),
        ({"cards": ["cow"]}, "RevealView.cards must be tuple[RevealChoice, ...], got ('cow',)"),
        ({"seat": 0}, "RevealView.seat has seat 0, but the game has seats 1 to 4"),
        ({"revealed": [5]}, "RevealView.revealed has seat 5, but the game has seats 1 to 4"),
        ({"alien_choices": None}, "RevealView.alien_choices must be bool, got None"),
        ({"snatched": "yes"}, "RevealView.snatched must be bool, got 'yes'"),
        ({"snatch_choices": 1}, "RevealView.snatch_choices must be bool, got 1"),
        (
            {"copy_choices": cards([Role.SEER])},
            "RevealView.copy_choices need a card chosen, got card None",
        ),
        (
            {"card": "alien", "copy_choices": cards([Role.GROOB]), "became": "cow"},
            "RevealView.became must be None, 'alien', 'alien_helper', 'nothing' or one of "
            "copy_choices, got 'cow'",
        ),
    ],
)
def test_a_bad_reveal_view_is_refused_when_built(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ViewError) as error:
        reveal(**{"cards": cards([Role.ALIEN, Role.GROOB]), **changes})
    assert str(error.value) == message


@pytest.mark.parametrize("alien_choices", [False, True], ids=["no-directive", "alien-directive"])
def test_snatched_is_offered_whatever_the_directive(ui: TouchUI, alien_choices: bool) -> None:
    # Reference 2.9: a card the Body Snatcher took or left is an Alien card, whatever was drawn.
    ui.show(reveal(card="villager", alien_choices=alien_choices))
    assert "Snatched card" not in dict(ui.controls())
    ui.show(reveal(card="villager", alien_choices=alien_choices, snatch_choices=True))
    ui.tap("Snatched card")
    assert ui.poll() == [UiInput("touch", ChipTap(ChipKind.SNATCHED, "yes"))]
    ui.show(
        reveal(card="villager", alien_choices=alien_choices, snatch_choices=True, snatched=True),
    )
    ui.tap("Snatched card")
    assert ui.poll() == [UiInput("touch", ChipTap(ChipKind.SNATCHED, "no"))]


# -- A Doppelganger or Copycat card: the role it became (1.3) ------------------------------------


def test_a_copier_card_offers_the_roles_it_can_have_copied(ui: TouchUI) -> None:
    ui.show(COPYING)
    assert ui.controls() == [
        ("Seat 1", "seat:1"),
        ("Seat 2", "seat:2"),
        ("Seat 3", "seat:3"),
        ("Seat 4", "seat:4"),
        ("Doppelganger", "card:none"),  # lit: a tap puts the card back
        ("Copied Werewolf", "became:werewolf"),
        ("Copied Seer", "became:seer"),
        ("Copied Robber", "became:robber"),
        ("Copied Villager", "became:villager"),
        ("Copied nothing", "became:nothing"),
    ]  # no Confirm until the copy is chosen
    shown = {c.label: c.text for c in RevealScreen.from_view(COPYING).controls()}
    assert shown["Copied Seer"] == "Seer" and shown["Copied nothing"] == "No copy"


@pytest.mark.parametrize("became", ["werewolf", "nothing"])
def test_the_copied_role_is_shown_then_confirmed(ui: TouchUI, became: str) -> None:
    view = dataclasses.replace(COPYING, became=became)
    lit = [str(c.action) for c in RevealScreen.from_view(view).controls() if c.lit]
    assert lit[-2:] == ["card:none", f"became:{became}"]
    ui.show(view)
    ui.tap("Confirm")
    assert ui.poll() == [UiInput("touch", Tap.CONFIRM)]


def test_a_copied_role_leaves_the_alien_chips_at_neither(ui: TouchUI) -> None:
    view = dataclasses.replace(COPYING, became="werewolf", alien_choices=True)
    chips = RevealScreen.from_view(view).controls()
    assert [c.label for c in chips if c.lit and str(c.action).startswith("became:")] == [
        "Copied Werewolf",
        "Became neither",
    ]
    ui.show(view)
    ui.tap("Became alien")
    assert ui.poll() == [UiInput("touch", ChipTap(ChipKind.BECAME, "alien"))]


@pytest.mark.parametrize(
    ("label", "action"),
    [("Copied Werewolf", "became:werewolf"), ("Copied nothing", "became:nothing")],
)
def test_a_tap_on_a_copy_chip_gives_its_action(ui: TouchUI, label: str, action: str) -> None:
    ui.show(COPYING)
    ui.tap(label)
    assert ui.poll() == [UiInput("touch", action_named(action))]
