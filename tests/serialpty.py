"""Helpers and fixtures for the tag reader tests: socat PTY pairs and a fake PN532.

Imported by ``tests/hardware/test_tags_*.py`` (fixtures cannot go in ``conftest.py`` there).
Everything runs through real pyserial on real ttys: socat links two PTYs, the reader under test
opens one end and the test (or the fake PN532) writes on the other.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import serial

from hardware.pn532 import ACK, PN532_TO_HOST, Pn532Parser, build_frame

needs_socat = pytest.mark.skipif(shutil.which("socat") is None, reason="socat is not installed")


def wait_until(condition: Callable[[], bool], timeout: float = 3.0) -> None:
    """Poll ``condition`` every few milliseconds until it holds, or fail the test."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.003)


class PtyPair:
    """A socat process linking two PTYs, reachable as ``tmp/A`` (reader) and ``tmp/B``."""

    def __init__(self, folder: Path) -> None:
        self.a = folder / "A"
        self.b = folder / "B"
        self._proc: subprocess.Popen[bytes] | None = None
        self._ends: list[Any] = []

    def start(self) -> None:
        """Start socat and wait until both links exist."""
        self._proc = subprocess.Popen(
            [
                "socat",
                "-d",
                "-d",
                f"pty,raw,echo=0,link={self.a}",
                f"pty,raw,echo=0,link={self.b}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(lambda: self.a.exists() and self.b.exists())

    def stop(self) -> None:
        """Kill socat (an "unplug") and wait until it has removed its links."""
        for end in self._ends:
            end.close()
        self._ends.clear()
        if self._proc is not None:
            self._proc.terminate()
            self._proc.wait(timeout=5)
            self._proc = None
        wait_until(lambda: not self.a.exists() and not self.b.exists())

    def open_b(self) -> Any:
        """Open the far end with pyserial (closed again by :meth:`stop`)."""
        end = serial.Serial(str(self.b), timeout=0.02)
        self._ends.append(end)
        return end


@pytest.fixture
def pty(tmp_path: Path) -> Iterator[PtyPair]:
    """A running socat PTY pair, killed at teardown."""
    pair = PtyPair(tmp_path)
    pair.start()
    try:
        yield pair
    finally:
        pair.stop()


class TagLog:
    """Collects what a reader reports, as the device layer's queue would."""

    def __init__(self) -> None:
        self.tags: list[tuple[str, float]] = []
        self.statuses: list[str] = []

    def on_tag(self, uid: str, at: float) -> None:
        self.tags.append((uid, at))

    def on_status(self, text: str) -> None:
        self.statuses.append(text)

    @property
    def uids(self) -> list[str]:
        return [uid for uid, _ in self.tags]


@pytest.fixture
def log() -> TagLog:
    return TagLog()


class FakePn532:
    """A PN532 on the far end of a PTY: ACKs every command and answers the ones we use.

    ``present(uid)`` puts a tag on the pad (``None`` takes it off); InListPassiveTarget
    then answers with that uid as a type A target.
    """

    def __init__(self, port: Any) -> None:
        self.port = port
        self.uid: bytes | None = None
        self.commands: list[bytes] = []
        self.raw = bytearray()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def present(self, uid: str | None) -> None:
        self.uid = None if uid is None else bytes.fromhex(uid)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)

    def _answer(self, command: bytes) -> bytes:
        code = command[0]
        if code == 0x4A:
            if self.uid is None:
                return bytes([0x4B, 0x00])
            return bytes([0x4B, 0x01, 0x01, 0x00, 0x44, 0x00, len(self.uid), *self.uid])
        return bytes([code + 1])

    def _run(self) -> None:
        parser = Pn532Parser()
        while not self._stop.is_set():
            try:
                data = self.port.read(64)
            except (serial.SerialException, OSError, TypeError):
                return  # the PTY went away
            self.raw += data
            for frame in parser.feed(data):
                if frame.kind != "info":
                    continue
                self.commands.append(frame.data)
                self.port.write(ACK + build_frame(self._answer(frame.data), PN532_TO_HOST))
