"""The service: the systemd unit, checked offline, and the notify protocol of a real daemon."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from device.runtime.notify import Notifier

ROOT = Path(__file__).parents[3]
UNIT = ROOT / "systemd" / "mothership.service"
ANALYZE = shutil.which("systemd-analyze")
needs_systemd = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")


def unit_copy(tmp_path: Path) -> Path:
    """The unit with ExecStart pointing at this venv's script (verify needs it to exist)."""
    script = Path(sys.executable).parent / "mothership"
    text = UNIT.read_text().replace("/opt/mothership/current/venv/bin/mothership", str(script))
    assert str(script) in text
    path = tmp_path / "mothership.service"
    path.write_text(text)
    return path


@needs_systemd
def test_the_unit_verifies_without_a_word(tmp_path: Path) -> None:
    result = subprocess.run(
        [str(ANALYZE), "verify", "--man=no", str(unit_copy(tmp_path))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@needs_systemd
def test_the_unit_is_hardened_to_an_exposure_of_at_most_2(tmp_path: Path) -> None:
    result = subprocess.run(
        [str(ANALYZE), "security", "--offline=true", str(unit_copy(tmp_path))],
        capture_output=True,
        text=True,
        check=False,
    )
    match = re.search(r"Overall exposure level for \S+: ([0-9.]+)", result.stdout)
    assert match, result.stdout[-500:]
    assert float(match.group(1)) <= 2.0


def syscall_set(names: str) -> set[str]:
    """The system calls ``names`` stand for (``@group`` expanded by systemd-analyze, nested
    groups too)."""
    assert ANALYZE is not None
    calls: set[str] = set()
    for name in names.split():
        if not name.startswith("@"):
            calls.add(name)
            continue
        listed = subprocess.run(
            [ANALYZE, "syscall-filter", name], capture_output=True, text=True, check=True
        ).stdout.splitlines()[1:]
        for line in listed:
            entry = line.strip()
            if entry and not entry.startswith("#"):
                calls |= syscall_set(entry)
    return calls


@needs_systemd
def test_the_unit_lets_the_voice_lower_its_priority_and_nothing_else_of_resources() -> None:
    # systemd reads SystemCallFilter= in order: the first sets the allow list, "~" removes
    # from it, a later plain one adds back. The Piper worker renders at nice 10 (a refused
    # setpriority left it at the loop's priority), while the rest of @resources stays refused.
    allowed: set[str] = set()
    for number, value in enumerate(re.findall(r"^SystemCallFilter=(.+)$", UNIT.read_text(), re.M)):
        if value.startswith("~"):
            allowed -= syscall_set(value[1:])
        elif number == 0:
            allowed = syscall_set(value)
        else:
            allowed |= syscall_set(value)
    assert "setpriority" in allowed
    assert not {"setrlimit", "sched_setscheduler", "sched_setattr", "nice"} & allowed
    assert not {"reboot", "setuid", "mount"} & allowed


def test_outside_systemd_notifying_does_nothing() -> None:
    notifier = Notifier({})
    notifier.ready()  # no socket: nothing to send, nothing raised
    assert notifier.ping_every is None


def start_service(
    tmp_path: Path, stderr: int, extra_env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], socket.socket]:
    """``mothership run`` on mock pins and a silent voice, as systemd starts it: with a notify
    socket (returned, listening) in its environment."""
    address = tmp_path / "notify.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(address))
    listener.settimeout(30)
    config = tmp_path / "config.toml"
    config.write_text('[narration]\nbackend = "silent"\n[audio]\nenabled = false\n')
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "NOTIFY_SOCKET": str(address),
        **(extra_env or {}),
    }
    command = [sys.executable, "-m", "device", "--config", str(config), "run", "--hardware", "mock"]
    return subprocess.Popen(command, env=env, stderr=stderr, text=True), listener


