"""The systemd notify protocol: READY, WATCHDOG and STOPPING over the notify socket.

A few lines over a datagram socket, so no library is needed. Outside systemd (no
``NOTIFY_SOCKET``) every call does nothing.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

logger = logging.getLogger(__name__)


class Notifier:
    """Tells systemd how the service is doing."""

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        env = os.environ if env is None else env
        address = env.get("NOTIFY_SOCKET", "")
        # An address starting with "@" is in the abstract namespace.
        self._address = "\0" + address[1:] if address.startswith("@") else address
        usec = env.get("WATCHDOG_USEC", "")
        self.watchdog_seconds = int(usec) / 1_000_000 if usec.isdigit() and int(usec) else None
        """The watchdog timeout systemd set, or None when there is no watchdog."""

    @property
    def ping_every(self) -> float | None:
        """How often to ping: half the watchdog timeout, as systemd recommends."""
        return None if self.watchdog_seconds is None else self.watchdog_seconds / 2

    def send(self, message: str) -> None:
        """Send one notification; a failure is logged, never raised (the game goes on)."""
        if not self._address:
            return
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.sendto(message.encode(), self._address)
        except OSError as error:
            logger.warning("cannot notify systemd (%s): %s", message, error)

    def ready(self) -> None:
        """Start-up is complete."""
        self.send("READY=1")

    def watchdog(self) -> None:
        """The main loop is alive."""
        self.send("WATCHDOG=1")

    def stopping(self) -> None:
        """The service is shutting down."""
        self.send("STOPPING=1")
