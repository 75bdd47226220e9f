"""A game joins the suite by one line (``tests/suitegames.py``): the suite registers Stars for
its whole run, the device reads the catalog when asked (so a game registered after a module
loads is known), and no test lists the games by hand outside a few tables of facts."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import suitegames
from suitegames import PRODUCT, register, suite_only, without

from games import catalog

ROOT = Path(__file__).parents[1]
FACTS = {
    "tests/chaos_games.py": "the chaos run's scripts for a real `mothership` (test_chaos checks)",
    "tests/device/commands/test_demo.py": "demos found by a game's name, their order",
    "tests/device/runtime/test_registry.py": "a mission's keypad, the sections known games read",
    "tests/device/store/test_bgstats.py": "plays of known games, as BG Stats files hold them",
    "tests/games/test_catalog.py": "games found by their names and aliases",
    "tests/games/test_resume_phases.py": "the resume table's games (test_resume_every_game)",
    "tests/device/runtime/test_quit.py": "the first screen known games open on",
    "tests/touchgames.py": "the touch script's own games (it plays any other by its spec)",
}
"""Files that may name three games in one literal, and what for: facts about known games,
never the list a new game must join (each is derived from the catalog beside them)."""


def test_the_suite_registers_its_own_game_once_and_the_product_keeps_its_catalog() -> None:
    assert [spec.key for spec in suite_only()] == ["stars"]
    assert (*PRODUCT, *suite_only()) == catalog.GAMES
    register()  # a second time changes nothing
    assert (*PRODUCT, *suite_only()) == catalog.GAMES
    assert without("stars") == PRODUCT
    assert suitegames.EXTRA == ("stargame",)  # the one line a game adds


def _hand_lists(path: Path, names: set[str]) -> list[int]:
    """The lines of ``path``'s list, tuple, set or dict literals naming three games or more."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            items: list[ast.expr] = list(node.elts)
        elif isinstance(node, ast.Dict):
            items = [key for key in node.keys if key is not None]
        else:
            continue
        flat = [
            sub for item in items for sub in (item.elts if isinstance(item, ast.Tuple) else [item])
        ]
        named = {
            sub.value.casefold()
            for sub in flat
            if isinstance(sub, ast.Constant) and isinstance(sub.value, str)
        } & names
        if len(named) >= 3:
            found.append(node.lineno)
    return found


def test_no_test_lists_the_games_by_hand_outside_its_tables_of_facts() -> None:
    names = {name.casefold() for spec in catalog.GAMES for name in (spec.key, spec.name)}
    lists = {
        str(path.relative_to(ROOT)): lines
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if (lines := _hand_lists(path, names))
    }
    assert {file: lines for file, lines in lists.items() if file not in FACTS} == {}
    assert set(lists) == set(FACTS), "a file no longer lists games: take it out of FACTS"


def test_the_device_reads_the_catalog_when_asked_never_a_copy_taken_at_import() -> None:
    copied = re.compile(r"from games\.catalog import [^\n]*\b(GAMES|TOOLS)\b")
    sources = [
        p for package in ("games", "device", "narration") for p in (ROOT / package).rglob("*.py")
    ]
    assert [str(p.relative_to(ROOT)) for p in sources if copied.search(p.read_text())] == []
