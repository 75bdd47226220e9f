"""The companion page as one of the daemon's parts: opened after the rest, closed before it.

``open_web`` starts the server when ``[web] enabled`` is true. A port that cannot be bound (in
use, or not allowed) is logged and shown on the screen, and the device goes on without its page:
the page is a convenience, never a reason for the table to stop.
"""

from __future__ import annotations

import logging
from contextlib import ExitStack
from typing import TYPE_CHECKING

from device.runtime.inbox import Notice
from device.store.stats import LogReader
from device.ui.actions import DeviceTap
from device.web.bridge import Bridge
from device.web.pairing import Pairing
from device.web.server import WebServer
from device.web.snapshot import Publisher, SnapshotBox
from games.events import TouchAction
from games.views import ScreenName

if TYPE_CHECKING:
    from device.runtime.app import Daemon
    from device.runtime.own_taps import Feed

logger = logging.getLogger(__name__)

OPEN_PAIRING = DeviceTap.OPEN_PAIRING
"""The "Open pairing" control, on the home screen and in One Night's Options, there only while
pairing is locked for some address."""
OPEN_RECT = (600, 6, 190, 48)
"""Where it sits (design pixels): the top right corner, clear of the game buttons."""
PAIRING_LOCKED = "Phone pairing is locked after too many wrong codes: Open pairing unlocks it"
"""The banner when pairing locks for every address."""


def locked_notice(client: str) -> str:
    """The banner when pairing locks for ``client`` ("": for every address)."""
    if not client:
        return PAIRING_LOCKED
    return (
        f"Phone pairing is locked for {client[:45]} after too many wrong codes: "
        "Open pairing unlocks it"
    )


class WebPart:
    """The page's server, the snapshot it reads, and the pairing state."""

    def __init__(self, daemon: Daemon, *, host: str, port: int) -> None:
        self.daemon = daemon
        self.box = SnapshotBox()
        self.publisher = Publisher(self.box)
        self.pairing = Pairing(
            on_lock=lambda client: daemon.inbox.put(Notice(locked_notice(client)))
        )
        # One Night's Options offers Open pairing too: a table need not leave its game.
        daemon.options.pairing_locked = lambda: self.pairing.locked
        config = daemon.config
        store = daemon.runtime.store
        self.log = None if store is None else LogReader(store.path)
        self.bridge = Bridge(
            daemon.inbox,
            self.box,
            daemon.clock.now,
            self.pairing,
            location=config.store.location,
            seats=config.hardware.seats,
            log=self.log,
        )
        self.server = WebServer(self.bridge, host, port)

    def publish(self, daemon: Daemon) -> None:
        """Publish this pass's snapshot (the main loop calls it)."""
        self.publisher.publish(daemon.runtime, daemon.ambience.choices())

    def offer(self, daemon: Daemon) -> None:
        """Put "Open pairing" on the home screen while pairing is locked."""
        if self.pairing.locked and daemon.shown.screen is ScreenName.HOME:
            daemon.ui.add_control("Open pairing", OPEN_PAIRING, OPEN_RECT)

    @staticmethod
    def handles(action: TouchAction) -> bool:
        """Whether a tap is "Open pairing"."""
        return action is OPEN_PAIRING

    def tap(self, action: TouchAction, feed: Feed) -> None:
        """Open pairing (its control's tap; the game never sees it)."""
        del action, feed
        daemon = self.daemon
        self.pairing.open()
        daemon.notices.append("Phone pairing is open again: ask for a code on the phone")
        if daemon.shown.screen is ScreenName.HOME:
            daemon.home()  # drawn again without the control; a game's screen stays

    def players_changed(self) -> None:
        """The page changed the store's players: read them again on the next publish."""
        self.publisher.dirty = True

    @property
    def url(self) -> str:
        """Where the page is served, as a link (the bound address and port)."""
        host, port = self.server.address_or_raise()
        return f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"


def open_web(daemon: Daemon, stack: ExitStack, *, port: int | None = None) -> WebPart | None:
    """Start the companion page for ``daemon`` if the config enables it (``port``: instead of
    the config's, 0 for any free one); None when it is off or could not start."""
    section = daemon.config.web
    if not section.enabled:
        return None
    part = WebPart(daemon, host=section.address, port=section.port if port is None else port)
    part.publish(daemon)  # the first snapshot, before the first phone asks
    try:
        part.server.start()
    except OSError as error:
        # A warning, not an error: the device itself is fine and plays on without its page.
        logger.warning(
            "the companion page cannot listen on %s:%s: %s", section.address, section.port, error
        )
        daemon.notices.append(f"The companion page could not start: {error.strerror or error}")
        return None
    stack.callback(part.server.stop)
    if part.log is not None:
        stack.callback(part.log.close)  # after the server stops (callbacks run last first)
    return part
