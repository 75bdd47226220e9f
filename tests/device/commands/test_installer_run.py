"""The installer run for real into a folder, not as a dry run: every step that writes a file
writes it, and only the commands that would change this machine (apt, pip, user accounts,
systemctl, runuser) are recorders. A step that calls itself instead of a command (as an
``install()`` function once did) never finishes, and the timeout fails the test."""

from __future__ import annotations

import grp
import os
import pwd
import stat
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "systemd" / "install.sh"

RECORDER = '#!/bin/sh\nprintf "%s\\n" "$(basename "$0") $*" >>"$CALLS"\n'
# The venv's python: pip answers, and an install leaves the command the link points to.
VENV_PYTHON = RECORDER + (
    'case "$*" in *"pip install"*) printf "#!/bin/sh\\n" >"$(dirname "$0")/mothership";'
    ' chmod +x "$(dirname "$0")/mothership";;'
    # `pip show pygame` finds the old pygame unless the test says the venv has none.
    ' *"pip show pygame") [ -z "$NO_OLD_PYGAME" ] || exit 1;; esac\n'
)
# python3 makes the venv (a recorder standing in for its python) and records the rest.
PYTHON3 = RECORDER + (
    'if [ "$1 $2" = "-m venv" ]; then for last; do :; done; mkdir -p "$last/bin";'
    ' printf "%s" "$VENV_PYTHON" >"$last/bin/python"; chmod +x "$last/bin/python"; fi\n'
)
STUBS = ("apt-get", "apt-cache", "groupadd", "useradd", "usermod", "runuser", "systemctl")


@pytest.fixture
def machine(tmp_path: Path) -> dict[str, str]:
    """The environment of an installer writing under ``tmp_path/root``, with recorders for the
    commands that would change this machine, and the service's user the one running the test."""
    user = pwd.getpwuid(os.geteuid()).pw_name
    if grp.getgrgid(os.getegid()).gr_name != user:
        pytest.skip("the installer gives the state directory to a group named as its user")
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    for name, text in [*((name, RECORDER) for name in STUBS), ("python3", PYTHON3)]:
        (stubs / name).write_text(text)
        (stubs / name).chmod(0o755)
    (tmp_path / "root").mkdir()
    return {
        **os.environ,
        "PATH": f"{stubs}:{os.environ['PATH']}",
        "CALLS": str(tmp_path / "calls"),
        "VENV_PYTHON": VENV_PYTHON,
        "MOTHERSHIP_ROOT": str(tmp_path / "root"),
        "MOTHERSHIP_USER": user,
        "DRY_RUN": "0",
    }


def installer(env: dict[str, str], action: str) -> tuple[str, list[str]]:
    """Run one action to its end; its output and the commands it recorded."""
    calls = Path(env["CALLS"])
    calls.unlink(missing_ok=True)
    done = subprocess.run(
        ["bash", str(SCRIPT), action],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,  # a step that restarts the install never gets here
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout, calls.read_text().splitlines() if calls.exists() else []


def called(calls: list[str], command: str) -> list[str]:
    return [line.removeprefix(f"{command} ") for line in calls if line.split()[0] == command]


def test_install_writes_every_file_once_and_starts_the_unit(machine: dict[str, str]) -> None:
    root = Path(machine["MOTHERSHIP_ROOT"])
    out, calls = installer(machine, "install")
    assert len([c for c in called(calls, "apt-get") if " install " in c]) == 1
    assert called(calls, "systemctl") == ["daemon-reload", "enable --now mothership.service"]
    unit = root / "etc/systemd/system/mothership.service"
    assert unit.read_text() == (ROOT / "systemd/mothership.service").read_text()
    link = root / "usr/local/bin/mothership"
    assert os.readlink(link) == "/opt/mothership/venv/bin/mothership"
    opt = root / "opt/mothership"
    for document in ("docs/pi.md", "docs/architecture.md", "README.md", "defaults.toml"):
        assert (opt / document).is_file(), document
    assert (opt / "source").read_text() == f"{ROOT}\n"
    assert tomllib.loads((root / "etc/mothership/config.toml").read_text()) == {
        "hardware": {"backend": "pi"}
    }
    state = root / "var/lib/mothership"
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    # The voice is prepared by the installed command, as the service's user, in its state dir.
    (voice,) = called(calls, "runuser")
    assert f"-C {state} STATE_DIRECTORY={state} {opt}/venv/bin/mothership" in voice
    assert voice.endswith("voice prepare")
    assert out.rstrip().endswith("update: sudo mothership update")
    # Again: the config a maker edited is kept, and nothing is done twice.
    (root / "etc/mothership/config.toml").write_text('[hardware]\nbackend = "mock"\n')
    out, calls = installer(machine, "install")
    assert "keeping " in out
    assert "mock" in (root / "etc/mothership/config.toml").read_text()
    assert called(calls, "systemctl") == ["daemon-reload", "enable --now mothership.service"]


def test_update_backs_up_pulls_and_reinstalls_with_the_pulled_installer(
    machine: dict[str, str],
) -> None:
    root = Path(machine["MOTHERSHIP_ROOT"])
    installer(machine, "install")
    (root / "var/lib/mothership/mothership.db").write_bytes(b"")
    out, calls = installer(machine, "update")
    backup, pull, voice = called(calls, "runuser")
    assert backup.endswith("backup now") and "STATE_DIRECTORY=" in backup
    assert pull.endswith(f"git -C {ROOT} pull --ff-only")
    assert voice.endswith("voice prepare") and "STATE_DIRECTORY=" in voice
    assert called(calls, "systemctl") == ["daemon-reload", "restart mothership.service"]
    assert "kept /etc/mothership and /var/lib/mothership" in out


def test_uninstall_removes_the_service_and_keeps_config_and_store(
    machine: dict[str, str],
) -> None:
    root = Path(machine["MOTHERSHIP_ROOT"])
    installer(machine, "install")
    _, calls = installer(machine, "uninstall")
    assert called(calls, "systemctl") == ["disable --now mothership.service", "daemon-reload"]
    assert not (root / "etc/systemd/system/mothership.service").exists()
    assert not (root / "usr/local/bin/mothership").is_symlink()
    assert not (root / "opt/mothership").exists()
    assert (root / "etc/mothership/config.toml").is_file()
    assert (root / "var/lib/mothership").is_dir()


@pytest.mark.parametrize("old_pygame", [True, False])
def test_an_old_pygame_leaves_the_venv_before_pygame_ce_comes(
    machine: dict[str, str], old_pygame: bool
) -> None:
    # Both install the module `pygame`: removing pygame after pygame-ce would break pygame-ce.
    if not old_pygame:
        machine["NO_OLD_PYGAME"] = "1"
    installer(machine, "packages")  # makes the venv (then pip exists in it)
    _, calls = installer(machine, "packages")
    pip = called(calls, "python")
    installs = [i for i, line in enumerate(pip) if line.startswith("-m pip install")]
    removals = [i for i, line in enumerate(pip) if line == "-m pip uninstall -y -q pygame"]
    assert installs, pip
    assert removals == ([installs[0] - 1] if old_pygame else []), pip
