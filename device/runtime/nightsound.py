"""The ambience of a game: the night bed, the tense last minute of the day, silence otherwise.

It follows only what every player sees and hears: the phase (the night starts, the day
starts at wake-up) and the day's public clock. So its timing and its level are the same
whatever anyone holds, answers or does. Which file plays is the generated bed
(``narration/ambience.py``) or, with ``audio.music_dir``, the user's own OGG files.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from games.effects import Countdown, Effect, GamePhase, Mask, Phase
from narration.ambience import bed_path, write_bed

__all__ = ["PREVIEW_SECONDS", "TENSE_SECONDS", "NightSound", "user_beds"]

logger = logging.getLogger(__name__)

TENSE_SECONDS = 60.0
"""The tense bed plays through the last minute of the day."""
BED_LOOK_SECONDS = 0.5
"""How often the loop looks whether a bed generated behind it is ready (it is woken too)."""
PREVIEW_SECONDS = 2.5
"""How long :meth:`NightSound.preview` plays the night bed (a new level, heard at once)."""


class MusicPlayer(Protocol):
    """What the ambience needs of the audio output."""

    def play_music(self, path: Path, *, loops: int = -1) -> None: ...
    def stop_music(self) -> None: ...


def user_beds(folder: Path) -> dict[str, Path]:
    """The user's OGG files for ``night`` and ``tense`` (a file named for neither serves both).

    Files are taken in name order; a folder with no OGG gives {} (the generated beds play).
    """
    files = sorted(folder.glob("*.ogg")) if folder.is_dir() else []
    neutral = [path for path in files if not {"night", "tense"} & _words(path)]
    beds: dict[str, Path] = {}
    for kind in ("night", "tense"):
        pick = [path for path in files if kind in _words(path)] or neutral
        if pick:
            beds[kind] = pick[0]
    return beds


def _words(path: Path) -> set[str]:
    return set(path.stem.lower().replace("-", " ").replace("_", " ").split())


class NightSound:
    """Starts and stops the beds from a session's public effects."""

    def __init__(
        self,
        player: MusicPlayer | None,
        folder: Path,
        *,
        enabled: bool = True,
        music_dir: Path | None = None,
        now: Callable[[], float] = lambda: 0.0,
        behind: bool = False,
        wake: Callable[[], None] | None = None,
    ) -> None:
        """Set up (the beds are generated on first use).

        Args:
            player: The audio output; None plays nothing (but the timing is still kept).
            folder: Where generated beds are written (the WAV cache).
            enabled: ``audio.ambience``; False plays nothing.
            music_dir: The user's OGG folder, or None for the generated beds.
            now: The device clock (the day's end is on it).
            behind: Generate a missing bed on a thread of its own (the device: a bed takes
                seconds of CPU on a Pi), starting it once it is written; else generate it at
                once (tests, the simulator).
            wake: Wakes the loop when a bed generated behind it is ready.
        """
        self.player = player
        self.folder = folder
        self.enabled = enabled
        self.music_dir = music_dir
        self.now = now
        self.playing: str | None = None
        """``"night"``, ``"tense"`` or None."""
        self.tense_at: float | None = None
        """When the tense bed starts (the day's end minus a minute), while a day runs."""
        self._phase: GamePhase | None = None
        self.preview_until: float | None = None
        """When a preview of the night bed stops (see :meth:`preview`), while one plays."""
        self.behind = behind
        self.wake = wake or (lambda: None)
        self._deferred: str | None = None  # a bed to start once it is generated
        self._making: dict[str, threading.Thread] = {}

    def set_enabled(self, enabled: bool) -> None:
        """Turn the beds on or off at once (the setup screen's ambience chip): off stops the
        bed playing now; on starts the bed the phase calls for, if any."""
        if enabled == self.enabled:
            return
        self.enabled = enabled
        if self.player is None:
            return
        if not enabled and (self.playing is not None or self.preview_until is not None):
            self.preview_until = None
            self.player.stop_music()
        elif enabled and self.playing is not None:
            self._start(self.playing)

    def preview(self, seconds: float = PREVIEW_SECONDS) -> None:
        """Play the night bed for ``seconds`` so the table hears a level just chosen; then
        :meth:`update` stops it. Nothing happens while a bed plays already (the change is heard
        on it), with the beds off, or with no player."""
        if self.player is None or not self.enabled or self.playing is not None:
            return
        self._start("night")
        self.preview_until = self.now() + seconds

    def bed(self, kind: str) -> Path | None:
        """The file for ``night`` or ``tense``: the user's, else the generated one (None while
        it is being generated behind the loop)."""
        if self.music_dir is not None:
            own = user_beds(self.music_dir)
            if kind in own:
                return own[kind]
            logger.warning("no .ogg for %s in %s: playing the generated bed", kind, self.music_dir)
        if not self.behind:
            return write_bed(self.folder, kind)
        path = bed_path(self.folder, kind)
        if path.is_file():
            return path
        self.make(kind)
        return None

    def make(self, kind: str) -> None:
        """Generate a bed on a thread of its own, if it is not there or being made already."""
        if kind in self._making or bed_path(self.folder, kind).is_file():
            return

        def generate() -> None:
            try:
                write_bed(self.folder, kind)
            except OSError as error:
                logger.warning("cannot write the %s bed: %s", kind, error)
            self.wake()

        thread = threading.Thread(target=generate, name=f"bed-{kind}", daemon=True)
        self._making[kind] = thread
        thread.start()

    def _start(self, kind: str) -> None:
        """Play a bed now, or as soon as it is generated."""
        path = self.bed(kind)
        self._deferred = kind if path is None else None
        if path is not None and self.player is not None:
            self.player.play_music(path)

    def see(self, effect: Effect) -> None:
        """Follow one effect of the session (only phases, a countdown and the mask)."""
        if isinstance(effect, Phase):
            phase = effect.name
            if self._night_to_come(phase) and self.behind and self.enabled and self.player:
                for kind in ("night", "tense"):  # ready before the night, not at its start
                    self.make(kind)
            self._phase = phase
            self.tense_at = None
            self._play("night" if phase.dark else None)
        elif isinstance(effect, Mask):
            self._play("night" if effect.on else None)
        elif isinstance(effect, Countdown):
            # A paused clock (None) holds the tense bed back; +1 min moves it.
            ends_at = effect.ends_at
            self.tense_at = None if ends_at is None else ends_at - TENSE_SECONDS
            if self.playing == "tense" and (self.tense_at is None or self.tense_at > self.now()):
                self._play(None)
            self.update()

    @staticmethod
    def _night_to_come(phase: GamePhase) -> bool:
        """Whether a dark phase follows ``phase`` in its game (its enum lists them in play
        order): the beds are made before the night, not at its start."""
        order = list(type(phase))
        dark = [order.index(p) for p in order if p.dark]
        return bool(dark) and order.index(phase) < dark[0]

    def stop(self) -> None:
        """The game was left: no bed, and no tense minute to come."""
        self._phase, self.tense_at = None, None
        self._play(None)

    def due(self) -> float | None:
        """When :meth:`update` must run next (the tense bed's start, a preview's end), or None."""
        tense = self._tense_due()
        if self._deferred is not None:  # a bed being generated: look again shortly
            soon = self.now() + BED_LOOK_SECONDS
            tense = soon if tense is None else min(tense, soon)
        if self.preview_until is None:
            return tense
        return self.preview_until if tense is None else min(tense, self.preview_until)

    def _tense_due(self) -> float | None:
        if self.tense_at is None or self.playing == "tense" or self._phase is None:
            return None
        return self.tense_at

    def update(self) -> None:
        """Start the tense bed once the day's last minute has come; end a preview; start a bed
        generated meanwhile."""
        deferred = self._deferred
        wanted = self.playing or ("night" if self.preview_until is not None else None)
        if deferred is not None and deferred == wanted and self.enabled:
            if bed_path(self.folder, deferred).is_file():
                self._start(deferred)
        elif deferred is not None and deferred != wanted:
            self._deferred = None
        if self.preview_until is not None and self.now() >= self.preview_until:
            self.preview_until = None
            if self.playing is None and self.player is not None:
                self.player.stop_music()
        due = self._tense_due()
        if due is not None and self.now() >= due:
            self._play("tense")

    def _play(self, kind: str | None) -> None:
        if kind == self.playing:
            return
        self.playing = kind
        self.preview_until = None  # a bed the phase calls for outlasts the preview
        if self.player is None or not self.enabled:
            return
        if kind is None:
            self._deferred = None
            self.player.stop_music()
        else:
            self._start(kind)
