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
SKIPPABLE = 2 * AHEAD
"""A clip this near the head of the plan moves the plan past it (see ``Clips.played``)."""


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

    def has(self, path: Path) -> bool:
        """Whether ``path`` is decoded."""
        return path in self._sounds

    def plan(self, paths: Sequence[Path]) -> None:
        """Take a night's clips in the order they will play (a line said twice, twice)."""
        self._upcoming = list(paths)

    def get(self, path: Path, mixer: Any) -> Any:
        """The decoded clip for ``path`` (decoded now if it is not yet), or None if unplayable.
        A clip used is kept longest ("close your eyes" comes back all night)."""
        sound = self._sounds.pop(path, None)
        if sound is None:
            return self.load(path, mixer)
        self._sounds[path] = sound
        return sound

    def played(self, path: Path) -> None:
        """Move past a clip of the prepared night; the next few are due to be decoded.

        A clip among the next few moves the plan past it (the ones before it were not said: a
        line that hangs on an answer). A clip from further on (an instruction, listed after the
        night's calls) leaves the plan and nothing else: dropping everything up to it left no
        clip decoded ahead for the rest of the night."""
        if path in self._upcoming:
            index = self._upcoming.index(path)
            if index < SKIPPABLE:
                del self._upcoming[: index + 1]
            else:
                del self._upcoming[index]
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
