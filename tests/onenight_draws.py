"""One Night's drawn instructions for the tests: the role sets they are drawn for, a game's
draw by seed, the first seed whose draw fits, and a table case's question and line."""

from __future__ import annotations

import random
import typing
from typing import Any

from games.effects import Say
from games.onenight.instructions import (
    Instructions,
    OracleQuestion,
    draw_instructions,
)
from games.onenight.instructions.common import decode
from games.onenight.roles import Role
from games.onenight.setup import parse_roles

EVERY_ROLE = tuple(Role)
SEEDS = range(2000)
ALIEN_SET = parse_roles(
    ["alien", "alien", "synthetic_alien", "cow", "psychic", "rascal", "exposer"]
)
WOLF_SET = parse_roles(["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"])
ROLE_SETS = {
    "every role": EVERY_ROLE,
    "alien first game": ALIEN_SET,
    "werewolves only": WOLF_SET,
    "oracle and wolves": parse_roles(["oracle", "werewolf", "minion", "villager", "seer", "drunk"]),
    "blob and mortician": parse_roles(["blob", "mortician", "villager", "villager", "villager"]),
    "body snatcher and doppelganger": parse_roles(
        ["body_snatcher", "doppelganger", "oracle", "exposer", "villager", "villager"]
    ),
    # Bonus 3 without a Sentinel: Nostradamus's call says nothing of shields.
    "empath and nostradamus": parse_roles(
        ["empath", "nostradamus", "doppelganger", "werewolf", "vampire", "alien", "villager"]
    ),
}


def draw(seed: int, roles: tuple[Role, ...] = EVERY_ROLE, rate: float = 1.0) -> Instructions:
    """The instructions of one game, with the player count cycling through 3..12."""
    return draw_instructions(roles, 3 + seed % 10, random.Random(seed), ripple_rate=rate)


def find(predicate: typing.Callable[[Instructions], bool], roles: tuple[Role, ...]) -> Instructions:
    """The instructions of the first seed whose draw (no ripple) fits ``predicate``."""
    return next(instr for seed in SEEDS if predicate(instr := draw(seed, roles, 0.0)))


def question_from(data: dict[str, Any]) -> OracleQuestion:
    """An Oracle question from a table case."""
    question: OracleQuestion = decode(OracleQuestion, data)
    return question


def say_from(data: dict[str, Any]) -> Say:
    """A line (with its parameters) from a table case."""
    return Say.of(data["line"], **data.get("params", {}))
