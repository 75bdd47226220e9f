"""Phases and screens are compared by member, never with a string: a misspelt ``"scroe"`` is a
comparison that is never true, and mypy cannot see it; ``GamePhase.SCORE`` is checked.

The scan reads the source with ``ast``: a comparison (``==``, ``!=``, ``in``, ``is``...) of a
phase or screen (a name or attribute called ``phase``/``screen``, ``_phase``, ``state.phase``,
``session.phase(state)``...) with a string literal, or with a tuple, list or set holding one,
is refused."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGES = ("games", "device", "narration", "hardware", "tests/stargame")
WATCHED = ("phase", "screen")


def _watched(node: ast.expr) -> bool:
    """Whether ``node`` reads a phase or a screen."""
    if isinstance(node, ast.Call):
        node = node.func
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", None)
    return isinstance(name, str) and name.strip("_").split("_")[-1] in WATCHED


def _literal(node: ast.expr) -> bool:
    """Whether ``node`` is a string literal, or a collection literal holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_literal(item) for item in node.elts)
    return False


def string_comparisons(source: str) -> list[int]:
    """The lines of ``source`` that compare a phase or a screen with a string literal."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        for left, right in itertools.pairwise(sides):
            if (_watched(left) and _literal(right)) or (_watched(right) and _literal(left)):
                lines.append(node.lineno)
    return lines


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ('if state.phase == "score": pass', True),
        ('ok = executor.screen not in ("end", "sheet")', True),
        ('ok = "night" == self._phase', True),
        ('ok = session.phase(state) != "final"', True),
        ('ok = moved.phase in {"dusk", "night"}', True),
        ("ok = state.phase is Phase.SCORE", False),
        ("ok = executor.screen in (ScreenName.END, ScreenName.SHEET)", False),
        ('ok = state.mission == "speed"', False),
        ('ok = entry.get("phase") == "day"', False),  # transcript JSON: the text edge
    ],
)
def test_the_scan_finds_a_string_compared_with_a_phase_or_screen(source: str, found: bool) -> None:
    assert bool(string_comparisons(source)) is found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_phase_or_screen_is_compared_with_a_string(package: str) -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for line in string_comparisons(path.read_text(encoding="utf-8"))
    ]
    assert found == []
