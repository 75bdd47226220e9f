"""The suite's own layout: pytest imports each test file by its bare name (no packages under
tests/), so two files with one name in different folders stop the whole run at collection; and
mypy checks tests/ and bench/ with the packages, naming each file as pytest imports it."""

from __future__ import annotations

import ast
import tomllib
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).parent


def test_no_two_test_files_share_a_name() -> None:
    places: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        if "__pycache__" not in path.parts:
            places[path.name].append(str(path.relative_to(TESTS)))
    places.pop("conftest.py", None)  # pytest loads each conftest by its folder
    shared = {name: paths for name, paths in places.items() if len(paths) > 1}
    assert not shared, f"rename one of each: {shared}"


ROOT = TESTS.parent


def _imported(path: Path) -> set[str]:
    """The top-level module names ``path`` imports (``tests.x`` counts as ``tests``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_mypy_checks_the_tests_and_benchmarks_with_the_packages() -> None:
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["files"] == ["games", "narration", "hardware", "device", "tests", "bench"]
    assert mypy["strict"] is True and mypy["explicit_package_bases"] is True
    assert mypy["mypy_path"] == ["tests", "bench"]
    assert "overrides" not in mypy or all("ignore_errors" not in o for o in mypy["overrides"])


def test_no_file_imports_a_test_folders_file_by_name_or_through_tests() -> None:
    # mypy names a file from the nearest of tests/ and bench/ (pyproject.toml), as pytest
    # imports it: a file in a test folder is not importable by its bare name, and `tests.x`
    # would be a second name for a file mypy already knows as `x`.
    folders = [p for p in TESTS.rglob("*") if p.is_dir() and p != TESTS]
    nested = {
        path.stem
        for folder in folders
        if not (folder / "__init__.py").exists() and "__pycache__" not in folder.parts
        for path in folder.glob("*.py")
    }
    wrong: list[str] = []
    for path in [*TESTS.rglob("*.py"), *(ROOT / "bench").glob("*.py")]:
        if "__pycache__" in path.parts:
            continue
        bad = _imported(path) & (nested | {"tests"})
        wrong += [f"{path.relative_to(ROOT)} imports {name}" for name in sorted(bad)]
    assert not wrong, "move what they share to the top of tests/: " + "; ".join(wrong)
