"""RDM6300 125 kHz (EM4100) tag reader: a pure frame parser and a reconnecting serial reader.

The RDM6300 sends, at 9600 baud, one 14-byte frame per read, and repeats it for as long
as a tag stays on the pad::

    0x02, 10 ASCII hex characters (2 version + 8 tag), 2 ASCII hex checksum, 0x03

The checksum is the XOR of the 5 data bytes: data ``1A004A3F8C`` has checksum ``E3``. A
tag's uid is reported as its 10 data characters in upper case, e.g. ``"1A004A3F8C"``.
"""

from __future__ import annotations

import logging
import time
from functools import reduce
from operator import xor
from typing import Any

from hardware.tags import Clock, HoldOff, PortReader, StatusCallback, TagCallback

__all__ = ["ETX", "FRAME_LENGTH", "STX", "Rdm6300Parser", "SerialTagReader", "rdm6300_frame"]

_log = logging.getLogger(__name__)

STX = 0x02
"""Start of a frame."""

ETX = 0x03
"""End of a frame."""

FRAME_LENGTH = 14
"""STX, 10 data characters, 2 checksum characters, ETX."""

_HEX = frozenset(b"0123456789ABCDEFabcdef")


def rdm6300_frame(uid: str) -> bytes:
    """Return the frame an RDM6300 sends for ``uid`` (10 hex characters), checksum included.

    Raises:
        ValueError: if ``uid`` is not 10 hex characters.
    """
    if len(uid) != 10 or not set(uid.encode("ascii", "replace")) <= _HEX:
        raise ValueError(f"an RDM6300 uid is 10 hex characters, got {uid!r}")
    checksum = reduce(xor, bytes.fromhex(uid))
    return bytes([STX]) + f"{uid.upper()}{checksum:02X}".encode("ascii") + bytes([ETX])


def _check(frame: bytes | bytearray) -> str | None:
    """Return the uid in a 14-byte frame that starts with STX, or why it is rejected."""
    if frame[-1] != ETX:
        return f"bad end byte {frame[-1]:#04x}"
    body = bytes(frame[1:-1])
    if not set(body) <= _HEX:
        return "non-hex characters"
    data = bytes.fromhex(body[:10].decode("ascii"))
    expected = reduce(xor, data)
    if int(body[10:], 16) != expected:
        return f"bad checksum {body[10:].decode('ascii')}, expected {expected:02X}"
    return None


class Rdm6300Parser:
    """Turns the byte stream of an RDM6300 into new tag uids.

    Incremental: feed it whatever the port returned, however the frames are split. It
    resynchronises on STX, drops (and counts in :attr:`rejected`) a frame with a bad end
    byte or checksum, skips noise between frames, and drops a tag repeated within the
    hold-off (see :class:`hardware.tags.HoldOff`).
    """

    def __init__(self, hold_off: float = 1.0, clock: Clock = time.monotonic) -> None:
        """Create a parser.

        Args:
            hold_off: Seconds within which the same uid is not reported again.
            clock: The time source for the hold-off, injected so tests need not sleep.

        Raises:
            HardwareConfigError: if ``hold_off`` is not a number of seconds >= 0.
        """
        self.hold = HoldOff(hold_off, clock)
        self.rejected = 0
        """Frames dropped for a bad end byte, checksum or characters."""
        self.frames = 0
        """Good frames seen, repeats included."""
        self._buffer = bytearray()

    def reset(self) -> None:
        """Drop any partial frame and forget the held tag (after a reconnection)."""
        self._buffer.clear()
        self.hold.reset()

    def feed(self, data: bytes, now: float | None = None) -> list[str]:
        """Add received bytes and return the uids of the new tags they complete.

        Args:
            data: Bytes as read from the port (any split, noise allowed).
            now: The time the bytes arrived; the clock is read when it is not given.

        Returns:
            The uids (10 upper-case hex characters) of the good frames completed by
            ``data``, without the repeats the hold-off drops.
        """
        buffer = self._buffer
        buffer += data
        uids: list[str] = []
        while True:
            start = buffer.find(STX)
            if start < 0:
                buffer.clear()  # all noise
                break
            del buffer[:start]
            if len(buffer) < FRAME_LENGTH:
                break  # wait for the rest of the frame
            frame = bytes(buffer[:FRAME_LENGTH])
            problem = _check(frame)
            if problem is not None:
                self.rejected += 1
                _log.debug("rdm6300: dropped frame %r: %s", frame, problem)
                del buffer[:1]  # resynchronise on the next STX, which may start a good frame
                continue
            del buffer[:FRAME_LENGTH]
            self.frames += 1
            uid = frame[1:11].decode("ascii").upper()
            if self.hold.accept(uid, now):
                uids.append(uid)
        return uids


class SerialTagReader(PortReader):
    """An RDM6300 on a serial port, read on a daemon thread that reconnects by itself.

    Calls ``on_tag(uid, at)`` for each new tag, on the reader's thread: the callback must
    only timestamp and enqueue. See :mod:`hardware.tags` for failures and retries.
    """

    def __init__(
        self,
        port: str,
        *,
        on_tag: TagCallback,
        on_status: StatusCallback | None = None,
        baudrate: int = 9600,
        hold_off: float = 1.0,
        clock: Clock = time.monotonic,
        retry_seconds: float = 2.0,
    ) -> None:
        """Start reading ``port``.

        Args:
            port: The device path (e.g. ``/dev/ttyUSB0``) or a pyserial URL.
            on_tag: Called as ``on_tag(uid, at)`` with ``at`` read from ``clock``.
            on_status: Called with a line of text when the reader is lost or comes back.
            baudrate: The reader's speed; the RDM6300 uses 9600.
            hold_off: Seconds within which the same uid is not reported again.
            clock: The time source for ``at`` and the hold-off.
            retry_seconds: Seconds between attempts to reopen a failed port.

        Raises:
            HardwareConfigError: for an empty port, a bad baud rate or bad seconds.
        """
        self.parser = Rdm6300Parser(hold_off, clock)
        super().__init__(
            port,
            on_tag=on_tag,
            on_status=on_status,
            baudrate=baudrate,
            hold_off=0.0,  # the parser's hold-off does the de-duplication
            clock=clock,
            retry_seconds=retry_seconds,
        )

    def _serve(self, port: Any) -> None:
        self.parser.reset()
        self._up()
        while True:
            data = self._read(port)
            if not data:
                continue
            at = self._clock()
            for uid in self.parser.feed(data, at):
                self._emit(uid, at)
