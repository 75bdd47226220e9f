"""The samples play as a table does (seat buttons, the reveal's picker, the score keypad), but
for one per game, which gives its votes, reveals and scores as the scenario's shortcut entries
for authors to copy; docs/scenarios.md marks which."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from device.simulator.run import ENTRIES
from device.simulator.scenario import load_scenario

ROOT = Path(__file__).parents[3]
SAMPLES = sorted([*ROOT.glob("games/*/samples/*.json"), *ROOT.glob("tests/*/samples/*.json")])
"""Every sample file: the games' and the suite's own game's."""
ROWS = dict(
    re.findall(r"^\| `([\w-]+\.json)` \|(.*)$", (ROOT / "docs" / "scenarios.md").read_text(), re.M)
)
"""docs/scenarios.md's samples table: file -> the rest of its row."""


def uses_shortcuts(path: Path) -> bool:
    """Whether the sample gives a ``vote``, ``reveal`` or ``score`` entry."""
    return any(event.kind in ENTRIES for event in load_scenario(path).events)


def test_at_most_one_sample_per_game_uses_the_shortcut_entries() -> None:
    by_game: dict[Path, list[str]] = defaultdict(list)
    for path in SAMPLES:
        if uses_shortcuts(path):
            by_game[path.parent.parent].append(path.name)
    assert by_game, "no sample shows the shortcuts to authors"
    for game, names in by_game.items():
        assert len(names) == 1, f"{game.name}: {names} all use shortcuts; play all but one by touch"


def test_the_docs_mark_exactly_the_shortcut_samples() -> None:
    for path in SAMPLES:
        if path.is_relative_to(ROOT / "tests"):
            continue  # the suite's own game is not in the users' reference
        assert path.name in ROWS, f"{path.name} is missing from docs/scenarios.md's samples"
        marked = "*shortcuts*" in ROWS[path.name]
        assert marked == uses_shortcuts(path), path.name
