"""One daemon per store: an exclusive lock on a file beside the database.

Two daemons on one store would both resume the same game and narrate it twice. The lock is an
advisory ``flock`` (released by the kernel when the process dies, even by SIGKILL, so a crash
never leaves a stale lock), and the file holds the owner's PID for the error message.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from typing import IO


class StoreLockedError(RuntimeError):
    """Another daemon holds the store."""


def lock_path(store: Path) -> Path:
    """The lock file of the store at ``store``."""
    return store.with_name(store.name + ".lock")


def lock_store(store: Path) -> IO[str]:
    """Take the store's lock for this process; close the returned file to release it."""
    path = lock_path(store)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    handle = open(path, "a+", encoding="ascii")  # noqa: SIM115 (held for the daemon's life)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        owner = handle.read().strip() or "unknown"
        handle.close()
        raise StoreLockedError(
            f"another mothership (PID {owner}) is using the store {store}; "
            "stop it first (sudo systemctl stop mothership)"
        ) from None
    with contextlib.suppress(OSError):
        os.chmod(path, 0o600)
    os.ftruncate(handle.fileno(), 0)
    # Straight to the file, not through the buffer: on a full disk the write fails, the lock
    # holds all the same (a second daemon's message then says "unknown").
    with contextlib.suppress(OSError):
        os.pwrite(handle.fileno(), f"{os.getpid()}\n".encode("ascii"), 0)
    return handle
