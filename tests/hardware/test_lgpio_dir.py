"""lgpio imports wherever the service or a maker starts it: its notification pipe goes to a
writable directory, and the working directory is the one the command was started in."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from hardware.lgpio_dir import pipe_dir

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("env", "cwd_writable", "expected"),
    [
        ({"LG_WD": "/run/lg"}, False, None),  # the unit's own setting is kept
        ({"RUNTIME_DIRECTORY": "/run/mothership:/run/other"}, False, "/run/mothership"),
        ({}, True, None),  # a writable working directory needs nothing
        ({}, False, tempfile.gettempdir()),  # `/` under ProtectSystem=strict
    ],
)
def test_the_pipe_goes_where_it_can_be_made(
    env: dict[str, str], cwd_writable: bool, expected: str | None
) -> None:
    assert pipe_dir(dict(env), lambda _path: cwd_writable) == expected


READ_ONLY = 'mount --bind {d} {d} && mount -o remount,bind,ro {d} && cd {d} && exec "$@"'


def in_read_only_dir(folder: Path, *command: str) -> subprocess.CompletedProcess[str]:
    """Run ``command`` with ``folder`` as its working directory, mounted read-only in a mount
    namespace of its own, as ``ProtectSystem=strict`` leaves ``/`` (read-only even for root)."""
    folder.mkdir()
    return subprocess.run(
        [
            "unshare",
            "--mount",
            "--map-root-user",
            "sh",
            "-c",
            READ_ONLY.format(d=folder),
            "-",
            *command,
        ],
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_lgpio_imports_in_a_read_only_directory_only_through_the_guard(tmp_path: Path) -> None:
    pytest.importorskip("lgpio")  # PyPI has wheels for x86_64, aarch64 and armv7l
    probe = in_read_only_dir(tmp_path / "probe", "true")
    if probe.returncode != 0:
        pytest.skip(f"no mount namespace here: {probe.stderr.strip()}")
    bare = in_read_only_dir(tmp_path / "bare", sys.executable, "-c", "import lgpio")
    assert bare.returncode != 0
    assert "FileNotFoundError" in bare.stderr and ".lgd-nfy" in bare.stderr
    guarded = in_read_only_dir(
        tmp_path / "guarded",
        sys.executable,
        "-c",
        "import os\nfrom hardware.lgpio_dir import lgpio_working_dir\n"
        "with lgpio_working_dir():\n    import lgpio\nprint(os.getcwd())",
    )
    assert (guarded.returncode, guarded.stdout) == (0, f"{tmp_path / 'guarded'}\n"), guarded.stderr


def test_the_working_directory_survives_the_import(tmp_path: Path) -> None:
    pytest.importorskip("lgpio")
    start, runtime = tmp_path / "start", tmp_path / "run"
    start.mkdir()
    runtime.mkdir()
    script = (
        "import os\nfrom hardware.lgpio_dir import lgpio_working_dir\n"
        "with lgpio_working_dir():\n    import lgpio\n"
        "print(os.getcwd()); print(os.environ['LG_WD'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=start,
        env={"PATH": "/usr/bin:/bin", "RUNTIME_DIRECTORY": str(runtime), "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.splitlines() == [str(start), str(runtime)]
    assert [p.name for p in runtime.iterdir() if p.name.startswith(".lgd-nfy")]
