"""The installer run for real into a folder, not as a dry run (``installer_machine``): every step
that writes a file writes it. A step that calls itself instead of a command (as an ``install()``
function once did) never finishes, and the timeout fails the test."""

from __future__ import annotations

import fcntl
import os
import stat
import tomllib
from pathlib import Path

import pytest
from installer_machine import ROOT, Machine, usable_machine


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    return usable_machine(tmp_path)


def test_install_builds_a_release_and_switches_current_to_it(machine: Machine) -> None:
    root, opt = machine.root, machine.opt
    run = machine.run("install")
    assert len([c for c in run.called("apt-get") if " install " in c]) == 1
    assert run.called("systemctl") == [
        "daemon-reload",
        "enable mothership.service",
        "restart mothership.service",
    ]
    unit = root / "etc/systemd/system/mothership.service"
    assert unit.read_text() == (ROOT / "systemd/mothership.service").read_text()
    assert not Path(f"{unit}.new").exists()
    assert machine.current() == "releases/abc1234"
    release = opt / "releases/abc1234"
    for document in ("docs/pi.md", "docs/architecture.md", "README.md", "defaults.toml"):
        assert (release / document).is_file(), document
    # The copy pip installs names its commit; the release says what it is, written last.
    assert machine.commit_file() == 'commit = "abc1234"\ndate = "2026-11-28"\n'
    facts = (release / "release").read_text().splitlines()
    assert facts[0] == "mothership-stub --version"  # the release's own command answered
    assert {"commit=abc1234", "date=2026-11-28", f"source={ROOT}"} <= set(facts)
    # Everything else goes through current.
    assert os.readlink(root / "usr/local/bin/mothership") == (
        "/opt/mothership/current/venv/bin/mothership"
    )
    assert os.readlink(opt / "defaults.toml") == "current/defaults.toml"
    assert (opt / "defaults.toml").read_text() == (ROOT / "device/defaults.toml").read_text()
    assert (opt / "source").read_text() == f"{ROOT}\n"
    assert tomllib.loads((root / "etc/mothership/config.toml").read_text()) == {
        "hardware": {"backend": "pi"}
    }
    state = root / "var/lib/mothership"
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    # The voice is prepared by the new release, as the service's user, in its state directory.
    (voice,) = run.called("runuser")
    assert f"-C {state} STATE_DIRECTORY={state} {release}/venv/bin/mothership" in voice
    # Only the first game's lines: the service renders the rest behind the game.
    assert voice.endswith("voice prepare --first")
    assert run.out.rstrip().endswith("update: sudo mothership update")
    assert not list(opt.glob("*.new")) and not list(root.glob("usr/local/bin/*.new"))


@pytest.mark.slow(4)
def test_installing_again_keeps_the_config_and_never_builds_over_the_running_release(
    machine: Machine,
) -> None:
    config = machine.root / "etc/mothership/config.toml"
    machine.run("install")
    config.write_text('[hardware]\nbackend = "mock"\n')
    run = machine.run("install")
    assert "keeping " in run.out
    assert "mock" in config.read_text()
    assert machine.current() == "releases/abc1234-2"
    assert os.readlink(machine.opt / "previous") == "releases/abc1234"
    assert run.live_when("restart") == "releases/abc1234-2"
    machine.run("install")
    assert machine.current() == "releases/abc1234"
    assert machine.releases() == {"abc1234", "abc1234-2"}


@pytest.mark.slow(4)
def test_update_backs_up_pulls_and_switches_after_the_voice(machine: Machine) -> None:
    machine.run("install")
    (machine.root / "var/lib/mothership/mothership.db").write_bytes(b"")
    machine.env["MOTHERSHIP_COMMIT"] = "def5678"
    run = machine.run("update")
    backup, pull, voice = run.called("runuser")
    assert backup.endswith("backup now") and "STATE_DIRECTORY=" in backup
    assert f"{machine.opt}/current/venv/bin/mothership" in backup
    assert pull.endswith(f"git -C {ROOT} pull --ff-only")
    # Every line not cached yet: only the release's new ones, before the switch.
    assert voice.endswith("voice prepare") and "releases/def5678/venv" in voice
    assert run.called("systemctl") == ["daemon-reload", "restart mothership.service"]
    # The old release runs while the new one renders its voice and the unit is replaced; the
    # restart finds current switched.
    assert run.live_when("voice prepare") == "releases/abc1234"
    assert run.live_when("daemon-reload") == "releases/abc1234"
    assert run.live_when("restart") == "releases/def5678"
    assert os.readlink(machine.opt / "previous") == "releases/abc1234"
    assert "kept /etc/mothership and /var/lib/mothership" in run.out
    machine.env["MOTHERSHIP_COMMIT"] = "0123abc"
    machine.run("update")
    assert machine.releases() == {"def5678", "0123abc"}  # the active one and the previous one


def test_uninstall_removes_the_service_and_keeps_config_and_store(machine: Machine) -> None:
    root = machine.root
    machine.run("install")
    run = machine.run("uninstall")
    assert run.called("systemctl") == ["disable --now mothership.service", "daemon-reload"]
    assert not (root / "etc/systemd/system/mothership.service").exists()
    assert not (root / "usr/local/bin/mothership").is_symlink()
    assert not machine.opt.exists()
    assert (root / "etc/mothership/config.toml").is_file()
    assert (root / "var/lib/mothership").is_dir()
    assert "uninstall --purge removes them" in run.out


@pytest.mark.slow(2)
def test_every_release_gets_a_new_venv(machine: Machine) -> None:
    # Nothing of an older venv (pygame before pygame-ce, a package since dropped) carries over.
    machine.run("install")
    run = machine.run("install")
    # The system's python3 asks about the userland first (before apt), then makes the venv.
    assert run.called("python3") == [
        f"{ROOT}/device/commands/userland.py",
        f"-m venv {machine.opt}/releases/abc1234-2/venv",
    ]
    pip = [c for c in run.called("python") if "pip install" in c]
    assert len(pip) == 1 and "-c " in pip[0] and pip[0].endswith("[pi]")


def test_packages_builds_a_release_and_makes_it_current_without_user_unit_or_config(
    machine: Machine,
) -> None:
    run = machine.run("packages")
    assert machine.current() == "releases/abc1234"
    assert (machine.opt / "releases/abc1234/release").is_file()
    assert run.called("systemctl") == [] and run.called("useradd") == []
    assert run.called("runuser") == []
    assert not (machine.root / "etc/systemd/system/mothership.service").exists()
    assert not (machine.root / "etc/mothership").exists()


def test_one_installer_at_a_time(machine: Machine) -> None:
    lock = machine.root / "run/lock/mothership-install.lock"
    lock.parent.mkdir(parents=True)
    with lock.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        run = machine.run("install", check=False)
    assert run.status == 1 and run.calls == []
    assert f"another install.sh is running (it holds {lock})" in run.err
    machine.run("install")  # free again
