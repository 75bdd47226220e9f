"""The installer's dry runs: the minimal config, apt-get update first, the docs the unit points
to, and the update and uninstall paths that keep the config and the store."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from device.commands.appliance import installer
from device.commands.cli import main
from device.config import load_config

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "systemd" / "install.sh"
UNIT = ROOT / "systemd" / "mothership.service"


# A service user that exists on every machine, and one that exists on none: the dry run's
# useradd line depends on the host, and no test may depend on the host's users.
EXISTING_USER = "root"
ABSENT_USER = "mothership-test-absent-user"


def dry_run(*args: str, user: str = EXISTING_USER) -> list[str]:
    done = subprocess.run(
        ["bash", str(SCRIPT), *args, "--dry-run"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        # The flag alone turns the dry run on.
        env={**os.environ, "DRY_RUN": "0", "MOTHERSHIP_USER": user},
    )
    return done.stdout.splitlines()


def index(lines: list[str], pattern: str) -> int:
    (found,) = [number for number, line in enumerate(lines) if re.search(pattern, line)]
    return found


def written_config(lines: list[str]) -> str:
    start = index(lines, r"^\+ write /etc/mothership/config\.toml")
    body = []
    for line in lines[start + 1 :]:
        if line and not line.startswith("    "):
            break
        body.append(line.removeprefix("    "))
    return "\n".join(body) + "\n"


def installed(lines: list[str]) -> dict[str, Path]:
    """Every file the dry run installs, by where it lands, and what it is a copy of."""
    files: dict[str, Path] = {}
    for line in lines:
        if match := re.match(r"^\+ install -m 0644 (\S+) (\S+)$", line):
            files[match[2]] = Path(match[1])
        elif match := re.match(r"^\+ cp -r (\S+)/\. (\S+)/$", line):
            for source in Path(match[1]).rglob("*"):
                files[f"{match[2]}/{source.relative_to(match[1])}"] = source
    return files


def resolve(lines: list[str], path: str) -> str:
    """A path as the links the dry run makes (``ln -sfn TARGET NAME.new``, then renamed to
    NAME) resolve it."""
    links = {
        match[2]: match[1]
        for line in lines
        if (match := re.match(r"^\+ ln -sfn (\S+) (\S+)\.new$", line))
    }
    for _ in range(10):
        for name, target in links.items():
            if path == name or path.startswith(f"{name}/"):
                base = target if target.startswith("/") else f"{Path(name).parent}/{target}"
                path = base + path[len(name) :]
                break
        else:
            return path
    raise AssertionError(f"a loop of links at {path}")


def test_install_writes_only_what_differs_from_the_defaults(tmp_path: Path) -> None:
    lines = dry_run("install")
    text = written_config(lines)
    assert tomllib.loads(text) == {"hardware": {"backend": "pi"}}
    (named,) = re.findall(r"^# Every key, its default and what it does: (\S+)$", text, re.M)
    # /opt/mothership/defaults.toml: a link through current into the release that runs.
    assert re.fullmatch(r"/opt/mothership/releases/[^/]+/defaults\.toml", resolve(lines, named))
    assert installed(lines)[resolve(lines, named)] == ROOT / "device" / "defaults.toml"
    system = tmp_path / "config.toml"
    system.write_text(text)
    assert load_config(system_path=system).hardware.backend == "pi"


def test_install_updates_the_package_lists_before_installing() -> None:
    lines = dry_run("install")
    assert index(lines, r"^\+ apt-get .*update -qq") < index(lines, r"apt-get .* install -y")
    pip = lines[index(lines, r"-m pip install")]
    assert "--only-binary lgpio" in pip
    # From a copy of the checkout: pip's build files never land in it, owned by root.
    copy = lines[index(lines, r"tar -C ")]
    assert f"tar -C '{ROOT}' " in copy
    assert index(lines, r"tar -C ") < index(lines, r"-m pip install")
    assert pip.endswith(f"{copy.rsplit(' ', 1)[-1].strip(chr(39))}[pi]")
    assert "PIP_CONFIG_FILE=/dev/null" in pip  # one index, whatever /etc/pip.conf adds


def test_every_document_the_unit_names_is_installed() -> None:
    lines = dry_run("install")
    (documentation,) = re.findall(r"^Documentation=(.+)$", UNIT.read_text(), re.M)
    files = installed(lines)
    targets = [url.removeprefix("file://") for url in documentation.split()]
    assert "/opt/mothership/current/docs/pi.md" in targets
    for target in targets:
        assert files[resolve(lines, target)].is_file(), target
    # And what the unit runs is the release's venv, through current.
    (command,) = re.findall(r"^ExecStart=(\S+) ", UNIT.read_text(), re.M)
    assert command == "/opt/mothership/current/venv/bin/mothership"
    assert re.fullmatch(
        r"/opt/mothership/releases/[^/]+/venv/bin/mothership", resolve(lines, command)
    )
    assert resolve(lines, "/usr/local/bin/mothership") == resolve(lines, command)


def head() -> str:
    done = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", "--format=%h"], capture_output=True, text=True
    )
    return done.stdout.strip()


def test_a_release_is_named_by_its_commit_which_the_installed_copy_carries() -> None:
    before = head()
    lines = dry_run("install")
    names = {before, head()}  # another commit may land meanwhile
    (built,) = [line for line in lines if line.startswith("install.sh: building release ")]
    name = built.split()[3]
    assert name in names
    commit = index(lines, r"^\+ write /tmp/mothership-source/device/commit\.toml")
    assert lines[commit + 1] == f'    commit = "{name}"'
    assert commit < index(lines, r"-m pip install")
    # Exact versions: the constraints travel with the copy pip installs.
    assert "-c /tmp/mothership-source/constraints.txt" in lines[index(lines, r"-m pip install")]


def test_the_voice_can_be_left_to_the_service() -> None:
    lines = dry_run("install", "--voice-later")
    assert not any("voice prepare" in line for line in lines)
    assert any("the service renders the missing lines in the background" in x for x in lines)


def test_install_renders_only_the_first_games_voice() -> None:
    lines = dry_run("install")
    (voice,) = [line for line in lines if "voice prepare" in line]
    assert voice.endswith("voice prepare --first")


@pytest.mark.parametrize("action", ["install", "update", "packages"])
def test_a_32_bit_userland_is_refused_before_apt_and_pip(action: str, tmp_path: Path) -> None:
    # A python3 with 4-byte pointers, as on 32-bit Pi OS: the real check runs, only the word
    # size is that machine's (a 32-bit userland cannot exist here).
    fake = tmp_path / "python3"
    fake.write_text(
        "#!/bin/sh\n"
        f'exec {sys.executable} -c "import struct, runpy, sys; '
        "struct.calcsize = lambda fmt: 4; sys.argv = sys.argv[1:]; "
        'runpy.run_path(sys.argv[0], run_name=\'__main__\')" "$@"\n'
    )
    fake.chmod(0o755)
    done = subprocess.run(
        ["bash", str(SCRIPT), action, "--dry-run"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PATH": f"{tmp_path}:{os.environ['PATH']}"},
    )
    assert done.returncode == 1
    assert "a 32-bit userland" in done.stderr and "64-bit Raspberry Pi OS" in done.stderr
    assert "apt-get" not in done.stdout and "pip" not in done.stdout


@pytest.mark.parametrize("user", [EXISTING_USER, ABSENT_USER])
def test_update_pulls_reinstalls_and_restarts_and_keeps_config_and_store(user: str) -> None:
    lines = dry_run("update", user=user)
    # A missing service user is made again, with the state directory as its home (useradd
    # --system makes no home, so the store is untouched); an existing one is not.
    made = [line for line in lines if line.startswith("+ useradd ")]
    assert len(made) == (user == ABSENT_USER)
    assert all("--system" in line and "--create-home" not in line for line in made)
    order = [
        index(lines, r"bin/mothership .*backup now$"),
        index(lines, r"git -C \S+ pull --ff-only"),
        index(lines, r"^\+ apt-get .*update -qq"),
        index(lines, r"^\+ python3 -m venv /opt/mothership/releases/"),
        index(lines, r"-m pip install"),
        index(lines, r"releases/\S+/venv/bin/mothership .*voice prepare$"),
        index(lines, r"^\+ mv -T \S+/mothership\.service\.new "),
        index(lines, r"^\+ systemctl daemon-reload"),
        index(lines, r"^\+ mv -T /opt/mothership/current\.new /opt/mothership/current$"),
        index(lines, r"^\+ systemctl restart mothership\.service"),
    ]
    assert order == sorted(order)
    # Only the backup and the voice touch the state directory, as the service's user.
    kept = [
        line
        for line in lines[:-1]
        if not line.endswith(("backup now", "voice prepare")) and line not in made
    ]
    assert not any("config.toml" in line or "/var/lib/mothership" in line for line in kept)
    assert "kept /etc/mothership and /var/lib/mothership" in lines[-1]


def test_uninstall_removes_the_service_and_keeps_config_and_store() -> None:
    lines = dry_run("uninstall")
    assert "+ rm -f /etc/systemd/system/mothership.service" in lines
    assert "+ rm -rf /opt/mothership" in lines
    assert not any(re.search(r"rm .*(/etc/mothership|/var/lib/mothership)", x) for x in lines)
    purged = dry_run("uninstall", "--purge")
    for gone in ("/etc/mothership", "/var/lib/mothership", "/opt/mothership"):
        assert f"+ rm -rf {gone}" in purged


@pytest.mark.parametrize("action", ["install", "update", "uninstall"])
def test_the_commands_run_the_installer_dry(action: str, capfd: pytest.CaptureFixture[str]) -> None:
    assert main([action, "--dry-run"]) == 0
    out = capfd.readouterr().out
    assert out.startswith("install.sh: dry run: nothing is changed\n")
    first = "systemctl disable" if action == "uninstall" else "apt-get -o DPkg::Lock::Timeout=600"
    assert f"+ {first}" in out
    flag = "--purge" if action == "uninstall" else "--voice-later"
    assert main([action, flag, "--dry-run"]) == 0
    flagged = capfd.readouterr().out
    if action == "uninstall":
        assert "+ rm -rf /var/lib/mothership" in flagged
    else:
        assert "voice prepare" in out and "voice prepare" not in flagged


def test_an_installed_copy_finds_the_checkout_it_came_from(tmp_path: Path) -> None:
    site = tmp_path / "venv" / "lib" / "site-packages" / "device" / "commands" / "appliance.py"
    source = tmp_path / "source"
    source.write_text(f"{ROOT}\n")
    assert installer(site, source) == SCRIPT
    with pytest.raises(FileNotFoundError, match=r"run systemd/install\.sh from a Mothership"):
        installer(site, tmp_path / "no-source")


def test_arm64_check_explains_itself_and_keeps_its_root_out_of_the_repo() -> None:
    script = ROOT / "scripts" / "arm64-check"
    shown = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=30)
    assert shown.returncode == 0
    for step in ("./scripts/demo", "install.sh packages", "doctor --check", "Debian bookworm"):
        assert step in shown.stdout
    inside = subprocess.run(
        [str(script), "--root", str(ROOT / "arm64-root")], capture_output=True, text=True
    )
    assert inside.returncode == 2
    assert "keep the root out of the repo" in inside.stderr
    assert not (ROOT / "arm64-root").exists()
