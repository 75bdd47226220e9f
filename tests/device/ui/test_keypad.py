"""Score entry by touch: the keypad builds the same score entries as the simulator's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from handbuilt import at_home, hand_daemon

from device.config import load_config
from device.runtime.app import Daemon
from device.store.database import Store
from device.ui.actions import DeviceTap, Valued, action_named
from device.ui.keypad.entry import Keypad, fields_for, press
from games.events import ScoreEntered, Tap, ValueTap


def test_a_replicas_entry_is_correct_wrong_then_optional() -> None:
    fields = fields_for("alieninjas", "replicas")
    assert fields is not None
    pad: Keypad | None = Keypad(fields, 3)
    entry = None
    for action in ("digit:5", "ok", "digit:0", "digit:1", "ok", "pick:yes"):
        assert pad is not None
        pad, entry = press(pad, action_named(action))
    assert entry == ScoreEntered(1, None, (("correct", 5), ("optional", True), ("wrong", 1)))
    assert pad is not None and (pad.seat, pad.index, pad.values) == (2, 0, ())


def test_delete_cancel_and_the_last_seat_close_the_keypad() -> None:
    fields = fields_for("alienation")
    assert fields is not None
    pad, _ = press(Keypad(fields, 2, seat=2), action_named("digit:7"))
    assert pad is not None
    pad, _ = press(pad, Tap.DEL)
    assert pad is not None and pad.typed == ""
    assert press(pad, Tap.OK) == (pad, None)  # nothing typed: nothing happens
    assert press(pad, DeviceTap.CANCEL) == (None, None)
    pad, _ = press(Keypad(fields, 2, seat=2), action_named("digit:9"))
    assert pad is not None
    pad, _ = press(pad, Tap.OK)
    assert pad is not None
    pad, entry = press(pad, ValueTap(Valued.DIGIT, "2"))
    assert pad is not None
    pad, entry = press(pad, Tap.OK)
    assert pad is None and entry == ScoreEntered(2, 9, (("sunnies", 2),))


def test_games_without_score_entry_have_no_fields() -> None:
    assert fields_for("onenight") is None
    assert fields_for("encounters") is not None


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon]:
    # not conftest's: the defaults' day and a silent voice, and no notice is kept
    config = load_config(system_path=None, overrides={"narration.backend": "silent"})
    with at_home(hand_daemon(config, Store(tmp_path / "m.db"))) as daemon:
        yield daemon


def tap(daemon: Daemon, label: str) -> None:
    daemon.ui.tap(label)
    daemon.step()


def test_a_whole_alienation_round_is_entered_on_the_touchscreen(daemon: Daemon) -> None:
    tap(daemon, "Alienation")
    tap(daemon, "Start")
    assert daemon.runtime.phase == "friendliest"  # the table chooses who starts, by touch
    assert ("Enter scores", "keypad") not in daemon.ui.controls()
    tap(daemon, "Player 3")
    assert daemon.runtime.phase == "score"
    assert daemon.runtime.state.start == 3
    assert ("Enter scores", "keypad") in daemon.ui.controls()
    tap(daemon, "Enter scores")
    assert daemon.ui.screen == "keypad"
    for seat in range(1, 5):
        for label in ("1", str(seat), "OK", "2", "OK"):  # points 1N, then 2 Sunnies
            tap(daemon, label)
    state = daemon.runtime.state
    assert state.round == 2  # four entries closed round 1
    assert daemon.ui.screen == "sheet"


def test_a_whole_alien_encounters_game_is_scored_on_the_touchscreen(daemon: Daemon) -> None:
    # Its setup has no players block: the keypad once opened with no seats and ended the daemon.
    tap(daemon, "Alien Encounters")
    tap(daemon, "Start")
    for _ in range(10):
        tap(daemon, "Next round")
    assert daemon.runtime.phase == "score"
    tap(daemon, "Enter scores")
    assert daemon.ui.screen == "keypad"
    for intention, war, peace in (("Hostile", "16", "2"), ("Peaceful", "3", "11")):
        for label in (intention, *war, "OK", *peace, "OK"):
            tap(daemon, label)
    state = daemon.runtime.state
    assert daemon.runtime.phase == "final"
    assert state.winners == (1,)  # Hostile with 15+ War against a Peaceful 10+ Peace
    assert ("Home", "home") in daemon.ui.controls()
