"""Alieninjas score entry on the keypad, table-driven from tests/data/alieninjas_keypad.toml.

Each case plays a whole game: the keypad is opened on the session's score sheet and re-reads it
after every entry, as the device does (``device.runtime.score_entry.ScoreEntry``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alieninjas_game import Game
from handbuilt import at_home, hand_daemon
from tables import case_id, load_cases

from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.sessions import make_session
from device.store.database import Store
from device.ui.actions import action_named
from device.ui.keypad.entry import Keypad, Sheet, fields_for, press
from games.alieninjas.scoring import winners
from games.effects import Show
from games.events import PickTap, ScoreEntered, Tap
from games.views import View

KEYS = {"ok": "ok", "yes": "pick:yes", "no": "pick:no", "x": "times", "next": "add", "del": "del"}


def actions(taps: str) -> list[str]:
    out: list[str] = []
    for token in taps.split():
        out += [f"digit:{d}" for d in token] if token.isdigit() else [KEYS[token]]
    return out


def sheet(game: Game) -> View:
    return [e.view for e in game.log if isinstance(e, Show) and e.screen == "scores"][-1]


@pytest.mark.parametrize("case", load_cases("alieninjas_keypad"), ids=case_id)
def test_a_whole_game_on_the_keypad(case: dict[str, Any]) -> None:
    mission, players = case["mission"], case["players"]
    game = Game(players=players, mission=mission)
    fields = fields_for("alieninjas", mission)
    assert fields is not None
    starters: list[int] = []
    asked: set[int] = set()
    for number, taps in enumerate(case["rounds"], start=1):
        pad: Keypad | None = Keypad(fields, players, sheet=Sheet.from_view(sheet(game)))
        for action in actions(taps):
            assert pad is not None, f"round {number}: the keypad closed before {action!r}"
            if pad.field[0] == "alieninjas":
                asked.add(pad.seat)
            pad, entry = press(pad, action_named(action))
            if entry is not None:
                game.feed(entry, 10.0 * number)
                pad = None if pad is None else pad.reading(sheet(game))
        assert pad is None, f"round {number}: the keypad still waits for {pad.view()}"
        if number < len(case["rounds"]):
            starters.append(game.state.starter or 0)
    assert [[s.points for s in scores] for scores in game.state.rounds] == case["points"]
    assert starters == case["starters"]
    assert sorted(asked) == case["tiebreak_asked"]
    assert game.phase == "final"
    assert winners(game.state.rounds, players) == case["winners"]


def typed(pad: Keypad, *taps: str) -> Keypad:
    for action in taps:
        out, entry = press(pad, action_named(action))
        assert out is not None and entry is None
        pad = out
    return pad


def test_a_list_of_cards_is_typed_with_times_and_next() -> None:
    fields = fields_for("alieninjas", "collection")
    assert fields is not None
    pad = Keypad(fields, 2, sheet=Sheet(mission="collection"))
    assert pad.view().prompt == "matched cards (points x multiplier)"
    pad = typed(pad, "times", "add", "digit:0", "digit:3", "times", "times", "digit:2")
    assert pad.typed == "3x2"  # x needs a number first, and comes once; a lone 0 is replaced
    assert press(pad, Tap.OK)[0] is not None
    pad = typed(pad, "add", "ok", "digit:4", "add", "digit:5", "add", "digit:6", "add")
    assert pad.view().typed == "3x2, 4, 5, 6"  # a fifth card is refused: the mission has 4
    pad = typed(pad, "del", "del", "ok")
    assert pad.field[0] == "left_in_hand"
    assert pad.view().done == ("matched cards (points x multiplier): 3x2, 4, 5",)
    assert pad.values == (("matched", [{"points": 3, "multiplier": 2}, 4, 5]),)


def test_no_matched_card_is_an_empty_list() -> None:
    fields = fields_for("alieninjas", "collection")
    assert fields is not None
    pad = typed(Keypad(fields, 2), "ok", "digit:2")
    assert pad.values == (("matched", []),)
    assert pad.view().done == ("matched cards (points x multiplier): none",)
    _, entry = press(typed(pad, "ok"), action_named("pick:no"))
    assert entry == ScoreEntered(1, None, (("last", False), ("left_in_hand", 2), ("matched", [])))


def test_the_cards_keypad_screen_has_times_and_next_card() -> None:
    from device.ui.keypad.screen import KeypadScreen

    fields = fields_for("alieninjas", "collection")
    assert fields is not None
    screen = KeypadScreen.from_view(Keypad(fields, 3, sheet=Sheet(mission="collection")).view())
    labels = [control.label for control in screen.controls()]
    assert "x" in labels and "Next card" in labels and "OK" in labels
    assert screen.prompt == "matched cards (points x multiplier)"
    old = Keypad(fields_for("alienation") or (), 2).view()
    unasked = dataclasses.replace(old, prompt="")  # a view without a prompt shows the field's name
    assert KeypadScreen.from_view(unasked).prompt == "points"


def test_the_next_starter_is_asked_per_mission_until_marked() -> None:
    fields = fields_for("alieninjas", "push_your_luck")
    assert fields is not None
    pad = Keypad(fields, 2, sheet=Sheet(mission="push_your_luck"))
    pad = typed(pad, "digit:4", "ok")
    assert pad.view().prompt == "made the last capture?"
    pad2, entry = press(pad, PickTap("yes"))
    assert entry == ScoreEntered(1, 4, (("last", True),))
    assert pad2 is not None and pad2.sheet.marked == 1
    _, entry = press(
        typed(pad2, "digit:3"), action_named("ok")
    )  # seat 2 is not asked: seat 1 is marked
    assert entry == ScoreEntered(2, 3, ())
    last_round = Keypad(fields, 2, sheet=Sheet(mission="push_your_luck", round=3))
    pad = typed(last_round, "digit:4", "ok")
    assert pad.field[0] == "alieninjas"  # seat 2 may still tie; no next round to start
    _, entry = press(typed(pad, "digit:2"), action_named("ok"))
    assert entry == ScoreEntered(1, 4, (("alieninjas", 2),))


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon]:
    # not conftest's: the defaults' day and a silent voice, and no notice is kept
    config = load_config(system_path=None, overrides={"narration.backend": "silent"})
    with at_home(hand_daemon(config, Store(tmp_path / "m.db"))) as daemon:
        yield daemon


def test_the_device_keypad_breaks_a_push_your_luck_tie(daemon: Daemon) -> None:
    setup = {"game": "alieninjas", "mission": "push_your_luck", "players": 2}
    daemon.runtime.begin(make_session(setup, daemon.config))
    daemon.ui.wake()  # nothing else is due: don't wait out the idle sleep in real time
    daemon.step()
    rounds = [["5", "OK", "No", "4", "OK", "Yes"], ["2", "OK", "Yes", "3", "OK"]]
    rounds.append(["3", "OK", "1", "OK", "3", "OK", "3", "OK"])  # 10 each: both asked
    for labels in rounds:
        daemon.ui.tap("Enter scores")
        daemon.step()
        for label in labels:
            assert daemon.ui.screen == "keypad", label
            daemon.ui.tap(label)
            daemon.step()
    assert daemon.runtime.phase == "final"
    assert daemon.runtime.state.starter == 1  # seat 1 made round 2's last capture...
    assert winners(daemon.runtime.state.rounds, 2) == [2]  # ...and 3 Alieninjas beat 1


def test_a_reopened_seat_says_what_it_was_given_in_the_keypads_words() -> None:
    fields = fields_for("alieninjas", "replicas")
    assert fields is not None
    given = (("correct", 7), ("optional", False), ("wrong", 1))  # as an entry is sorted
    pad = Keypad(fields, 2, sheet=Sheet(mission="replicas"), before=given)
    (done,) = pad.view().done
    assert done == (
        "Entered: correct face-up cards: 7; misplaced face-up cards: 1; "
        "Optional Capture made: no. Enter again to change it."
    )
    assert "False" not in done and "optional" not in done
