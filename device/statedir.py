"""Where the device keeps its state (the database, the speech cache) when the config does not
say: systemd's state directory, the service user's home, or the XDG state directory.

``device.config`` gives these too, with the store and cache paths built on them.
"""

from __future__ import annotations

import os
import pwd
from collections.abc import Mapping
from pathlib import Path

SERVICE_STATE_DIR = Path("/var/lib/mothership")
"""The service's `StateDirectory=`, which is also its user's home (systemd/install.sh)."""


def _account_home() -> str:
    try:
        return pwd.getpwuid(os.geteuid()).pw_dir
    except KeyError:  # a uid with no passwd entry
        return ""


def resolve_state_dir(
    env: Mapping[str, str] | None = None, *, account_home: str | None = None
) -> Path:
    """The directory for the database and caches.

    `$STATE_DIRECTORY` (set by systemd's `StateDirectory=`; the first entry if it lists
    several); else, for the service's own user (whose home is `SERVICE_STATE_DIR`), that
    directory, whatever `$HOME` or `$XDG_STATE_HOME` say, so `sudo -u mothership mothership
    backup now` reaches the service's store; else `$XDG_STATE_HOME/mothership` (when absolute,
    as the XDG spec asks); else `~/.local/state/mothership`.

    Args:
        env: the environment to read; defaults to `os.environ`.
        account_home: the effective user's home in the user database; looked up when None.
    """
    env = os.environ if env is None else env
    if systemd := env.get("STATE_DIRECTORY", "").split(":")[0]:
        return Path(systemd)
    home_of_account = _account_home() if account_home is None else account_home
    if home_of_account and Path(home_of_account) == SERVICE_STATE_DIR:
        return SERVICE_STATE_DIR
    xdg = env.get("XDG_STATE_HOME", "")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "mothership"
    home = Path(env["HOME"]) if env.get("HOME") else Path.home()
    return home / ".local" / "state" / "mothership"
