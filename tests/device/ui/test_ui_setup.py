"""The One Night setup screen: role chips by tab, presets, players, status, seats and Start."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pygame
import pytest
from layoutcheck import layout_check
from screenpixels import display, drawn_texts

from device.runtime import setup_presets
from device.ui import TouchUI, UiInput
from device.ui.actions import DeviceTap, action_named
from device.ui.canvas import ALIEN, AMBER
from device.ui.setup import SetupScreen
from games.onenight.lobby import TABS, Lobby, tab_of
from games.onenight.roles import Role
from games.onenight.views import RoleChip
from games.views import ViewError

STATUS_BAND = pygame.Rect(0, 6, 550, 52)


def _lobby_ready() -> Lobby:
    return Lobby().apply_preset("alien_first_game").seat_checked_in(1).seat_checked_in(4)


def _colours_in(rect: pygame.Rect) -> set[tuple[int, int, int]]:
    surface = display()
    return {
        tuple(surface.get_at((x, y)))[:3]  # type: ignore[misc]
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    }


@pytest.mark.parametrize("tab", list(TABS))
def test_every_role_has_its_chip_on_its_tab(ui: TouchUI, tab: str) -> None:
    ui.show(Lobby(tab=tab).view())
    controls = ui.controls()
    chips = [(label, action) for label, action in controls if action.startswith("role:")]
    expected = [(role.display_name, f"role:{role.value}") for role in Role if tab_of(role) == tab]
    assert chips == expected


def test_the_tabs_together_offer_every_role_once(ui: TouchUI) -> None:
    offered = []
    for tab in TABS:
        ui.show(Lobby(tab=tab).view())
        offered += [action for _, action in ui.controls() if action.startswith("role:")]
    assert sorted(offered) == sorted(f"role:{role.value}" for role in Role)


@pytest.mark.parametrize(("label", "action"), [("Cow", "role:cow"), ("Groob", "role:groob")])
def test_a_tap_on_a_chip_gives_its_role_action(ui: TouchUI, label: str, action: str) -> None:
    ui.show(_lobby_ready().view())
    ui.tap(label)
    assert ui.poll() == [UiInput("touch", action_named(action))]


def test_the_other_controls_give_their_actions(ui: TouchUI) -> None:
    ui.show(_lobby_ready().view())
    controls = dict(ui.controls())
    assert {
        label: controls[label]
        for label in (
            "-",
            "+",
            "Aliens",
            "Vampires",
            "Werewolves",
            "Daybreak",
            "Bonus",
            "Random",
            "Clear",
            "Alien first game",
            "Start night",
        )
    } == {
        "-": "players:-1",
        "+": "players:+1",
        "Aliens": "tab:alien",
        "Vampires": "tab:vampire",
        "Werewolves": "tab:werewolf",
        "Daybreak": "tab:daybreak",
        "Bonus": "tab:bonus",
        "Random": "random",
        "Clear": "clear",
        "Alien first game": "preset:alien_first_game",
        "Start night": "start",
    }
    for label in ("Vampires", "Daybreak", "Alien first game", "+", "Random"):
        ui.tap(label)
        assert ui.poll() == [UiInput("touch", action_named(controls[label]))]


def test_the_daybreak_tab_offers_its_six_presets_and_a_preset_lists_what_it_added(
    ui: TouchUI,
) -> None:
    lobby = Lobby(players=7).apply_preset("total_chaos")
    ui.show(lobby.view())
    # Six do not fit the row at a legible size: one Presets button, naming the chosen one...
    (button,) = [c for c in ui.screen_controls() if c.action is DeviceTap.PRESETS]
    assert (button.text, button.lit) == ("Preset: Total Chaos", True)
    assert not [action for _, action in ui.controls() if action.startswith("preset:")]
    # ...lists them all over the screen, each name whole.
    answers = setup_presets.answers(lobby.view())
    assert [c.label for c in answers if c.action is not DeviceTap.PRESETS_CLOSE] == [
        "Daybreak first game",
        "Evil Transformation",
        "Trust No One",
        "Cautionary Tale",
        "Information Society",
        "Total Chaos",
    ]
    assert [c.label for c in answers if c.lit] == ["Total Chaos"]
    screen = SetupScreen.from_view(lobby.view())
    assert screen.added == ("Villager", "Villager")


@pytest.mark.parametrize("tab", list(TABS))
def test_labels_are_unique_and_controls_fit_the_screen_without_overlap(tab: str) -> None:
    screen = SetupScreen.from_view(Lobby(players=12, tab=tab, roles=(Role.SEER,) * 15).view())
    controls = screen.controls()
    labels = [c.label.casefold() for c in controls]
    assert len(labels) == len(set(labels))
    whole = pygame.Rect(0, 0, 800, 480)
    for control in controls:
        assert whole.contains(control.rect), control.label
        assert control.rect.height >= 44, control.label  # a fingertip, not a stylus
    for a, b in itertools.combinations(controls, 2):
        assert not a.rect.colliderect(b.rect), (a.label, b.label)


def test_a_chip_shows_the_chosen_count_and_lights_up() -> None:
    lobby = Lobby(tab="werewolf", roles=(Role.VILLAGER, Role.VILLAGER, Role.SEER))
    chips = {c.label: c for c in SetupScreen.from_view(lobby.view()).controls()}
    assert (chips["Villager"].text, chips["Villager"].lit) == ("Villager x2", True)
    assert (chips["Seer"].text, chips["Seer"].lit) == ("Seer", True)
    assert (chips["Werewolf"].text, chips["Werewolf"].lit) == ("Werewolf", False)
    assert chips["Werewolves"].text == "Werewolf 3"  # as wide as a tab holds at 28
    assert chips["Werewolves"].lit
    assert not chips["Aliens"].lit


def test_the_active_preset_is_lit() -> None:
    controls = {c.label: c for c in SetupScreen.from_view(_lobby_ready().view()).controls()}
    assert controls["Alien first game"].lit
    other = SetupScreen.from_view(_lobby_ready().toggle_role(Role.COW).view()).controls()
    assert not {c.label: c for c in other}["Alien first game"].lit


def test_the_status_is_green_when_playable_and_amber_otherwise(ui: TouchUI) -> None:
    ready = _lobby_ready()
    assert ready.view().status == "7 cards for 4 players: ready"
    ui.show(ready.view())
    assert ALIEN in _colours_in(STATUS_BAND)
    assert AMBER not in _colours_in(STATUS_BAND)
    short = ready.toggle_role(Role.COW)
    assert short.view().status == "6 cards for 4 players: need 7"
    ui.show(short.view())
    assert AMBER in _colours_in(STATUS_BAND)
    assert ALIEN not in _colours_in(STATUS_BAND)


@pytest.mark.parametrize(
    "lobby",
    [
        Lobby().apply_preset("alien_first_game").set_players(3),  # the preset seats 4 to 11
        Lobby().apply_preset("vampire_first_game").set_players(11),  # it seats 4 to 10
    ],
    ids=["three", "eleven"],
)
def test_a_long_status_is_drawn_whole_on_two_lines(
    ui: TouchUI, monkeypatch: pytest.MonkeyPatch, lobby: Lobby
) -> None:
    status = lobby.view().status
    assert len(status) > 40, status  # cut short with an ellipsis on one line before
    drawn = drawn_texts(monkeypatch)
    with layout_check(monkeypatch) as check:
        ui.show(lobby.view())
    assert "setup" in check.screens and not check.report(), check.report()
    pairs = {f"{first} {second}" for first, second in itertools.pairwise(drawn)}
    assert status not in drawn and status in pairs  # whole, on two lines


def test_start_is_offered_only_when_playable_and_not_preparing(ui: TouchUI) -> None:
    ready = _lobby_ready()
    ui.show(ready.view())
    assert ("Start night", "start") in ui.controls()
    ui.show(ready.toggle_role(Role.BLOB).view())
    assert "start" not in dict(ui.controls()).values()
    ui.show(ready.view(preparing=True))
    # Nothing can change while the night's lines render; the wait alone can be cut short.
    assert ui.controls() == [("Start now", "night:start_now")]


def test_the_checked_in_seats_are_lit(ui: TouchUI) -> None:
    lit = pygame.Color(120, 255, 150)  # canvas.CHIP_ON
    ui.show(Lobby(players=5).seat_checked_in(2).seat_checked_in(5).view())
    surface = display()
    # Five seats, 58 px apart, centred on the ring's x=430 (right of the prompt) at y=86.
    centres = [(430 - 58 * 5 // 2 + 29 + 58 * i, 86 - 12) for i in range(5)]
    assert [surface.get_at(c) == lit for c in centres] == [False, True, False, False, True]


def test_a_bad_chip_in_the_view_is_named_when_built() -> None:
    view = Lobby().view()
    with pytest.raises(ViewError, match=r"RoleChip\.copies must be int, got '1'"):
        RoleChip("cow", "Cow", 1, "1")  # type: ignore[arg-type]
    with pytest.raises(ViewError, match=r"SetupView\.chips must be tuple\[RoleChip, \.\.\.\]"):
        dataclasses.replace(view, chips=("cow",))  # type: ignore[arg-type]
    with pytest.raises(
        ViewError, match=r"SetupView\.seated has seat 13, but the game has seats 1 to 12"
    ):
        dataclasses.replace(view, seated=(13,))


@pytest.mark.parametrize(
    "lobby",
    [
        Lobby(),
        Lobby(players=12, tab="vampire").seat_checked_in(12),
        Lobby(players=3).apply_preset("basic").toggle_role(Role.MASON),
        Lobby(players=3, notice="3 players: the Alien and Bonus boxes play with 4 to 12"),
    ],
    ids=["empty", "twelve", "too-many-cards", "notice"],
)
def test_setup_states_render(ui: TouchUI, lobby: Lobby, tmp_path: Path) -> None:
    ui.show(lobby.view())
    ui.save_png(tmp_path / "setup.png")
    assert pygame.image.load(str(tmp_path / "setup.png")).get_size() == (800, 480)
