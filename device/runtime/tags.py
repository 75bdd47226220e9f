"""Tags seen on the pad become the same events as the buttons and the screen.

A seat's number token acts as that seat's button (check in, say who is voting); a role tile
acts as a tap on that card in the reveal picker; a player's personal card picks that player on
the Players screen. What a tag stands for is learned once and
kept in the store.
"""

from __future__ import annotations

import logging

from device.store.database import Store
from games.events import ChipKind, ChipTap, Event, PickTap, SeatPressed, TagSeen, Touched

logger = logging.getLogger(__name__)


def translate(event: TagSeen, store: Store | None, seats: int = 12) -> Event | None:
    """The event a tag stands for, or None for a tag that was never learned (or stands for a
    seat the device, with ``seats`` seats, does not have)."""
    known = None if store is None else store.tag(event.uid)
    if known is None:
        logger.warning("unknown tag %s: learn it first", event.uid)
        return None
    kind, value = known
    if kind == "seat":
        if not (value.isascii() and value.isdigit() and 1 <= int(value) <= seats):
            logger.warning(
                "tag %s is seat %r, which this device lacks: learn it again", event.uid, value
            )
            return None
        return SeatPressed(int(value), event.at)
    if kind == "role":
        return Touched(ChipTap(ChipKind.CARD, value))
    # A player's personal card picks that player on the Players screen (a game ignores it).
    return Touched(PickTap(value))
