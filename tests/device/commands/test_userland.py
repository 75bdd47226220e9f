"""32-bit userlands are refused first, with the reason, by a check the installer runs with the
system's python3 before apt and pip (the standard library only)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from device.commands import userland

ROOT = Path(__file__).resolve().parents[3]


def test_a_32_bit_userland_is_refused_with_the_reason() -> None:
    for machine in ("armv7l", "i686"):
        problem = userland.userland_problem(32, machine)
        assert problem is not None
        assert f"a 32-bit userland ({machine})" in problem
        assert "piper-tts and onnxruntime" in problem and "64-bit Raspberry Pi OS" in problem
    assert userland.userland_problem(64, "aarch64") is None
    assert userland.userland_problem(64, "x86_64") is None


def test_main_says_why_and_exits_1_on_32_bits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(userland, "pointer_bits", lambda: 32)
    monkeypatch.setattr("platform.machine", lambda: "armv7l")
    assert userland.main() == 1
    said = capsys.readouterr().err
    assert said.startswith("mothership: cannot install here: a 32-bit userland (armv7l): ")


def test_the_installer_can_run_it_before_any_venv_exists() -> None:
    # -S -E -s: no site-packages, no environment: what the system's python3 has in a checkout.
    # The installer runs it by its path; as a module it runs the same.
    assert userland.pointer_bits() == 64  # this suite runs on 64-bit machines only
    for how in (["device/commands/userland.py"], ["-m", "device.commands.userland"]):
        done = subprocess.run(
            [sys.executable, "-S", "-E", "-s", *how],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert (done.returncode, done.stdout, done.stderr) == (0, "", ""), how
