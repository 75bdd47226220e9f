"""The night's lines are prepared in the order they are said, as far as it is known: the device
decodes clips a few lines ahead in this order, so an answer's line must sit by its question."""

from __future__ import annotations

import random

from games.onenight import night
from games.onenight.instructions import all_lines as instruction_lines
from games.onenight.instructions import all_outcomes, draw_instructions
from games.onenight.presets import find_preset, preset_roles
from games.onenight.setup import OneNightSetup
from games.onenight.state import OneNightState


def _state(seed: int) -> OneNightState:
    roles = preset_roles(find_preset("alien_first_game"), 5)
    setup = OneNightSetup(5, roles, seed)
    drawn = draw_instructions(roles, 5, random.Random(seed), ripple_rate=0.0)
    return OneNightState(setup, instructions=drawn)


def test_an_oracle_answers_lines_follow_her_question_and_nothing_is_lost() -> None:
    checked = 0
    for seed in range(40):
        state = _state(seed)
        lines = night.all_lines(state)
        instructions = state.instructions
        assert instructions is not None
        assert set(lines) == set(night.script_lines(state)) | set(instruction_lines(instructions))
        assert len(lines) == len(set(lines))
        script = night.script_lines(state)
        assert [line for line in lines if line in script] == list(script)  # its order kept
        if instructions.oracle is None:
            continue
        question = instructions.oracle.lines()[-1]
        asked = lines.index(question)
        following = lines.index(script[script.index(question) + 1])  # the night goes on
        for outcome in all_outcomes(instructions.oracle):
            for say in outcome.lines:
                if say not in script:
                    assert asked < lines.index(say) < following, (seed, say)
                    checked += 1
    assert checked, "no Oracle question was drawn"
