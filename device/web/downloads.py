"""The page's export downloads, streamed off the game loop and rate-limited.

An export reads the whole score log. On the main loop, with thousands of plays and two phones
asking again and again, it held up presses for seconds and made night cues late. So the page
never asks the loop for one: ``device.store.exports.export_chunks`` reads the store through a
read-only connection of its own (one read transaction, so the file is one consistent state even
while a play is logged), on a small pool of threads beside the web thread, and each piece goes
to the phone as it is made. ``EXPORTS_AT_ONCE`` run at a time in all, one per phone, and each
phone may start ``EXPORTS_PER_MINUTE`` a minute; past that a 429 says when to try again.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from aiohttp import web

from device.store.exports import export_chunks
from device.web.commands import Refused

EXPORTS_AT_ONCE = 2
"""Exports being made at one time, from all phones (each is a thread reading the store)."""
EXPORTS_PER_MINUTE = 6
"""Exports one phone (one address) may start in a minute."""
EXPORT_SECONDS = 300.0
"""How long one download may take, to the slowest phone (the page's other requests: 30 s)."""
STREAMING = web.RequestKey("streaming", web.StreamResponse)
"""A download's response once its first piece went out (a timeout then ends the connection)."""


class ExportGate:
    """Who may start an export now: ``EXPORTS_AT_ONCE`` in all, one per phone, a few a minute."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._lock = threading.Lock()
        self._running: dict[str, int] = {}
        self._started: dict[str, deque[float]] = {}

    @contextmanager
    def admit(self, client: str) -> Iterator[None]:
        """Hold a place for ``client``'s export while it runs; ``Refused`` (429) past a limit."""
        with self._lock:
            now = self._now()
            started = self._started.setdefault(client, deque())
            while started and started[0] <= now - 60:
                started.popleft()
            if self._running.get(client):
                raise Refused(429, "this phone's last export is still being made: wait for it")
            if sum(self._running.values()) >= EXPORTS_AT_ONCE:
                raise Refused(429, "other phones are exporting just now: try again in a moment")
            if len(started) >= EXPORTS_PER_MINUTE:
                wait = started[0] + 60 - now
                raise Refused(429, f"{EXPORTS_PER_MINUTE} exports a minute: wait {wait:.0f} s")
            started.append(now)
            self._running[client] = 1
            if len(self._started) > 1000:  # forget idle addresses, keep memory bounded
                for key in [k for k, times in self._started.items() if not times]:
                    del self._started[key]
        try:
            yield
        finally:
            with self._lock:
                self._running.pop(client, None)


EXPORTER = web.AppKey("exporter", ThreadPoolExecutor)
GATE = web.AppKey("export_gate", ExportGate)


def add_downloads(app: web.Application) -> None:
    """Give ``app`` its export threads and gate (the threads end with the app)."""
    pool = ThreadPoolExecutor(max_workers=EXPORTS_AT_ONCE, thread_name_prefix="export")
    app[EXPORTER], app[GATE] = pool, ExportGate()

    async def shut(_app: web.Application) -> None:
        pool.shutdown(wait=False, cancel_futures=True)

    app.on_cleanup.append(shut)


async def stream_export(
    request: web.Request, store: Path, fmt: str, media: str, name: str, *, location: str
) -> web.StreamResponse:
    """Send one export of the store at ``store`` as a download, piece by piece."""
    client = request.remote or "unknown"
    loop = asyncio.get_running_loop()
    pool = request.app[EXPORTER]
    with request.app[GATE].admit(client):
        pieces = export_chunks(store, fmt, location=location)
        try:
            # The first piece before the headers: a store that cannot be read is a clear 503.
            piece = await loop.run_in_executor(pool, next, pieces, None)
        except (OSError, ValueError) as error:
            raise Refused(503, f"the score log cannot be read just now: {error}") from None
        try:
            response = web.StreamResponse()
            response.content_type, response.charset = media, "utf-8"
            response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
            await response.prepare(request)
            request[STREAMING] = response
            while piece is not None:
                await response.write(piece.encode("utf-8"))
                piece = await loop.run_in_executor(pool, next, pieces, None)
        finally:
            await loop.run_in_executor(pool, _close, pieces)
    # Its place is free before the phone has the end: it may ask for the next one at once.
    await response.write_eof()
    return response


def _close(pieces: Iterator[str]) -> None:
    """Close an export's generator (and its read-only connection)."""
    # Still running on the other thread (cut off): it closes when it is collected.
    with contextlib.suppress(ValueError):
        pieces.close()  # type: ignore[attr-defined]
