"""What the Oracle's answer brings: the lines to speak and the effect on the night and the day.

:func:`oracle_outcome` is pure: every random part was drawn with the question (see
``games.onenight.instructions.oracle``), so an answer, or its absence, decides everything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.effects import Say
from games.onenight.instructions.common import InstructionError
from games.onenight.instructions.oracle import (
    FIXED_RESULTS,
    AnswerKind,
    OracleKind,
    OracleQuestion,
    OracleResult,
)
from games.onenight.instructions.roles import AlienDirective, AlienKind
from games.onenight.roles import Role, Team


@dataclass(frozen=True)
class OracleOutcome:
    """What the answer brings: the lines to speak and the effect on the night and the day."""

    kind: OracleKind
    result: OracleResult
    answer: bool | int | None
    """The answer used: hers, or the device's when she gave none (even or odd: the seat
    pressed, None when none was: the device gives no answer of its own)."""
    timed_out: bool
    """She gave no answer, so the device answered."""
    lines: tuple[Say, ...]
    becomes: Role | None = None
    """Her card is now this card (Alien, Werewolf or Vampire)."""
    joins: Team | None = None
    """She is on this team without changing card (alien team, not an alien)."""
    forced_directive: AlienDirective | None = None
    """The aliens must pass their cards this way instead of their drawn directive."""
    forces_ripple: bool = False
    """A ripple happens at the end of the night."""
    centre_views: int = 0
    """How many centre cards she may (or, with ``must_view_all``, must) look at now."""
    must_view_all: bool = False
    swaps_with_centre: bool = False
    """She must swap her card with a centre card now."""
    views_seat: int | None = None
    """She looks at this player's card now."""
    eyes_open: bool = False
    """She guessed right: she keeps her eyes open for the rest of the night."""
    failed_guess: bool = False
    """She guessed wrong: everyone else wins if she dies; she wins only if she survives."""
    public_facts: tuple[str, ...] = ()
    """Facts announced to the table: ``"<actor>.failed_guess"``, ``"<actor>.number_even"`` or
    ``"<actor>.number_odd"``, where the actor is ``oracle`` or ``doppelganger``."""


def oracle_outcome(
    question: OracleQuestion, answer: bool | int | None, oracle_seat: int | None
) -> OracleOutcome:
    """The outcome of ``answer`` (None: no answer in time, so the device's answer is used).

    ``oracle_seat`` is her seat when known (it may come from her answer window). Even or odd
    announces its parity (an ``answer`` given to even or odd is taken as her seat); with
    neither, it announces no parity at all (reference 2.1: only her real token counts). Which
    player uses it to avoid naming her own seat when it refuses her choice.
    """
    _check_seat(question, oracle_seat, "oracle_seat")
    actor = "doppelganger" if question.doppel else "oracle"
    if question.kind is OracleKind.EVEN_ODD:
        _check_seat(question, answer, "answer")
        seat = oracle_seat if oracle_seat is not None else answer
        if seat is None:
            return _outcome(question, OracleResult.NO_NUMBER, None, True)
        result = OracleResult.EVEN if seat % 2 == 0 else OracleResult.ODD
        fact = f"{actor}.number_{result.value}"
        return _outcome(question, result, seat, False, public_facts=(fact,))
    used = _check_answer(question, answer)
    timed_out = answer is None
    if question.kind is OracleKind.WHICH_PLAYER:
        choice = int(used)
        if question.approved[choice - 1]:
            return _outcome(question, OracleResult.APPROVED, used, timed_out, views_seat=choice)
        first, second = question.others[choice - 1]
        other = second if first == oracle_seat else first
        return _outcome(question, OracleResult.REDIRECTED, used, timed_out, views_seat=other)
    if question.kind is OracleKind.GUESS_NUMBER:
        if used == question.secret:
            return _outcome(question, OracleResult.GUESSED, used, timed_out, eyes_open=True)
        facts = (f"{actor}.failed_guess",)
        return _outcome(
            question, OracleResult.MISSED, used, timed_out, failed_guess=True, public_facts=facts
        )
    yes, no = FIXED_RESULTS[question.kind]
    result = (question.yes_result or yes) if used else no
    return _outcome(question, result, used, timed_out, **_effects(question, result))


