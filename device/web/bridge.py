"""What the web thread may use of the device, and the request's paired session.

The ``Bridge`` is the only way from the companion page to the daemon: the published snapshot
to read, the daemon's clock, the pairing state, and ``call`` to have the main loop do a change
(an inbox ``Call``), waiting at most ``DEVICE_SECONDS`` for its answer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from device.runtime.inbox import Call, Inbox
from device.store.stats import LogReader
from device.web.commands import Refused
from device.web.pairing import COOKIE, Pairing
from device.web.snapshot import SnapshotBox

DEVICE_SECONDS = 5.0
"""How long a request waits for the main loop to do its change."""


@dataclass
class Bridge:
    """What the web thread may use of the device: the inbox, the snapshot, the clock, and
    the score log's queries."""

    inbox: Inbox
    box: SnapshotBox
    now: Callable[[], float]
    pairing: Pairing
    location: str = ""
    seats: int = 10
    log: LogReader | None = None
    """The score log's queries on a connection of the web thread's own (None: no store)."""

    async def call(self, work: Callable[[Any], object]) -> Any:
        """Have the main loop run ``work(daemon)``; its result (or its error, raised here).

        The loop publishes a new snapshot before it answers, so the page the phone opens next
        already shows the change.
        """

        def work_then_publish(daemon: Any) -> object:
            result = work(daemon)
            if daemon.web is not None:
                daemon.web.publish(daemon)
            return result

        done: Future[object] = Future()
        self.inbox.put(Call(work_then_publish, done))
        try:
            return await asyncio.wait_for(asyncio.wrap_future(done), DEVICE_SECONDS)
        except TimeoutError:
            done.cancel()
            message = "the device did not answer in time: reload to see if it was done"
            raise Refused(503, message) from None


BRIDGE = web.AppKey("bridge", Bridge)
"""Where the application keeps its ``Bridge``."""


def paired_of(request: web.Request) -> Any:
    """The request's paired session, if its cookie names one."""
    bridge = request.app[BRIDGE]
    return bridge.pairing.session(request.cookies.get(COOKIE))
