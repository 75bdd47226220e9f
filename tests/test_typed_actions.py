"""Controls carry typed actions: no code builds an action as text for a game to parse back.

A control's action, a ``Touched``'s, a sheet button's, a score log tab's or row's is a typed
value (``Tap.CLOSE``, ``SeatTap(SeatRole.TARGET, 3)``...); its text (``target:3``) is only
written out (transcripts, error messages) and read back where text comes in (``parse_action``,
``action_named``: a test's table). The scan reads the source with ``ast`` and refuses:

* an action given as a string literal, an f-string, a concatenation, ``%`` or ``.format()``, or
  ``str(...)`` of something;
* an action (a name or attribute called ``action``) compared with a string, or taken apart
  (``.startswith``, ``.removeprefix``, ``.partition``, ``.split``);
* text read back into an action (``parse_action``, ``action_named``) outside the modules that
  define them.
"""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGES = ("games", "device", "narration", "hardware", "bench", "tests/stargame")
TAKES_ACTION = {
    # callable name: (the action's position, its keyword names)
    "Control": (1, ("action",)),
    "SheetButton": (1, ("action",)),
    "Tab": (1, ("action",)),
    "PlayRow": (1, ("action",)),
    "add_control": (1, ("action",)),
    "Touched": (0, ("action",)),
    "BgStatsView": (None, ("back", "who")),
}
"""The calls whose argument is an action."""
TAKEN_APART = ("startswith", "endswith", "removeprefix", "removesuffix", "partition", "split")
PARSERS = ("parse_action", "action_named")
TEXT_EDGE = ("games/events.py", "device/ui/actions.py")
"""Where the parsers live: the only modules that read text into actions."""
NOT_TAPS = ("device/commands/backup.py", "device/commands/voice.py", "device/web/commands.py")
"""Modules whose ``action`` is a command line's subcommand or a page form's path, not a tap."""


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _text(node: ast.expr) -> bool:
    """Whether ``node`` builds a string: a literal, an f-string, ``+``/``%`` with one, a
    ``.format()`` or a ``str()``."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return _text(node.left) or _text(node.right)
    if isinstance(node, ast.Call):
        return _name(node.func) in ("format", "str")
    if isinstance(node, ast.IfExp):
        return _text(node.body) or _text(node.orelse)
    return False


def _literal(node: ast.expr) -> bool:
    """A string literal, or a collection literal holding one."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_literal(item) for item in node.elts)
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _is_action(node: ast.expr) -> bool:
    """Whether ``node`` reads an action: ``action``, ``x.action``, or ``str()`` of one."""
    if isinstance(node, ast.Call) and _name(node.func) == "str" and node.args:
        node = node.args[0]
    return _name(node) == "action"


def _given_actions(call: ast.Call) -> list[ast.expr]:
    name = _name(call.func)
    if name not in TAKES_ACTION:
        return []
    index, keywords = TAKES_ACTION[name]
    given = [k.value for k in call.keywords if k.arg in keywords]
    if index is not None and len(call.args) > index:
        given.append(call.args[index])
    return given


def text_actions(source: str, *, edge: bool = False) -> list[int]:
    """The lines of ``source`` that build an action from text, compare or take one apart as
    text, or (unless ``edge``) read text back into an action."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            if any(_text(given) for given in _given_actions(node)):
                lines.append(node.lineno)
            func = node.func
            apart = isinstance(func, ast.Attribute) and func.attr in TAKEN_APART
            if apart and isinstance(func, ast.Attribute) and _is_action(func.value):
                lines.append(node.lineno)
            if not edge and _name(func) in PARSERS:
                lines.append(node.lineno)
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for left, right in itertools.pairwise(sides):
                if (_is_action(left) and _literal(right)) or (_is_action(right) and _literal(left)):
                    lines.append(node.lineno)
    return sorted(set(lines))


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ('out.append(Control(name, f"pick:{name}", rect))', True),
        ('Control("Close vote", "close", CLOSE_RECT)', True),
        ('Control(label=l, action="seat:" + str(n), rect=r)', True),
        ('Control(l, "%s:%d" % (kind, seat), r)', True),
        ('Control(l, "{}:{}".format(kind, seat), r)', True),
        ("Control(str(n), str(AnswerTap(n)), rect)", True),
        ('ui.add_control("Enter scores", "keypad", ENTER_RECT)', True),
        ('SheetButton(f"Player {s}", f"friendliest:{s}")', True),
        ('Touched("start")', True),
        ('Touched(f"card:{value}")', True),
        ('BgStatsView(t, (), link, back="log:page:plays")', True),
        ('BgStatsView(t, (), link, who=f"log:who:{play.id}" if x else "")', True),
        ('if event.action == "back": pass', True),
        ('ok = action in ("table:-1", "table:+1")', True),
        ('ok = str(event.action).startswith("pace:")', True),
        ('seat = int(action.removeprefix("seat:"))', True),
        ('tap = parse_action("target:3")', True),
        ("Control(name, PickTap(name), rect)", False),
        ("Control(f'Seat {n}', SeatTap(SeatRole.SEAT, n), rect)", False),
        ("Control(label, action, rect)", False),
        ("SheetButton(f'First {s}', SeatTap(SeatRole.FIRST, s))", False),
        ("Touched(ChipTap(ChipKind.CARD, value))", False),
        ("ok = event.action is Tap.BACK", False),
        ('ok = event.kind == "touch"', False),
        ('ok = name.startswith("doppel_")', False),
    ],
)
def test_the_scan_finds_an_action_built_or_read_as_text(source: str, found: bool) -> None:
    assert bool(text_actions(source)) is found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_action_is_built_or_read_as_text(package: str) -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / package).rglob("*.py"))
        if path.relative_to(ROOT).as_posix() not in NOT_TAPS
        for line in text_actions(
            path.read_text(encoding="utf-8"),
            edge=path.relative_to(ROOT).as_posix() in TEXT_EDGE,
        )
    ]
    assert found == []
