"""The examples in the packages' docstrings run as tests, from any pytest run over tests/.

A module takes part as soon as one of its docstrings holds a ``>>>`` example; the modules are
found by reading the source, so nothing is imported only to look for examples.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGES = ("games", "narration", "hardware", "device")
#: Functions whose examples document a rule (by qualified name, so modules may move);
#: losing one fails the suite.
DOCUMENTED = {
    "find_game",
    "find_role",
    "Role.definite",
    "Role.spoken",
    "seats_phrase",
    "wrap",
    "blob_members",
    "blob_patterns",
    "draft_direction",
    "player_range",
    "preset_roles",
    "printable",
}


def _modules_with_examples() -> list[str]:
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.name != "__main__.py" and ">>> " in path.read_text("utf-8"):
                names.append(".".join(path.relative_to(ROOT).with_suffix("").parts))
    return names


MODULES = _modules_with_examples()


def _examples(name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(name)
    return [test for test in doctest.DocTestFinder().find(module) if test.examples]


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name: str) -> None:
    tests = _examples(name)
    assert tests, f"{name} has '>>> ' in its source but no docstring example"
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test, out=report.append)
    if runner.failures:
        pytest.fail("".join(report), pytrace=False)


def test_the_documented_rules_keep_their_examples() -> None:
    found = {test.name.removeprefix(name + ".") for name in MODULES for test in _examples(name)}
    assert DOCUMENTED - found == set()
