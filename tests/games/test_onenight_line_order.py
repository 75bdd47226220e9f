"""The night's lines are prepared in the order they are said, as far as it is known: the device
decodes clips a few lines ahead in this order (a line said out of it is decoded at its cue)."""

from __future__ import annotations

import random

import pytest

from games.errors import SetupError
from games.onenight import night
from games.onenight.instructions import all_lines as instruction_lines
from games.onenight.instructions import draw_instructions
from games.onenight.presets import find_preset, preset_roles
from games.onenight.session import _prepared_lines, preset_lines
from games.onenight.setup import OneNightSetup
from games.onenight.state import OneNightState


def _state(seed: int) -> OneNightState:
    roles = preset_roles(find_preset("alien_first_game"), 5)
    setup = OneNightSetup(5, roles, seed)
    drawn = draw_instructions(roles, 5, random.Random(seed), ripple_rate=0.0)
    return OneNightState(setup, instructions=drawn)


def test_the_night_is_prepared_in_its_order_then_the_day_then_what_answers_bring() -> None:
    answered = 0
    for seed in range(40):
        state = _state(seed)
        lines = _prepared_lines(state)
        script = night.script_lines(state)
        instructions = state.instructions
        assert instructions is not None
        assert lines[: len(script)] == script  # the night as said, its first line first
        assert lines[len(script)].line == "onenight.day.start"  # then the day's opening
        extra = set(instruction_lines(instructions)) - set(script)
        assert set(lines[-len(extra) :] if extra else ()) == extra  # what answers bring: last
        assert set(lines) >= set(night.all_lines(state))  # nothing is lost
        answered += bool(extra)
    assert answered, "no deal had a line only an answer brings"


def test_a_presets_common_lines_come_first_and_rare_ones_are_left_out() -> None:
    every = preset_lines("alien_first_game", range(4, 6), draws=40, share=0.0)
    common = preset_lines("alien_first_game", range(4, 6), draws=40, share=0.5)
    always = preset_lines("alien_first_game", range(4, 6), draws=40, share=1.0)
    assert set(always) < set(common) < set(every)
    assert every[: len(always)] == always  # the commonest first
    assert preset_lines("alien_first_game", range(20, 30)) == ()  # a table it cannot seat
    with pytest.raises(SetupError):
        preset_lines("no_such_preset", range(4, 5))
