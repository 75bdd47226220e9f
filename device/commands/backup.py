"""``mothership backup list|now|restore``: the automatic backups (``device.store.backups``).

The device backs the store up after every logged play into ``backups/`` beside it (on the Pi,
the service's state directory): a SQLite snapshot a night and a journal of the plays since.
``restore`` imports one, or an older JSON backup, without duplicating plays.
"""

from __future__ import annotations

import argparse
import difflib
import os
import pwd
import sqlite3
import sys
from pathlib import Path

from device.config import SERVICE_STATE_DIR
from device.store.backups import (
    BACKUPS_KEPT,
    JOURNAL,
    OLD_JSON,
    SNAPSHOT,
    backup_after_play,
    backup_dir,
    failure,
    list_backups,
    plays_in,
    readable,
    restore_backup,
    write_backup,
)
from device.store.database import Store
from device.store.opening import existing
from device.wording import counted

__all__ = ["BACKUPS_KEPT", "backup_after_play", "backup_dir", "list_backups", "write_backup"]


def run(args: argparse.Namespace, store_path: Path) -> int:
    """Run ``backup list``, ``now`` or ``restore`` for the store at ``store_path``."""
    folder = backup_dir(store_path)
    if args.action == "list":
        print(backups_text(folder))
        return 0
    refuse_root_on_the_services_store(store_path, args.action)
    # A restore may make the store (the way back from a damaged one); a backup needs one.
    store = Store(store_path if args.action == "restore" else existing(store_path))
    try:
        if args.action == "now":
            try:
                path = write_backup(store, folder)
            except (OSError, sqlite3.Error) as error:  # SQLite's alone names no file
                raise ValueError(
                    f"cannot back up the store {store_path} into {folder}: "
                    + failure(error, folder)
                ) from None
            print(f"{counted(store.play_count(), 'play')} written to {path}")
            return 0
        path = find_backup(folder, args.name)
        done = restore_backup(store, path)
        kept = done.total - done.added
        print(f"{path.name}: {counted(done.added, 'new play')} restored ({kept} already logged)")
        return 0
    finally:
        store.close()


def backups_text(folder: Path) -> str:
    """One line per backup: its name, its plays and its size (a snapshot's with its journal)."""
    backups = list_backups(folder)
    if not backups:
        return f"no backups in {folder} yet (one is written after every logged play)"
    lines = [f"{counted(len(backups), 'backup')} in {folder} (the newest {BACKUPS_KEPT} are kept):"]
    for path in backups:
        plays = plays_in(path)
        size = path.stat().st_size
        journal = path.with_name(path.name.removesuffix(SNAPSHOT) + JOURNAL)
        if path.suffix == SNAPSHOT and journal.exists():
            size += journal.stat().st_size
        shown = "unreadable" if plays is None else counted(plays, "play")
        lines.append(f"  {path.name}  {shown}  {size} bytes")
    return "\n".join(lines)


def find_backup(folder: Path, name: str | None) -> Path:
    """The backup called ``name`` in ``folder`` (or a path to one); with None, the newest
    that can be read (an empty or broken newest one, as older versions could leave, is
    skipped with a word on stderr)."""
    backups = list_backups(folder)
    if name is None:
        if not backups:
            raise ValueError(f"no backups in {folder} to restore")
        for path in reversed(backups):
            if readable(path):
                return path
            print(f"skipping {path.name}: it is empty or unreadable", file=sys.stderr)
        raise ValueError(f"no readable backup in {folder}: each one is empty or broken")
    given = Path(name)
    if given.is_file():
        return given
    by_name = {path.name: path for path in backups}
    for candidate in (name, f"{name}{SNAPSHOT}", f"{name}{OLD_JSON}"):
        if candidate in by_name:
            return by_name[candidate]
    close = difflib.get_close_matches(name, list(by_name), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else "; see 'mothership backup list'"
    raise ValueError(f"no backup {name!r} in {folder}{hint}")


def refuse_root_on_the_services_store(
    store_path: Path,
    action: str,
    *,
    euid: int | None = None,
    service_store: Path = SERVICE_STATE_DIR / "mothership.db",
) -> None:
    """Root may not write a store that is not root's: its new files (the journal, a restored
    backup) would be root's, and the service could no longer open them. Nor may root quietly
    use a new, empty store of its own while the service's store is there."""
    if (os.geteuid() if euid is None else euid) != 0:
        return
    as_owner = f"sudo -u {{owner}} mothership backup {action}"
    if store_path.exists():
        uid = store_path.stat().st_uid
        if uid != 0:
            owner = _user_name(uid)
            raise PermissionError(
                f"{store_path} belongs to {owner}: run this as its owner, not as root: "
                + as_owner.format(owner=owner)
            )
    elif service_store.exists() and service_store != store_path:
        owner = _user_name(service_store.stat().st_uid)
        raise PermissionError(
            f"as root this would use a new, empty store at {store_path}, not the service's "
            f"{service_store}: run " + as_owner.format(owner=owner)
        )


def _user_name(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"#{uid}"
