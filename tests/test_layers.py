"""The import rules between the layers (DESIGN.md, "Layers"), checked on the source with ``ast``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PROJECT = {"device", "narration", "games", "hardware"}
THIRD_PARTY_ALLOWED = {
    "games": set(),
    "hardware": {"gpiozero", "serial"},
    # piper and numpy load only in the Piper worker process (narration/piper_worker.py).
    "narration": {"pyttsx3", "pygame", "piper", "numpy"},
    # typing_extensions only for mypy (under TYPE_CHECKING): a TypeVar's default before 3.13.
    "device": {"pygame", "gpiozero", "serial", "pyttsx3", "segno", "aiohttp", "typing_extensions"},
}
PROJECT_ALLOWED = {
    "games": {"games"},
    "hardware": {"hardware"},
    "narration": {"narration", "games"},
    "device": PROJECT,
}


def imported_roots(source: str) -> set[str]:
    """The top-level module names a piece of source imports (absolute imports only)."""
    roots: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def layer_violations(package: str, source: str) -> set[str]:
    """The imports in ``source`` that ``package`` may not make."""
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    allowed = stdlib | PROJECT_ALLOWED[package] | THIRD_PARTY_ALLOWED[package]
    return imported_roots(source) - allowed


@pytest.mark.parametrize("package", sorted(PROJECT))
def test_each_layer_imports_only_what_it_may(package: str) -> None:
    problems = {
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for name in layer_violations(package, path.read_text(encoding="utf-8"))
    }
    assert problems == set()


@pytest.mark.parametrize(
    ("package", "source", "bad"),
    [
        ("games", "import pygame", {"pygame"}),
        ("games", "from narration.catalogue import Catalogue", {"narration"}),
        ("games", "import random, dataclasses", set()),
        ("hardware", "from games.events import SeatPressed", {"games"}),
        ("hardware", "import device.runtime.app", {"device"}),
        ("narration", "from hardware.lamps import Lamps", {"hardware"}),
        ("narration", "import gpiozero", {"gpiozero"}),
        ("device", "from games import find_game\nimport pygame", set()),
    ],
)
def test_the_layer_check_catches_a_forbidden_import(
    package: str, source: str, bad: set[str]
) -> None:
    assert layer_violations(package, source) == bad


def test_nothing_imports_the_device_layer() -> None:
    users = [
        path.relative_to(ROOT)
        for package in ("games", "narration", "hardware")
        for path in (ROOT / package).rglob("*.py")
        if "device" in imported_roots(path.read_text(encoding="utf-8"))
    ]
    assert users == []


def module_imports(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of it that it imports (anywhere in it)."""
    paths = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for path in (ROOT / package).rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                # ``from pkg import sub`` imports the module pkg.sub; ``from pkg import name``
                # a name of pkg itself (pkg's __init__ runs either way, as for pkg.sub.x).
                names = {f"{node.module}.{a.name}" for a in node.names}
                found |= names & set(paths)
                if names - set(paths):
                    found.add(node.module)
        graph[name] = (found & set(paths)) - {name}
    return graph


def import_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One chain of imports that comes back to where it started ([] if there is none)."""
    done: set[str] = set()

    def walk(name: str, chain: list[str]) -> list[str]:
        if name in chain:
            return [*chain[chain.index(name) :], name]
        if name in done:
            return []
        for imported in sorted(graph[name]):
            cycle = walk(imported, [*chain, name])
            if cycle:
                return cycle
        done.add(name)
        return []

    for name in sorted(graph):
        cycle = walk(name, [])
        if cycle:
            return cycle
    return []


@pytest.mark.parametrize("package", sorted(PROJECT))
def test_no_module_imports_itself_back(package: str) -> None:
    assert import_cycle(module_imports(package)) == []


def test_the_cycle_check_finds_a_deferred_import_back() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_cycle(graph) == ["a", "b", "c", "a"]
    assert import_cycle({"a": {"b"}, "b": set()}) == []


# -- Inside device/: its subpackages have a direction ---------------------------------------

DEVICE_ORDER = ("commands", "simulator", "web", "runtime", "ui", "store")
"""device/'s subpackages, each importing only those after it and the small shared modules
(``device/*.py``: config, clock, transcript...), never one before it."""
BACK_IMPORTS_LEFT: set[tuple[str, str]] = set()
"""Back-imports not mended yet; a new one fails the test."""


def device_rank(module: str) -> int:
    """Where ``module`` stands in ``DEVICE_ORDER`` (the shared modules last)."""
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in DEVICE_ORDER:
        return DEVICE_ORDER.index(parts[1])
    return len(DEVICE_ORDER)


def device_back_imports() -> set[tuple[str, str]]:
    """Every (module, imported) in device/ where the imported module stands before it."""
    found = set()
    for name, imported in module_imports("device").items():
        if name == "device.__main__":  # ``python -m device``: the command line's entry point
            continue
        found |= {(name, other) for other in imported if device_rank(other) < device_rank(name)}
    return found


def test_device_subpackages_import_only_in_their_direction() -> None:
    found = device_back_imports()
    assert found - BACK_IMPORTS_LEFT == set()
    assert BACK_IMPORTS_LEFT - found == set()  # one mended: take it off the list


@pytest.mark.parametrize(
    ("module", "rank"),
    [
        ("device.commands.cli", 0),
        ("device.web.part", 2),
        ("device.ui", 4),
        ("device.store.database", 5),
        ("device.config", 6),
        ("device.clock", 6),
    ],
)
def test_the_direction_ranks_subpackages_then_shared_modules(module: str, rank: int) -> None:
    assert device_rank(module) == rank
