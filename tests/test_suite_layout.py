"""The suite's own layout: pytest imports each test file by its bare name (no packages under
tests/), so two files with one name in different folders stop the whole run at collection."""

from __future__ import annotations

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
