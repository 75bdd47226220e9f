"""Touches wake the loop instead of being polled for: the evdev watcher and the UI's input modes.

A touchscreen's evdev node cannot exist here, so a FIFO stands in for it: like an evdev node,
it is a file the watcher opens without blocking, that becomes readable when input arrives.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from device.ui import TouchUI
from device.ui.inputwake import InputWake, event_nodes
from device.ui.touch import QUIET_POLL_SECONDS, TOUCH_POLL_SECONDS


class Fifo:
    """A FIFO with its writing end held open (a device that is plugged in)."""

    def __init__(self, path: Path) -> None:
        os.mkfifo(path)
        self.path = path
        self.reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # lets the writer open
        self.writer = os.open(path, os.O_WRONLY | os.O_NONBLOCK)

    def touch(self) -> None:
        """Write one input_event's worth of bytes, as a touch does."""
        os.write(self.writer, b"\0" * 24)

    def unplug(self) -> None:
        os.close(self.writer)

    def close(self) -> None:
        os.close(self.reader)


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Fifo]:
    device = Fifo(tmp_path / "event0")
    yield device
    device.close()


def test_event_nodes_lists_only_event_devices_in_order(tmp_path: Path) -> None:
    for name in ("event10", "event2", "mouse0", "js0"):
        (tmp_path / name).touch()
    assert [path.name for path in event_nodes(tmp_path)] == ["event10", "event2"]
    assert event_nodes(tmp_path / "missing") == []


def test_a_touch_on_a_watched_device_wakes_once_it_arrives(fifo: Fifo) -> None:
    woken = threading.Event()
    watch = InputWake(woken.set, lambda: [fifo.path])
    try:
        assert watch.start() == 1
        assert watch.watching == [fifo.path]
        assert not woken.wait(0.2), "nothing was touched, so nothing may wake the loop"
        fifo.touch()
        assert woken.wait(2.0)
        woken.clear()
        assert not woken.wait(0.2), "the watcher read its copy, so one touch wakes once"
    finally:
        watch.stop()
    assert watch.watching == []


def test_with_no_device_to_open_start_says_so(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="device.ui.inputwake")
    watch = InputWake(lambda: None, lambda: [tmp_path / "event0"])
    assert watch.start() == 0
    assert "cannot watch" in caplog.text and "event0" in caplog.text
    watch.stop()  # harmless with no thread


def test_a_device_that_goes_away_is_dropped_and_one_plugged_in_later_is_watched(
    tmp_path: Path,
) -> None:
    first = Fifo(tmp_path / "event0")
    nodes = [first.path]
    woken = threading.Event()
    watch = InputWake(woken.set, lambda: list(nodes), rescan_seconds=0.05)
    try:
        assert watch.start() == 1
        first.unplug()
        deadline = time.monotonic() + 2.0
        while watch.watching and time.monotonic() < deadline:
            time.sleep(0.01)
        assert watch.watching == []
        first.close()
        os.unlink(first.path)
        nodes[:] = []
        later = Fifo(tmp_path / "event1")
        nodes[:] = [later.path]
        deadline = time.monotonic() + 2.0
        while watch.watching != [later.path] and time.monotonic() < deadline:
            time.sleep(0.01)
        assert watch.watching == [later.path]
        woken.clear()
        later.touch()
        assert woken.wait(2.0)
    finally:
        watch.stop()
        later.close()


def _count_queue_looks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    looks = [0]
    real_get = pygame.event.get

    def counting_get(*args: object, **kwargs: object) -> list[pygame.event.Event]:
        looks[0] += 1
        return real_get(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.event, "get", counting_get)
    return looks


def test_on_the_dummy_driver_an_idle_wait_does_not_poll(
    ui: TouchUI, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert ui.input_mode == "none to wait for (dummy)"
    looks = _count_queue_looks(monkeypatch)
    started = time.monotonic()
    assert ui.wait(0.5) == []
    assert time.monotonic() - started >= 0.5
    assert looks[0] <= 2, f"{looks[0]} looks at SDL's queue in half a second"


def test_on_kmsdrm_a_touch_wakes_the_wait_and_idle_it_does_not_poll(
    ui: TouchUI, fifo: Fifo, monkeypatch: pytest.MonkeyPatch
) -> None:
    ui.listen_for_input("kmsdrm", lambda: [fifo.path])
    assert ui.input_mode == "woken by event0 (kmsdrm)"
    looks = _count_queue_looks(monkeypatch)
    assert ui.wait(0.3) == []
    assert looks[0] <= 2
    toucher = threading.Timer(0.1, fifo.touch)
    toucher.start()
    started = time.monotonic()
    assert ui.wait(600.0) == []  # SDL's copy of the touch is what the loop then reads
    assert time.monotonic() - started < 300.0  # woken, long before its timeout (no clock race)
    ui.close()
    assert ui.input_mode == "closed"


def test_on_kmsdrm_with_no_readable_device_the_screen_is_polled(
    ui: TouchUI, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    ui.listen_for_input("kmsdrm", lambda: [tmp_path / "event0"])
    assert ui.input_mode == f"polled {round(1 / TOUCH_POLL_SECONDS)} times a second (kmsdrm)"
    assert "input group" in caplog.text
    looks = _count_queue_looks(monkeypatch)
    ui.wait(0.5)
    assert looks[0] >= 5


def test_a_desktop_window_is_polled_for_touches(ui: TouchUI) -> None:
    ui.listen_for_input("x11")
    assert ui.input_mode == "polled 20 times a second (x11)"
    assert QUIET_POLL_SECONDS > TOUCH_POLL_SECONDS
