"""An update cut short, a Pi of the layout before releases, a voice left to the service, and
``uninstall --purge``: the installer run for real into a folder (``installer_machine``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from installer_machine import ROOT, WANTED_GROUPS, Machine, usable_machine


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    return usable_machine(tmp_path)


def test_an_update_cut_mid_pip_leaves_the_running_release_and_is_cleaned_up_next_time(
    machine: Machine,
) -> None:
    machine.run("install")
    unit = machine.root / "etc/systemd/system/mothership.service"
    unit.write_text("the unit as it was\n")
    machine.env.update(MOTHERSHIP_COMMIT="def5678", PIP_FAILS="1")
    cut = machine.run("update", check=False)
    assert cut.status != 0
    assert machine.current() == "releases/abc1234"
    assert not (machine.opt / "releases/def5678/release").exists()  # half built
    assert unit.read_text() == "the unit as it was\n"
    assert cut.called("systemctl") == []
    del machine.env["PIP_FAILS"]
    machine.env["MOTHERSHIP_COMMIT"] = "0123abc"
    run = machine.run("update")
    assert "removing def5678, a release a cut run left half built" in run.out
    assert machine.releases() == {"abc1234", "0123abc"}
    assert machine.current() == "releases/0123abc"


def old_layout(machine: Machine) -> None:
    """A Pi installed before releases: /opt/mothership/venv and a unit that runs it."""
    opt, root = machine.opt, machine.root
    (opt / "venv/bin").mkdir(parents=True)
    (opt / "venv/bin/mothership").write_text("#!/bin/sh\n")
    (opt / "docs").mkdir()
    (opt / "docs/pi.md").write_text("old docs\n")
    for name in ("README.md", "defaults.toml"):
        (opt / name).write_text("old\n")
    (opt / "source").write_text(f"{ROOT}\n")
    unit = root / "etc/systemd/system/mothership.service"
    unit.parent.mkdir(parents=True)
    unit.write_text("ExecStart=/opt/mothership/venv/bin/mothership run\n")
    (root / "usr/local/bin").mkdir(parents=True)
    (root / "usr/local/bin/mothership").symlink_to("/opt/mothership/venv/bin/mothership")
    (root / "etc/mothership").mkdir(parents=True)
    (root / "etc/mothership/config.toml").write_text('[hardware]\nbackend = "pi"\n')
    (root / "var/lib/mothership").mkdir(parents=True)
    (root / "var/lib/mothership/mothership.db").write_bytes(b"")


def test_a_pi_of_the_old_layout_updates_to_releases_and_its_venv_goes_after_the_switch(
    machine: Machine,
) -> None:
    old_layout(machine)
    run = machine.run("update")
    backup = run.called("runuser")[0]
    assert backup.endswith("backup now") and f"{machine.opt}/venv/bin/mothership" in backup
    # Until the switch, `current` is the old layout itself: the new unit runs the old venv.
    assert run.live_when("voice prepare") == "."
    assert run.live_when("daemon-reload") == "."
    assert run.live_when("restart") == "releases/abc1234"
    assert machine.current() == "releases/abc1234"
    for gone in ("venv", "docs", "README.md"):
        assert not (machine.opt / gone).exists(), gone
    assert os.readlink(machine.opt / "defaults.toml") == "current/defaults.toml"
    assert os.readlink(machine.root / "usr/local/bin/mothership") == (
        "/opt/mothership/current/venv/bin/mothership"
    )
    unit = machine.root / "etc/systemd/system/mothership.service"
    assert unit.read_text() == (ROOT / "systemd/mothership.service").read_text()
    assert machine.releases() == {"abc1234"}


@pytest.mark.parametrize("how", ["env", "flag"])
def test_the_voice_can_be_left_to_the_service(machine: Machine, how: str) -> None:
    words = ["--voice-later"] if how == "flag" else []
    if how == "env":
        machine.env["MOTHERSHIP_PREPARE_VOICE"] = "0"
    run = machine.run("install", *words)
    assert run.called("runuser") == []
    assert "the service renders the missing lines in the background" in run.out
    (machine.root / "var/lib/mothership/mothership.db").write_bytes(b"")
    machine.env["MOTHERSHIP_COMMIT"] = "def5678"
    update = machine.run("update", *words)  # the pulled installer is told too
    assert [c.rsplit(" ", 2)[-2:] for c in update.called("runuser")] == [
        ["backup", "now"],
        ["pull", "--ff-only"],
    ]


def test_purge_removes_everything_and_only_the_groups_and_user_the_installer_made(
    machine: Machine,
) -> None:
    made = ("gpio", "render")
    machine.env["KNOWN_USERS"] = ""
    machine.env["KNOWN_GROUPS"] = " ".join(g for g in WANTED_GROUPS if g not in made)
    run = machine.run("install")
    assert run.called("groupadd") == [f"--system {group}" for group in made]
    assert len(run.called("useradd")) == 1
    conf = machine.root / "etc/mothership"
    assert (conf / "created-groups").read_text() == "gpio\nrender\n"
    assert (conf / "created-user").read_text() == f"{machine.user}\n"
    # Now they exist. A plain uninstall keeps the notes with the config.
    machine.env["KNOWN_USERS"] = machine.user
    machine.env["KNOWN_GROUPS"] = " ".join((*WANTED_GROUPS, machine.user))
    machine.run("uninstall")
    assert (conf / "created-groups").is_file()
    (machine.root / "var/lib/mothership/backups").mkdir()
    # What an installer cut short between writing and renaming left.
    (machine.root / "etc/systemd/system/mothership.service.new").write_text("unit\n")
    (machine.root / "usr/local/bin/mothership.new").symlink_to("/opt/mothership/current/venv")
    drop_ins = machine.root / "etc/systemd/system/mothership.service.d"
    drop_ins.mkdir()
    (drop_ins / "local.conf").write_text("[Service]\nEnvironment=A=1\n")
    run = machine.run("uninstall", "--purge")
    assert not drop_ins.exists()
    assert run.called("userdel") == [machine.user]
    assert run.called("groupdel") == [machine.user, *made]
    for gone in ("etc/mothership", "var/lib/mothership", "opt/mothership", "usr/local/bin"):
        assert not any((machine.root / gone).glob("*")), gone
    assert not any((machine.root / "etc/systemd/system").glob("mothership*"))


def test_purge_keeps_a_user_and_groups_the_installer_did_not_make(machine: Machine) -> None:
    machine.run("install")  # everything existed already: nothing noted
    run = machine.run("uninstall", "--purge")
    assert run.called("userdel") == [] and run.called("groupdel") == []
    assert f"keeping the user {machine.user}: the installer did not create it" in run.out
    assert not (machine.root / "etc/mothership").exists()
    assert not (machine.root / "var/lib/mothership").exists()


def test_the_purges_dry_run_shows_each_step_and_changes_nothing(machine: Machine) -> None:
    machine.env["KNOWN_GROUPS"] = " ".join(g for g in WANTED_GROUPS if g != "gpio")
    machine.run("install")
    machine.env["KNOWN_GROUPS"] = " ".join(WANTED_GROUPS)
    (machine.root / "etc/mothership/created-user").write_text(f"{machine.user}\n")
    run = machine.run("uninstall", "--purge", "--dry-run")
    steps = [line for line in run.out.splitlines() if line.startswith("+ ")]
    root = machine.root
    assert steps == [
        "+ systemctl disable --now mothership.service",
        f"+ rm -f {root}/etc/systemd/system/mothership.service",
        "+ systemctl daemon-reload",
        f"+ rm -f {root}/usr/local/bin/mothership",
        f"+ rm -rf {machine.opt}",
        f"+ userdel {machine.user}",
        f"+ groupdel {machine.user}",
        "+ groupdel gpio",
        f"+ rm -rf {root}/var/lib/mothership",
        f"+ rm -rf {root}/etc/mothership",
    ]
    assert run.calls == []
    assert (root / "etc/mothership/created-groups").read_text() == "gpio\n"
    assert machine.current() == "releases/abc1234"


RESTART = "systemctl restart mothership.service"


def test_a_release_that_does_not_start_is_switched_back_from(machine: Machine) -> None:
    machine.run("install")
    machine.env.update(MOTHERSHIP_COMMIT="def5678", FAIL_ONCE=RESTART)
    run = machine.run("update", check=False)
    assert run.status != 0
    assert "release def5678 did not start (journalctl -u mothership): back to releases/abc1234" in (
        run.err
    )
    assert run.called("systemctl") == ["daemon-reload", RESTART[10:], RESTART[10:]]
    assert [line.rsplit(" @ ", 1)[1] for line in run.calls_at if RESTART in line] == [
        "releases/def5678",
        "releases/abc1234",
    ]
    assert machine.current() == "releases/abc1234"
    # The next update prunes the release that did not start.
    del machine.env["FAIL_ONCE"]
    machine.env["MOTHERSHIP_COMMIT"] = "0123abc"
    machine.run("update")
    assert machine.releases() == {"abc1234", "0123abc"}


def test_a_first_release_that_does_not_start_fails_the_install(machine: Machine) -> None:
    machine.env["FAIL_ONCE"] = RESTART
    run = machine.run("install", check=False)
    assert run.status != 0
    assert run.called("systemctl") == ["daemon-reload", "enable mothership.service", RESTART[10:]]
    assert machine.current() == "releases/abc1234"  # nothing else to run


def test_the_old_layout_runs_again_when_the_first_release_does_not_start(
    machine: Machine,
) -> None:
    old_layout(machine)
    machine.env["FAIL_ONCE"] = RESTART
    run = machine.run("update", check=False)
    assert run.status != 0
    assert machine.current() == "."
    assert (machine.opt / "venv/bin/mothership").is_file()
    assert (machine.opt / "defaults.toml").read_text() == "old\n"  # not yet a link
    # The unit is the new one, and through `current` it runs the old venv.
    assert (
        "/opt/mothership/current/venv/bin/mothership"
        in (machine.root / "etc/systemd/system/mothership.service").read_text()
    )


def test_purge_after_an_uninstall_says_no_error_of_the_unit_already_gone(machine: Machine) -> None:
    # The booted check on arm64 printed systemctl's "Failed to disable unit" on this path.
    machine.run("install")
    machine.run("uninstall")
    machine.env["COMPLAINS"] = "systemctl disable --now mothership.service"
    run = machine.run("uninstall", "--purge")
    assert "disable --now mothership.service" in run.called("systemctl")
    assert "Failed to disable" not in run.err + run.out
    assert not (machine.root / "etc/mothership").exists()
