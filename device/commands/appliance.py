"""``mothership install``, ``update`` and ``uninstall``: the Pi appliance's life cycle, run by
``systemd/install.sh`` of the checkout it was installed from (each with ``--dry-run``; install
and update with ``--voice-later``, uninstall with ``--purge``)."""

from __future__ import annotations

import argparse
import os
import subprocess
from pathlib import Path

INSTALLED_SOURCE = Path("/opt/mothership/source")
"""Written by the installer: the checkout the service was installed from."""


def installer(package_file: Path = Path(__file__), source: Path = INSTALLED_SOURCE) -> Path:
    """The installer script: this checkout's (an editable install), else the one the service
    was installed from."""
    checkout = package_file.resolve().parents[2]
    candidates = [checkout / "systemd" / "install.sh"]
    if source.is_file():
        candidates.append(Path(source.read_text(encoding="utf-8").strip()) / "systemd/install.sh")
    for script in candidates:
        if script.is_file():
            return script
    raise FileNotFoundError(
        f"no installer at {', '.join(map(str, candidates))}: "
        "run systemd/install.sh from a Mothership checkout"
    )


def installer_args(args: argparse.Namespace) -> list[str]:
    """The installer's words for the command: its action and the flags given."""
    words = [args.command]
    if getattr(args, "voice_later", False):
        words.append("--voice-later")
    if getattr(args, "purge", False):
        words.append("--purge")
    return words


def run(args: argparse.Namespace) -> int:
    """Run the installer's action; its exit code is the command's."""
    script = installer()
    env = {**os.environ, "DRY_RUN": "1"} if args.dry_run else None
    command = ["bash", str(script), *installer_args(args)]
    return subprocess.run(command, env=env, check=False).returncode