_SIMPLE_EFFECTS: dict[OracleResult, dict[str, Any]] = {
    OracleResult.BECOMES_ALIEN: {"becomes": Role.ALIEN, "joins": Team.ALIEN},
    OracleResult.ALIEN_TEAM: {"joins": Team.ALIEN},
    OracleResult.BECOMES_WEREWOLF: {"becomes": Role.WEREWOLF, "joins": Team.WEREWOLF},
    OracleResult.BECOMES_VAMPIRE: {"becomes": Role.VAMPIRE, "joins": Team.VAMPIRE},
    OracleResult.RIPPLE: {"forces_ripple": True},
    OracleResult.SWAP_CENTRE: {"swaps_with_centre": True},
    OracleResult.VIEW_ONE: {"centre_views": 1},
    OracleResult.VIEW_TWO: {"centre_views": 2},
    OracleResult.VIEW_THREE: {"centre_views": 3, "must_view_all": True},
}
"""The night effects of the yes/no results (the forced exchange is built from the question)."""


def _effects(question: OracleQuestion, result: OracleResult) -> dict[str, Any]:
    """The night effects of a yes/no result."""
    if result is OracleResult.EXCHANGE:
        direction = question.exchange or AlienKind.GIVE_LEFT
        return {"forced_directive": AlienDirective(direction, forced=True)}
    return _SIMPLE_EFFECTS.get(result, {})


def _outcome(
    question: OracleQuestion,
    result: OracleResult,
    used: bool | int | None,
    timed_out: bool,
    **effects: Any,
) -> OracleOutcome:
    line = f"onenight.app.oracle.{question.kind.value}.{result.value}"
    if result is OracleResult.MISSED and question.doppel:
        # Her question is asked whether or not she copied the Oracle (the device answers when
        # she did not), so the table hears a condition that holds either way, and nothing more.
        line += "_doppel"
    params: dict[str, object] = {"role": question.role}
    if result in (OracleResult.APPROVED, OracleResult.REDIRECTED):
        params["seat"] = effects["views_seat"]
    if result is OracleResult.MISSED:
        params["number"] = question.secret
    say = Say.of(line, **params)
    return OracleOutcome(question.kind, result, used, timed_out, (say,), **effects)


def _check_seat(question: OracleQuestion, seat: object, name: str) -> None:
    if seat is None:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= question.players:
        raise InstructionError(
            f"{name} must be a seat from 1 to {question.players} or None, got {seat!r}"
        )


def _check_answer(question: OracleQuestion, answer: bool | int | None) -> bool | int:
    """The answer to use: hers if it fits the question, else the device's when she gave none."""
    if answer is None:
        return question.device_answer
    if question.answer_kind is AnswerKind.YES_NO:
        if not isinstance(answer, bool):
            raise InstructionError(f"{question.kind.value}: expected yes or no, got {answer!r}")
        return answer
    low, high = question.answer_range or (1, question.players)
    if isinstance(answer, bool) or not isinstance(answer, int) or not low <= answer <= high:
        raise InstructionError(
            f"{question.kind.value}: expected a number from {low} to {high}, got {answer!r}"
        )
    return answer


def all_outcomes(question: OracleQuestion) -> tuple[OracleOutcome, ...]:
    """Every outcome the question can have: each answer, and each Oracle seat that matters."""
    pairs: list[tuple[bool | int | None, int | None]]
    if question.kind is OracleKind.EVEN_ODD:
        pairs = [(None, seat) for seat in (None, *range(1, question.players + 1))]
    elif question.answer_kind is AnswerKind.YES_NO:
        pairs = [(True, None), (False, None), (None, None)]
    else:
        low, high = question.answer_range or (1, question.players)
        pairs = [(answer, None) for answer in (None, *range(low, high + 1))]
    if question.kind is OracleKind.WHICH_PLAYER:
        # A refusal skips her own seat: add the case where the first other seat is hers.
        for answer, _ in list(pairs):
            choice = question.device_answer if answer is None else answer
            pairs.append((answer, question.others[int(choice) - 1][0]))
    return tuple(oracle_outcome(question, answer, seat) for answer, seat in pairs)
