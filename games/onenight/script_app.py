"""The app's random instructions inside the night script: the Oracle's questions and answers,
the aliens' directive, the other random roles, the ripple, and what they do to the day.

``Answers`` are the closed answer windows of a game (the Oracle's, the Doppelganger-Oracle's),
keyed by the wake step that asked. Everything after a window depends on its answer, so the
script is rebuilt from ``(setup, instructions, answers)``; the part already spoken never changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from games.effects import Say
from games.onenight.cue import Cue
from games.onenight.instructions import (
    Instructions,
    OracleOutcome,
    OracleQuestion,
    day_seconds,
    directive_after_oracle,
    oracle_outcome,
    ripple_after_oracle,
)
from games.onenight.instructions.common import Scope, Target
from games.onenight.setup import OneNightSetup

Answer = bool | int | None
Answers = tuple[tuple[str, Answer], ...]
"""Closed answer windows: (asking step key, answer or None when the device answered)."""

ORACLE_STEPS = {"oracle": "oracle", "doppelganger": "doppel_oracle"}
"""Which step asks which question (the Doppelganger-Oracle at the end of her own step)."""


def question_for(instructions: Instructions, step: str) -> OracleQuestion | None:
    """The question the step ``step`` asks, if any."""
    field = ORACLE_STEPS.get(step)
    return None if field is None else getattr(instructions, field)


def outcomes(instructions: Instructions, answers: Answers) -> dict[str, OracleOutcome]:
    """The outcome of every closed answer window (None answers: the device's own answer)."""
    result: dict[str, OracleOutcome] = {}
    for step, answer in answers:
        question = question_for(instructions, step)
        if question is not None:
            result[step] = oracle_outcome(question, answer, None)
    return result


FORESIGHT_STEPS = {"nostradamus": "nostradamus", "nostradamus_doppelganger": "doppel_nostradamus"}
"""Which step asks which Nostradamus his team (the Doppelganger's in her repeat)."""


def announced_teams(instructions: Instructions, answers: Answers) -> dict[str, str]:
    """The team announced at night for each closed Nostradamus window ("werewolf_team"), by
    step: the number he pressed, or the team drawn for him when he pressed none."""
    found: dict[str, str] = {}
    for step, answer in answers:
        told = getattr(instructions, FORESIGHT_STEPS.get(step, ""), None)
        if told is not None:
            pressed = answer if isinstance(answer, int) and not isinstance(answer, bool) else None
            found[step] = f"{told.team_of(pressed).value}_team"
    return found


def says_to_cues(
    step: str, phase: str, says: Sequence[Say], hold: float, pause: float, listen: str = ""
) -> list[Cue]:
    """Lines spoken in a row: a pause after each, ``hold`` (and ``listen``) after the last."""
    cues = [Cue(step, phase, say, pause) for say in says]
    if cues:
        last = cues[-1]
        cues[-1] = Cue(last.step, last.phase, last.say, hold, listen)
    return cues


def question_cues(
    step: str,
    phase: str,
    question: OracleQuestion,
    outcome: OracleOutcome | None,
    setup: OneNightSetup,
) -> list[Cue]:
    """Ask, listen for the role timer, then (once the window closed) announce the outcome.

    The outcome is spoken only when the full timer has run, answered or not, so the length of
    the step never tells whether her card is in the centre.
    """
    act, pause = setup.options.role_seconds, setup.options.pause_seconds
    cues = says_to_cues(step, phase, question.lines(), act, pause, question.listen)
    if outcome is not None:
        acts = outcome.centre_views or outcome.swaps_with_centre or outcome.views_seat
        cues += says_to_cues(step, phase, outcome.lines, act if acts else pause, pause)
    return cues


def act_lines(
    instructions: Instructions, key: str, found: Mapping[str, OracleOutcome], *, doppel: bool
) -> tuple[Say, ...] | None:
    """The random instruction for step ``key`` (or her repeat of it), if the step has one."""
    if key == "aliens" and not doppel:
        directive = directive_after_oracle(instructions, *_ordered(found))
        return None if directive is None else directive.lines()
    item = getattr(instructions, f"doppel_{key}" if doppel else key, None)
    if item is None and doppel and key == "blob":
        item = instructions.blob
    return None if item is None or key in ORACLE_STEPS else item.lines()


def after_act_lines(
    instructions: Instructions, key: str, found: Mapping[str, OracleOutcome]
) -> tuple[Say, ...]:
    """Lines said once a step has acted (the aliens' "fists away" after tapping someone)."""
    if key != "aliens":
        return ()
    directive = directive_after_oracle(instructions, *_ordered(found))
    return () if directive is None else directive.close_lines()


def ripple_cues(
    instructions: Instructions,
    found: Mapping[str, OracleOutcome],
    setup: OneNightSetup,
    replay: Callable[[frozenset[str]], list[Cue]],
) -> list[Cue]:
    """The ripple at the end of the night; a time loop replays the night without its skips."""
    ripple = ripple_after_oracle(instructions, *_ordered(found))
    if ripple is None:
        return []
    act, pause = setup.options.role_seconds, setup.options.pause_seconds
    cues = says_to_cues(
        "ripple", "night", ripple.lines(), act if ripple.acts_at_night else pause, pause
    )
    cues += says_to_cues("ripple", "night", ripple.close_lines(), pause, pause)
    if ripple.time_loop:
        cues += replay(frozenset(ripple.skipped))
    return cues


def day_length(
    instructions: Instructions | None, setup: OneNightSetup, found: Mapping[str, OracleOutcome]
) -> float:
    """The discussion time after the directive and ripple that apply."""
    if instructions is None:
        return setup.day_seconds
    return day_seconds(instructions, setup.day_seconds, *_ordered(found))


def possible_day_lengths(instructions: Instructions | None, setup: OneNightSetup) -> set[float]:
    """Every day length this game may end up with (for pre-rendering the day's opening line)."""
    base = setup.day_seconds
    if instructions is None:
        return {base}
    return {base, base / 2, min(base, 60.0), min(base / 2, 60.0)}


def _ordered(found: Mapping[str, OracleOutcome]) -> list[OracleOutcome | None]:
    return [found.get("oracle"), found.get("doppelganger")]


def group_seats(target: Target, players: int) -> tuple[int, ...]:
    """The seats of a group target (everyone, odd, even or named players)."""
    seats = range(1, players + 1)
    if target.scope is Scope.NAMED:
        return target.seats
    if target.scope is Scope.ODD_PLAYERS:
        return tuple(seat for seat in seats if seat % 2)
    if target.scope is Scope.EVEN_PLAYERS:
        return tuple(seat for seat in seats if not seat % 2)
    return tuple(seats)


def vote_rules(
    instructions: Instructions | None, players: int, found: Mapping[str, OracleOutcome]
) -> tuple[tuple[int, ...], bool]:
    """The ripple's changes to the vote: seats voting with two hands, and the device as target."""
    ripple = None if instructions is None else ripple_after_oracle(instructions, *_ordered(found))
    if ripple is None:
        return (), False
    two = group_seats(ripple.target, players) if ripple.two_hand_votes and ripple.target else ()
    return two, ripple.device_can_be_voted
