"""The Players screens: the profile list and the keyboard."""

from __future__ import annotations

from typing import Any

import pytest

from device.ui import TouchUI
from games.events import KeyTap, PickTap
from games.views import KeyboardView, PlayersView, ViewError


def test_the_list_has_a_button_per_name_then_new_and_done(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    ui.show(views["players"])
    assert ui.controls() == [
        ("Cleo", "pick:Cleo"),
        ("Ada", "pick:Ada"),
        ("Ben", "pick:Ben"),
        ("New player", "new"),
        ("Done", "done"),
    ]
    assert ui.action_for_label("ada") == PickTap("Ada")


def test_the_list_shows_at_most_twelve_names(ui: TouchUI) -> None:
    names = [f"P{i}" for i in range(20)]
    ui.show(PlayersView("Players", tuple(names), "", (), ""))
    assert [action for _, action in ui.controls()][-3:] == ["pick:P11", "new", "done"]


def test_the_keyboard_has_every_letter_space_del_back_and_ok(
    ui: TouchUI, views: dict[str, Any]
) -> None:
    ui.show(views["keyboard"])
    actions = [action for _, action in ui.controls()]
    qwerty = "QWERTYUIOPASDFGHJKLZXCVBNM"
    assert actions[:26] == [f"key:{letter}" for letter in qwerty]  # laid out as on a phone
    assert actions[26:] == ["key:space", "key:shift", "del", "back", "ok"]
    assert ui.action_for_label("space") == KeyTap("space")


def test_a_key_types_the_letter_it_shows_and_shift_is_lit_while_on() -> None:
    from device.ui.players import KeyboardScreen

    for capitals, shown in ((True, "QWE"), (False, "qwe")):
        keys = KeyboardScreen("Name", "Mc", 20, "", capitals=capitals).controls()[:3]
        assert "".join(key.text for key in keys) == shown
        assert [key.action for key in keys] == [KeyTap(letter) for letter in shown]
    (shift,) = [
        c for c in KeyboardScreen("Name", "Mc", 20, "", shift=True).controls() if c.label == "Shift"
    ]
    assert shift.lit and shift.action == KeyTap("shift")


def test_no_two_keys_overlap_and_all_fit_on_the_screen(ui: TouchUI, views: dict[str, Any]) -> None:
    for screen in ("players", "keyboard"):
        ui.show(views[screen])
        rects = [c.rect for c in ui._controls]
        for i, rect in enumerate(rects):
            assert rect.left >= 0 and rect.right <= 800 and rect.top >= 0 and rect.bottom <= 480
            assert rect.collidelist(rects[i + 1 :]) == -1


def test_a_bad_view_is_refused_when_built() -> None:
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'most'"):
        KeyboardView(title="New player", text="", message="")  # type: ignore[call-arg]
    with pytest.raises(ViewError, match=r"^KeyboardView\.most must be int, got '16'$"):
        KeyboardView("New player", "", "16", "")  # type: ignore[arg-type]
    with pytest.raises(ViewError, match=r"^PlayersView\.seats must be tuple\[SeatName, \.\.\.\]"):
        PlayersView("Players", (), "", ((1, "Ben"),), "")  # type: ignore[arg-type]
