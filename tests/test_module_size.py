"""The quality bar's module size: no module of the packages (games/, device/, hardware/,
narration/) grows past 400 lines; one that does is split along a seam (a group of functions or
a class with a name of its own), not cut anywhere. A module that could not be split yet is
listed in ``OVER_LIMIT`` with its reason and the size it may not grow past."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parents[1]
PACKAGES = ("games", "device", "hardware", "narration")
LIMIT = 400

OVER_LIMIT: dict[str, tuple[int, str]] = {}
"""Modules allowed past ``LIMIT`` for now: path -> (the most lines it may have, why)."""


def line_count(path: Path) -> int:
    """The lines of ``path`` as ``wc -l`` counts them."""
    return path.read_bytes().count(b"\n")


def module_sizes() -> dict[str, int]:
    """Every module of the packages, by its path from the project root, with its lines."""
    return {
        path.relative_to(ROOT).as_posix(): line_count(path)
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def test_no_module_is_over_the_limit() -> None:
    sizes = module_sizes()
    assert len(sizes) > 100  # the walk found the packages
    over = {path: lines for path, lines in sizes.items() if lines > LIMIT}
    grown = {
        path: lines
        for path, lines in over.items()
        if path not in OVER_LIMIT or lines > OVER_LIMIT[path][0]
    }
    assert grown == {}, f"split these along a seam (over {LIMIT} lines): {grown}"


def test_the_list_of_modules_over_the_limit_is_current() -> None:
    sizes = module_sizes()
    mended = sorted(path for path in OVER_LIMIT if sizes.get(path, 0) <= LIMIT)
    assert mended == [], "under the limit now (or gone): take them off OVER_LIMIT"


def test_the_count_is_wc_l(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("a = 1\n" * (LIMIT + 1), encoding="utf-8")
    assert line_count(module) == LIMIT + 1 > LIMIT
