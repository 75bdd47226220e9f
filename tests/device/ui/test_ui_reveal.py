"""The reveal screen: a seat row, the cards in play, Marks, became chips and Confirm."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pygame
import pytest

from device.ui import TouchUI, UiInput
from device.ui.actions import action_named
from device.ui.reveal import RevealScreen
from device.ui.seats import CURRENT_TINT, VOTED_TINT
from games.events import ChipKind, ChipTap, Tap
from games.onenight.roles import Role
from games.onenight.views import RevealChoice, RevealView
from games.views import ViewError

IN_PLAY = [Role.ALIEN, Role.ALIEN, Role.COW, Role.GROOB, Role.BODY_SNATCHER, Role.VILLAGER]
THIRTEEN = [
    Role.ALIEN,
    Role.SYNTHETIC_ALIEN,
    Role.GROOB,
    Role.ZERB,
    Role.BODY_SNATCHER,
    Role.APPRENTICE_ASSASSIN,
    Role.VAMPIRE,
    Role.THE_COUNT,
    Role.CUPID,
    Role.DOPPELGANGER,
    Role.TROUBLEMAKER,
    Role.INSOMNIAC,
    Role.VILLAGER,
]
MARKS = {
    "clarity": "Mark of Clarity",
    "vampire": "Mark of the Vampire",
    "fear": "Mark of Fear",
    "bat": "Mark of the Bat",
    "disease": "Mark of Disease",
    "love": "Mark of Love",
    "traitor": "Mark of the Traitor",
    "assassin": "Mark of the Assassin",
}
DOPPEL_MARKS = {
    f"doppel_{key}": f"Doppelganger {name}" for key, name in MARKS.items() if key != "vampire"
}
"""The Doppelganger's own set: no Mark of the Vampire among them (1.3)."""
BECAME = [
    ("Became alien", "became:alien"),
    ("Became alien helper", "became:alien_helper"),
    ("Became neither", "became:none"),
]


def cards(roles: list[Role]) -> tuple[RevealChoice, ...]:
    return tuple(RevealChoice(role.value, role.display_name) for role in roles)


def marks(keys: list[str]) -> tuple[RevealChoice, ...]:
    return tuple(RevealChoice(key, {**MARKS, **DOPPEL_MARKS}[key]) for key in keys)


def reveal(**changes: object) -> RevealView:
    """A reveal view: seat 2 of 4 being entered, nothing chosen, with ``changes`` (lists are
    taken as the view's tuples)."""
    fields: dict[str, object] = {
        "players": 4,
        "seat": 2,
        "revealed": (1,),
        "cards": cards(IN_PLAY),
        "marks": (),
        "card": None,
        "mark": None,
        "became": None,
        "alien_choices": False,
        "snatched": False,
        "snatch_choices": False,
        "copy_choices": (),
    }
    fields.update({k: tuple(v) if isinstance(v, list) else v for k, v in changes.items()})
    return RevealView(**fields)  # type: ignore[arg-type]


FULL = reveal(
    players=12,
    seat=7,
    revealed=[1, 2, 3, 4, 5, 6],
    cards=cards(THIRTEEN),
    marks=marks(list(MARKS)),
    card="zerb",
    mark="love",
    became="alien",
    alien_choices=True,
    snatched=True,
    snatch_choices=True,
)


DOPPEL_IN_PLAY = [Role.DOPPELGANGER, Role.WEREWOLF, Role.SEER, Role.ROBBER, Role.VILLAGER]
COPYING = reveal(
    cards=cards(DOPPEL_IN_PLAY), card="doppelganger", copy_choices=cards(DOPPEL_IN_PLAY[1:])
)
"""A Doppelganger card chosen: the roles it can have copied are offered."""
FIFTEEN = [
    *THIRTEEN,
    Role.SEER,
    Role.ROBBER,
]
FULL_COPYING = dataclasses.replace(
    FULL,
    cards=cards(FIFTEEN),
    card="doppelganger",
    became="seer",
    copy_choices=cards([role for role in FIFTEEN if role is not Role.DOPPELGANGER]),
)
"""The most a copier card can offer: fifteen roles in play, Marks and every other chip."""
DOPPEL_FULL = dataclasses.replace(
    FULL_COPYING,
    marks=marks([*MARKS, *DOPPEL_MARKS]),
    mark="doppel_love",
    shield_choices=True,
    shielded=False,
)
"""Every Mark of both sets (fifteen), beside fifteen roles, Snatched and Shielded."""


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


