"""The table-driven test data: every table in tests/data is read through tests/tables.py by some
test, and every case can be told apart (rules cases by their `rule` or `name`)."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path
from typing import Any

import pytest
from tables import DATA, case_id, load_cases, load_data, load_table

TESTS = Path(__file__).parent
LOADERS = {"load_cases", "load_table", "load_data"}
#: Tables of bad device input (command line, config, scenario files, backups): not rules, so a
#: case may be known by the error it expects instead of a name.
INPUT_FILES = {
    "cli_input_errors",
    "config_errors",
    "scenario_errors",
    "scenario_runtime_errors",
    "scorelog_backup_errors",
}
FILES = sorted(path.stem for path in DATA.glob("*.toml"))


def _sources() -> dict[Path, str]:
    return {
        path: path.read_text("utf-8")
        for path in sorted(TESTS.rglob("*.py"))
        if path.name not in ("tables.py", "test_tables.py")
    }


@functools.cache
def _reads() -> set[tuple[str, str | None]]:
    """(file, table) of every loader call in the tests; table None when the whole file is."""
    reads: set[tuple[str, str | None]] = set()
    for path, source in _sources().items():
        for node in ast.walk(ast.parse(source, str(path))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in LOADERS
            ):
                continue
            args = [*node.args, *(keyword.value for keyword in node.keywords)]
            names = [
                name
                for arg in args
                if isinstance(arg, ast.Constant) and isinstance(name := arg.value, str)
            ]
            if len(names) != len(args):
                pytest.fail(f"{path.name}:{node.lineno}: call {node.func.id} with literal names")
            if node.func.id == "load_data":
                reads.add((names[0], None))
            else:
                reads.add((names[0], names[1] if len(names) > 1 else "case"))
    return reads


def _tables(name: str) -> dict[str, Any]:
    return load_data(name)


@pytest.mark.parametrize("name", FILES)
def test_every_table_of_a_data_file_is_read_by_a_test(name: str) -> None:
    reads = _reads()
    unread = sorted(
        table for table in _tables(name) if (name, table) not in reads and (name, None) not in reads
    )
    assert unread == [], f"tests/data/{name}.toml: no test reads {unread}"


def test_every_loader_call_names_a_table_that_exists() -> None:
    missing = sorted(
        f"{name}:{table}"
        for name, table in _reads()
        if name not in FILES or (table is not None and table not in _tables(name))
    )
    assert missing == []


def test_no_test_reads_tests_data_on_its_own() -> None:
    own = [
        path.name
        for path, source in _sources().items()
        if re.search(r"/\s*[\"']data[\"']|tests/data/\w+\.toml[\"']", source)
    ]
    assert own == []


@pytest.mark.parametrize("name", FILES)
def test_every_case_has_a_rule_or_a_name(name: str) -> None:
    keys = ("name", "error") if name in INPUT_FILES else ("rule", "name")
    nameless = [
        f"[[{table}]] #{index}"
        for table, cases in _tables(name).items()
        if isinstance(cases, list)
        for index, case in enumerate(cases, start=1)
        if isinstance(case, dict) and not any(key in case for key in keys)
    ]
    assert nameless == [], f"tests/data/{name}.toml: cases without {' or '.join(keys)}: {nameless}"


def test_the_loader_names_what_is_missing() -> None:
    with pytest.raises(FileNotFoundError, match="no test data 'wake_ordr' in tests/data"):
        load_data("wake_ordr")
    with pytest.raises(KeyError, match=r"no 'cases' table \(it has \['case'\]\)"):
        load_cases("wake_order", "cases")
    with pytest.raises(TypeError, match="'case' is not a table"):
        load_table("wake_order", "case")
    with pytest.raises(KeyError, match="a case needs a name, rule or error"):
        case_id({"players": 3})
    assert case_id({"rule": "2 Werewolf", "error": "x"}) == "2 Werewolf"
