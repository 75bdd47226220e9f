"""The fence around the companion page: how many connections it holds, and for how long.

A host on the LAN that opens connections and never closes them would otherwise use up the
daemon's open files, and the game loop with them (it cannot open the night's next line). So
every connection is counted by the address it comes from: past ``PER_CLIENT`` from one address,
or ``TOTAL`` in all, a new one is answered with a short 503 and closed at once. An accepted one
that sends no whole request within ``IDLE_SECONDS`` (idle, or sending its headers a byte at a
time) is closed by aiohttp's keep-alive timer, which we set; a request that takes longer than
``REQUEST_SECONDS`` to read and answer (a slow body, a reader that never reads) is cut off by
the server's middleware. With the caps far below the process's open-file limit, the page can
never starve the loop of file descriptors.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import threading
from collections.abc import Callable
from typing import Any

from aiohttp import web

logger = logging.getLogger(__name__)

PER_CLIENT = 12
"""Open connections one address may hold (a browser opens up to 6 per site)."""
TOTAL = 96
"""Open connections the page holds in all: a table of phones, far below the file limit."""
IDLE_SECONDS = 10.0
"""How long a connection may wait for a whole request (new, or kept alive after one)."""
REQUEST_SECONDS = 30.0
"""How long one request may take, from its headers to the end of its answer."""
FILES_WANTED = 4096
"""The open-file limit the daemon raises its soft limit towards at start."""
REFUSED = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Retry-After: 10\r\nConnection: close\r\nContent-Length: 56\r\n\r\n"
    b"Too many connections to the device: try again shortly.\r\n"
)


class Fence:
    """Open connections by address, within ``per_client`` each and ``total`` in all."""

    def __init__(self, per_client: int = PER_CLIENT, total: int = TOTAL) -> None:
        self.per_client, self.total = per_client, total
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()
        self.refused = 0
        """Connections refused so far (for the log and the tests)."""

    def admit(self, client: str) -> bool:
        """Count a new connection from ``client``, or refuse it (False) past a cap."""
        with self._lock:
            mine = self._open.get(client, 0)
            if mine >= self.per_client or sum(self._open.values()) >= self.total:
                self.refused += 1
                return False
            self._open[client] = mine + 1
            return True

    def release(self, client: str) -> None:
        """A connection from ``client`` closed."""
        with self._lock:
            left = self._open.get(client, 0) - 1
            if left > 0:
                self._open[client] = left
            else:
                self._open.pop(client, None)

    def held(self) -> int:
        """Open connections now."""
        with self._lock:
            return sum(self._open.values())


class FencedProtocol(asyncio.Protocol):
    """One connection: refused past the fence, else handed to aiohttp's own protocol."""

    def __init__(self, make: Callable[[], Any], fence: Fence) -> None:
        self._make, self._fence = make, fence
        self._inner: Any = None
        self._client = ""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Admit the connection, or answer 503 and close it."""
        peer = transport.get_extra_info("peername")
        client = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        if not self._fence.admit(client):
            if self._fence.refused % 100 == 1:  # logged, but not once per connection
                logger.warning("companion page: refused connections from %s (over the cap)", client)
            if isinstance(transport, asyncio.WriteTransport):
                transport.write(REFUSED)
            transport.close()
            return
        self._client = client
        self._inner = self._make()
        self._inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        """Hand the close to aiohttp and free the connection's place."""
        if self._inner is None:
            return
        self._fence.release(self._client)
        inner, self._inner = self._inner, None
        inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Bytes from the phone, for aiohttp."""
        if self._inner is not None:
            self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        """The phone closed its side."""
        return self._inner.eof_received() if self._inner is not None else None

    def pause_writing(self) -> None:
        """The phone reads slower than we write."""
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        """The phone caught up."""
        if self._inner is not None:
            self._inner.resume_writing()


class FencedRunner(web.AppRunner):
    """An ``AppRunner`` whose sites open every connection through a ``Fence``."""

    def __init__(self, app: web.Application, fence: Fence, **kwargs: Any) -> None:
        super().__init__(app, keepalive_timeout=IDLE_SECONDS, **kwargs)
        self.fence = fence

    @property
    def server(self) -> Any:
        """The protocol factory the sites listen with: aiohttp's, behind the fence."""
        inner = super().server
        if inner is None:
            return None
        return lambda: FencedProtocol(inner, self.fence)


def raise_file_limit(wanted: int = FILES_WANTED) -> int:
    """Raise the soft open-file limit towards ``wanted`` (within the hard one); the limit now.

    Under the service, systemd's ``LimitNOFILE=`` sets it and its system call filter refuses
    the change, which is fine: this is for a run outside it with a low default soft limit.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (OSError, ValueError) as error:
            logger.info("the open-file limit stays at %d: %s", soft, error)
    return int(soft)
