"""Tag readers for the daemon: opened from the config, feeding the same inbox as the buttons
(their tags, and their warnings for the screen's banner)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import ExitStack

from device.config import Config
from device.runtime.inbox import Inbox, Notice
from games.events import TagSeen
from hardware.pn532 import Pn532Reader
from hardware.rdm6300 import SerialTagReader

logger = logging.getLogger(__name__)


def open_readers(
    config: Config,
    on_tag: Callable[[str, float], None],
    stack: ExitStack,
    on_status: Callable[[str], None] | None = None,
) -> int:
    """Start every configured reader (closed by ``stack``); return how many were started.

    A reader that is missing or fails keeps retrying in its own thread, and says so through
    ``on_status``: the game goes on with buttons and touch.
    """
    section = config.readers
    started = 0
    status = on_status or (lambda text: logger.warning("%s", text))
    if section.rdm6300:
        reader = SerialTagReader(
            section.rdm6300, on_tag=on_tag, on_status=status, hold_off=section.hold_off
        )
        stack.callback(reader.close)
        started += 1
    if section.pn532:
        nfc = Pn532Reader(section.pn532, on_tag=on_tag, on_status=status, hold_off=section.hold_off)
        stack.callback(nfc.close)
        started += 1
    return started


def tags_into(inbox: Inbox) -> Callable[[str, float], None]:
    """A reader callback that only timestamps and enqueues (it runs on the reader's thread)."""
    return lambda uid, at: inbox.put(TagSeen(uid.upper(), at))


def warnings_into(inbox: Inbox) -> Callable[[str], None]:
    """A reader status callback that logs the warning and enqueues it for the screen's banner
    (it runs on the reader's thread; the main loop shows it)."""

    def warn(text: str) -> None:
        logger.warning("%s", text)
        inbox.put(Notice(text))

    return warn
