"""Shared parts of the tag readers: errors, the hold-off and the reconnecting reader thread.

A tag reader runs one daemon thread that opens its serial port with pyserial, reads, and
calls ``on_tag(uid, at)`` for each new tag. Like the button callbacks, ``on_tag`` and
``on_status`` run on the reader's thread and must only timestamp and enqueue.

A port that cannot be opened, or that fails mid-game (a USB reader unplugged: the read
raises ``SerialException`` or ``OSError``), is logged as a warning once per outage,
reported through ``on_status`` and retried every ``retry_seconds`` until it works again.

The concrete readers are :class:`hardware.rdm6300.SerialTagReader` (125 kHz EM4100) and
:class:`hardware.pn532.Pn532Reader` (13.56 MHz NFC).
"""

from __future__ import annotations

import contextlib
import logging
import math
import termios
import threading
import time
from collections.abc import Callable
from typing import Any, Self

import serial

from hardware.errors import HardwareConfigError, HardwareError

__all__ = [
    "Clock",
    "HoldOff",
    "PortReader",
    "StatusCallback",
    "TagCallback",
    "TagReaderError",
    "check_seconds",
]

_log = logging.getLogger(__name__)

TagCallback = Callable[[str, float], None]
"""Called as ``on_tag(uid, at)``: the tag's uid in upper-case hex and its read time."""

StatusCallback = Callable[[str], None]
"""Called as ``on_status(text)`` when a reader is lost, cannot be opened or comes back."""

Clock = Callable[[], float]
"""A function returning the current time in seconds, e.g. ``time.monotonic``."""

_READ_TIMEOUT = 0.05
"""Seconds one ``read`` may block, so the thread sees ``close()`` at least this often."""


class TagReaderError(HardwareError):
    """A tag reader answered wrongly, or not at all."""


class _Closing(Exception):
    """Raised inside a reader session to unwind it because ``close()`` was called."""


def check_seconds(name: str, value: float, *, positive: bool = False) -> float:
    """Return ``value`` as a float if it is a finite number of seconds, else raise.

    Args:
        name: What the value is, for the message (e.g. ``"hold-off"``).
        value: The number of seconds to check.
        positive: Whether zero is refused too.

    Raises:
        HardwareConfigError: naming the bad value.
    """
    ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    if not ok or value < 0 or (positive and value == 0):
        bound = "> 0" if positive else ">= 0"
        raise HardwareConfigError(f"{name} must be a number of seconds {bound}, got {value!r}")
    return float(value)


class HoldOff:
    """Drops a tag that is still on the pad: readers repeat a held tag over and over.

    The same uid seen again within ``hold_off`` seconds of its last sighting is not
    reported again, so a tag held on the pad gives one report until it has been away for
    ``hold_off`` seconds. A different uid is always reported (and becomes the one held).
    """

    def __init__(self, hold_off: float = 1.0, clock: Clock = time.monotonic) -> None:
        """Create a hold-off.

        Args:
            hold_off: Seconds within which the same uid is not reported again.
            clock: The time source, injected so tests need not sleep.

        Raises:
            HardwareConfigError: if ``hold_off`` is not a number of seconds >= 0.
        """
        self.hold_off = check_seconds("hold-off", hold_off)
        self._clock = clock
        self._last_uid: str | None = None
        self._last_seen = 0.0

    def accept(self, uid: str, now: float | None = None) -> bool:
        """Record a sighting of ``uid`` and return whether it should be reported.

        Args:
            uid: The tag seen.
            now: The sighting time; the clock is read when it is not given.
        """
        at = self._clock() if now is None else now
        repeat = uid == self._last_uid and at - self._last_seen < self.hold_off
        self._last_uid = uid
        self._last_seen = at
        return not repeat

    def reset(self) -> None:
        """Forget the held tag, so the next sighting of any uid is reported."""
        self._last_uid = None


