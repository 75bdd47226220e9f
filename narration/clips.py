"""The decoded speech clips an audio output holds: a prepared night's, a few lines ahead.

Decoding a whole night up front held every clip in memory at once; instead the clips are
taken in the order they will play and only the next few are decoded, after each cue rather
than on it (a cue only starts a clip).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

MAX_LOADED_SOUNDS = 8
"""Decoded clips kept in memory: the one playing, the ones queued and a few ahead."""
AHEAD = 3
"""Clips of a prepared night decoded ahead of the one playing."""


class Clips:
    """Decoded clips by path, oldest first, and the prepared night's clips still to play."""

    def __init__(self) -> None:
        self._sounds: dict[Path, Any] = {}
        self._upcoming: list[Path] = []
        self.top_up_due = False
        """The next clips are to be decoded on the loop's next look."""

    @property
    def loaded(self) -> int:
        """Decoded clips held in memory."""
        return len(self._sounds)

    def plan(self, paths: Sequence[Path]) -> None:
        """Take a night's clips in the order they will play (each once)."""
        self._upcoming = list(dict.fromkeys(paths))

    def get(self, path: Path, mixer: Any) -> Any:
        """The decoded clip for ``path`` (decoded now if it is not yet), or None if unplayable."""
        return self._sounds.get(path) or self.load(path, mixer)

    def played(self, path: Path) -> None:
        """Move past a clip of the prepared night; the next few are due to be decoded."""
        if path in self._upcoming:
            del self._upcoming[: self._upcoming.index(path) + 1]
        self.top_up_due = bool(self._upcoming)

    def top_up(self, mixer: Any) -> None:
        """Decode the next few clips of the prepared night."""
        self.top_up_due = False
        for path in self._upcoming[:AHEAD]:
            if path not in self._sounds:
                self.load(path, mixer)

    def load(self, path: Path, mixer: Any) -> Any:
        """Decode ``path`` with ``mixer`` and keep it (forgetting the oldest past the limit)."""
        try:
            sound = mixer.Sound(file=str(path))
        except Exception as exc:  # a bad file must not stop the game: fall back to captions
            logger.warning("cannot play %s: %s", path, exc)
            return None
        if len(self._sounds) >= MAX_LOADED_SOUNDS:
            self._sounds.pop(next(iter(self._sounds)))  # forget the oldest
        self._sounds[path] = sound
        return sound

    def forget_decoded(self) -> None:
        """Drop every decoded clip (the mixer that decoded them is closing)."""
        self._sounds.clear()

    def clear(self) -> None:
        """Drop the decoded clips and the night's plan."""
        self._sounds.clear()
        self._upcoming.clear()
        self.top_up_due = False
