"""``mothership --version`` names the release and the commit: from the file the installer writes
into the staged source, else from the checkout's git, else "unknown commit"."""

from __future__ import annotations

import fnmatch
import subprocess
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from device import version
from device.version import checkout_commit, installed_commit, version_line

RELEASE = metadata.version("mothership")


def test_an_installed_release_names_the_commit_the_installer_wrote(tmp_path: Path) -> None:
    (tmp_path / "commit.toml").write_text('commit = "abc1234"\ndate = "2026-11-28"\n')
    assert installed_commit(tmp_path) == ("abc1234", "2026-11-28")
    assert version_line(tmp_path) == f"mothership {RELEASE} (commit abc1234, 2026-11-28)"


@pytest.mark.parametrize("text", [None, "", "commit = 3\n", "not toml ["])
def test_without_the_file_or_with_a_broken_one_there_is_no_installed_commit(
    tmp_path: Path, text: str | None
) -> None:
    if text is not None:
        (tmp_path / "commit.toml").write_text(text)
    assert installed_commit(tmp_path) is None


def git(folder: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(folder), *args], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_a_checkout_names_its_head(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    (tmp_path / "a").write_text("a")
    git(tmp_path, "add", "a")
    git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a")
    head = git(tmp_path, "rev-parse", "--short", "HEAD")
    assert checkout_commit(tmp_path) == (head, git(tmp_path, "log", "-1", "--format=%cs"))


def test_neither_says_unknown_commit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert checkout_commit(tmp_path) is None  # no .git
    monkeypatch.setattr(version, "checkout_commit", lambda checkout: None)
    assert version_line(tmp_path) == f"mothership {RELEASE} (unknown commit)"


def test_the_installers_file_goes_into_the_installed_package() -> None:
    # pip installs only the package data pyproject.toml names: commit.toml must be among it.
    project = tomllib.loads((Path(__file__).resolve().parents[3] / "pyproject.toml").read_text())
    globs = project["tool"]["setuptools"]["package-data"]["device"]
    assert any(fnmatch.fnmatch(version.COMMIT_FILE, glob) for glob in globs)
