"""When the speaker needs the loop: queued lines, the ambience, an idle device closed and
opened again before the next deadline, and whether a game's presses keep it quick.

The loop sleeps until ``due`` and then calls ``update``; the executor tells ``said`` how long
each line it speaks lasts, and ``play`` carries out a game's sound calls.
"""

from __future__ import annotations

import logging

from device.runtime.ports import Outputs
from narration.errors import NarrationError

logger = logging.getLogger(__name__)

AUDIO_LOOK_SECONDS = 0.1
"""While speech is playing, how often the loop looks at the audio (next queued line, ducking)."""
REOPEN_AHEAD_SECONDS = 0.5
KEEP_OPEN_SECONDS = 1.5
"""An open device is not closed for being idle this near the session's next deadline: closing
waits out two buffers (0.74 s with the long one) and opening again takes a good part of
``REOPEN_AHEAD_SECONDS``, so a line there would start with the device opening at its cue."""
"""A device closed for being idle is opened this long before the session's next deadline, so
the line said there starts on time (opening it can take a good part of this on a Pi)."""


class AudioSchedule:
    """The speaker's part of the loop: when it is due a look, and what that look does."""

    def __init__(self, out: Outputs) -> None:
        self.out = out
        self.speech_ends_at = 0.0
        """When the last line said so far ends (lines said in a row queue behind each other)."""

    def said(self, seconds: float) -> None:
        """A line of ``seconds`` was said: speech ends after it (and after those before it)."""
        self.speech_ends_at = max(self.speech_ends_at, self.out.now()) + seconds

    def set_quick(self, on: bool) -> None:
        """Keep the speaker quick and open (a game's presses can sound now) or not."""
        if self.out.audio is not None:
            self.out.audio.set_quick(on)

    def set_short(self, on: bool) -> None:
        """Open the speaker with the short buffer (a game whose presses may sound), so holding
        it quick later needs no reopening."""
        if self.out.audio is not None:
            self.out.audio.set_short(on)

    def play(self, name: str) -> None:
        """A game's sound: its spoken call ("sound.alieninjas"), played over any narration."""
        audio = self.out.audio
        if audio is None:
            return
        if self.out.narrator is not None:
            try:
                audio.play_effect(self.out.narrator.wav_path(f"sound.{name}", {}))
            except (KeyError, NarrationError) as error:
                logger.debug("no sound %r: %s", name, error)

    def due(self, now: float, upcoming: float | None = None) -> float | None:
        """When the audio next needs a look: to start a queued line, glide the ambience, close
        an idle device, start the day's tense last minute, or open the device again just
        before ``upcoming`` (the session's next deadline, where a line is likely said)."""
        narrator = self.out.narrator
        times = [self._speech_due(now), narrator.due() if narrator is not None else None]
        if self.out.audio is not None:
            later = self.out.audio.due()
            times.append(None if later is None else now + later)
            if self.out.audio.suspended and upcoming is not None:
                times.append(upcoming - REOPEN_AHEAD_SECONDS)
        if self.out.ambience is not None:
            times.append(self.out.ambience.due())
        due = [time for time in times if time is not None]
        return min(due) if due else None

    def _speech_due(self, now: float) -> float | None:
        if self.speech_ends_at <= now:
            return None
        if self.out.audio is not None and self.out.audio.waiting:
            # Lines are queued: look often enough to start each one on time.
            return min(self.speech_ends_at, now + AUDIO_LOOK_SECONDS)
        return self.speech_ends_at  # one line playing: look once, when it ends

    def update(self, upcoming: float | None = None) -> None:
        """Start a queued line, glide the ambience, start the tense bed when its time comes,
        and open a closed device when ``upcoming`` (the next deadline) is near."""
        if self.out.narrator is not None:
            self.out.narrator.update()  # a line rendered meanwhile
        if self.out.ambience is not None:
            self.out.ambience.update()
        audio = self.out.audio
        if audio is not None:
            left = None if upcoming is None else upcoming - self.out.now()
            if left is not None and left <= KEEP_OPEN_SECONDS:
                audio.expect_speech()  # not closed just before a line: it would open at its cue
            audio.update()
            if left is not None and left <= REOPEN_AHEAD_SECONDS and audio.suspended:
                audio.wake_ahead()
