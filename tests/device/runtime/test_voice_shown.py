"""The home and table size screens say how much of the voice is ready while the background
finishes it, and nothing once it is all there (issue 33)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from handbuilt import hand_daemon
from layoutcheck import layout_check

from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.home import home_view
from device.store.database import Store
from games.views import HomeView, TableView
from narration.backends import EspeakBackend
from narration.cache import WavCache
from narration.fake import SlowBackend
from narration.prepare import BackgroundPrepare

TEXTS = [f"Player {seat}, your vote." for seat in range(1, 7)]


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon]:
    daemon = hand_daemon(load_config(system_path=None), Store(tmp_path / "m.db"))
    daemon.home()
    try:
        yield daemon
    finally:
        daemon.ui.close()


def _pass(daemon: Daemon) -> None:
    """One pass of the loop without waiting (nothing here wakes it: a plain step slept 30 s)."""
    daemon.step(until=daemon.clock.now())


def _voice(daemon: Daemon) -> str:
    view = daemon.shown.view
    assert isinstance(view, HomeView | TableView)
    return view.voice


def test_the_home_and_table_screens_count_the_voice_until_it_is_all_there(
    daemon: Daemon, tmp_path: Path
) -> None:
    espeak = EspeakBackend()
    WavCache(tmp_path / "voice", espeak).path_for(TEXTS[0])  # one was prepared already
    held = SlowBackend(espeak, held=True)
    background = BackgroundPrepare(WavCache(tmp_path / "voice", held), TEXTS)
    daemon.voice.background = background
    _pass(daemon)
    assert _voice(daemon) == ""  # not counted yet: nothing said
    background.start()
    try:
        while background.missing is None:  # its one look at the files
            assert background.running
            _pass(daemon)
        _pass(daemon)
        assert _voice(daemon) == "Voice: 1 of 6 lines ready"
        daemon.ui.tap("Replicas")
        _pass(daemon)
        assert _voice(daemon) == "Voice: 1 of 6 lines ready"  # the table size screen too
    finally:
        held.let_go()
    background.join(30.0)
    _pass(daemon)
    assert _voice(daemon) == ""  # all ready: nothing said
    daemon.ui.tap("Home")
    _pass(daemon)
    assert isinstance(daemon.shown.view, HomeView) and _voice(daemon) == ""


@pytest.mark.parametrize("screen", ["home", "table"])
def test_the_count_is_legible(daemon: Daemon, monkeypatch: pytest.MonkeyPatch, screen: str) -> None:
    words = "Voice: 1,210 of 1,814 lines ready"
    with layout_check(monkeypatch) as check:
        if screen == "table":
            daemon.ui.tap("Replicas")
            daemon.step()
            view = daemon.shown.view
            assert isinstance(view, TableView)
            daemon.shown.show(dataclasses.replace(view, voice=words))
        else:
            daemon.shown.show(dataclasses.replace(home_view(), voice=words))
        daemon.ui.redraw(daemon.clock.now())
    assert screen in check.screens
    assert not check.report(), check.report()
