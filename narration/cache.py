"""A folder of rendered speech, keyed by what was said and how.

Every sentence is rendered once. The key is the SHA-256 of (text, backend name, voice,
rate, delivery settings), so changing any of them renders afresh and nothing stale is ever
played. Every rendered line is finished (trimmed, evened out, limited) before it is stored.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from narration.delivery import Delivery, finish_wav
from narration.errors import NarrationError
from narration.scratch import Scratch
from narration.speech import SpeechBackend
from narration.wav import check_wav, wav_seconds

__all__ = ["WavCache", "cache_key", "wav_seconds"]

logger = logging.getLogger(__name__)

_TEMP_PREFIX = ".rendering-"
_STALE_TEMP_SECONDS = 3600.0
_PROBE_BYTES = 256 * 1024  # about a spoken line


def delivery_of(backend: SpeechBackend) -> Delivery:
    """The delivery a backend renders with (the default for engines that have none)."""
    delivery = getattr(backend, "delivery", None)
    return delivery if isinstance(delivery, Delivery) else Delivery()


def cache_key(text: str, backend: SpeechBackend) -> str:
    """Return the hex SHA-256 that names the cached WAV of ``text`` for ``backend``.

    Args:
        text: The exact sentence.
        backend: Supplies the name, voice, rate and delivery that are part of the key.
    """
    settings = delivery_of(backend).key
    # JSON keeps the fields apart: ("ab", "c") and ("a", "bc") never collide.
    fields = json.dumps(
        [text, backend.name, backend.voice, backend.rate, settings], ensure_ascii=False
    )
    return hashlib.sha256(fields.encode("utf-8")).hexdigest()


class WavCache:
    """Rendered WAVs in one folder, written atomically."""

    def __init__(self, directory: Path, backend: SpeechBackend) -> None:
        """Open (and create) the cache folder.

        Args:
            directory: Where the WAVs live; created if missing.
            backend: Renders what is not cached yet.

        Raises:
            NarrationError: If the folder cannot be created.
        """
        self.directory = Path(directory)
        self.backend = backend
        self.delivery = delivery_of(backend)
        self.rendered = 0
        """Lines rendered by this cache (0 through a night with a prepared cache)."""
        self._lock = threading.Lock()
        self._verified: set[Path] = set()
        self._scratch = Scratch()
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            # Lines are still said, rendered outside the cache (``path_for``).
            logger.warning("cannot create wav cache %r: %s", str(self.directory), exc)
            return
        self._sweep_stale_temps()

    def cached_path(self, text: str) -> Path:
        """Return where the WAV of ``text`` is (or would be) cached, without rendering: in the
        folder, or in memory while the folder could not take it (a full disk)."""
        path = self.directory / f"{cache_key(text, self.backend)}.wav"
        if path not in self._verified and (scratch := self._scratch.get(text)) is not None:
            return scratch
        return path

    def has(self, text: str) -> bool:
        """Tell whether a playable WAV of ``text`` is already cached (checked once a process),
        or kept in memory because the folder could not take it."""
        path = self.directory / f"{cache_key(text, self.backend)}.wav"
        if self._scratch.get(text) is not None:
            return True
        with self._lock:
            if path in self._verified:
                return True
            if check_wav(path) is None:
                self._verified.add(path)
                return True
        return False

    def path_for(self, text: str) -> Path:
        """Return the cached WAV of ``text``, rendering it first if it is missing.

        When the cache cannot be written (a full disk), the line is rendered outside it, in
        memory where there is a ``/dev/shm``, and said without being kept.

        Args:
            text: The sentence.

        Raises:
            NarrationError: If the backend cannot render it.
        """
        path = self.cached_path(text)
        if self.has(text):
            return path
        if path.exists():
            logger.warning("re-rendering cached wav %s: %s", path.name, check_wav(path))
        else:
            logger.info("rendering on demand (not prepared): %r", text)
        # Rendered without the lock: the loop asks ``has`` while the voice's thread renders.
        try:
            self._render(text, path)
        except (OSError, NarrationError) as error:
            if self._writable():
                raise NarrationError(str(error)) from error
            logger.warning("the voice cache cannot be written (%s): speaking without it", error)
            return self._scratch.render(text, self.backend, self.delivery)
        return path

    def _writable(self) -> bool:
        """Whether a line's worth of data can be written in the cache folder now."""
        try:
            with tempfile.TemporaryFile(dir=self.directory) as probe:
                probe.write(bytes(_PROBE_BYTES))
                probe.flush()
                os.fsync(probe.fileno())
        except OSError:
            return False
        return True

    def missing(self, texts: Sequence[str]) -> list[str]:
        """The texts (each once, in order) that have no playable WAV in the cache yet."""
        return [text for text in dict.fromkeys(texts) if not self.has(text)]

    def render_many(
        self, texts: Sequence[str], progress: Callable[[int, int], None] | None = None
    ) -> int:
        """Render every text not cached yet, in one batch when the backend can.

        Args:
            texts: Sentences.
            progress: Told ``(done, total)`` as lines are written.

        Returns:
            How many were rendered.

        Raises:
            NarrationError: If a line cannot be rendered (the others are kept).
        """
        todo = self.missing(texts)
        total = len(todo)
        if progress is not None:
            progress(0, total)
        many = getattr(self.backend, "synthesize_many", None)
        if many is None or total <= 1:
            for done, text in enumerate(todo, start=1):
                self._render(text, self.cached_path(text))
                if progress is not None:
                    progress(done, total)
            return total
        temps = [self._temp() for _ in todo]
        finished = 0

        def keep(index: int) -> None:
            nonlocal finished
            self._store(todo[index], temps[index], self.cached_path(todo[index]))
            finished += 1
            if progress is not None:
                progress(finished, total)

        try:
            many(list(zip(todo, temps, strict=True)), keep)
        finally:
            for temp in temps:
                temp.unlink(missing_ok=True)
        return total

    def _temp(self) -> Path:
        handle, temp_name = tempfile.mkstemp(prefix=_TEMP_PREFIX, suffix=".wav", dir=self.directory)
        os.close(handle)
        return Path(temp_name)

    def _render(self, text: str, path: Path) -> None:
        if not self.directory.is_dir():
            raise NarrationError(f"the wav cache {str(self.directory)!r} is not a folder")
        # Render beside the final name, then rename: a crash leaves no half file under it.
        temp = self._temp()
        try:
            self.backend.synthesize(text, temp)
            self._store(text, temp, path)
        finally:
            temp.unlink(missing_ok=True)

    def _store(self, text: str, temp: Path, path: Path) -> None:
        problem = check_wav(temp)
        if problem:
            raise NarrationError(f"{self.backend.name} wrote no usable wav for {text!r}: {problem}")
        if not getattr(self.backend, "finishes", False):
            finish_wav(temp, self.delivery)
        with temp.open("rb") as written:
            os.fsync(written.fileno())  # data on disk before the name points at it
        os.replace(temp, path)
        self.rendered += 1

    def _sweep_stale_temps(self) -> None:
        """Remove temp files left by a crash (old ones only: another process may be writing)."""
        cutoff = time.time() - _STALE_TEMP_SECONDS
        for leftover in self.directory.glob(f"{_TEMP_PREFIX}*.wav"):
            try:
                if leftover.stat().st_mtime < cutoff:
                    leftover.unlink()
            except OSError:
                continue

    def __repr__(self) -> str:
        return f"WavCache({str(self.directory)!r}, {self.backend!r})"
