"""systemd/install.sh run for real into a folder: every file it writes is written under
``root``, and only the commands that would change this machine (apt, pip, user accounts,
systemctl, runuser) are recorders. ``getent`` answers from the test's own lists, never from
the host's users and groups.

Each recorded command also notes where ``/opt/mothership/current`` pointed when it ran, so a
test sees which release was live at every step of an update."""

from __future__ import annotations

import os
import pwd
import subprocess
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "systemd" / "install.sh"
WANTED_GROUPS = ("gpio", "audio", "video", "input", "dialout", "render")

RECORDER = (
    "#!/bin/sh\n"
    'printf "%s\\n" "$(basename "$0") $*" >>"$CALLS"\n'
    'at="$(readlink "$MOTHERSHIP_ROOT/opt/mothership/current" 2>/dev/null || echo none)"\n'
    'printf "%s @ %s\\n" "$(basename "$0") $*" "$at" >>"$CALLS.at"\n'
    # FAIL_ONCE="systemctl restart mothership.service": that call fails, the first time in a run.
    'if [ "$(basename "$0") $*" = "$FAIL_ONCE" ] && [ ! -e "$CALLS.failed" ]; then\n'
    '  : >"$CALLS.failed"; exit 1\n'
    "fi\n"
    # COMPLAINS="systemctl disable --now mothership.service": that call fails as the real one
    # does when the unit is gone, saying so on stderr.
    'if [ "$(basename "$0") $*" = "$COMPLAINS" ]; then\n'
    '  echo "Failed to disable unit: Unit file mothership.service does not exist." >&2; exit 1\n'
    "fi\n"
)
# The venv's python: pip answers (or fails when PIP_FAILS is set, a cut mid-pip), an install
# leaves the command the link points to, and the staged source's commit file is kept to look at.
VENV_PYTHON = RECORDER + (
    'case "$*" in *"pip install"*)\n'
    '  [ -z "$PIP_FAILS" ] || exit 1\n'
    '  for last; do :; done; stage="${last%\\[pi\\]}"\n'
    '  [ -f "$stage/constraints.txt" ] || exit 9\n'
    '  cp "$stage/device/commit.toml" "$CALLS.commit" 2>/dev/null\n'
    '  printf "#!/bin/sh\\necho mothership-stub \\"\\$*\\"\\n" >"$(dirname "$0")/mothership"\n'
    '  chmod +x "$(dirname "$0")/mothership";;\n'
    "esac\n"
)
# python3 makes the venv (a recorder standing in for its python) and records the rest.
PYTHON3 = RECORDER + (
    'if [ "$1 $2" = "-m venv" ]; then for last; do :; done; mkdir -p "$last/bin";'
    ' printf "%s" "$VENV_PYTHON" >"$last/bin/python"; chmod +x "$last/bin/python"; fi\n'
)
# Users and groups exist when the test says so (KNOWN_USERS, KNOWN_GROUPS).
GETENT = (
    "#!/bin/sh\n"
    'case "$1" in passwd) list="$KNOWN_USERS";; group) list="$KNOWN_GROUPS";; *) exit 2;; esac\n'
    'for name in $list; do [ "$name" = "$2" ] && { echo "$2:x:0:"; exit 0; }; done\n'
    "exit 2\n"
)
STUBS = ("apt-get", "apt-cache", "groupadd", "groupdel", "useradd", "userdel", "usermod",
         "runuser", "systemctl")  # fmt: skip


@dataclass
class Run:
    """One installer run: its exit code, its output and the commands it recorded."""

    status: int
    out: str
    err: str
    calls: list[str]
    calls_at: list[str]

    def called(self, command: str) -> list[str]:
        """The recorded arguments of every call of ``command``."""
        return [c.removeprefix(f"{command} ") for c in self.calls if c.split()[0] == command]

    def live_when(self, pattern: str) -> str:
        """Where ``current`` pointed when the one call containing ``pattern`` ran."""
        (line,) = [line for line in self.calls_at if pattern in line.rsplit(" @ ", 1)[0]]
        return line.rsplit(" @ ", 1)[1]


class Machine:
    """A root folder, stubs on PATH and the environment the installer runs in. The service's
    user is the one running the test (the state directory is really given to it)."""

    def __init__(self, tmp_path: Path) -> None:
        self.user = pwd.getpwuid(os.geteuid()).pw_name
        stubs = tmp_path / "stubs"
        stubs.mkdir()
        texts = [*((name, RECORDER) for name in STUBS), ("python3", PYTHON3), ("getent", GETENT)]
        for name, text in texts:
            (stubs / name).write_text(text)
            (stubs / name).chmod(0o755)
        self.root = tmp_path / "root"
        self.root.mkdir()
        self.opt = self.root / "opt/mothership"
        self.calls = tmp_path / "calls"
        self.env = {
            **os.environ,
            "PATH": f"{stubs}:{os.environ['PATH']}",
            "CALLS": str(self.calls),
            "VENV_PYTHON": VENV_PYTHON,
            "MOTHERSHIP_ROOT": str(self.root),
            "MOTHERSHIP_USER": self.user,
            "MOTHERSHIP_COMMIT": "abc1234",
            "MOTHERSHIP_COMMIT_DATE": "2026-11-28",
            "KNOWN_USERS": self.user,
            "KNOWN_GROUPS": " ".join((*WANTED_GROUPS, self.user)),
            "DRY_RUN": "0",
        }
        self.env.pop("MOTHERSHIP_PREPARE_VOICE", None)

    def run(self, *words: str, check: bool = True) -> Run:
        """Run the installer with these words to its end."""
        for suffix in ("", ".at", ".commit", ".failed"):
            path = Path(f"{self.calls}{suffix}")
            path.unlink(missing_ok=True)
        done = subprocess.run(
            ["bash", str(SCRIPT), *words],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,  # a step that restarts the install never gets here
            check=False,
        )
        if check:
            assert done.returncode == 0, done.stderr
        lines = self.calls.read_text().splitlines() if self.calls.exists() else []
        at = Path(f"{self.calls}.at")
        return Run(
            done.returncode,
            done.stdout,
            done.stderr,
            lines,
            at.read_text().splitlines() if at.exists() else [],
        )

    def current(self) -> str:
        """Where ``/opt/mothership/current`` points."""
        return os.readlink(self.opt / "current")

    def releases(self) -> set[str]:
        """The release directories there are."""
        folder = self.opt / "releases"
        return {p.name for p in folder.iterdir()} if folder.is_dir() else set()

    def commit_file(self) -> str:
        """The commit file the installer wrote into the staged source (the last run's)."""
        return Path(f"{self.calls}.commit").read_text()


def usable_machine(tmp_path: Path) -> Machine:
    """A machine for one test, or the test skipped where the installer cannot run as this user:
    it gives the state directory to a group named as its user."""
    import grp

    import pytest

    made = Machine(tmp_path)
    if grp.getgrgid(os.getegid()).gr_name != made.user:
        pytest.skip("the installer gives the state directory to a group named as its user")
    return made
