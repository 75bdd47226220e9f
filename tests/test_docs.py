"""The documents keep up with the code: every ruling setting is listed in docs/onenight.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.onenight.config import ONENIGHT, RULINGS

ROOT = Path(__file__).parents[1]
DEFAULTS = {section.name: section.defaults() for section in (ONENIGHT, RULINGS)}
RULING_OPTIONS = ("oracle_even_odd", "assassin_sees_doppelganger", "ripple_rate", "vote_mode")
SETTINGS = [f"rulings.{key}" for key in DEFAULTS["rulings"]]
SETTINGS += [f"onenight.{key}" for key in RULING_OPTIONS]


@pytest.mark.parametrize("setting", SETTINGS)
def test_every_ruling_setting_is_listed_with_its_default(setting: str) -> None:
    text = (ROOT / "docs" / "onenight.md").read_text()
    section, key = setting.split(".")
    default = DEFAULTS[section][key]
    shown = str(default).lower() if isinstance(default, bool) else str(default)
    assert f"| `{setting}` | `{shown}` |" in text


def readme_commands() -> list[str]:
    """The command lines in the README's shell blocks after the Quick start."""
    text = (ROOT / "README.md").read_text()
    after = text[text.index("## Quick start") :].split("\n## ", 1)[1]
    lines: list[str] = []
    for block in after.split("```sh\n")[1:]:
        lines += [line for line in block.split("```")[0].splitlines() if line.strip()]
    return lines


def test_the_readme_commands_run_as_written_in_a_fresh_shell() -> None:
    commands = readme_commands()
    assert commands, "the README shows no commands after the Quick start"
    # A fresh shell has no venv on its PATH: the checkout's commands say where they are.
    bare = [line for line in commands if line.split()[0] == "mothership"]
    assert bare == []
    # An export or a score list names the store a command before it filled.
    filled: set[str] = set()
    for line in commands:
        words = line.split()
        store = words[words.index("--store") + 1] if "--store" in words else None
        if "simulate" in words and store:
            filled.add(store)
        elif words[1:2] in (["export"], ["scores"]):
            assert store in filled, line
