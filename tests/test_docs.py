"""The documents keep up with the code: every ruling setting is listed in docs/onenight.md."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
DEFAULTS = tomllib.loads((ROOT / "device" / "defaults.toml").read_text())
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
