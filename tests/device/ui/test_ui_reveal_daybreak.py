"""The reveal screen in Daybreak: the Curator's Artifacts, the Paranormal Investigator's sight,
Nostradamus's foreseen teams, the Doppelganger's Marks and the Sentinel's shield."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pygame
import pytest
from reveal_views import DOPPEL_FULL, FULL, cards, reveal

from device.ui import TouchUI, UiInput
from device.ui.actions import action_named
from device.ui.reveal import RevealScreen
from games.events import ChipKind, ChipTap
from games.onenight.roles import Role
from games.onenight.views import RevealChoice, RevealView
from games.views import ViewError

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
