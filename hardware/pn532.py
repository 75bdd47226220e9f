"""PN532 13.56 MHz NFC reader over UART (HSU): a small driver for polling tag uids.

Only the subset a tag pad needs: wake-up, ``SAMConfiguration``, ``RFConfiguration`` (so
that a poll with no tag returns instead of waiting for one) and ``InListPassiveTarget``
at 106 kbps type A, whose answer carries the uid.

A normal information frame is::

    0x00, 0x00 0xFF, LEN, LCS, TFI, data..., DCS, 0x00

with ``LEN + LCS == 0`` and ``TFI + sum(data) + DCS == 0`` (mod 256), ``LEN`` counting
TFI and data, TFI ``0xD4`` from host to PN532 and ``0xD5`` back. The PN532 acknowledges
each command with the ACK frame ``00 00 FF 00 FF 00`` before it answers.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from hardware.tags import (
    Clock,
    PortReader,
    StatusCallback,
    TagCallback,
    TagReaderError,
    check_seconds,
)

__all__ = [
    "ACK",
    "HOST_TO_PN532",
    "IN_LIST_PASSIVE_TARGET",
    "NACK",
    "PN532_TO_HOST",
    "RF_CONFIGURATION",
    "SAM_CONFIGURATION",
    "WAKE_UP",
    "Pn532Frame",
    "Pn532Parser",
    "Pn532Reader",
    "build_frame",
    "parse_target_uid",
]

_log = logging.getLogger(__name__)

HOST_TO_PN532 = 0xD4
"""TFI of a frame from the host."""

PN532_TO_HOST = 0xD5
"""TFI of a frame from the PN532."""

ERROR_TFI = 0x7F
"""TFI of the PN532's "syntax error" frame."""

ACK = bytes.fromhex("0000FF00FF00")
"""The acknowledge frame."""

NACK = bytes.fromhex("0000FFFF0000")
"""The not-acknowledge frame (asks for the last frame again)."""

WAKE_UP = bytes([0x55, 0x55]) + bytes(14)
"""Wakes a PN532 in HSU mode from power-down; sent before the first command."""

SAM_CONFIGURATION = bytes([0x14, 0x01, 0x14, 0x01])
"""SAMConfiguration: normal mode, virtual-card timeout 1 s, use the IRQ pin."""

RF_CONFIGURATION = bytes([0x32, 0x05, 0xFF, 0x01, 0x02])
"""RFConfiguration MaxRetries: InListPassiveTarget tries twice, then answers "no tag"."""

IN_LIST_PASSIVE_TARGET = bytes([0x4A, 0x01, 0x00])
"""InListPassiveTarget: at most 1 target, 106 kbps type A (ISO 14443-A)."""

_START = b"\x00\xff"


def build_frame(data: bytes, tfi: int = HOST_TO_PN532) -> bytes:
    """Return the normal information frame carrying ``data`` (command code first).

    Raises:
        ValueError: if ``data`` is empty or too long for a normal frame (254 bytes).
    """
    if not 1 <= len(data) <= 253:
        raise ValueError(f"a PN532 frame carries 1 to 253 data bytes, got {bytes(data)!r}")
    length = len(data) + 1
    dcs = -(tfi + sum(data)) & 0xFF
    return bytes([0x00, 0x00, 0xFF, length, -length & 0xFF, tfi, *data, dcs, 0x00])


@dataclass(frozen=True)
class Pn532Frame:
    """One frame received: an ACK, a NACK, or an information frame (TFI and data)."""

    kind: str
    """``"ack"``, ``"nack"`` or ``"info"``."""
    tfi: int = 0
    """The frame identifier of an information frame (``0xD5`` from the PN532)."""
    data: bytes = b""
    """The data after the TFI, command code first."""


class Pn532Parser:
    """Splits a byte stream into PN532 frames, however it arrives, skipping noise.

    A frame with a bad length or data checksum is dropped and counted in :attr:`rejected`.
    Extended frames (``LEN`` = ``0xFF 0xFF``) are not supported and are dropped too.
    """

    def __init__(self) -> None:
        """Create a parser with an empty buffer."""
        self.rejected = 0
        """Frames dropped for a bad checksum."""
        self._buffer = bytearray()

    def reset(self) -> None:
        """Drop any partial frame."""
        self._buffer.clear()

    def feed(self, data: bytes) -> list[Pn532Frame]:
        """Add received bytes and return the frames they complete, in order."""
        buffer = self._buffer
        buffer += data
        frames: list[Pn532Frame] = []
        while True:
            start = buffer.find(_START)
            if start < 0:
                del buffer[: max(0, len(buffer) - 1)]  # keep a trailing 0x00
                break
            del buffer[:start]
            if len(buffer) < 4:
                break
            length, lcs = buffer[2], buffer[3]
            if (length, lcs) == (0x00, 0xFF):
                frames.append(Pn532Frame("ack"))
                del buffer[:4]
                continue
            if (length, lcs) == (0xFF, 0x00):
                frames.append(Pn532Frame("nack"))
                del buffer[:4]
                continue
            if (length + lcs) & 0xFF or length == 0:
                self._reject(bytes(buffer[:4]), "bad length checksum")
                continue
            if len(buffer) < 4 + length + 1:
                break
            body = bytes(buffer[4 : 4 + length])
            dcs = buffer[4 + length]
            if (sum(body) + dcs) & 0xFF:
                self._reject(bytes(buffer[: 5 + length]), "bad data checksum")
                continue
            del buffer[: 5 + length]
            frames.append(Pn532Frame("info", body[0], body[1:]))
        return frames

    def _reject(self, frame: bytes, problem: str) -> None:
        self.rejected += 1
        _log.debug("pn532: dropped frame %r: %s", frame, problem)
        del self._buffer[:2]  # resynchronise on the next start code


