"""Small pieces of English the device's screens and commands share."""

from __future__ import annotations

__all__ = ["about", "counted", "voice_ready"]


def counted(count: int, word: str) -> str:
    """The count with its noun agreeing: "1 play", "0 plays", "2 backups".

    >>> counted(1, "play"), counted(0, "play"), counted(3, "backup")
    ('1 play', '0 plays', '3 backups')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def about(seconds: float) -> str:
    """A wait as a table says it: to the 10 s under a minute, then to the minute.

    >>> about(4), about(42), about(56), about(150)
    ('a few seconds', 'about 40 s', 'about 1 min', 'about 3 min')
    """
    if seconds < 10:
        return "a few seconds"
    if seconds < 55:
        return f"about {int(seconds / 10 + 0.5) * 10} s"
    return f"about {max(1, int(seconds / 60 + 0.5))} min"


def voice_ready(ready: int, total: int) -> str:
    """How much of the voice is rendered, while some is not ("": all of it).

    >>> voice_ready(1210, 1814), voice_ready(1814, 1814)
    ('Voice: 1,210 of 1,814 lines ready', '')
    """
    return "" if ready >= total else f"Voice: {ready:,} of {total:,} lines ready"
