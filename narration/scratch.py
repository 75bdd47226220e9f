"""Lines said without the cache: rendered where the cache cannot be written (a full disk).

They go to ``/dev/shm`` (memory) where there is one, else the temporary folder, and only the last
few are kept: enough for the lines queued to play, never a second cache.
"""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path

from narration.delivery import Delivery, finish_wav
from narration.errors import NarrationError
from narration.speech import SpeechBackend, verify_wav

__all__ = ["KEPT", "Scratch"]

KEPT = 16
"""Uncached lines kept at once (the oldest is deleted when another is rendered)."""


def _folder() -> Path:
    memory = Path("/dev/shm")
    base = memory if memory.is_dir() and os.access(memory, os.W_OK) else Path(tempfile.gettempdir())
    return base / f"mothership-voice-{os.getuid()}"


class Scratch:
    """A handful of rendered lines outside the cache."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self._kept: list[Path] = []
        self._lock = threading.Lock()

    def render(self, text: str, backend: SpeechBackend, delivery: Delivery) -> Path:
        """Render ``text`` with ``backend`` into a new scratch WAV and return it.

        Raises:
            NarrationError: If it cannot be rendered there either.
        """
        folder = self.folder or _folder()
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(prefix="line-", suffix=".wav", dir=folder)
            os.close(handle)
        except OSError as error:
            raise NarrationError(f"cannot render {text!r} anywhere: {error}") from error
        path = Path(name)
        try:
            backend.synthesize(text, path)
            verify_wav(path, backend.name, text)
            if not getattr(backend, "finishes", False):
                finish_wav(path, delivery)
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        with self._lock:
            self._kept.append(path)
            while len(self._kept) > KEPT:
                self._kept.pop(0).unlink(missing_ok=True)
        return path
