"""The "Add to BG Stats" link of a logged play (one place, so the page has one builder)."""

from __future__ import annotations

from device.store.bgstats import push_url
from games.scorelog.plays import Play


def bgstats_link(play: Play, *, location: str = "") -> str:
    """The BG Stats push link that opens the app with ``play`` filled in."""
    return push_url(play, location=location)