# -- Daybreak: the Curator's Artifacts and the Paranormal Investigator's sight -------------------

TOTAL_CHAOS = [
    Role.DOPPELGANGER,
    Role.WEREWOLF,
    Role.ROBBER,
    Role.TROUBLEMAKER,
    Role.ALPHA_WOLF,
    Role.WITCH,
    Role.VILLAGE_IDIOT,
    Role.CURATOR,
    Role.PARANORMAL_INVESTIGATOR,
]
ARTIFACTS = {
    "claw": "Claw of the Werewolf",
    "brand": "Brand of the Villager",
    "cudgel": "Cudgel of the Tanner",
    "void": "Void of Nothingness",
    "mask": "Mask of Muting",
    "shroud": "Shroud of Shame",
}
EVERY_ARTIFACT = {
    **ARTIFACTS,
    "bow": "Bow of the Hunter",
    "cloak": "Cloak of the Prince",
    "sword": "Sword of the Bodyguard",
    "mist": "Mist of the Vampire",
    "dagger": "Dagger of the Traitor",
    "alien": "Alien Artifact",
}


def artifacts(names: dict[str, str]) -> tuple[RevealChoice, ...]:
    return tuple(RevealChoice(key, name) for key, name in names.items())


DAYBREAK = reveal(
    players=5,
    cards=cards(TOTAL_CHAOS),
    card="village_idiot",
    artifacts=artifacts(ARTIFACTS),
    artifact="claw",
    sight_choices=True,
)
FULL_DAYBREAK = dataclasses.replace(
    FULL,
    artifacts=artifacts(EVERY_ARTIFACT),
    artifact="mist",
    sight_choices=True,
)
"""Everything at once: thirteen cards, eight Marks, twelve Artifacts, every became chip."""


@pytest.mark.parametrize("view", [DAYBREAK, FULL_DAYBREAK], ids=["daybreak", "everything"])
def test_artifacts_and_sights_render_and_fit_without_overlap(
    ui: TouchUI, view: RevealView, tmp_path: Path
) -> None:
    ui.show(view)
    ui.redraw(0.0)
    ui.save_png(tmp_path / "reveal.png")
    assert pygame.image.load(str(tmp_path / "reveal.png")).get_size() == (800, 480)
    controls = RevealScreen.from_view(view).controls()
    assert len({c.label.casefold() for c in controls}) == len(controls)
    for control in controls:
        assert pygame.Rect(0, 0, 800, 480).contains(control.rect), control.label
        assert min(control.rect.size) >= 26, control.label
    for a, b in itertools.combinations(controls, 2):
        assert not a.rect.colliderect(b.rect), (a.label, b.label)


@pytest.mark.parametrize(
    ("label", "action"),
    [
        ("No Artifact", "artifact:none"),
        ("Claw of the Werewolf", "artifact:claw"),
        ("Shroud of Shame", "artifact:shroud"),
        ("Saw a werewolf", "became:werewolf"),
        ("Saw the Tanner", "became:tanner"),
        ("Alpha Wolf", "card:alpha_wolf"),
    ],
)
def test_an_artifact_or_sight_chip_gives_its_action(ui: TouchUI, label: str, action: str) -> None:
    ui.show(DAYBREAK)
    ui.tap(label)
    assert ui.poll() == [UiInput("touch", action_named(action))]


def test_the_chosen_artifact_lights_and_no_artifact_chips_without_a_curator() -> None:
    lit = {c.label for c in RevealScreen.from_view(DAYBREAK).controls() if c.lit}
    assert "Claw of the Werewolf" in lit and "Became neither" in lit
    plain = [c.label for c in RevealScreen.from_view(reveal()).controls()]
    assert "No Artifact" not in plain and "Saw a werewolf" not in plain


def test_a_bad_artifact_in_the_view_is_refused_when_built() -> None:
    with pytest.raises(ViewError) as error:
        dataclasses.replace(DAYBREAK, artifact="bow")
    assert str(error.value) == "RevealView.artifact must be one of the Artifacts in play, got 'bow'"


