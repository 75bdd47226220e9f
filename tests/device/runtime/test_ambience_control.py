"""The ambience chip on One Night's setup screen, on the daemon's real parts: the audio output
(SDL's disk driver into /dev/null), the night bed, the store and the headless screen."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

from device.clock import VirtualClock
from device.config import load_config
from device.runtime.ambience_control import NOT_SAVED, SETTING, levels_for, saved_volume
from device.runtime.app import FLUSH_RETRY_SECONDS, Daemon
from device.runtime.nightsound import PREVIEW_SECONDS, NightSound
from device.runtime.parts import Wiring, open_daemon
from device.store.database import Store
from device.ui.setup import LAST_CELL, SetupScreen
from games.effects import Phase
from games.onenight.lobby import Lobby
from games.onenight.state import OneNightPhase
from narration.audio import AudioOutput


@contextmanager
def running(
    tmp_path: Path, *, strict: bool = False, overrides: dict[str, Any] | None = None
) -> Iterator[Daemon]:
    """The daemon as the device opens it (speaker on), at home, on the store in ``tmp_path``."""
    config = load_config(system_path=None, overrides=overrides or {})
    wiring = Wiring(
        clock=VirtualClock(),
        store_path=tmp_path / "m.db",
        hardware="mock",
        readers=False,
        cache=tmp_path / "wav",
        strict=strict,
    )
    with ExitStack() as stack:
        daemon = open_daemon(config, wiring, stack)
        daemon.home()
        daemon.step(until=daemon.clock.now())
        yield daemon


def into_setup(daemon: Daemon) -> None:
    daemon.ui.tap("One Night")
    daemon.step(until=daemon.clock.now())
    assert daemon.ui.screen == "setup"


def audio(daemon: Daemon) -> AudioOutput:
    out = daemon.runtime.executor.out.audio
    assert isinstance(out, AudioOutput)
    return out


def night(daemon: Daemon) -> NightSound:
    bed = daemon.runtime.executor.out.ambience
    assert bed is not None
    return bed


def chips(daemon: Daemon) -> list[str]:
    """The labels of the ambience controls on the screen now."""
    return [label for label, action in daemon.ui.controls() if action == "ambience"]


def tap(daemon: Daemon, label: str) -> None:
    daemon.ui.tap(label)
    daemon.step(until=daemon.clock.now())


def later(daemon: Daemon, seconds: float) -> None:
    clock = daemon.clock
    assert isinstance(clock, VirtualClock)
    clock.advance_to(clock.now() + seconds)
    daemon.step(until=clock.now())


def test_each_tap_sets_the_volume_and_the_beds_at_once_and_the_label_follows(
    tmp_path: Path,
) -> None:
    with running(tmp_path) as daemon:
        into_setup(daemon)
        assert chips(daemon) == ["Ambience: normal"]
        assert audio(daemon).volume("music") == 0.4 and night(daemon).enabled
        seen = []
        for label in ("Ambience: normal", "Ambience: loud", "Ambience: off", "Ambience: soft"):
            tap(daemon, label)
            seen.append((chips(daemon), audio(daemon).volume("music"), night(daemon).enabled))
        assert seen == [
            (["Ambience: loud"], 0.7, True),
            (["Ambience: off"], 0.7, False),  # off keeps the volume; the beds stay silent
            (["Ambience: soft"], 0.2, True),
            (["Ambience: normal"], 0.4, True),
        ]


def test_a_tap_plays_a_moment_of_the_night_bed_then_stops_it(tmp_path: Path) -> None:
    with running(tmp_path) as daemon:
        into_setup(daemon)
        tap(daemon, "Ambience: normal")
        bed = audio(daemon).music
        assert bed is not None and bed.name.startswith("ambience-night")
        assert daemon.sleep_seconds() <= PREVIEW_SECONDS  # the loop wakes to stop it
        later(daemon, PREVIEW_SECONDS + 0.1)
        assert audio(daemon).music is None
        tap(daemon, "Ambience: loud")  # to off: nothing to hear
        assert audio(daemon).music is None and night(daemon).preview_until is None


def test_the_level_outlasts_a_restart_and_overrides_the_config(tmp_path: Path) -> None:
    with running(tmp_path) as daemon:
        into_setup(daemon)
        tap(daemon, "Ambience: normal")
        tap(daemon, "Ambience: loud")
        tap(daemon, "Ambience: off")  # soft
    with running(tmp_path) as daemon:
        assert audio(daemon).volume("music") == 0.2 and night(daemon).enabled
        into_setup(daemon)
        assert chips(daemon) == ["Ambience: soft"]
        tap(daemon, "Ambience: soft")
        tap(daemon, "Ambience: normal")
        tap(daemon, "Ambience: loud")  # off
    with running(tmp_path, overrides={"audio.ambience": True}) as daemon:
        assert not night(daemon).enabled
        into_setup(daemon)
        assert chips(daemon) == ["Ambience: off"]
    assert Store(tmp_path / "m.db").setting(SETTING) == "off"


def test_a_store_that_cannot_write_does_not_stop_the_tap_and_saves_it_later(
    tmp_path: Path,
) -> None:
    with running(tmp_path) as daemon:
        into_setup(daemon)
        store = daemon.runtime.store
        assert store is not None
        store._db.execute("PRAGMA query_only = ON")  # SQLite refuses writes: a read-only disk
        tap(daemon, "Ambience: normal")
        assert chips(daemon) == ["Ambience: loud"] and audio(daemon).volume("music") == 0.7
        assert store.unsaved and store.setting(SETTING) == "0.7"  # waiting for the disk
        assert daemon.ui._notice is not None
        assert daemon.ui._notice[0].startswith("Cannot save to the disk")
        store._db.execute("PRAGMA query_only = OFF")
        later(daemon, FLUSH_RETRY_SECONDS + 1)
        assert not store.unsaved
    assert Store(tmp_path / "m.db").setting(SETTING) == "0.7"


def test_a_store_that_raises_on_a_write_does_not_stop_the_tap_either(tmp_path: Path) -> None:
    with running(tmp_path, strict=True) as daemon:  # the simulator's store raises refusals
        into_setup(daemon)
        store = daemon.runtime.store
        assert store is not None
        store._db.execute("PRAGMA query_only = ON")
        tap(daemon, "Ambience: normal")
        assert chips(daemon) == ["Ambience: loud"] and audio(daemon).volume("music") == 0.7
        assert daemon.ui._notice is not None and daemon.ui._notice[0] == NOT_SAVED


def test_the_chip_is_on_the_setup_screen_only_never_at_night(tmp_path: Path) -> None:
    with running(tmp_path, overrides={"onenight.role_seconds": 3.0}) as daemon:
        assert chips(daemon) == []  # home
        into_setup(daemon)
        assert chips(daemon) == ["Ambience: normal"]
        tap(daemon, "Start night")
        screens = set()
        for _ in range(400):
            if daemon.runtime.phase == "day":
                break
            later(daemon, 0.5)
            screens.add(daemon.ui.screen)
            preparing = getattr(daemon.shown.view, "preparing", False)
            if daemon.ui.screen != "setup" or preparing:
                assert chips(daemon) == [], daemon.ui.screen
        assert "night" in screens and daemon.runtime.phase == "day"
        assert chips(daemon) == []


def test_no_chip_when_the_config_plays_no_sound(tmp_path: Path) -> None:
    with running(tmp_path, overrides={"audio.enabled": False}) as daemon:
        into_setup(daemon)
        assert chips(daemon) == []


@pytest.mark.parametrize("tab", [tab.key for tab in Lobby().view().tabs])
def test_the_chip_covers_no_control_of_the_setup_screen(tab: str) -> None:
    for players in (3, 12):
        lobby = Lobby().set_players(players).show_tab(tab)
        screen = SetupScreen.from_view(lobby.view())
        hit = [c.label for c in screen.controls() if c.rect.colliderect(pygame.Rect(LAST_CELL))]
        assert hit == [], f"{tab} with {players} players"


def test_a_configured_volume_that_is_no_level_is_shown_as_its_own() -> None:
    levels, level = levels_for(0.55)
    assert level.label == "Ambience: 55%"
    assert [lv.name for lv in levels] == ["off", "soft", "normal", "55%", "loud"]
    assert levels_for(0.4)[1].label == "Ambience: normal"
    assert levels_for(None)[1].label == "Ambience: off"
    assert saved_volume("off", 0.4) is None
    assert saved_volume("0.7", 0.4) == 0.7
    assert saved_volume("loud", 0.4) == saved_volume("1.5", 0.4) == saved_volume(None, 0.4) == 0.4


def test_turning_the_beds_off_and_on_at_night_stops_and_restarts_the_bed(tmp_path: Path) -> None:
    speaker = AudioOutput()
    speaker.open()
    try:
        bed = NightSound(speaker, tmp_path)
        bed.see(Phase(OneNightPhase.NIGHT))
        playing = speaker.music
        assert playing is not None
        bed.preview()  # a bed plays already: the new level is heard on it
        assert bed.preview_until is None
        bed.set_enabled(False)
        assert speaker.music is None and bed.playing == "night"
        bed.set_enabled(True)
        assert speaker.music == playing
        bed.see(Phase(OneNightPhase.DAY))
        assert speaker.music is None
    finally:
        speaker.close()
