"""Voice packs: a rendered voice cache carried from a fast machine to the Pi.

A pack is a zip file (stored, not compressed: WAVs do not shrink) holding ``pack.json`` and one
WAV per sentence. ``pack.json`` names the voice (engine, voice, rate and the delivery settings
that change the audio: pace, pauses, loudness, ceiling), the hash of the catalogue it was
rendered for, and each line's text, cache key and digest. On import a line is taken only when
its key is the one this machine's voice would give its text (so a line rendered with other
settings is never played) and its text is one this catalogue says; the rest are skipped and
counted by reason. Nothing already in the cache is replaced, and each line is written under a
temporary name and renamed, so a bad pack or a cut import loses nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import zipfile
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from narration.cache import WavCache, cache_key, delivery_of
from narration.errors import NarrationError
from narration.speech import SpeechBackend
from narration.wav import check_wav

__all__ = ["Imported", "PackError", "PackVoice", "catalogue_hash", "read_pack", "write_pack"]

FORMAT = "mothership-voice-pack"
VERSION = 1
MANIFEST = "pack.json"
_TEMP_PREFIX = ".rendering-"  # the cache's own: a crash's leftovers are swept like its own

Progress = Callable[[int, int], None]


class PackError(NarrationError):
    """The file is not a usable pack (not one, cut short, another voice): nothing was taken."""


@dataclass(frozen=True)
class PackVoice:
    """What makes a voice sound as it does: a line is the same only if all of these are."""

    engine: str
    voice: str
    rate: int
    settings: str
    """The delivery settings (``Delivery.key``): pace, pauses, loudness, ceiling."""

    @classmethod
    def of(cls, backend: SpeechBackend) -> PackVoice:
        """The voice ``backend`` renders with."""
        return cls(backend.name, backend.voice, backend.rate, delivery_of(backend).key)

    def describe(self) -> str:
        """``piper voice en_US-joe-medium (v2 ls=1.000 ...)``."""
        return f"{self.engine} voice {self.voice} ({self.settings}, rate {self.rate})"


def catalogue_hash(texts: Collection[str]) -> str:
    """The SHA-256 of a catalogue's sentences (their order does not count)."""
    digest = hashlib.sha256()
    for text in sorted(set(texts)):
        digest.update(text.encode("utf-8") + b"\0")
    return digest.hexdigest()


