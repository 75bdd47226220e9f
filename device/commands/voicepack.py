"""``mothership voice export FILE`` and ``voice import FILE``: a voice rendered elsewhere.

A PC renders the whole catalogue in minutes where a Pi 4 takes most of an hour; ``export``
renders what the cache lacks (the progress line of ``voice prepare``) and writes a pack,
``import`` takes its lines into this machine's cache: only those this machine's voice, with
its settings, would render the same (see :mod:`narration.packs`). Run as root, the files it
writes belong to the cache folder's owner (the service's user), so the service can use them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from device.commands.progress import ProgressBar
from device.config import Config
from device.runtime.parts import cache_dir, catalogues, voice_choice
from device.runtime.voicelines import every_text
from narration.cache import WavCache
from narration.catalogue import Catalogue
from narration.packs import Imported, PackError, PackVoice, read_pack, write_pack

__all__ = ["export", "import_pack"]


def _texts(config: Config) -> tuple[str, ...]:
    return every_text(Catalogue.load(*catalogues()), seats=config.hardware.seats).texts


def export(
    config: Config, path: Path, out: TextIO, prepare: Callable[[Config, TextIO], int]
) -> int:
    """Render every sentence the cache lacks (``prepare``: ``voice prepare``, the installer's
    rendering), then write them all to a pack at ``path``."""
    choice = voice_choice(config)
    choice.backend.close()
    if choice.fell_back:
        print(f"error: {choice.reason}; a pack of that voice is of no use to a Pi", file=out)
        return 1
    if prepare(config, out) != 0:
        return 1
    choice = voice_choice(config)  # only its keys: no worker starts
    try:
        cache = WavCache(cache_dir(config), choice.backend)
        texts = _texts(config)
        written = write_pack(path, cache, texts, ProgressBar("Writing the pack"))
    except PackError as error:
        print(f"error: {error}", file=out)
        return 1
    finally:
        choice.backend.close()
    size = path.stat().st_size / 1e6
    print(
        f"{path}: {written} of {len(set(texts))} sentences, {size:.0f} MB, "
        f"{PackVoice.of(choice.backend).describe()}",
        file=out,
    )
    return 0 if written else 1


def _owner(folder: Path) -> tuple[int, int] | None:
    """Root importing into a folder another user owns (the service's): that user's ids."""
    if os.geteuid() != 0:
        return None
    try:
        stat = folder.stat()
    except OSError:
        return None
    return (stat.st_uid, stat.st_gid) if stat.st_uid != 0 else None


def import_pack(config: Config, path: Path, out: TextIO) -> int:
    """Take the lines of the pack at ``path`` that this machine's voice would render the same."""
    choice = voice_choice(config)  # its keys only: no worker starts
    try:
        cache = WavCache(cache_dir(config), choice.backend)
        done = read_pack(
            path,
            cache,
            set(_texts(config)),
            owner=_owner(cache.directory),
            progress=ProgressBar("Importing the voice"),
        )
    except PackError as error:
        print(f"error: {error}", file=out)
        return 1
    finally:
        choice.backend.close()
    print(_summary(path, cache.directory, done, PackVoice.of(choice.backend)), file=out)
    return 0 if done.taken or done.present else 1


def _summary(path: Path, folder: Path, done: Imported, here: PackVoice) -> str:
    """``FILE: 1814 lines taken into DIR, 0 already there; 3 skipped: ...``."""
    words = f"{path}: {done.taken} lines taken into {folder}, {done.present} already there"
    skipped = sum(done.skipped.values())
    if skipped:
        reasons = ", ".join(f"{count} {why}" for why, count in done.skipped.most_common())
        words += f"; {skipped} skipped, never played: {reasons}"
        if "rendered with other settings" in done.skipped:
            words += f" (this machine's voice: {here.describe()})"
    else:
        words += "; none skipped"
    if not done.same_catalogue:
        words += (
            ".\nThe pack was rendered for another catalogue (another release): the lines this "
            "one says were taken, the rest render as the games need them"
        )
    return words + "."