def test_the_daemon_says_ready_pings_the_watchdog_and_says_stopping(tmp_path: Path) -> None:
    pings = {"WATCHDOG_USEC": "400000"}  # pings every 0.2 s
    process, listener = start_service(tmp_path, subprocess.DEVNULL, pings)
    try:
        assert listener.recv(64) == b"READY=1"
        listener.settimeout(1.5 * 0.4)  # 1.5 x the watchdog timeout catches a hung loop
        assert [listener.recv(64) for _ in range(3)] == [b"WATCHDOG=1"] * 3
        process.send_signal(signal.SIGTERM)
        listener.settimeout(10)
        messages = []
        while b"STOPPING=1" not in messages:
            messages.append(listener.recv(64))
        assert process.wait(timeout=10) == 0
    finally:
        process.kill()
        listener.close()


INSTALLER = ROOT / "systemd" / "install.sh"


def dry_run(*args: str) -> list[str]:
    result = subprocess.run(
        ["bash", str(INSTALLER), *args],
        env={**os.environ, "DRY_RUN": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    return [line[2:] for line in result.stdout.splitlines() if line.startswith("+ ")]


def test_the_installer_sets_up_user_venv_config_and_unit() -> None:
    commands = dry_run()
    groups = "gpio,audio,video,input,dialout,render"
    assert f"usermod -a -G {groups} mothership" in commands
    assert any(
        re.match(
            r"env PIP_CONFIG_FILE=/dev/null /opt/mothership/releases/[^/]+/venv/bin/python "
            r"-m pip install",
            c,
        )
        for c in commands
    )
    # The unit under a temporary name, renamed over the old one.
    unit = "/etc/systemd/system/mothership.service"
    assert f"install -m 0644 {UNIT} {unit}.new" in commands
    assert commands.index(f"mv -T {unit}.new {unit}") > commands.index(
        f"install -m 0644 {UNIT} {unit}.new"
    )
    assert commands[-2:] == [
        "systemctl enable mothership.service",
        "systemctl restart mothership.service",
    ]


def test_the_installer_uninstalls_and_refuses_unknown_words() -> None:
    assert dry_run("uninstall")[0] == "systemctl disable --now mothership.service"
    result = subprocess.run(["bash", str(INSTALLER), "upgrade"], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr == (
        "usage: install.sh [install|update|uninstall|packages] [--dry-run] [--voice-later] "
        "[--purge]\n"
    )
    purge = subprocess.run(
        ["bash", str(INSTALLER), "install", "--purge"], capture_output=True, text=True
    )
    assert (purge.returncode, purge.stderr) == (2, "install.sh: --purge goes with uninstall\n")


def test_mothership_install_runs_the_installer(capfd: pytest.CaptureFixture[str]) -> None:
    from device.commands.cli import main

    assert main(["uninstall", "--dry-run"]) == 0
    assert "+ systemctl disable --now mothership.service" in capfd.readouterr().out


def signalled_once_ready(tmp_path: Path, signum: signal.Signals) -> tuple[int, str]:
    """Start the service, send it ``signum`` once it is READY; its exit code and stderr."""
    process, listener = start_service(tmp_path, subprocess.PIPE)
    try:
        assert listener.recv(64) == b"READY=1"
        process.send_signal(signum)
        _, err = process.communicate(timeout=30)
    finally:
        process.kill()
        listener.close()
    return process.returncode, err


def test_the_service_logs_which_release_runs(tmp_path: Path) -> None:
    # The journal names the release and its commit once at start, as `mothership --version` does.
    from device.version import version_line

    _, err = signalled_once_ready(tmp_path, signal.SIGTERM)
    running = [line for line in err.splitlines() if "mothership is running" in line]
    assert len(running) == 1, err[-2000:]
    assert running[0].endswith(f"mothership is running: {version_line()}")


def test_a_killed_service_leaves_every_threads_stack_in_its_log(tmp_path: Path) -> None:
    # What systemd's watchdog sends a hung loop (SIGABRT), and a crash in native code
    # (SIGSEGV) too, leave the Python stacks in the journal, the main loop's among them.
    code, err = signalled_once_ready(tmp_path, signal.SIGABRT)
    assert code == -signal.SIGABRT
    assert "Fatal Python error: Aborted" in err, err[-2000:]
    assert "(most recent call first)" in err, err[-2000:]
    assert "device/commands/service.py" in err, err[-2000:]  # the main thread, in the daemon
