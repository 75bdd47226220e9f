"""Which release this is: the package's version and the commit it was built from.

The installer writes ``device/commit.toml`` into the copy of the source it installs (that copy
has no ``.git``); a checkout's editable install asks git instead.
"""

from __future__ import annotations

import subprocess
import tomllib
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from pathlib import Path

COMMIT_FILE = "commit.toml"
"""Written by systemd/install.sh into the staged source: ``commit = "..."``, ``date = "..."``."""


def version_line(package: Traversable | None = None) -> str:
    """``mothership 0.1.0 (commit abc1234, 2026-11-28)``, or ``(unknown commit)`` when neither
    the installer's file (in ``package``, the installed ``device`` by default) nor a git
    checkout says which."""
    try:
        version = metadata.version("mothership")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        version = "(not installed)"
    commit = installed_commit(package) or checkout_commit(Path(__file__).resolve().parents[1])
    if commit is None:
        return f"mothership {version} (unknown commit)"
    name, date = commit
    return f"mothership {version} (commit {name}{', ' + date if date else ''})"


def installed_commit(package: Traversable | None = None) -> tuple[str, str] | None:
    """The commit and its date from the file the installer wrote into ``package`` (the
    installed ``device`` by default), if there is one."""
    folder = resources.files("device") if package is None else package
    try:
        text = folder.joinpath(COMMIT_FILE).read_text("utf-8")
        data = tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError):
        return None
    commit, date = data.get("commit"), data.get("date", "")
    if not isinstance(commit, str) or not commit or not isinstance(date, str):
        return None
    return commit, date


def checkout_commit(checkout: Path) -> tuple[str, str] | None:
    """The checkout's HEAD (short hash, commit date), if it is a git checkout."""
    if not (checkout / ".git").exists():
        return None
    try:
        done = subprocess.run(
            ["git", "-C", str(checkout), "log", "-1", "--format=%h %cs"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):  # no git here
        return None
    fields = done.stdout.split()
    if done.returncode != 0 or len(fields) != 2:
        return None
    return fields[0], fields[1]