def parse_target_uid(data: bytes) -> str | None:
    """Return the uid in an InListPassiveTarget answer, or None when no tag is present.

    Args:
        data: The answer's data after the TFI: ``0x4B``, NbTg, then for a type A target
            Tg, SENS_RES (2), SEL_RES, NFCIDLength, NFCID1..., and maybe an ATS.

    Returns:
        The uid (NFCID1) in upper-case hex, e.g. ``"04A224E2C31C80"``.

    Raises:
        TagReaderError: if the answer is not a well-formed InListPassiveTarget answer.
    """
    if len(data) < 2 or data[0] != IN_LIST_PASSIVE_TARGET[0] + 1:
        raise TagReaderError(f"not an InListPassiveTarget answer: {bytes(data)!r}")
    if data[1] == 0:
        return None
    if len(data) < 7 or data[6] == 0 or len(data) < 7 + data[6]:
        raise TagReaderError(f"truncated InListPassiveTarget answer: {bytes(data)!r}")
    return data[7 : 7 + data[6]].hex().upper()


class Pn532Reader(PortReader):
    """A PN532 on a serial port, polled on a daemon thread that reconnects by itself.

    Calls ``on_tag(uid, at)`` for each new tag, on the reader's thread: the callback must
    only timestamp and enqueue. A PN532 that does not acknowledge or answer a command in
    time counts as lost, like an unplugged port. See :mod:`hardware.tags`.
    """

    def __init__(
        self,
        port: str,
        *,
        on_tag: TagCallback,
        on_status: StatusCallback | None = None,
        baudrate: int = 115200,
        hold_off: float = 1.0,
        clock: Clock = time.monotonic,
        retry_seconds: float = 2.0,
        poll_interval: float = 0.1,
        answer_timeout: float = 1.0,
    ) -> None:
        """Start polling the PN532 on ``port``.

        Args:
            port: The device path (e.g. ``/dev/ttyS0``) or a pyserial URL.
            on_tag: Called as ``on_tag(uid, at)`` with ``at`` read from ``clock``.
            on_status: Called with a line of text when the reader is lost or comes back.
            baudrate: The PN532's HSU speed, 115200 by default.
            hold_off: Seconds within which the same uid is not reported again.
            clock: The time source for ``at`` and the hold-off.
            retry_seconds: Seconds between attempts to reopen a failed reader.
            poll_interval: Seconds between two polls for a tag.
            answer_timeout: Seconds to wait for the ACK, then again for the answer.

        Raises:
            HardwareConfigError: for an empty port, a bad baud rate or bad seconds.
        """
        self.poll_interval = check_seconds("poll interval", poll_interval)
        self.answer_timeout = check_seconds("answer timeout", answer_timeout, positive=True)
        self.parser = Pn532Parser()
        self._frames: list[Pn532Frame] = []
        super().__init__(
            port,
            on_tag=on_tag,
            on_status=on_status,
            baudrate=baudrate,
            hold_off=hold_off,
            clock=clock,
            retry_seconds=retry_seconds,
        )

    def _serve(self, port: Any) -> None:
        self.parser.reset()
        self._command(port, SAM_CONFIGURATION, wake=True)
        self._command(port, RF_CONFIGURATION)
        self._up()
        while True:
            uid = parse_target_uid(self._command(port, IN_LIST_PASSIVE_TARGET))
            if uid is not None:
                self._emit(uid, self._clock())
            self._sleep(self.poll_interval)

    def _command(self, port: Any, data: bytes, *, wake: bool = False) -> bytes:
        """Send one command, wait for its ACK and answer, and return the answer's data."""
        port.reset_input_buffer()
        self.parser.reset()
        self._frames.clear()
        port.write((WAKE_UP if wake else b"") + build_frame(data))
        self._expect(port, "ack", data)
        frame = self._expect(port, "info", data)
        if frame.tfi == ERROR_TFI:
            raise TagReaderError(f"pn532 reported an error for command {data.hex()!r}")
        if frame.tfi != PN532_TO_HOST or frame.data[:1] != bytes([data[0] + 1]):
            raise TagReaderError(
                f"pn532 gave a wrong answer {frame.data.hex()!r} to command {data.hex()!r}"
            )
        return frame.data

    def _expect(self, port: Any, kind: str, command: bytes) -> Pn532Frame:
        """Read until a frame of ``kind`` arrives; raise TagReaderError after the timeout."""
        deadline = time.monotonic() + self.answer_timeout
        while True:
            while self._frames:
                frame = self._frames.pop(0)
                if frame.kind == "nack":
                    raise TagReaderError(f"pn532 refused command {command.hex()!r}")
                if frame.kind == kind:
                    return frame
            if time.monotonic() >= deadline:
                break
            self._frames += self.parser.feed(self._read(port))
        what = "acknowledge" if kind == "ack" else "answer"
        port.write(ACK)  # aborts the command, should the PN532 still be working on it
        raise TagReaderError(
            f"pn532 did not {what} command {command.hex()!r} within {self.answer_timeout} s"
        )
