"""Lines said without the cache: rendered where the cache cannot be written (a full disk).

They go to ``/dev/shm`` (memory) where there is one, else the temporary folder. They are kept by
their text, the least recently used dropped past ``BUDGET_BYTES``: a night's lines rendered
while it prepares are still there when it is played, and the next night finds the lines they
share (on a full disk every night re-rendered its whole script before, twice as slow to
start). The budget keeps it small beside the 2 GB of RAM a Pi may have; the disk, once it has
room again, is the cache.
"""

from __future__ import annotations

import os
import tempfile
import threading
from collections import OrderedDict
from pathlib import Path

from narration.delivery import Delivery, finish_wav
from narration.errors import NarrationError
from narration.speech import SpeechBackend, verify_wav

__all__ = ["BUDGET_BYTES", "Scratch"]

BUDGET_BYTES = 48 * 1024 * 1024
"""Memory for uncached lines: about 250 lines of a few seconds, more than a night's script."""


def _folder() -> Path:
    memory = Path("/dev/shm")
    base = memory if memory.is_dir() and os.access(memory, os.W_OK) else Path(tempfile.gettempdir())
    return base / f"mothership-voice-{os.getuid()}"


class Scratch:
    """Rendered lines outside the cache, by text, within a budget."""

    def __init__(self, folder: Path | None = None, budget: int = BUDGET_BYTES) -> None:
        self.folder = folder
        self.budget = budget
        self._kept: OrderedDict[str, tuple[Path, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, text: str) -> Path | None:
        """The scratch WAV of ``text`` while it is kept (None: not rendered here, or dropped)."""
        with self._lock:
            kept = self._kept.get(text)
            if kept is None:
                return None
            if not kept[0].is_file():  # removed behind our back (a cleaned /dev/shm)
                del self._kept[text]
                return None
            self._kept.move_to_end(text)
            return kept[0]

    def render(self, text: str, backend: SpeechBackend, delivery: Delivery) -> Path:
        """The scratch WAV of ``text``: kept from before, or rendered with ``backend`` now.

        Raises:
            NarrationError: If it cannot be rendered there either.
        """
        kept = self.get(text)
        if kept is not None:
            return kept
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
            size = path.stat().st_size
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        with self._lock:
            self._kept[text] = (path, size)
            self._drop_over_budget(keep=text)
        return path

    def _drop_over_budget(self, keep: str) -> None:
        """Drop the least recently used lines past the budget (the lock held), never ``keep``."""
        total = sum(size for _, size in self._kept.values())
        for text in list(self._kept):
            if total <= self.budget:
                return
            if text == keep:
                continue
            path, size = self._kept.pop(text)
            path.unlink(missing_ok=True)
            total -= size
