"""One loader for the table-driven test data in tests/data/*.toml.

A data file holds arrays of tables (``[[case]]``, ``[[error]]``, ...) and sometimes plain
tables. A parametrized test reads one array with ``load_cases("wake_order")`` and names each
case with ``case_id``; ``load_table`` reads a plain table. Call them with literal names:
tests/test_tables.py reads the calls to check that every table in tests/data is used.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


def load_data(name: str) -> dict[str, Any]:
    """The whole of tests/data/<name>.toml."""
    path = DATA / f"{name}.toml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in DATA.glob("*.toml")))
        raise FileNotFoundError(f"no test data {name!r} in tests/data (there are: {known})")
    return tomllib.loads(path.read_text("utf-8"))


def _part(name: str, table: str) -> object:
    data = load_data(name)
    if table not in data:
        raise KeyError(f"tests/data/{name}.toml has no {table!r} table (it has {sorted(data)})")
    return data[table]


def load_cases(name: str, table: str = "case") -> list[dict[str, Any]]:
    """The cases of the array of tables ``[[table]]`` in tests/data/<name>.toml."""
    cases = _part(name, table)
    if not isinstance(cases, list) or not all(isinstance(case, dict) for case in cases):
        raise TypeError(f"tests/data/{name}.toml: {table!r} is not an array of tables")
    return cases


def load_table(name: str, table: str) -> dict[str, Any]:
    """The plain table ``[table]`` in tests/data/<name>.toml."""
    found = _part(name, table)
    if not isinstance(found, dict):
        raise TypeError(f"tests/data/{name}.toml: {table!r} is not a table")
    return found


def case_id(case: Mapping[str, Any]) -> str:
    """A case's test id: its ``name``, else its ``rule``, else its ``error``."""
    for key in ("name", "rule", "error"):
        if key in case:
            return str(case[key])
    raise KeyError(f"a case needs a name, rule or error for its test id: {dict(case)!r}")