class PortReader:
    """Base for the tag readers: a daemon thread that keeps one serial port open and read.

    Subclasses set their own attributes, then call ``super().__init__`` (which starts the
    thread), and implement :meth:`_serve`, which runs for as long as the port works and
    calls :meth:`_up` once the reader is known to answer.
    """

    def __init__(
        self,
        port: str,
        *,
        on_tag: TagCallback,
        on_status: StatusCallback | None,
        baudrate: int,
        hold_off: float,
        clock: Clock,
        retry_seconds: float,
    ) -> None:
        """Validate the settings and start the reader thread.

        Raises:
            HardwareConfigError: for an empty port, a bad baud rate or bad seconds.
        """
        if not isinstance(port, str) or not port:
            raise HardwareConfigError(f"tag reader port must be a device path, got {port!r}")
        if not isinstance(baudrate, int) or isinstance(baudrate, bool) or baudrate <= 0:
            raise HardwareConfigError(f"baud rate must be a positive integer, got {baudrate!r}")
        self.port = port
        self.baudrate = baudrate
        self.retry_seconds = check_seconds("retry interval", retry_seconds, positive=True)
        self.hold = HoldOff(hold_off, clock)
        self._on_tag = on_tag
        self._on_status = on_status
        self._clock = clock
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._serial: Any = None
        self._connected = threading.Event()
        self._in_outage = False
        self._thread = threading.Thread(target=self._run, name=f"tag-reader {port}", daemon=True)
        self._thread.start()

    @property
    def connected(self) -> bool:
        """Whether the port is open and being read right now."""
        return self._connected.is_set()

    def wait_connected(self, timeout: float | None = None) -> bool:
        """Block until the port is open (or ``timeout`` passes); return whether it is."""
        return self._connected.wait(timeout)

    def close(self) -> None:
        """Stop the reader thread and close the port; returns within about 0.1 s."""
        self._stop.set()
        with self._lock:
            port = self._serial
        cancel = getattr(port, "cancel_read", None)
        if cancel is not None:
            # The thread may be closing the port itself; its read times out anyway then.
            with contextlib.suppress(OSError, serial.SerialException, ValueError, TypeError):
                cancel()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=2.0)

    def __enter__(self) -> Self:
        """Return the reader itself, closed again on leaving the ``with`` block."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Close the reader."""
        self.close()

    # -- for subclasses -------------------------------------------------------------

    def _serve(self, port: Any) -> None:
        """Read tags from the open ``port`` until it fails or the reader closes.

        Raises:
            serial.SerialException | OSError | TagReaderError: when the port fails.
        """
        raise NotImplementedError

    def _read(self, port: Any) -> bytes:
        """Read what has arrived (waiting at most a moment); raise ``_Closing`` on close."""
        if self._stop.is_set():
            raise _Closing
        data: bytes = port.read(max(1, port.in_waiting))
        if self._stop.is_set():
            raise _Closing
        return data

    def _sleep(self, seconds: float) -> None:
        """Wait ``seconds``, or raise ``_Closing`` at once if the reader is closed."""
        if self._stop.wait(seconds):
            raise _Closing

    def _up(self) -> None:
        """Mark the reader as working (call once the port answers); reports a reconnection."""
        self._connected.set()
        if self._in_outage:
            _log.info("tag reader on %s reconnected", self.port)
            self._status(f"tag reader on {self.port} reconnected")
        self._in_outage = False

    def _emit(self, uid: str, at: float) -> None:
        """Report ``uid`` unless the hold-off drops it; never let a callback kill the thread."""
        if not self.hold.accept(uid, at):
            return
        try:
            self._on_tag(uid, at)
        except Exception:
            _log.exception("on_tag callback failed for tag %r from %r", uid, self.port)

    # -- the thread -----------------------------------------------------------------

    def _status(self, text: str) -> None:
        if self._on_status is None:
            return
        try:
            self._on_status(text)
        except Exception:
            _log.exception("on_status callback failed for %r", text)

    def _failed(self, what: str, exc: BaseException) -> None:
        """Report a failure once per outage (later ones go to debug), then wait to retry."""
        text = f"tag reader on {self.port} {what}: {exc}; retrying"
        if self._in_outage:
            _log.debug("%s", text)
        else:
            _log.warning("%s", text)
            self._status(text)
        self._in_outage = True
        self._stop.wait(self.retry_seconds)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                port = serial.serial_for_url(
                    self.port, baudrate=self.baudrate, timeout=_READ_TIMEOUT
                )
            except (serial.SerialException, OSError, ValueError) as exc:
                self._failed("cannot be opened", exc)
                continue
            with self._lock:
                self._serial = port
            try:
                self.hold.reset()
                self._serve(port)
            except _Closing:
                pass
            except (serial.SerialException, OSError, TagReaderError, termios.error) as exc:
                # termios.error (not an OSError) comes from tcflush on an unplugged tty.
                if not self._stop.is_set():
                    self._failed("lost", exc)
            except Exception as exc:  # a bug must not end the thread: log it, then retry
                _log.exception("tag reader on %s failed unexpectedly", self.port)
                if not self._stop.is_set():
                    self._failed("lost", exc)
            finally:
                self._connected.clear()
                with self._lock:
                    self._serial = None
                with contextlib.suppress(serial.SerialException, OSError):
                    port.close()
