"""Starting and stopping ``pygame.mixer`` on an audio device, for ``narration.audio``.

Starting points SDL at the device through the environment just for the start-up, and closing
happens on a thread of its own: SDL waits out two buffers before it lets a device go (0.74 s
with the long one), which is a thread's wait, not the main loop's.
"""

from __future__ import annotations

import logging
import os
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from narration.alsa import silence_alsa_errors
from narration.bed import BED_CHANNEL
from narration.errors import NarrationError

logger = logging.getLogger(__name__)

BUFFER_FRAMES = 8192
"""The mixer's buffer for narration and ambience: 371 ms at 22.05 kHz (a line starts that much
after its cue, which nobody can tell with their eyes closed), and under 3 audio wake-ups a
second, where 1024 frames took 22: a night with the bed playing costs about a quarter of the
CPU. The bed's duck is timed to these buffers (``narration.ambience.glide_seconds``)."""
QUICK_BUFFER_FRAMES = 1024
"""The buffer while a game answers presses with sounds (``set_quick``): 46 ms at 22.05 kHz."""

SPEECH_CHANNEL = 0
"""Reserved, so effects never cut the narrator off."""


def start_mixer(device: str | None, rate: int, frames: int) -> tuple[Any, Any]:
    """Start ``pygame.mixer`` at ``rate`` in mono with a buffer of ``frames``, on ``device``
    (an ALSA name; None: SDL's default driver); the mixer module and the speech channel.

    SDL is pointed at a device with ``SDL_AUDIODRIVER=alsa`` and ``AUDIODEV`` just for the
    start-up (it reads them only then).

    Raises:
        Exception: Anything that stops the mixer (no sound card, no driver, no pygame).
    """
    override = {"SDL_AUDIODRIVER": "alsa", "AUDIODEV": device} if device else {}
    saved = {key: os.environ.get(key) for key in override}
    os.environ.update(override)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    silence_alsa_errors()
    try:
        import pygame

        if pygame.mixer.get_init():
            pygame.mixer.quit()  # started elsewhere at another rate: reopen ours
        # The voice's rate, mono, 16-bit: clips play as rendered, nothing is converted.
        pygame.mixer.init(frequency=rate, size=-16, channels=1, buffer=frames)
        if not pygame.mixer.get_init():
            raise NarrationError("pygame.mixer did not start")
        pygame.mixer.set_reserved(BED_CHANNEL + 1)  # speech and the bed: never an effect's
        return pygame.mixer, pygame.mixer.Channel(SPEECH_CHANNEL)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


class MixerCloser:
    """Closes a mixer behind the loop, on one thread kept for it."""

    def __init__(self) -> None:
        """Start the thread now: a thread started in a pass holds the loop until it has run (a
        tenth of a second was traced on a loaded machine)."""
        self._pool: ThreadPoolExecutor | None = None
        self.pending: Future[None] | None = None
        """The close under way, until ``wait`` (None: none started since)."""
        self._start()

    def _start(self) -> ThreadPoolExecutor:
        if self._pool is None:  # made again after ``shutdown`` only if opened again since
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="audio-close")
            self._pool.submit(lambda: None)
        return self._pool

    def close(self, mixer: Any) -> None:
        """Quit ``mixer`` on the thread; the next ``wait`` waits for it."""

        def quit_mixer() -> None:
            try:
                mixer.quit()
            except Exception as exc:
                logger.warning("closing the mixer failed: %s", exc)

        self.pending = self._start().submit(quit_mixer)

    @property
    def closing(self) -> bool:
        """Whether a close is still under way."""
        return self.pending is not None and not self.pending.done()

    def wait(self) -> None:
        """Wait until the close under way (if any) is done."""
        pending, self.pending = self.pending, None
        if pending is not None:
            pending.result()

    def shutdown(self) -> None:
        """Let the thread go (a later ``close`` starts another)."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None
