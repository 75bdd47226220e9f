"""Sound output through ``pygame.mixer``: narration, music and effects.

The three channels have their own volumes, and music (the ambience) glides down while speech
plays and back up after it. With no sound card (``pygame.mixer.init`` raises) the output goes
into captions mode: nothing is played, but :meth:`AudioOutput.play_speech` still returns each
clip's length so the device keeps its timing and shows the words instead. Nothing here ever
raises for want of a speaker. Use one ``AudioOutput`` from one thread (the main loop).

The footprint is kept small: the mixer runs at the voice's rate in mono (nothing is resampled
or doubled into stereo), only a few clips ahead are decoded (:meth:`AudioOutput.preload` streams
the rest as the night goes on), and the audio device is closed after a few quiet seconds
and opened again for the next sound (or just ahead of it), so an idle screen costs no mixing.
The mixer's buffer is long for narration, which needs no quick start, so the audio thread
wakes under three times a second rather than twenty-two; a game where a sound answers a press
asks for ``set_quick``: a short buffer, and the device held open while that game runs.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from narration.ambience import RATE, Ducker, duck_lead, glide_seconds
from narration.bed import Effects, MusicChannel
from narration.clips import Clips
from narration.mixer import BUFFER_FRAMES, QUICK_BUFFER_FRAMES, MixerCloser, start_mixer
from narration.volumes import CHANNELS, Volumes, check_volume
from narration.wav import captions_seconds

IDLE_CLOSE_SECONDS = 3.0
"""Quiet seconds after which the audio device is closed (it reopens for the next sound)."""
CLOSING_LOOK_SECONDS = 0.05
"""How often the loop looks whether a device it wants open has finished closing."""
GLIDE_LOOK_SECONDS = 0.03
"""How often the loop looks at the audio while the ambience glides (8 steps in a glide)."""

__all__ = ["CHANNELS", "AudioOutput"]

logger = logging.getLogger(__name__)


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
        rate: int = RATE,
        idle_close: float | None = IDLE_CLOSE_SECONDS,
        buffer_frames: int = BUFFER_FRAMES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Set up the output; nothing is opened until :meth:`open`.

        Args:
            device: ALSA device such as ``"hw:1,0"``; None uses SDL's default driver.
            narration_volume: Speech volume, 0..1.
            music_volume: Music and ambience volume, 0..1.
            effects_volume: Effects and chimes volume, 0..1.
            duck_to: Music is scaled by this while speech plays, 0..1.
            rate: The mixer's rate: the voice's, so clips play as they are.
            idle_close: Quiet seconds before the device is closed; None keeps it open.
            buffer_frames: The mixer's buffer, in frames, except while ``set_quick`` is on.
            clock: Monotonic seconds (the ducking glides and the idle time use it).

        Raises:
            VolumeError: If a volume is outside 0..1.
        """
        self.device = device or None
        self._volumes = Volumes(
            narration=narration_volume, music=music_volume, effects=effects_volume
        )
        self.duck_to = check_volume("duck", duck_to)
        self.rate = rate
        self.idle_close = idle_close
        self.buffer_frames = buffer_frames
        self._quick = False
        self._short = False  # a game whose presses may sound: open with the short buffer
        self._closer = MixerCloser()  # the mixer shutting down behind the loop
        self._open_when_closed = False  # opened ahead while it was closing: open once closed
        self._opened_frames = 0  # the buffer the device was opened with
        self.clock = clock
        self.ducker = Ducker(
            clock,
            duck_to=self.duck_to,
            glide=glide_seconds(buffer_frames, rate),
            lead=duck_lead(buffer_frames, rate),
        )
        self._mixer: Any = None  # the pygame.mixer module once it is running
        self._speech: Any = None
        self._effects = Effects()
        self._clips = Clips()  # decoded speech clips: a prepared night's, a few ahead
        self._waiting: list[Any] = []  # speech clips queued behind the one playing
        self._music: Path | None = None  # what the music channel loops, while it does
        self._bed = MusicChannel()
        self._quiet_since: float | None = None
        self._suspended = False  # closed for being idle: reopened by the next sound
        self.reopened = 0
        """How many times the device was opened again after an idle close."""

    @property
    def available(self) -> bool:
        """True when sound really plays (the device may be closed while idle); False means
        captions mode."""
        return self._mixer is not None or self._suspended

    def open(self) -> bool:
        """Start the mixer. Returns False (captions mode) instead of raising.

        When a device is given, SDL is pointed at it with ``SDL_AUDIODRIVER=alsa`` and
        ``AUDIODEV`` just for the start-up (SDL reads them only then).
        """
        if self._mixer is not None:
            return True
        self.wait_closed()
        frames = self._frames()
        try:
            mixer, self._speech = start_mixer(self.device, self.rate, frames)
        except Exception as exc:  # no sound card, no driver, no pygame: all mean captions
            where = f" on {self.device!r}" if self.device else ""
            logger.warning("no audio output%s (%s); showing captions instead", where, exc)
            return False
        self._opened_frames = frames
        self._mixer = mixer
        self._quiet_since = self.clock()
        return True

    def _awake(self) -> bool:
        """Open the device again if it was closed for being idle; whether sound can play."""
        if self._suspended:
            self._suspended = False
            if self.open():
                self.reopened += 1
                if self._music is not None:
                    self._start_music(self._music)
        self._quiet_since = None
        return self._mixer is not None

    @property
    def suspended(self) -> bool:
        """True while the device is closed for being idle (the next sound opens it)."""
        return self._suspended

    @property
    def buffer(self) -> int:
        """The buffer, in frames, the device is open with (0 while it is closed)."""
        return self._opened_frames if self._mixer is not None else 0

    def wake_ahead(self) -> None:
        """Open the device now if it was closed for being idle, so the next line starts
        without waiting for it; with nothing played it closes again ``idle_close`` later.
        While it is still closing (SDL waits out two buffers), it opens at the first
        :meth:`update` after that, so the caller never waits for the close."""
        if self._suspended and self.closing:
            self._open_when_closed = True
            return
        if self._suspended and self._awake():
            self._quiet_since = self.clock()
            self._clips.top_up(self._mixer)  # the lines to come are decoded before their cue

    def _frames(self) -> int:
        return QUICK_BUFFER_FRAMES if self._quick or self._short else self.buffer_frames

    def set_short(self, on: bool) -> None:
        """Open the device with the short buffer from its next opening (a game whose presses
        may sound), so holding it quick later (:meth:`set_quick`) needs no reopening: closing
        a device waits out two of its buffers, three quarters of a second with the long one.
        A device open now keeps its buffer until it closes for being idle (closing it now would
        hold up the game's first line, which comes at once)."""
        self._short = on

    def expect_speech(self) -> None:
        """A line is on its way (rendering behind the loop): open the device now if it was
        closed for being idle, and keep it open meanwhile (closing it waits out two buffers,
        which the line's start would then wait for)."""
        self.wake_ahead()
        if self._mixer is not None:
            self._quiet_since = self.clock()

    def set_quick(self, on: bool) -> None:
        """Answer presses quickly (the device held open, opened with the short buffer) or not
        (closed when idle, opened with the long buffer unless :meth:`set_short`). A device
        open now keeps its buffer until it next closes: closing it waits out two of its
        buffers (three quarters of a second with the long one), which the loop must not wait
        for, and a quick game's round would start frozen. So a round begun while a long-buffer
        device was open (a line was on its way at Go) sounds its presses a buffer later."""
        if on == self._quick:
            return
        self._quick = on
        if on and self._suspended:
            self.wake_ahead()  # held open from now: the first press must not wait for it

    def volume(self, channel: str) -> float:
        """Return the volume of ``"narration"``, ``"music"`` or ``"effects"``."""
        return self._volumes[channel]

    def set_volume(self, channel: str, value: float) -> None:
        """Change one channel's volume (0..1), taking effect at once.

        Raises:
            VolumeError: If the channel is unknown or the value is outside 0..1.
        """
        self._volumes.set(channel, value)
        self._apply_music_volume()

    def play_speech(self, path: Path) -> float:
        """Play a speech clip on the narration channel, the ambience gliding down under it.

        Returns at once. A clip asked for while another is playing waits its turn, so lines
        said in a row are heard in full; call :meth:`update` from the main loop (it starts the
        next clip and lifts the ducking).

        Args:
            path: A WAV file.

        Returns:
            The clip's length in seconds (also in captions mode, where nothing plays).
        """
        if not self._awake():
            return captions_seconds(path)
        sound = self._clips.get(path, self._mixer)
        if sound is None:
            return captions_seconds(path)
        if self._speech.get_busy() or self._waiting:
            self._waiting.append(sound)
        else:
            self._start(sound)
        self._clips.played(path)
        return float(sound.get_length())

    def _start(self, sound: Any) -> None:
        self._speech.set_volume(self._volumes["narration"])
        self._speech.play(sound)
        self.ducker.speech_started()
        self._apply_music_volume()

    @property
    def waiting(self) -> int:
        """Speech clips queued behind the one playing."""
        return len(self._waiting)

    def preload(self, paths: Sequence[Path]) -> None:
        """Take the clips of a night in the order they will play; decode the first few now.

        The rest are decoded a few lines ahead as the night goes on, so a night never holds
        more than :data:`narration.clips.MAX_LOADED_SOUNDS` decoded clips.
        """
        self._clips.plan(paths)
        if self._mixer is not None:
            self._clips.top_up(self._mixer)

    def is_decoded(self, path: Path) -> bool:
        """Whether the clip of ``path`` is decoded (a cue then only starts it)."""
        return self._clips.has(path)

    @property
    def loaded(self) -> int:
        """Decoded clips held in memory."""
        return self._clips.loaded

    @property
    def speaking(self) -> bool:
        """True while a speech clip is still playing."""
        return self._mixer is not None and bool(self._speech.get_busy())

    @property
    def closing(self) -> bool:
        """Whether the device is being closed behind the loop (opening it would wait)."""
        return self._closer.closing

    def update(self) -> None:
        """The main loop's look: start the next queued line, glide the ambience, close an idle
        device, open one asked for ahead once it has closed."""
        if self._open_when_closed and not self.closing:
            self._open_when_closed = False
            self.wake_ahead()
        if self._mixer is None:
            return
        if self._clips.top_up_due:
            self._clips.top_up(self._mixer)
        if self._waiting and not self._speech.get_busy():
            self._start(self._waiting.pop(0))
        elif self.ducker.ducked and not self.speaking:
            self.ducker.speech_ended()
        self._apply_music_volume()
        self._close_if_idle()

    def due(self) -> float | None:
        """Seconds until :meth:`update` should look again (None: nothing to look for)."""
        if self._open_when_closed:
            return CLOSING_LOOK_SECONDS
        if self._mixer is None:
            return None
        if self._clips.top_up_due:
            return 0.0
        if self.ducker.gliding():
            return GLIDE_LOOK_SECONDS
        if self.idle_close is not None and self._quiet_since is not None and not self._quick:
            return max(0.0, self._quiet_since + self.idle_close - self.clock())
        return None

    def _busy(self) -> bool:
        mixer = self._mixer
        return bool(self._waiting or self._music or mixer.get_busy() or self._bed.busy(mixer))

    def _close_if_idle(self) -> None:
        if self.idle_close is None or self._mixer is None or self._quick:
            return
        if self._busy() or self.ducker.gliding():
            self._quiet_since = None
            return
        now = self.clock()
        if self._quiet_since is None:
            self._quiet_since = now
        elif now - self._quiet_since >= self.idle_close:
            logger.debug("audio idle for %.1f s: closing the device", now - self._quiet_since)
            self._shut()
            self._suspended = True

    def play_effect(self, path: Path) -> None:
        """Play a sound effect on a free channel (loaded once, then reused)."""
        if not self._awake():
            return
        self._effects.play(self._mixer, path, self._volumes["effects"])

    def play_music(self, path: Path, *, loops: int = -1) -> None:
        """Loop music or ambience (forever by default): a short WAV from memory, anything else
        streamed from its file (``narration.bed``)."""
        if path == self._music and self._mixer is not None and self._bed.busy(self._mixer):
            return  # already playing: a repeated start must not restart the loop
        self._music = path if loops < 0 else None
        if self._awake():
            self._start_music(path, loops=loops)

    def _start_music(self, path: Path, *, loops: int = -1) -> None:
        level = self._volumes["music"] * self.ducker.level()
        if not self._bed.play(self._mixer, path, loops=loops, volume=level):
            self._music = None

    @property
    def music(self) -> Path | None:
        """The file the music channel loops, or None."""
        return self._music

    def stop_music(self) -> None:
        """Stop the music."""
        self._music = None
        if self._mixer is not None:
            self._bed.stop(self._mixer)

    def stop(self) -> None:
        """Stop everything that is playing, and forget the lines waiting their turn."""
        self._waiting.clear()
        self._music = None
        if self._mixer is not None:
            self._mixer.stop()
            self._bed.stop(self._mixer)
            self.update()

    def _shut(self) -> None:
        mixer, self._mixer = self._mixer, None
        self._speech = None
        self._bed.forget()
        self._effects.forget()
        self._clips.forget_decoded()
        self._waiting.clear()
        # SDL waits out two buffers before it lets the device go (0.74 s with the long one):
        # that wait is a thread's, not the loop's. The next ``open`` waits for it to end.
        self._closer.close(mixer)

    def wait_closed(self) -> None:
        """Wait until a device being closed behind the loop is closed."""
        self._closer.wait()

    def close(self) -> None:
        """Stop and shut the mixer down. Safe to call twice."""
        self._suspended = False
        self._open_when_closed = False
        self._music = None
        self._clips.clear()
        if self._mixer is not None:
            self._shut()
        self.wait_closed()
        self._closer.shutdown()

    def _apply_music_volume(self) -> None:
        if self._mixer is not None:
            self._bed.set_volume(self._mixer, self._volumes["music"] * self.ducker.level())

    def __repr__(self) -> str:
        return f"AudioOutput(device={self.device!r})"
