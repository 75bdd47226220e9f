"""The configuration in effect as a commented TOML file (``mothership config``): every section,
the device's and each game's, every key with what it does and its value after the layers.

The device's sections keep ``defaults.toml``'s comments, with each value replaced by the one in
effect; a game's section is written from its declaration (``games.config``). Loaded as a config
file, the text gives the same configuration back.
"""

from __future__ import annotations

import json
import math
import re
from importlib import resources
from pathlib import Path

from device.config import Config, game_sections
from games.config import ConfigSection

__all__ = ["config_text", "toml_value"]

_HEADER = re.compile(r"^\[(?P<name>\w+)\]$")
_KEY = re.compile(r"^(?P<key>\w+) = ")

_NONE_AS_FALSE = {("pins", "buzzer")}
"""Keys where the file says ``false`` for "none" (every other None is an empty path)."""


def toml_value(value: object) -> str:
    """``value`` written as TOML: true/false, numbers, basic strings, arrays."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, Path):
        return json.dumps(str(value), ensure_ascii=False)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON's escapes are TOML's too
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def _device_value(section: str, key: str, value: object) -> str:
    if value is None:
        return "false" if (section, key) in _NONE_AS_FALSE else '""'
    return toml_value(value)


def _comment(text: str) -> list[str]:
    return [f"# {line}".rstrip() for line in text.splitlines()]


def section_text(section: ConfigSection, values: object) -> str:
    """A game's section: its name, what it is for, then each key's doc and value."""
    lines = [f"[{section.name}]", *_comment(section.doc), "#"]
    for key in section.keys:
        lines += [*_comment(key.doc), f"{key.name} = {toml_value(getattr(values, key.name))}"]
    return "\n".join(lines)


def config_text(config: Config) -> str:
    """Every section of ``config`` as commented TOML, the device's first, then the games'."""
    shipped = resources.files("device").joinpath("defaults.toml").read_text("utf-8")
    lines = [
        "# The configuration in effect (`mothership config`): the built-in defaults, the system",
        "# file and --config laid over them key by key, and what each key does.",
        "#",
    ]
    current: dict[str, object] = {}
    section = ""
    for line in shipped.rstrip("\n").splitlines():
        if header := _HEADER.match(line):
            section = header["name"]
            current = config.section(section)
        elif (key := _KEY.match(line)) and key["key"] in current:
            line = f"{key['key']} = {_device_value(section, key['key'], current[key['key']])}"
        lines.append(line)
    games = [section_text(s, config.games[s.name]) for s in game_sections()]
    return "\n\n".join(["\n".join(lines), *games]) + "\n"
