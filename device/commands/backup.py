"""Automatic JSON backups of the score log, and ``mothership backup list|now|restore``.

After every logged play the device writes the whole log as a JSON backup (the format of
``mothership export --format json``) into ``backups/`` beside the store, which on the Pi is the
service's state directory. Each file is readable by its owner only (0600); the newest
`BACKUPS_KEPT` are kept. ``restore`` imports one without duplicating plays.
"""

from __future__ import annotations

import argparse
import difflib
import json
import logging
import os
import pwd
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from device.commands.export import export, import_backup
from device.config import SERVICE_STATE_DIR
from device.outputs import write_private
from device.store.database import Store

logger = logging.getLogger(__name__)

BACKUPS_KEPT = 14
BACKUP_FOLDER = "backups"
PREFIX, SUFFIX = "mothership-", ".json"


def backup_dir(store_path: Path) -> Path:
    """Where the backups of the store at ``store_path`` go: ``backups/`` beside it."""
    return store_path.parent / BACKUP_FOLDER


def list_backups(folder: Path) -> list[Path]:
    """The backups in ``folder``, oldest first (their names sort by time)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"{PREFIX}*{SUFFIX}") if p.is_file())


def write_backup(store: Store, folder: Path, now: datetime | None = None) -> Path:
    """Write the whole score log to a new backup in ``folder`` (0600, the folder 0700), then
    keep only the newest `BACKUPS_KEPT`; returns the new file."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S%fZ")
    path = folder / f"{PREFIX}{stamp}{SUFFIX}"
    write_private(path, export(store, "json"), "backup")
    for old in list_backups(folder)[:-BACKUPS_KEPT]:
        old.unlink(missing_ok=True)
    return path


def backup_after_play(store: Store, folder: Path) -> Path | None:
    """The automatic backup after a logged play: a failure is logged, never raised, so a full
    disk does not stop the game (the play itself is already in the store)."""
    try:
        path = write_backup(store, folder)
    except (OSError, ValueError, sqlite3.Error) as error:
        logger.warning("automatic backup into %s failed: %s", folder, error)
        return None
    logger.info("backup written: %s", path)
    return path


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``backup list|now|restore`` to the command line."""
    backup = commands.add_parser(
        "backup",
        help=f"list, make or restore the automatic JSON backups (the newest {BACKUPS_KEPT})",
    )
    actions = backup.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions.add_parser("list", help="list the backups, newest last, with their plays")
    actions.add_parser("now", help="write a backup now (the device makes one after every play)")
    restore = actions.add_parser("restore", help="import a backup into the store (no duplicates)")
    restore.add_argument(
        "name", nargs="?", help="a backup's name from 'backup list' or a path (default: the newest)"
    )
    for action in actions.choices.values():
        action.add_argument(
            "--store", type=Path, metavar="FILE", help="use this store (overrides store.path)"
        )


def run(args: argparse.Namespace, store_path: Path) -> int:
    """Run ``backup list``, ``now`` or ``restore`` for the store at ``store_path``."""
    folder = backup_dir(store_path)
    if args.action == "list":
        print(backups_text(folder))
        return 0
    refuse_root_on_the_services_store(store_path, args.action)
    store = Store(store_path)
    try:
        if args.action == "now":
            path = write_backup(store, folder)
            print(f"{len(store.plays())} plays written to {path}")
            return 0
        path = find_backup(folder, args.name)
        added, total = import_backup(store, path.read_text(encoding="utf-8"))
        print(f"{path.name}: {added} new plays restored ({total - added} already logged)")
        return 0
    finally:
        store.close()


def backups_text(folder: Path) -> str:
    """One line per backup: its name, its plays and its size."""
    backups = list_backups(folder)
    if not backups:
        return f"no backups in {folder} yet (one is written after every logged play)"
    lines = [f"{len(backups)} backups in {folder} (the newest {BACKUPS_KEPT} are kept):"]
    for path in backups:
        lines.append(f"  {path.name}  {_plays(path)}  {path.stat().st_size} bytes")
    return "\n".join(lines)


def _plays(path: Path) -> str:
    try:
        plays = json.loads(path.read_text(encoding="utf-8")).get("plays", [])
    except (OSError, ValueError, AttributeError):
        return "unreadable"
    return f"{len(plays)} plays"


def find_backup(folder: Path, name: str | None) -> Path:
    """The backup called ``name`` in ``folder`` (or a path to one); the newest when None."""
    backups = list_backups(folder)
    if name is None:
        if not backups:
            raise ValueError(f"no backups in {folder} to restore")
        return backups[-1]
    given = Path(name)
    if given.is_file():
        return given
    by_name = {path.name: path for path in backups}
    for candidate in (name, f"{name}{SUFFIX}"):
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
