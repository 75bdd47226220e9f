"""Files and folders a command writes (transcript, WAVs, screens, exports, the demo folder).

They are checked before a long run starts, and every failure is said as a sentence
(``cannot write the transcript to out: it is a directory``) instead of an errno.
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

PRIVATE = 0o600
"""Exports and backups hold names and every result: only their owner may read them."""

_REASONS = {
    errno.EISDIR: "it is a directory",
    errno.ENOTDIR: "a part of the path is a file, not a directory",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the disk is read-only",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENOENT: "a directory on the way does not exist",
}


class OutputError(ValueError):
    """An output that cannot be written; the message says which and why in words."""


def reason(error: OSError, path: Path | None = None) -> str:
    """Why ``error`` happened, in words; names the part of ``path`` at fault when it differs."""
    culprit = Path(error.filename) if isinstance(error.filename, str) else None
    if error.errno == errno.ENOTDIR and path is not None:
        culprit = next((p for p in reversed(path.parents) if p.exists() and not p.is_dir()), None)
    if error.errno in (errno.EEXIST, errno.ENOTDIR) and culprit is not None:
        if path is None or culprit == path:
            return "it is a file, not a directory"
        return f"{culprit} is a file, not a directory"
    words = _REASONS.get(error.errno or 0)
    return words or (error.strerror or type(error).__name__).lower()


def cannot_write(what: str, path: Path, error: OSError) -> OutputError:
    """The error to raise when writing ``what`` to ``path`` failed with ``error`` (with what to
    do when its disk is full)."""
    message = f"cannot write the {what} to {path}: {reason(error, path)}"
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        message += f"; free space on its disk (df -h {path.parent}) or write it elsewhere"
    return OutputError(message)


def check_file(path: Path, what: str) -> None:
    """Make sure ``path`` can be written as a file (creating its folders), before a long run."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        raise cannot_write(what, path, error) from None


def check_dir(path: Path, what: str) -> None:
    """Make sure files can be written in the folder ``path`` (creating it), before a long run."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as error:
        raise cannot_write(what, path, error) from None


def write_private(path: Path, text: str, what: str) -> None:
    """Write ``text`` to ``path`` readable by its owner only (0600), even if it existed."""
    stream_private(path, (text,), what)


def stream_private(path: Path, chunks: Iterable[str], what: str) -> None:
    """Write ``chunks`` one after another to ``path``, readable by its owner only (0600).

    A file is written beside it and renamed only once whole: a failure (a full disk, an
    error in ``chunks``) leaves nothing new and an old file as it was, never a 0-byte or half
    export. A path that is no regular file (``/dev/stdout``, a pipe) is written to directly.
    """
    if path.exists() and not path.is_file():
        _stream(path, os.O_WRONLY | os.O_TRUNC, chunks, what)
        return
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as error:
        raise cannot_write(what, path, error) from None
    try:
        os.close(descriptor)
        _stream(Path(temporary), os.O_WRONLY | os.O_TRUNC, chunks, what, shown=path)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _stream(
    path: Path, flags: int, chunks: Iterable[str], what: str, shown: Path | None = None
) -> None:
    """Write ``chunks`` into ``path`` (0600); a failure is said about ``shown`` (or ``path``)."""
    try:
        descriptor = os.open(path, flags, PRIVATE)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            if os.path.isfile(path):
                os.fchmod(out.fileno(), PRIVATE)  # O_CREAT's mode does not change an old file
            for chunk in chunks:
                out.write(chunk)
            out.flush()
            if os.path.isfile(path):
                os.fsync(out.fileno())  # whole on the disk before it is renamed into place
    except OSError as error:
        raise cannot_write(what, shown or path, error) from None
