"""Times as the table reads them: the device's local time, with its zone.

The store keeps every time in UTC (ISO 8601) and the machine formats (JSON backups, BG Stats
links and files) stay UTC; what a person reads (``mothership scores``, the CSV, the phone page)
is in the device's own zone and says which.
"""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

__all__ = ["local_iso", "local_text", "local_time"]


def local_time(played_at: str, zone: tzinfo | None = None) -> datetime | None:
    """``played_at`` (ISO 8601; a bare time is UTC) in ``zone`` (default: the device's), or
    None when it is not a time."""
    try:
        when = datetime.fromisoformat(played_at)
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(zone)


def local_text(played_at: str, zone: tzinfo | None = None) -> str:
    """``2025-01-31 21:15 CET``: to the minute, with the zone's name; the text as given when
    it is not a time.

    >>> local_text("2025-01-31T20:15:00Z", UTC)
    '2025-01-31 20:15 UTC'
    """
    when = local_time(played_at, zone)
    return played_at if when is None else when.strftime("%Y-%m-%d %H:%M %Z")


def local_iso(played_at: str, zone: tzinfo | None = None) -> str:
    """ISO 8601 in the local zone, with its offset (``2025-01-31T21:15:00+01:00``)."""
    when = local_time(played_at, zone)
    return played_at if when is None else when.isoformat(timespec="seconds")
