"""Small pieces of English the device's screens and commands share."""

from __future__ import annotations

__all__ = ["counted"]


def counted(count: int, word: str) -> str:
    """The count with its noun agreeing: "1 play", "0 plays", "2 backups".

    >>> counted(1, "play"), counted(0, "play"), counted(3, "backup")
    ('1 play', '0 plays', '3 backups')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
