"""Sound output through ``pygame.mixer``: narration, music and effects.

The three channels have their own volumes, and music ducks while speech plays. With no
sound card (``pygame.mixer.init`` raises) the output goes into captions mode: nothing is
played, but :meth:`AudioOutput.play_speech` still returns each clip's length so the
device keeps its timing and shows the words instead. Nothing here ever raises for want
of a speaker. Use one ``AudioOutput`` from one thread (the main loop).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from narration.catalogue import did_you_mean
from narration.errors import NarrationError, VolumeError
from narration.wav import wav_seconds

MAX_LOADED_SOUNDS = 512
"""Decoded clips kept in memory (a night is 40 to 150 lines of a few hundred KB each)."""

__all__ = ["CHANNELS", "AudioOutput"]

logger = logging.getLogger(__name__)

CHANNELS = ("narration", "music", "effects")
_SPEECH_CHANNEL = 0  # reserved, so effects never cut the narrator off


def _check_volume(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise VolumeError(f"{name} volume must be between 0 and 1: {value!r}")
    return float(value)


class AudioOutput:
    """Plays speech, music and effects, or stands in silently when there is no speaker."""

    def __init__(
        self,
        device: str | None = None,
        *,
        narration_volume: float = 1.0,
        music_volume: float = 0.4,
        effects_volume: float = 0.8,
        duck_to: float = 0.3,
    ) -> None:
        """Set up the output; nothing is opened until :meth:`open`.

        Args:
            device: ALSA device such as ``"hw:1,0"``; None uses SDL's default driver.
            narration_volume: Speech volume, 0..1.
            music_volume: Music and ambience volume, 0..1.
            effects_volume: Effects and chimes volume, 0..1.
            duck_to: Music is scaled by this while speech plays, 0..1.

        Raises:
            VolumeError: If a volume is outside 0..1.
        """
        self.device = device or None
        self._volumes = {
            "narration": _check_volume("narration", narration_volume),
            "music": _check_volume("music", music_volume),
            "effects": _check_volume("effects", effects_volume),
        }
        self.duck_to = _check_volume("duck", duck_to)
        self._mixer: Any = None  # the pygame.mixer module once it is running
        self._speech: Any = None
        self._effects: dict[Path, Any] = {}
        self._sounds: dict[Path, Any] = {}  # decoded speech clips, oldest first
        self._waiting: list[Any] = []  # speech clips queued behind the one playing
        self._ducked = False

    @property
    def available(self) -> bool:
        """True when sound really plays; False means captions mode."""
        return self._mixer is not None

    def open(self) -> bool:
        """Start the mixer. Returns False (captions mode) instead of raising.

        When a device is given, SDL is pointed at it with ``SDL_AUDIODRIVER=alsa`` and
        ``AUDIODEV`` just for the start-up (SDL reads them only then).
        """
        if self._mixer is not None:
            return True
        override = {"SDL_AUDIODRIVER": "alsa", "AUDIODEV": self.device} if self.device else {}
        saved = {key: os.environ.get(key) for key in override}
        os.environ.update(override)
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        try:
            import pygame

            if override and pygame.mixer.get_init():
                pygame.mixer.quit()  # started elsewhere on the default device: reopen ours
            pygame.mixer.init()
            if not pygame.mixer.get_init():
                raise NarrationError("pygame.mixer did not start")
            pygame.mixer.set_reserved(_SPEECH_CHANNEL + 1)
            self._speech = pygame.mixer.Channel(_SPEECH_CHANNEL)
        except Exception as exc:  # no sound card, no driver, no pygame: all mean captions
            where = f" on {self.device!r}" if self.device else ""
            logger.warning("no audio output%s (%s); showing captions instead", where, exc)
            return False
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        self._mixer = pygame.mixer
        return True

    def volume(self, channel: str) -> float:
        """Return the volume of ``"narration"``, ``"music"`` or ``"effects"``."""
        self._check_channel(channel)
        return self._volumes[channel]

    def set_volume(self, channel: str, value: float) -> None:
        """Change one channel's volume (0..1), taking effect at once.

        Raises:
            VolumeError: If the channel is unknown or the value is outside 0..1.
        """
        self._check_channel(channel)
        self._volumes[channel] = _check_volume(channel, value)
        self._apply_music_volume()

    def play_speech(self, path: Path) -> float:
        """Play a speech clip on the narration channel, ducking music under it.

        Returns at once. A clip asked for while another is playing waits its turn, so lines
        said in a row are heard in full; call :meth:`update` from the main loop (it starts the
        next clip and lifts the ducking).

        Args:
            path: A WAV file.

        Returns:
            The clip's length in seconds (also in captions mode, where nothing plays).
        """
        if self._mixer is None:
            return self._captions_seconds(path)
        sound = self._sounds.get(path) or self._load(path)
        if sound is None:
            return self._captions_seconds(path)
        if self._speech.get_busy() or self._waiting:
            self._waiting.append(sound)
        else:
            self._start(sound)
        return float(sound.get_length())

    def _start(self, sound: Any) -> None:
        self._speech.set_volume(self._volumes["narration"])
        self._speech.play(sound)
        self._ducked = True
        self._apply_music_volume()

    @property
    def waiting(self) -> int:
        """Speech clips queued behind the one playing."""
        return len(self._waiting)

    def preload(self, paths: Sequence[Path]) -> None:
        """Decode these clips now (a night's worth), so each cue only has to start one."""
        if self._mixer is None:
            return
        for path in paths:
            if path not in self._sounds:
                self._load(path)

    def _load(self, path: Path) -> Any:
        assert self._mixer is not None
        try:
            sound = self._mixer.Sound(file=str(path))
        except Exception as exc:  # a bad file must not stop the game: fall back to captions
            logger.warning("cannot play %s: %s", path, exc)
            return None
        if len(self._sounds) >= MAX_LOADED_SOUNDS:
            self._sounds.pop(next(iter(self._sounds)))  # forget the oldest
        self._sounds[path] = sound
        return sound

    @property
    def speaking(self) -> bool:
        """True while a speech clip is still playing."""
        return self._mixer is not None and bool(self._speech.get_busy())

    def update(self) -> None:
        """Start the next queued line, or lift the music ducking once speech has finished."""
        if self._waiting and self._mixer is not None and not self._speech.get_busy():
            self._start(self._waiting.pop(0))
            return
        if self._ducked and not self.speaking:
            self._ducked = False
            self._apply_music_volume()

    def play_effect(self, path: Path) -> None:
        """Play a sound effect on a free channel (loaded once, then reused)."""
        if self._mixer is None:
            return
        try:
            sound = self._effects.get(path)
            if sound is None:
                sound = self._effects[path] = self._mixer.Sound(file=str(path))
            channel = self._mixer.find_channel(True)
            if channel is not None:
                channel.set_volume(self._volumes["effects"])
                channel.play(sound)
        except Exception as exc:
            logger.warning("cannot play effect %s: %s", path, exc)

    def play_music(self, path: Path, *, loops: int = -1) -> None:
        """Stream music or ambience (looping forever by default)."""
        if self._mixer is None:
            return
        try:
            self._mixer.music.load(str(path))
            self._apply_music_volume()
            self._mixer.music.play(loops=loops)
        except Exception as exc:
            logger.warning("cannot play music %s: %s", path, exc)

    def stop_music(self) -> None:
        """Stop the music."""
        if self._mixer is not None:
            self._mixer.music.stop()

    def stop(self) -> None:
        """Stop everything that is playing, and forget the lines waiting their turn."""
        self._waiting.clear()
        if self._mixer is not None:
            self._mixer.stop()
            self._mixer.music.stop()
            self.update()

    def close(self) -> None:
        """Stop and shut the mixer down. Safe to call twice."""
        if self._mixer is not None:
            mixer, self._mixer = self._mixer, None
            self._speech = None
            self._effects.clear()
            self._sounds.clear()
            self._waiting.clear()
            self._ducked = False
            try:
                mixer.quit()
            except Exception as exc:
                logger.warning("closing the mixer failed: %s", exc)

    def _apply_music_volume(self) -> None:
        if self._mixer is not None:
            scale = self.duck_to if self._ducked else 1.0
            self._mixer.music.set_volume(self._volumes["music"] * scale)

    @staticmethod
    def _captions_seconds(path: Path) -> float:
        try:
            return wav_seconds(path)
        except NarrationError as exc:
            logger.warning("cannot time %s: %s", path, exc)
            return 0.0

    @staticmethod
    def _check_channel(channel: str) -> None:
        if channel not in CHANNELS:
            raise VolumeError(
                f"unknown audio channel: {channel!r}{did_you_mean(channel, CHANNELS)}"
            )

    def __repr__(self) -> str:
        return f"AudioOutput(device={self.device!r})"
