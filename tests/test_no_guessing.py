"""The device reads a game through what it declares (``Session.declared``, ``View.public``,
typed effects), never by an attribute's name: ``getattr``/``hasattr`` in ``device/`` stay in
the documented edges below, each for a reason no type can carry."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).parents[1]

EDGES = {
    "device/runtime/names.py": "a view's dataclass fields walked to name seats in its texts",
    "device/ui/registry.py": "a screen class found by its dotted import path",
    "device/ui/events.py": "pygame's key constants by number, and its event's optional button",
    "device/config.py": "a config section's dataclass by its section name",
    "device/config_text.py": "a config key's value by its declared name, to write the file",
    "device/store/playjson.py": "a play's optional dataclass fields written when set",
    "device/web/quietlog.py": "aiohttp's exception carries its status and message or not",
    "device/commands/cli.py": "argparse's namespace has only the chosen command's options",
    "device/commands/appliance.py": "argparse's namespace, as in cli.py",
    "device/commands/wiring.py": "the config's pins by their names",
    "device/commands/doctor.py": "a check's method by the check's name",
}
"""File: why it uses getattr or hasattr (the only files that may)."""


def guesses(source: str) -> int:
    """How many calls to ``getattr`` or ``hasattr`` the source makes."""
    return sum(
        1
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("getattr", "hasattr")
    )


def test_the_device_guesses_an_attribute_only_in_its_documented_edges() -> None:
    found = Counter(
        {
            str(path.relative_to(ROOT)): guesses(path.read_text(encoding="utf-8"))
            for path in (ROOT / "device").rglob("*.py")
        }
    )
    outside = {path: n for path, n in found.items() if n and path not in EDGES}
    assert not outside, f"getattr/hasattr outside the documented edges: {outside}"
    stale = [path for path in EDGES if not found[path]]
    assert not stale, f"edges that no longer guess (remove them): {stale}"


def test_the_check_counts_both_calls_and_nothing_else() -> None:
    source = "getattr(a, 'x')\nhasattr(b, 'y')\nsetattr(c, 'z', 1)\nx.getattr\n"
    assert guesses(source) == 2