def test_a_nostradamus_card_offers_the_teams_he_can_have_foreseen(ui: TouchUI) -> None:
    in_play = [Role.NOSTRADAMUS, Role.WEREWOLF, Role.SEER, Role.VILLAGER]
    view = reveal(
        cards=cards(in_play),
        card="nostradamus",
        foresaw="werewolf_team",
        team_choices=["village_team", "werewolf_team"],
    )
    ui.show(view)
    ui.tap("Foresaw village team")
    assert ui.poll() == [UiInput("touch", ChipTap(ChipKind.FORESAW, "village_team"))]
    lit = {c.label for c in RevealScreen.from_view(view).controls() if c.lit}
    assert "Foresaw werewolf team" in lit and "Became neither" not in lit
    controls = RevealScreen.from_view(view).controls()
    for a, b in itertools.combinations(controls, 2):
        assert not a.rect.colliderect(b.rect), (a.label, b.label)


def test_a_nostradamus_card_offers_the_own_win_cards_he_can_have_stopped_on(ui: TouchUI) -> None:
    # 2.13: he stops at a non-village role, the Tanner, Assassin or Blob among them (issue 35).
    in_play = [Role.NOSTRADAMUS, Role.TANNER, Role.APPRENTICE_ASSASSIN, Role.WEREWOLF, Role.SEER]
    view = reveal(
        cards=cards(in_play),
        card="nostradamus",
        foresaw="tanner",
        team_choices=["village_team", "werewolf_team", "tanner", "apprentice_assassin"],
    )
    ui.show(view)
    ui.tap("Stopped on Apprentice Assassin")
    assert ui.poll() == [UiInput("touch", ChipTap(ChipKind.FORESAW, "apprentice_assassin"))]
    controls = RevealScreen.from_view(view).controls()
    assert "Stopped on Tanner" in {c.label for c in controls if c.lit}
    for a, b in itertools.combinations(controls, 2):
        assert not a.rect.colliderect(b.rect), (a.label, b.label)


def test_a_doppelganger_nostradamus_offers_the_teams_beside_her_copy(ui: TouchUI) -> None:
    in_play = [Role.DOPPELGANGER, Role.NOSTRADAMUS, Role.WEREWOLF, Role.SEER]
    view = reveal(
        cards=cards(in_play),
        card="doppelganger",
        became="nostradamus",
        copy_choices=cards(in_play[1:]),
        team_choices=["village_team", "werewolf_team"],
    )
    ui.show(view)
    ui.tap("Foresaw werewolf team")
    assert ui.poll() == [UiInput("touch", ChipTap(ChipKind.FORESAW, "werewolf_team"))]
    lit = {c.label for c in RevealScreen.from_view(view).controls() if c.lit}
    assert {"Copied Nostradamus", "Became neither"} <= lit


def test_the_doppelganger_marks_sit_in_a_row_of_their_own_and_tap_by_name(ui: TouchUI) -> None:
    ui.show(DOPPEL_FULL)
    controls = {c.label: c for c in RevealScreen.from_view(DOPPEL_FULL).controls()}
    love, doppel_love = controls["Mark of Love"], controls["Doppelganger Mark of Love"]
    assert doppel_love.rect.top > love.rect.bottom
    assert doppel_love.text == "Doppel Love" and doppel_love.lit
    ui.tap("Doppelganger Mark of the Assassin")
    assert ui.poll() == [UiInput("touch", ChipTap(ChipKind.MARK, "doppel_assassin"))]


def test_the_shield_toggle_is_offered_with_a_sentinel(ui: TouchUI) -> None:
    ui.show(reveal(card="villager"))
    assert "Shielded card" not in dict(ui.controls())
    ui.show(reveal(card="villager", shield_choices=True, snatch_choices=True))
    ui.tap("Shielded card")
    assert ui.poll() == [UiInput("touch", ChipTap(ChipKind.SHIELDED, "yes"))]
    ui.show(reveal(card="villager", shield_choices=True, shielded=True))
    ui.tap("Shielded card")
    assert ui.poll() == [UiInput("touch", ChipTap(ChipKind.SHIELDED, "no"))]