def write_pack(
    path: Path, cache: WavCache, texts: Sequence[str], progress: Progress | None = None
) -> int:
    """Write the cached WAV of every text to a pack at ``path`` (written beside it and renamed
    when complete); returns how many lines it holds (a text not cached is left out)."""
    lines = [text for text in dict.fromkeys(texts) if cache.has(text)]
    manifest: dict[str, object] = {
        "format": FORMAT,
        "version": VERSION,
        "voice": asdict(PackVoice.of(cache.backend)),
        "catalogue": catalogue_hash(texts),
        "sentences": len(set(texts)),
        "lines": [],
    }
    entries: list[dict[str, str]] = []
    partial = path.with_name(path.name + ".partial")
    try:
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_STORED) as pack:
            for done, text in enumerate(lines, start=1):
                data = cache.cached_path(text).read_bytes()
                key = cache_key(text, cache.backend)
                pack.writestr(f"wav/{key}.wav", data)
                entries.append(
                    {"key": key, "text": text, "sha256": hashlib.sha256(data).hexdigest()}
                )
                if progress is not None:
                    progress(done, len(lines))
            manifest["lines"] = entries
            pack.writestr(MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1))
        os.replace(partial, path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise PackError(f"{path}: cannot write the pack: {exc}") from exc
    return len(lines)


@dataclass
class Imported:
    """What an import took, and what it skipped and why."""

    taken: int = 0
    """Lines written into the cache."""
    present: int = 0
    """Lines the cache had already (kept as they were)."""
    skipped: Counter[str] = field(default_factory=Counter)
    """Lines left out, by reason."""
    same_catalogue: bool = True
    """Whether the pack was rendered for this catalogue."""


def _manifest(path: Path, pack: zipfile.ZipFile) -> dict[str, object]:
    try:
        raw = pack.read(MANIFEST)
    except KeyError:
        raise PackError(f"{path}: not a Mothership voice pack (it has no {MANIFEST})") from None
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise PackError(f"{path}: the pack is damaged ({exc})") from exc
    try:
        manifest = json.loads(raw)
    except ValueError as exc:
        raise PackError(f"{path}: the pack's {MANIFEST} is not JSON ({exc})") from exc
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise PackError(f"{path}: not a Mothership voice pack")
    if manifest.get("version") != VERSION:
        raise PackError(
            f"{path}: a voice pack of version {manifest.get('version')!r}; this release reads "
            f"version {VERSION}"
        )
    return manifest


def _pack_voice(path: Path, manifest: dict[str, object]) -> PackVoice:
    raw = manifest.get("voice")
    fields = ("engine", "voice", "rate", "settings")
    if not isinstance(raw, dict) or not all(name in raw for name in fields):
        raise PackError(f"{path}: the pack does not name its voice")
    try:
        return PackVoice(
            str(raw["engine"]), str(raw["voice"]), int(raw["rate"]), str(raw["settings"])
        )
    except (TypeError, ValueError):
        raise PackError(f"{path}: the pack does not name its voice") from None


def read_pack(
    path: Path,
    cache: WavCache,
    texts: Collection[str],
    *,
    owner: tuple[int, int] | None = None,
    progress: Progress | None = None,
) -> Imported:
    """Take the lines of the pack at ``path`` that this cache's voice would render the same.

    Args:
        path: The pack.
        cache: The voice cache (its backend is the voice the lines must match).
        texts: Every sentence this catalogue says (a line with another text is skipped).
        owner: ``(uid, gid)`` given to each file written (root importing for the service).
        progress: Told ``(done, total)`` over the pack's lines.

    Raises:
        PackError: If the file is not a pack, is cut short or damaged in its index, or holds
            another voice; nothing was written then.
    """
    try:
        pack = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise PackError(f"{path}: no such file") from None
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise PackError(f"{path}: not a voice pack, or cut short ({exc})") from exc
    with pack:
        manifest = _manifest(path, pack)
        theirs, ours = _pack_voice(path, manifest), PackVoice.of(cache.backend)
        if (theirs.engine, theirs.voice) != (ours.engine, ours.voice):
            raise PackError(
                f"{path}: a pack of {theirs.engine} voice {theirs.voice}; this machine speaks "
                f"with {ours.engine} voice {ours.voice}: nothing imported"
            )
        lines = manifest.get("lines")
        if not isinstance(lines, list):
            raise PackError(f"{path}: the pack lists no lines")
        wanted = set(texts)
        done = Imported(same_catalogue=manifest.get("catalogue") == catalogue_hash(wanted))
        settings = "rendered with other settings" if theirs != ours else "its key does not match"
        for index, entry in enumerate(lines, start=1):
            reason = _take(pack, entry, cache, wanted, owner, settings)
            if reason == "taken":
                done.taken += 1
            elif reason == "present":
                done.present += 1
            else:
                done.skipped[reason] += 1
            if progress is not None:
                progress(index, len(lines))
    return done


def _take(
    pack: zipfile.ZipFile,
    entry: object,
    cache: WavCache,
    wanted: set[str],
    owner: tuple[int, int] | None,
    settings: str,
) -> str:
    """Write one line of the pack into the cache; ``taken``, ``present`` or why it was not."""
    if not isinstance(entry, dict) or not all(
        isinstance(entry.get(name), str) for name in ("key", "text", "sha256")
    ):
        return "listed wrongly"
    text, key = entry["text"], entry["key"]
    if key != cache_key(text, cache.backend):
        return settings  # another pace, pause or loudness: never played here
    if text not in wanted:
        return "not in this catalogue"
    if cache.has(text):
        return "present"
    try:
        data = pack.read(f"wav/{key}.wav")
    except KeyError:
        return "missing from the pack"
    except (zipfile.BadZipFile, OSError, EOFError):
        return "damaged"
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        return "damaged"
    handle, name = tempfile.mkstemp(prefix=_TEMP_PREFIX, suffix=".wav", dir=cache.directory)
    temp = Path(name)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())  # on disk before the name points at it
        if check_wav(temp) is not None:
            return "not a playable wav"
        if owner is not None:
            os.chown(temp, *owner)
        os.replace(temp, cache.cached_path(text))
    finally:
        temp.unlink(missing_ok=True)
    return "taken"
