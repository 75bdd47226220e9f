"""docs/architecture.md names the project's own files and code: every path it gives exists and
every class, function or attribute it names is defined, so the walk cannot drift from the code."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
SOURCES = "\n".join(
    path.read_text(encoding="utf-8")
    for package in ("games", "narration", "hardware", "device", "tests/stargame")
    for path in (ROOT / package).rglob("*.py")
) + (ROOT / "tests" / "suitegames.py").read_text(encoding="utf-8")  # how a game joins the suite
PATH = re.compile(r"`((?:games|narration|hardware|device|tests|docs)/[\w/.]*)`")


def test_every_path_the_walk_names_exists() -> None:
    paths = set(PATH.findall(DOC))
    assert len(paths) > 20
    assert sorted(p for p in paths if not (ROOT / p).exists()) == []


DEFINED = {
    name
    for groups in re.findall(r"(?:class|def) (\w+)|(\w+)\s*[:=(]", SOURCES)
    for name in groups
    if name
}
"""Every name the packages define (class, def, assignment, attribute) or call."""
STANDARD = {"StrEnum", "ExitStack"}
"""Standard library names the doc may give."""


def code_names(doc: str) -> set[str]:
    """The code names in the doc's code spans: every part of a dotted name, a single name with
    an underscore or a capital, and the capitalised names inside a call's parentheses."""
    names: set[str] = set()
    prose = re.sub(r"```.*?```", "", doc, flags=re.S)
    for span in re.findall(r"`([^`\n]+)`", prose):
        if "/" in span or " " in span.split("(")[0]:
            continue
        head, _, args = span.partition("(")
        parts = head.split(".")
        if len(parts) > 1 and not head.endswith((".py", ".md", ".toml")):
            names.update(parts)
        elif "_" in head or any(c.isupper() for c in head):
            names.add(head)
        names.update(re.findall(r"\b[A-Z][A-Za-z]+\b", args))
    return {name for name in names if re.fullmatch(r"[A-Za-z_]\w*", name)}


def test_every_code_name_the_walk_gives_is_defined() -> None:
    names = code_names(DOC)
    assert {"Daemon", "open_daemon", "Wiring", "step", "on_press", "close_vote"} <= names
    assert sorted(name for name in names if name not in DEFINED | STANDARD) == []
