"""constraints.txt pins every package the project needs, at the version the suite runs on: the
Pi's installer and scripts/bootstrap.sh both install with it."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[3]
CONSTRAINTS = ROOT / "constraints.txt"


def pins(text: str) -> dict[str, str]:
    """Each line's package and its exact version; anything but ``name==version`` is refused."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.+!-]+)", line)
        assert match, f"not an exact pin: {line!r}"
        found[canonicalize_name(match[1])] = match[2]
    return found


def needed(project: str, extras: set[str]) -> dict[str, str]:
    """Every installed distribution the project needs with those extras, transitively, and its
    installed version (the project itself left out)."""
    seen: dict[str, str] = {}
    queue: list[tuple[str, set[str]]] = [(project, extras)]
    while queue:
        name, wanted = queue.pop()
        requires = metadata.requires(name) or []
        for text in requires:
            requirement = Requirement(text)
            marker = requirement.marker
            if marker is not None and not any(
                marker.evaluate({"extra": extra}) for extra in {"", *wanted}
            ):
                continue
            key = canonicalize_name(requirement.name)
            try:
                version = metadata.version(requirement.name)
            except metadata.PackageNotFoundError:  # not for this machine (a marker said so)
                continue
            if key not in seen:
                seen[key] = version
                queue.append((requirement.name, set(requirement.extras)))
    seen.pop(canonicalize_name(project), None)
    return seen


def test_every_package_the_project_needs_is_pinned_at_its_installed_version() -> None:
    pinned = pins(CONSTRAINTS.read_text(encoding="utf-8"))
    installed = needed("mothership", {"dev", "pi"})
    assert {"numpy", "onnxruntime", "pygame-ce", "piper-tts", "gpiozero"} <= installed.keys()
    missing = sorted(set(installed) - set(pinned))
    assert not missing, f"add to constraints.txt: {missing}"
    differ = {
        name: (pinned[name], version)
        for name, version in installed.items()
        if pinned[name] != version
    }
    assert not differ, f"constraints.txt pins another version than the venv has: {differ}"


def test_a_line_that_is_not_an_exact_pin_is_refused() -> None:
    assert pins("# a comment\nnumpy==2.4.6  # why\n") == {"numpy": "2.4.6"}
    for loose in ("numpy>=2", "numpy", "numpy~=2.4"):
        try:
            pins(loose)
        except AssertionError:
            continue
        raise AssertionError(f"{loose!r} passed as a pin")


def test_the_device_and_the_suite_install_the_pinned_versions() -> None:
    installer = (ROOT / "systemd" / "install.sh").read_text(encoding="utf-8")
    assert re.search(r"pip_install .*-c \"\$stage/constraints\.txt\"", installer)
    bootstrap = (ROOT / "scripts" / "bootstrap.sh").read_text(encoding="utf-8")
    assert re.search(r"pip install .*-c constraints\.txt", bootstrap)
    # A new pin reinstalls the checkout's venv.
    assert "constraints.txt | sha256sum" in bootstrap
