"""What to do about a damaged store: the file, the newest backup that can be read, the fix.

``mothership run`` (through the command line's error line) and ``mothership doctor`` both say
it, in the same words.
"""

from __future__ import annotations

from datetime import UTC, datetime

from device.store.backups import backup_dir, list_backups, plays_in, readable
from device.store.opening import StoreDamagedError
from device.wording import counted


def damaged_message(damaged: StoreDamagedError) -> str:
    """What to say about a damaged store: the file, the newest readable backup, the fix."""
    path, error = damaged.path, damaged.reason
    aside = path.parent / f"damaged-{datetime.now(UTC):%Y%m%d-%H%M%S}"
    move = f"mkdir {aside} && mv -t {aside} {path}*"
    readable_ones = [backup for backup in list_backups(backup_dir(path)) if readable(backup)]
    if not readable_ones:
        return (
            f"the store {path} is damaged ({error}) and there is no backup to restore: "
            f"move it aside to start with an empty one ({move})"
        )
    latest = readable_ones[-1]
    plays = plays_in(latest)
    held = "" if plays is None else f", {counted(plays, 'play')}"
    return (
        f"the store {path} is damaged ({error}). The latest backup is {latest}{held}. "
        f"Stop the device (sudo systemctl stop mothership), move the store aside and restore "
        f"it: {move} && mothership backup restore --store {path}"
    )
