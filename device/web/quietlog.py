"""What the companion page logs about requests: at most one line per offender per minute.

One unpaired host once gave 496 ERROR tracebacks in a minute: aiohttp logs every malformed
request (no ``Host`` header, a bad ``Content-Length``...) as an error with its traceback, and a
form it could not parse ended as a 500. A bad request is the sender's fault, not the device's:
it is answered 4xx and logged as one warning line, once a minute per address; a real failure is
still logged with its traceback, within the same limit, so no host can flood the journal.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from aiohttp.http_exceptions import HttpProcessingError

logger = logging.getLogger("device.web.requests")

QUIET_SECONDS = 60.0
"""How long after a line about one address the next about it waits."""
MOST_ADDRESSES = 1000
"""Addresses remembered, memory kept bounded (the oldest lines are forgotten first)."""


class LogLimit:
    """Whether a line about an address may be logged now: once per ``seconds`` each."""

    def __init__(
        self, now: Callable[[], float] = time.monotonic, seconds: float = QUIET_SECONDS
    ) -> None:
        """``now`` is the clock (a test's own, or real time)."""
        self.now, self.seconds = now, seconds
        self._last: dict[str, float] = {}
        self.quiet = 0
        """Lines left out so far (for the tests)."""

    def first(self, client: str) -> bool:
        """Whether ``client`` had no line in the last ``seconds`` (then this one counts)."""
        now = self.now()
        last = self._last.get(client)
        if last is not None and now - last < self.seconds:
            self.quiet += 1
            return False
        self._last.pop(client, None)
        self._last[client] = now  # last in order: the oldest is forgotten first
        while len(self._last) > MOST_ADDRESSES:
            del self._last[next(iter(self._last))]
        return True


def one_line(text: str) -> str:
    """The first line of ``text``, shortened and with its control characters escaped."""
    head = (text.strip().splitlines() or [""])[0][:120]
    return head.encode("unicode_escape").decode("ascii")


class RequestLog:
    """The logger aiohttp's request handler is given: a malformed request is one warning
    line, anything else an error with its traceback, each within the ``LogLimit``."""

    def __init__(self, limit: LogLimit) -> None:
        self.limit = limit

    def debug(self, *args: Any, **kwargs: Any) -> None:
        """aiohttp's debug lines (non-HTTP traffic on the port): left out."""

    def exception(self, message: str, *args: Any, exc_info: Any = None, **kwargs: Any) -> None:
        """aiohttp's "Error handling request from <address>", with the error."""
        client = str(args[0]) if args else "unknown"
        if not self.limit.first(client):
            return
        status = getattr(exc_info, "code", 500) if isinstance(exc_info, HttpProcessingError) else 0
        if 400 <= status < 500:
            logger.warning(
                "companion page: a malformed request from %s, answered %d: %s "
                "(more from it are not logged for a minute)",
                client,
                status,
                one_line(str(getattr(exc_info, "message", exc_info))),
            )
        else:
            logger.error(message, *args, exc_info=exc_info or True)
