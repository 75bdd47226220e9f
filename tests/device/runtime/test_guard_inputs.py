"""The device's own touch handlers (keypad, home, score log, end link, Who played?) are under
the Guard as the games are, and no key quits the daemon on the device."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from chaos_daemon import DaemonProcess
from handbuilt import Broken, make_daemon, said

from device.runtime.app import Daemon
from device.runtime.end_link import EndLink
from device.runtime.guard import SORRY
from device.runtime.home import HomeScreen
from device.runtime.score_entry import ScoreEntry
from device.runtime.who_played import WhoPlayed
from device.ui.actions import action_named
from device.ui.model import UiInput
from games.events import TagSeen


def tap(daemon: Daemon, label: str) -> None:
    daemon.ui.tap(label)
    daemon.step()


def apologised(daemon: Daemon) -> bool:
    notice = daemon.ui._notice
    return notice is not None and notice[0] == SORRY and "common.sorry" in said(daemon)


def test_a_junk_score_log_tap_is_apologised_for_and_the_log_is_kept(daemon: Daemon) -> None:
    tap(daemon, "Scores")
    screen, view = daemon.ui.screen, daemon.shown.view
    daemon.ui.add_control("Junk", action_named("log:game:Zzz"), (0, 0, 40, 40))
    tap(daemon, "Junk")  # escaped Daemon.step and ended the daemon
    assert daemon.running and apologised(daemon)
    assert (daemon.ui.screen, daemon.shown.view) == (screen, view)
    tap(daemon, "Home")  # the log's own filter was put back: its Home still works
    assert daemon.ui.screen == "home"


def plant(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> None:
    def broken(*_: Any, **__: Any) -> Any:
        raise Broken(f"planted in {name}")

    monkeypatch.setattr(owner, name, broken)


@pytest.mark.parametrize(
    ("owner", "name", "label"),
    [
        (HomeScreen, "tap", "Alienation"),
        (EndLink, "tap", "Scores"),
        (WhoPlayed, "tap", "Scores"),
    ],
)
def test_a_bug_in_a_home_screen_handler_is_apologised_for(
    daemon: Daemon, monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, label: str
) -> None:
    plant(monkeypatch, owner, name)
    tap(daemon, label)
    assert daemon.running and apologised(daemon)
    assert daemon.ui.screen == "home" and daemon.runtime.session is None
    monkeypatch.undo()
    tap(daemon, label)
    assert daemon.ui.screen != "home"


def test_a_bug_in_the_keypad_keeps_the_sheet_and_the_game_goes_on(
    daemon: Daemon, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap(daemon, "Alienation")
    tap(daemon, "Start")
    tap(daemon, "Player 1")
    assert daemon.runtime.phase == "score"
    state = daemon.runtime.state
    plant(monkeypatch, ScoreEntry, "tap")
    tap(daemon, "Enter scores")
    assert daemon.running and apologised(daemon)
    assert daemon.runtime.state is state and daemon.ui.screen == "sheet"
    monkeypatch.undo()
    tap(daemon, "Enter scores")
    assert daemon.ui.screen == "keypad"


@pytest.mark.parametrize("value", ["escape", "quit"])
@pytest.mark.parametrize(
    "keys_quit",
    [False, True],  # False: what ``mothership run`` sets when fullscreen; True: --windowed
)
def test_on_the_device_no_key_or_window_close_quits(
    tmp_path: Path, value: str, keys_quit: bool
) -> None:
    daemon = make_daemon(tmp_path / "m.db", keys_quit=keys_quit)
    try:
        daemon.ui.wait = lambda timeout: [UiInput("quit", value)]  # type: ignore[method-assign]
        daemon.step()
        assert daemon.running is not keys_quit
    finally:
        daemon.ui.close()


def test_escape_on_the_real_daemon_does_not_stop_it(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(
        '[narration]\nbackend = "silent"\n[audio]\nenabled = false\n'
        "[display]\nfullscreen = true\n[web]\nenabled = false\n",
        encoding="utf-8",
    )
    inputs = tmp_path / "inputs"
    daemon = DaemonProcess(tmp_path, tmp_path / "store" / "m.db", inputs, config)
    daemon.start()
    try:
        (inputs / "1.json").write_text(json.dumps({"key": "escape"}), encoding="utf-8")
        deadline = time.monotonic() + 300  # a bound for a stuck daemon, not a timing check
        while not (inputs / "1.done").exists():
            daemon.check_alive()
            assert time.monotonic() < deadline, "the daemon never took the key"
            time.sleep(0.05)
        (inputs / "2.json").write_text(json.dumps({"touch": "Scores"}), encoding="utf-8")
        while not (inputs / "2.done").exists():  # the pass after Escape ran: still alive
            daemon.check_alive()
            assert time.monotonic() < deadline, "the daemon stopped taking inputs"
            time.sleep(0.05)
        daemon.check_alive()
    finally:
        daemon.stop()  # SIGTERM still stops it, with exit code 0


def test_a_seat_token_for_a_seat_the_device_lacks_is_refused(daemon: Daemon) -> None:
    store = daemon.runtime.store
    assert store is not None
    store.learn_tag("AABBCCDD", "seat", "11")  # learned on a bigger box, or brought by import
    tap(daemon, "Alienation")
    state = daemon.runtime.state
    daemon.inbox.put(TagSeen("AABBCCDD", daemon.clock.now()))
    daemon.step()
    assert daemon.running and daemon.runtime.state is state
    assert said(daemon)[-1] == "common.unknown_tag"


def test_a_new_game_starts_with_a_fresh_count_of_failed_resumes(daemon: Daemon) -> None:
    store = daemon.runtime.store
    assert store is not None
    store.save_checkpoint("alienation", {"left": "over"}, 0.0)
    store.flush()
    store.note_resume_attempt()  # the last game died once on its way back
    checkpoint = store.load_checkpoint()
    assert checkpoint is not None and checkpoint.attempts == 1
    tap(daemon, "Alien Encounters")
    tap(daemon, "Start")
    store.flush()
    checkpoint = store.load_checkpoint()
    assert checkpoint is not None and checkpoint.game == "encounters"
    assert checkpoint.attempts == 0
