"""Where lgpio keeps its notification pipe, so it imports in a read-only working directory.

At import, lgpio's C library changes the process's working directory to ``$LG_WD`` (when set)
and creates its notification FIFO (``.lgd-nfy-N``) in the working directory. The service runs
with ``ProtectSystem=strict`` and, started from ``/``, in a read-only directory, where the import
fails with ``FileNotFoundError: '.lgd-nfy-3'``; ``sudo -u mothership mothership doctor`` run from
a folder the service user cannot write fails the same way. The unit sets ``LG_WD`` to its
runtime directory; this covers every other way in.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager
from pathlib import Path

__all__ = ["lgpio_working_dir", "pipe_dir"]


def pipe_dir(env: MutableMapping[str, str], writable: Callable[[str], bool]) -> str | None:
    """The directory to give lgpio as ``LG_WD``, or None when it needs none.

    Keeps a ``LG_WD`` already set; else systemd's ``RUNTIME_DIRECTORY``; else nothing when the
    working directory is writable; else the system's temporary directory.
    """
    if env.get("LG_WD"):
        return None
    if runtime := env.get("RUNTIME_DIRECTORY", "").split(":")[0]:
        return runtime
    try:
        here = os.getcwd()
    except FileNotFoundError:  # the working directory was deleted
        return tempfile.gettempdir()
    return None if writable(here) else tempfile.gettempdir()


def _writable(path: str) -> bool:
    return os.access(path, os.W_OK | os.X_OK)


@contextmanager
def lgpio_working_dir(env: MutableMapping[str, str] | None = None) -> Iterator[None]:
    """Import lgpio inside this block: its pipe goes to a writable directory, and the working
    directory is put back afterwards, so relative paths given on the command line still mean
    what they meant (lgpio has opened its pipe by then)."""
    env = os.environ if env is None else env
    try:
        before: Path | None = Path.cwd()
    except FileNotFoundError:
        before = None
    if chosen := pipe_dir(env, _writable):
        env["LG_WD"] = chosen
    try:
        yield
    finally:
        if before is not None and before.is_dir():
            os.chdir(before)
