"""The daemon's main loop, with the real headless screen and, end to end, as a process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pygame
import pytest
from handbuilt import at_home, hand_daemon

from device.clock import VirtualClock
from device.config import load_config
from device.runtime.app import IDLE_WAKE_SECONDS, Daemon
from device.runtime.parts import Wiring, open_daemon
from device.runtime.readers import warnings_into
from device.runtime.wiring import Duties
from device.store.backups import backup_dir
from device.store.database import Store
from games.catalog import home_buttons
from games.events import Control, ControlPressed, SeatPressed
from games.scorelog.plays import FinalResult


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon]:
    # not conftest's: the screen's waits jump on the virtual clock and no notice is kept
    config = load_config(system_path=None, overrides={"onenight.day_minutes": 2})
    with at_home(hand_daemon(config, Store(tmp_path / "m.db"), waits_on_clock=True)) as daemon:
        yield daemon


def test_at_home_the_loop_sleeps_long_and_the_go_button_opens_a_game(daemon: Daemon) -> None:
    assert daemon.sleep_seconds() == IDLE_WAKE_SECONDS
    daemon.inbox.put(SeatPressed(3, 0.0))  # a seat press at home does nothing
    daemon.step()
    assert daemon.runtime.phase is None
    daemon.inbox.put(ControlPressed(Control.GO, 0.0))
    daemon.step()
    assert daemon.runtime.phase == "setup"
    assert daemon.ui.screen == "setup"


def test_a_tap_on_the_game_then_on_start_begins_the_night(daemon: Daemon) -> None:
    for label in ("One Night", "Start night"):
        daemon.ui.tap(label)
        daemon.step()
    assert daemon.runtime.phase == "dusk"
    assert daemon.ui.screen == "night"
    # The loop then wakes exactly at the next cue, not before.
    deadline = daemon.runtime.next_deadline()
    assert deadline is not None
    assert daemon.sleep_seconds() == deadline - daemon.clock.now()


def test_closing_the_window_stops_the_loop(daemon: Daemon) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    daemon.step()
    assert daemon.running is False


def test_the_service_starts_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[narration]\nbackend = "silent"\n[audio]\nenabled = false\n')
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    process = subprocess.Popen(
        [sys.executable, "-m", "device", "--config", str(config), "run", "--hardware", "mock"],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    try:
        deadline = time.monotonic() + 30
        line = ""
        while "mothership is running" not in line and time.monotonic() < deadline:
            line = process.stderr.readline()
        assert "mothership is running" in line
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
        assert "mothership is stopping" in process.stderr.read()
    finally:
        process.kill()
    assert (tmp_path / "state" / "mothership" / "mothership.db").exists()


PHASES = {"Replicas": "ready", "Alienation": "friendliest", "Alien Encounters": "rounds"}
"""The phase known games start in (any other: its game's, whichever)."""


@pytest.mark.parametrize("label", [b.label for b in home_buttons() if b.players is not None])
def test_every_game_starts_from_the_home_screen(daemon: Daemon, label: str) -> None:
    (button,) = [b for b in home_buttons() if b.label == label]
    daemon.ui.tap(label)
    daemon.step()
    assert daemon.ui.screen == "table"  # how many players first
    daemon.ui.tap("Start")
    daemon.step()
    assert daemon.runtime.session is not None
    assert daemon.runtime.session.game == button.setup["game"]
    phase = daemon.runtime.phase
    assert phase is not None and phase == PHASES.get(label, phase)


def test_a_reader_warning_shows_as_a_banner_for_a_while(daemon: Daemon, tmp_path: Path) -> None:
    warn = warnings_into(daemon.inbox)  # the readers' status callback
    reader = threading.Thread(target=warn, args=("tag reader on /dev/ttyUSB0 lost; retrying",))
    reader.start()
    reader.join()
    daemon.step()
    assert daemon.clock.now() == 0.0  # the warning woke the loop: no idle wait first
    shot = tmp_path / "banner.png"
    daemon.ui.save_png(shot)
    picture = pygame.image.load(str(shot))
    area = daemon.ui.notice_area  # where it covers nothing the home screen drew
    assert area is not None and picture.get_at(area.move(3, 3).topleft)[:3] == (120, 70, 10)
    now = daemon.clock.now()
    assert daemon.ui.next_redraw(now) == now + 8.0  # redrawn without it when it expires
    assert daemon.notices == []


def test_the_daemon_shows_what_its_tag_reader_says_through_the_inbox(tmp_path: Path) -> None:
    port = str(tmp_path / "no-such-port")
    config = load_config(
        system_path=None,
        overrides={
            "readers.rdm6300": port,
            "narration.backend": "silent",
            "audio.enabled": False,
        },
    )
    clock = VirtualClock()
    wiring = Wiring(clock=clock, store_path=tmp_path / "m.db", hardware="mock", audio=False)
    with ExitStack() as stack:
        daemon = open_daemon(config, wiring, stack)
        daemon.home()
        shown: list[str] = []
        daemon.ui.notice = lambda text, until: shown.append(text)  # type: ignore[method-assign]
        deadline = time.monotonic() + 5.0
        while not shown and time.monotonic() < deadline:
            daemon.step(until=clock.now())  # the reader's thread reports within moments
            time.sleep(0.01)
        assert len(shown) == 1 and shown[0].startswith(f"tag reader on {port} ")


@pytest.mark.parametrize("device", [True, False])
def test_the_wiring_sets_backups_and_quitting_keys_at_construction(
    tmp_path: Path, device: bool
) -> None:
    """``mothership run`` (backups, fullscreen) and the simulator differ only in the wiring."""
    config = load_config(system_path=None, overrides={"narration.backend": "silent"})
    wiring = Wiring(
        clock=VirtualClock(),
        store_path=tmp_path / "m.db",
        hardware="mock",
        readers=False,
        audio=False,
        fullscreen=device,
        duties=Duties.BACKUPS if device else Duties.NONE,
    )
    with ExitStack() as stack:
        daemon = open_daemon(config, wiring, stack)
        out = daemon.runtime.executor.out
        assert out.backups == (backup_dir(tmp_path / "m.db") if device else None)
        assert out.backups_behind is device
        assert daemon.keys_quit is not device  # on the device only SIGTERM stops it


@pytest.fixture
def stored(tmp_path: Path) -> Iterator[Daemon]:
    """A daemon whose records reach the store, as on the device."""
    config = load_config(system_path=None)
    store = Store(tmp_path / "s.db")
    with at_home(hand_daemon(config, store, waits_on_clock=True, log_plays=True)) as daemon:
        yield daemon


def test_players_names_a_player_and_links_their_seat_for_the_next_logged_play(
    stored: Daemon,
) -> None:
    daemon = stored
    store = daemon.runtime.store
    assert store is not None
    store.add_player("Ben")
    daemon.ui.tap("Players")
    daemon.step()
    assert daemon.runtime.phase == "players"
    assert daemon.ui.screen == "players"
    for label in ("New player", "A", "D", "A", "OK"):
        daemon.ui.tap(label)
        daemon.step()
    assert daemon.ui.screen == "players"
    assert [label for label, _ in daemon.ui.controls()][:2] == ["Ada", "Ben"]
    daemon.inbox.put(SeatPressed(2, 0.0))
    daemon.step()
    daemon.ui.tap("Ben")
    daemon.step()
    daemon.inbox.put(SeatPressed(1, 0.0))
    daemon.step()
    assert [p.name for p in store.players()] == ["Ben", "Ada"]
    assert store.recent_players() == ["Ben", "Ada"]  # Ben was linked after Ada was added
    daemon.ui.tap("Done")
    daemon.step()
    assert daemon.runtime.session is None
    assert daemon.ui.screen == "home"
    # The next logged play carries the linked names.
    store.add_record("alienation", "alienation.start", {"players": 2, "seed": 1})
    final = {"winners": [2], "totals": {"1": 3, "2": 9}, "sunnies": [0, 0]}
    result = FinalResult("alienation", (3, 9), (2,))
    store.add_record("alienation", "alienation.final", final, result)
    (logged,) = store.plays()
    assert [(p.seat, p.name) for p in logged.players] == [(1, "Ben"), (2, "Ada")]


def test_the_scores_button_shows_the_wins_chart_and_home_comes_back(daemon: Daemon) -> None:
    daemon.ui.tap("Scores")
    daemon.step()
    assert daemon.ui.screen == "wins"
    daemon.ui.tap("Home")
    daemon.step()
    assert daemon.ui.screen == "home"
