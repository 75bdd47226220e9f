"""A logged play's BG Stats push link, worked out behind the loop on the device.

The link a game's last screen shows as a QR code is the whole link, or a shorter one (no
comments, then no teams) when that is too dense (``scannable_push_url``): deciding means
encoding the codes, and drawing it encodes it again. For ten players that is a tenth of a
second or more per code (plus segno's first import) in the step that handles the last card,
while the table waits for its result. On the device both happen on a thread: the end screen
shows at once, and its code (and BG Stats button) follow a moment later. Elsewhere (tests, the
simulator) the link is worked out at once, as before.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from games.scorelog.plays import Play

logger = logging.getLogger(__name__)


def link_and_code(play: Play, location: str) -> str:
    """The play's scannable link, its QR code encoded (and cached) on the way."""
    from device.ui.pushqr import scannable_push_url  # after a play: not before READY
    from device.ui.qr import qr_matrix

    link = scannable_push_url(play, location)
    qr_matrix(link)  # the screen draws it from the cache
    return link


class PushLinks:
    """The links of logged plays: at once, or from a thread (``behind``)."""

    def __init__(self, *, behind: bool = False, wake: Callable[[], None] | None = None) -> None:
        """``wake`` is called (from the thread) when a link is ready."""
        self.behind = behind
        self.wake = wake or (lambda: None)
        self._pool: ThreadPoolExecutor | None = None
        if behind:
            # Its thread starts now, with the daemon: a thread started in a pass holds that
            # pass until the new thread has run (tenths of a second on a loaded machine).
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="push-link")
            self._pool.submit(lambda: None)
        self._asked: tuple[Play, Future[str] | None] | None = None
        """The last play asked for (one game's last screen at a time) and its link to come
        (None until :meth:`start` hands it to the thread)."""
        self._location = ""

    def link(self, play: Play, location: str) -> str | None:
        """The play's link, or None while it is being worked out behind the loop (asked for
        the first time, it is; ``wake`` follows when it is ready)."""
        if not self.behind:
            from device.ui.pushqr import scannable_push_url

            return scannable_push_url(play, location)
        if self._asked is None or self._asked[0] is not play:
            self._asked = (play, None)
            self._location = location
            self.wake()  # the loop's next pass starts it, once this one has drawn its screen
            return None
        done = self._asked[1]
        if done is None or not done.done():
            return None
        try:
            return done.result()
        except Exception:
            logger.exception("cannot work out the BG Stats link")
            return None

    def start(self) -> None:
        """Hand the link asked for to the thread (the loop's look, at the start of a pass):
        not in the pass that asked, whose screen is still to draw, since the encoding (pure
        Python) would take the interpreter's lock from that drawing every few milliseconds."""
        if self._asked is None or self._asked[1] is not None:
            return
        if self._pool is None:  # closed
            return
        play = self._asked[0]
        done = self._pool.submit(link_and_code, play, self._location)
        self._asked = (play, done)
        done.add_done_callback(lambda _: self.wake())

    def close(self) -> None:
        """Let the thread go (a link being worked out finishes on its own)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None
