"""The fence around the companion page: how many connections it holds, and for how long.

A host on the LAN that opens connections and never closes them would otherwise use up the
daemon's open files, and the game loop with them (it cannot open the night's next line). So
every connection is counted by the address it comes from: past ``PER_CLIENT`` from one address,
or ``TOTAL`` in all, a new one is answered with a short 503 and closed at once. Addresses with no
paired phone share ``UNPAIRED`` of those places, so one host with many addresses can never take
the paired phones' room; within that share a newcomer takes a connection from the address that
holds the most (when it holds at least two more), so a new phone is not refused either. An
accepted connection that sends no whole request within ``IDLE_SECONDS`` (idle, or sending its
headers a byte at a time) is closed by aiohttp's keep-alive timer, which we set; a request that
takes longer than ``REQUEST_SECONDS`` to read and answer (a slow body, a reader that never
reads) is cut off by the server's middleware. With the caps far below the process's open-file
limit, the page can never starve the loop of file descriptors.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Protocol

from aiohttp import web

from device.web.quietlog import LogLimit

logger = logging.getLogger(__name__)

PER_CLIENT = 12
"""Open connections one address may hold (a browser opens up to 6 per site)."""
TOTAL = 96
"""Open connections the page holds in all: a table of phones, far below the file limit."""
UNPAIRED = 48
"""Open connections the addresses without a paired phone hold together: the rest is kept for
the paired phones (one host with 8 addresses used to take all 96)."""
TRUSTED_ADDRESSES = 64
"""Addresses remembered as a paired phone's (the latest used), memory kept bounded."""
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


class Held(Protocol):
    """A connection the fence may close to make room (``FencedProtocol``)."""

    def evict(self) -> None:
        """Close the connection; the fence has already freed its place."""


class _Counted:
    """A connection counted without a transport (``Fence.admit`` with none given)."""

    def evict(self) -> None:
        """Nothing to close."""


class Fence:
    """Open connections by address, within ``per_client`` each, ``total`` in all, and
    ``unpaired`` for the addresses with no paired phone."""

    def __init__(
        self,
        per_client: int = PER_CLIENT,
        total: int = TOTAL,
        unpaired: int = UNPAIRED,
        limit: LogLimit | None = None,
    ) -> None:
        self.per_client, self.total, self.unpaired = per_client, total, unpaired
        self.limit = LogLimit() if limit is None else limit
        """What it may log about each address (one line a minute)."""
        self._open: dict[str, list[Held]] = {}
        self._trusted: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()
        self.refused = 0
        """Connections refused so far (for the log and the tests)."""
        self.evicted = 0
        """Connections closed to make room for another address's."""

    def trust(self, client: str) -> None:
        """``client`` made a request as a paired phone: its connections use the paired room."""
        with self._lock:
            self._trusted[client] = None
            self._trusted.move_to_end(client)
            while len(self._trusted) > TRUSTED_ADDRESSES:
                self._trusted.popitem(last=False)

    def admit(self, client: str, held: Held | None = None) -> bool:
        """Count a new connection from ``client``, or refuse it (False) past a cap."""
        with self._lock:
            mine = self._open.setdefault(client, [])
            if len(mine) < self.per_client and self._room(client, len(mine)):
                mine.append(held or _Counted())
                return True
            if not mine:
                del self._open[client]
            self.refused += 1
            return False

    def _room(self, client: str, mine: int) -> bool:
        """Whether ``client`` may open one more, making room for it if it is owed some."""
        everyone = sum(len(held) for held in self._open.values())
        if client in self._trusted:
            return everyone < self.total
        strangers = {k: v for k, v in self._open.items() if k not in self._trusted}
        if everyone < self.total and sum(map(len, strangers.values())) < self.unpaired:
            return True
        # Full: the address holding the most gives up its oldest, if it holds 2 more than
        # this one would (a new phone gets in; hosts that hold the most cannot trade places).
        top = max(strangers, key=lambda k: len(strangers[k]), default=None)
        if top is None or len(strangers[top]) <= mine + 1:
            return False
        self.evicted += 1
        self._open[top].pop(0).evict()
        return True

    def release(self, client: str, held: Held | None = None) -> None:
        """A connection from ``client`` closed (``held``: which one; any if None)."""
        with self._lock:
            mine = self._open.get(client, [])
            if held is not None and held in mine:
                mine.remove(held)
            elif held is None and mine:
                mine.pop()
            if not mine:
                self._open.pop(client, None)

    def held(self) -> int:
        """Open connections now."""
        with self._lock:
            return sum(len(held) for held in self._open.values())


class FencedProtocol(asyncio.Protocol):
    """One connection: refused past the fence, else handed to aiohttp's own protocol."""

    def __init__(self, make: Callable[[], Any], fence: Fence) -> None:
        self._make, self._fence = make, fence
        self._inner: Any = None
        self._client = ""
        self._transport: asyncio.BaseTransport | None = None
        self._counted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Admit the connection, or answer 503 and close it."""
        peer = transport.get_extra_info("peername")
        client = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        self._client, self._transport = client, transport
        self._counted = True  # before admit: it may be evicted before admit returns
        if not self._fence.admit(client, self):
            self._counted = False
            if self._fence.limit.first(client):  # logged, but not once per connection
                logger.warning("companion page: refused connections from %s (over the cap)", client)
            if isinstance(transport, asyncio.WriteTransport):
                transport.write(REFUSED)
            transport.close()
            return
        self._inner = self._make()
        self._inner.connection_made(transport)

    def evict(self) -> None:
        """Closed to make room for another address (the fence freed its place)."""
        self._counted = False
        if self._transport is not None:
            self._transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        """Hand the close to aiohttp and free the connection's place."""
        if self._counted:
            self._counted = False
            self._fence.release(self._client, self)
        if self._inner is None:
            return
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
