"""Exports never run on the game loop: a night plays its cues at their times while phones
download exports in a loop and a host holds 1,200 connections open; and exports are
rate-limited. Times are the device's virtual clock and the order of events, never the wall's.
"""

from __future__ import annotations

import http.client
import socket
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any
from urllib.parse import urlsplit

import pytest
from webdevice import DevicePump, Phone, paired_phone, run_to

import device.web.downloads as downloads
from device.store.exports import export_chunks
from device.web.commands import Refused
from device.web.downloads import EXPORTS_AT_ONCE, EXPORTS_PER_MINUTE, ExportGate

SETUP = {"kind": "preset", "preset": "alien_first_game", "players": "4"}


def night_cues(device: DevicePump) -> list[tuple[float, str]]:
    """Set up One Night from a phone, start it on the device, run its night by its own
    deadlines: each line said, with the device's clock reading (from the start) when it was."""
    phone = paired_phone(device)
    assert phone.request("POST", "/setup", {**SETUP, "csrf": phone.csrf("/setup")})[0] == 303
    device.call(lambda daemon: daemon.hardware.press_control("go"))
    start = device.call(lambda daemon: daemon.clock.now())
    count = device.call(lambda daemon: len(daemon.transcript.entries))

    def next_deadline(daemon: Any) -> str:
        deadline = daemon.runtime.next_deadline()
        if deadline is not None:
            run_to(daemon, deadline)
        return str(daemon.runtime.phase)

    while device.call(next_deadline) in ("setup", "dusk", "night"):
        pass
    entries = device.call(lambda daemon: list(daemon.transcript.entries[count:]))
    device.call(lambda daemon: daemon.runtime.set_aside("the test is over"))
    return [(round(e["t"] - start, 3), str(e["line"])) for e in entries if "line" in e]


def download_forever(url: str, stop: threading.Event, done: list[int]) -> None:
    """Download every export format in turn until ``stop``, as a phone that keeps asking."""
    phone = Phone(url)
    while not stop.is_set():
        for fmt in ("csv", "bgsplay", "bgstats-url"):
            status, _, _ = phone.request("GET", f"/export/{fmt}")
            done.append(status)


def hold(url: str, count: int) -> Iterator[socket.socket]:
    """Open ``count`` connections from 127.0.0.9 that send nothing (most are refused)."""
    parts = urlsplit(url)
    for _ in range(count):
        sock = socket.socket()
        sock.bind(("127.0.0.9", 0))
        sock.connect((parts.hostname or "", parts.port or 0))
        yield sock


@pytest.mark.slow(6)
def test_a_night_keeps_its_cue_times_while_phones_export_and_a_host_holds_connections(
    device: DevicePump, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = night_cues(device)  # the same night with nobody on the page
    threads: set[str] = set()
    chunks = export_chunks  # the one the page calls, watched below

    def watched(*args: Any, **kwargs: Any) -> Iterator[str]:
        for piece in chunks(*args, **kwargs):
            threads.add(threading.current_thread().name)
            yield piece

    monkeypatch.setattr(downloads, "export_chunks", watched)
    stop, statuses = threading.Event(), list[int]()
    phones = [
        threading.Thread(target=download_forever, args=(device.url, stop, statuses))
        for _ in range(2)
    ]
    with ExitStack() as held:
        for sock in hold(device.url, 1200):
            held.enter_context(sock)
        for phone in phones:
            phone.start()
        try:
            loaded = night_cues(device)
        finally:
            stop.set()
            for phone in phones:
                phone.join(timeout=60)
    assert loaded == reference  # every cue, in order, at its time on the device's clock
    assert 200 in statuses and set(statuses) <= {200, 429}  # downloads ran; some waited
    assert threads and all(name.startswith("export") for name in threads)  # never the loop


def fresh_exports(device: DevicePump) -> None:
    """Forget the exports' rate limits (every test phone comes from 127.0.0.1)."""

    def forget(daemon: Any) -> None:
        daemon.web.server._runner.app[downloads.GATE]._started.clear()

    device.call(forget)


def test_a_download_half_read_does_not_hold_the_device_up(device: DevicePump) -> None:
    phone = paired_phone(device)
    fresh_exports(device)
    parts = urlsplit(device.url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    cookie = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
    connection.request("GET", "/export/json", headers={"Cookie": cookie})
    response = connection.getresponse()
    assert response.status == 200 and response.read(1) == b"{"
    # The download waits on this phone; the device goes on meanwhile.
    before = device.call(lambda daemon: daemon.clock.now())
    device.advance(5)
    assert device.call(lambda daemon: daemon.clock.now()) == before + 5
    assert Phone(device.url).request("GET", "/")[0] == 200
    assert b'"mothership-backup"' in response.read()
    connection.close()


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_exports_are_one_per_phone_a_few_at_once_and_a_few_a_minute() -> None:
    clock = FakeTime()
    gate = ExportGate(clock)
    with gate.admit("phone-1"):
        with pytest.raises(Refused, match="this phone's last export is still being made"):
            gate.admit("phone-1").__enter__()
        with ExitStack() as others:
            for n in range(2, EXPORTS_AT_ONCE + 1):
                others.enter_context(gate.admit(f"phone-{n}"))
            with pytest.raises(Refused, match="other phones are exporting") as busy:
                gate.admit("phone-99").__enter__()
            assert busy.value.status == 429
    for _ in range(EXPORTS_PER_MINUTE - 1):
        with gate.admit("phone-1"):
            pass
    with pytest.raises(Refused, match=f"{EXPORTS_PER_MINUTE} exports a minute: wait 60 s"):
        gate.admit("phone-1").__enter__()
    clock.now += 60.5
    with gate.admit("phone-1"):
        pass
