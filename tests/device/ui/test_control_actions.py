"""Every control on every screen carries a typed action, and its text reads back as itself.

The text (``target:3``) is what transcripts and messages write; ``action_named`` reads it where
text comes in. A control whose text read back as another action would make the two disagree.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pytest

from device.screenlayer import NO_LAYER, DeviceLayer, Ending
from device.ui import TouchUI, UiError
from device.ui.actions import DeviceTap, Valued, action_named
from device.ui.model import Control
from games.events import (
    ACTION_TYPES,
    AnswerTap,
    ChipKind,
    ChipTap,
    KeyTap,
    PickTap,
    PlainTap,
    SeatRole,
    SeatTap,
    Tap,
    ValueTap,
    is_action,
)
from games.onenight.views import AnswerButtons, NightView, RevealChoice
from games.views import EndView, SheetButton, SheetRow, SheetView, View


def states(views: dict[str, Any]) -> dict[str, tuple[View, DeviceLayer]]:
    """A view for every screen (the UI tests' samples), and the states that add controls, each
    with what the device shows over it."""
    ending = Ending("https://x.example/", who=True, again=True)
    logged = SheetView(
        "Final", ("Total",), (SheetRow(1, ("3",)),), "", 0, 0, (SheetButton("Home", Tap.HOME),)
    )
    more: dict[str, tuple[View, DeviceLayer]] = {
        "vote, a voter chosen": (
            dataclasses.replace(views["vote"], voter=3, device_target=True),
            NO_LAYER,
        ),
        "night, yes or no": (NightView(answers=AnswerButtons.YES_NO), NO_LAYER),
        "night, a number": (NightView(answers=AnswerButtons.NUMBER, players=6), NO_LAYER),
        "day, paused": (dataclasses.replace(views["day"], paused=True), NO_LAYER),
        "end, a logged play": (EndView("The end", ("Aliens win",)), DeviceLayer(ending=ending)),
        "end, play again": (EndView("The end", ()), DeviceLayer(ending=Ending(again=True))),
        "sheet, a logged play": (logged, DeviceLayer(ending=ending)),
        "reveal, marks and artifacts": (
            dataclasses.replace(
                views["reveal"],
                marks=(RevealChoice("fear", "Mark of Fear"),),
                artifacts=(RevealChoice("claw", "Claw of the Werewolf"),),
                snatch_choices=True,
            ),
            NO_LAYER,
        ),
    }
    return {**{name: (view, NO_LAYER) for name, view in views.items()}, **more}


def test_every_control_carries_a_typed_action_that_reads_back_as_itself(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    seen: set[type] = set()
    for state, (view, layer) in states(views).items():
        ui.show(view, layer)
        for control in ui.screen_controls():  # none on a night screen without answers
            assert isinstance(control.action, ACTION_TYPES), (state, control.label)
            assert action_named(str(control.action)) == control.action, (state, control.label)
            seen.add(type(control.action))
    # The states above still reach every kind of tap they check.
    assert {Tap, DeviceTap, SeatTap, ChipTap, ValueTap, AnswerTap, KeyTap, PickTap} <= seen


def test_a_control_refuses_an_action_given_as_text() -> None:
    with pytest.raises(UiError, match=r"^control 'Close vote': its action must be typed"):
        Control("Close vote", "close", pygame.Rect(0, 0, 10, 10))  # type: ignore[arg-type]


def test_the_games_and_the_devices_plain_names_never_coincide() -> None:
    # A StrEnum member equals its text: two lists sharing a name would match each other's taps.
    names = [member.value for kind in (Tap, DeviceTap) for member in kind]
    assert len(names) == len(set(names))
    assert all(issubclass(kind, PlainTap) for kind in (Tap, DeviceTap))


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("close", Tap.CLOSE),
        ("quit:save", DeviceTap.QUIT_SAVE),
        ("target:3", SeatTap(SeatRole.TARGET, 3)),
        ("card:none", ChipTap(ChipKind.CARD, "none")),
        ("who:pick:Ada Love", ValueTap(Valued.WHO_PICK, "Ada Love")),
        ("log:game:all", ValueTap(Valued.LOG_GAME, "all")),
        ("game:One Night", ValueTap(Valued.GAME, "One Night")),
    ],
)
def test_text_is_read_into_its_typed_action_at_the_edge(text: str, typed: object) -> None:
    action = action_named(text)
    assert action == typed and type(action) is type(typed) and is_action(action)
    assert str(action) == text
