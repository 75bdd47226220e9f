"""The music channel: a short bed looped from memory, or longer music streamed from its file.

A generated ambience bed is a short WAV (24 s, about 1 MB). Held decoded and looped on a
channel of its own, it is mixed from memory; streamed through pygame's music player instead,
it is read from its file on every buffer, which here cost the audio thread about two thirds
more through a night. Anything larger (the user's own OGG files in ``audio.music_dir``) still
streams, so a long file never sits decoded in memory.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

IN_MEMORY_BYTES = 4 * 1024 * 1024
"""WAV files up to this size are looped from memory (the generated beds are about 1 MB)."""
BED_CHANNEL = 1
"""The mixer channel a bed held in memory plays on (reserved, like the speech channel 0)."""
FIRST_EFFECT_CHANNEL = BED_CHANNEL + 1
"""Channels below this (speech, the bed) are never given to an effect."""

logger = logging.getLogger(__name__)


def effect_channel(mixer: Any, order: list[int]) -> Any:
    """A channel for an effect: a free one past the reserved channels, else the one whose
    effect started first. ``order`` keeps the channels' indices in the order effects started on
    them. (pygame's ``find_channel`` may hand out a reserved channel, cutting the narrator off.)
    """
    indices = range(FIRST_EFFECT_CHANNEL, mixer.get_num_channels())
    free = next((index for index in indices if not mixer.Channel(index).get_busy()), None)
    if free is None:
        free = next((index for index in order if index in indices), indices.start)
    if free in order:
        order.remove(free)
    order.append(free)
    return mixer.Channel(free)


class Effects:
    """Sound effects, each decoded once and played on a channel of its own."""

    def __init__(self) -> None:
        """No effect decoded yet."""
        self._sounds: dict[Path, Any] = {}
        self._order: list[int] = []  # effect channels, in the order effects started

    def play(self, mixer: Any, path: Path, volume: float) -> None:
        """Play ``path`` at ``volume`` on a free channel (``effect_channel``); a file that
        cannot be played is logged, never raised."""
        try:
            sound = self._sounds.get(path)
            if sound is None:
                sound = self._sounds[path] = mixer.Sound(file=str(path))
            channel = effect_channel(mixer, self._order)
            channel.set_volume(volume)
            channel.play(sound)
        except Exception as exc:
            logger.warning("cannot play effect %s: %s", path, exc)

    def forget(self) -> None:
        """Drop the decoded effects (their mixer is closing)."""
        self._sounds.clear()


class MusicChannel:
    """Starts, stops and sets the level of what the music channel loops."""

    def __init__(self) -> None:
        self._sound: Any = None  # the decoded bed, while one plays from memory
        self._channel: Any = None

    def start(self, mixer: Any, path: Path, *, loops: int, volume: float) -> None:
        """Play ``path`` on ``mixer`` at ``volume``, looping ``loops`` times (-1: forever)."""
        self.stop(mixer)
        if path.suffix.lower() == ".wav" and path.stat().st_size <= IN_MEMORY_BYTES:
            self._sound = mixer.Sound(file=str(path))
            self._channel = mixer.Channel(BED_CHANNEL)
            self._channel.set_volume(volume)
            self._channel.play(self._sound, loops=loops)
        else:
            mixer.music.load(str(path))
            mixer.music.set_volume(volume)
            mixer.music.play(loops=loops)

    def play(self, mixer: Any, path: Path, *, loops: int, volume: float) -> bool:
        """``start``, logging instead of raising; whether it plays."""
        try:
            self.start(mixer, path, loops=loops, volume=volume)
        except Exception as exc:
            logger.warning("cannot play music %s: %s", path, exc)
            return False
        return True

    def busy(self, mixer: Any) -> bool:
        """True while something plays on the music channel."""
        if self._channel is not None:
            return bool(self._channel.get_busy())
        return bool(mixer.music.get_busy())

    def set_volume(self, mixer: Any, volume: float) -> None:
        """Set the level of what plays (0..1)."""
        if self._channel is not None:
            self._channel.set_volume(volume)
        else:
            mixer.music.set_volume(volume)

    def stop(self, mixer: Any) -> None:
        """Stop whatever plays."""
        if self._channel is not None:
            self._channel.stop()
        mixer.music.stop()
        self.forget()

    def forget(self) -> None:
        """Drop the decoded bed (its mixer is closing)."""
        self._sound = self._channel = None
