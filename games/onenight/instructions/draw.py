"""The One Night app's random instructions, drawn once per game from the game's seeded RNG.

:func:`draw_instructions` draws every random instruction of a game up front, so that one seed
always gives the same night: a game can be replayed, resumed after a crash (store
:meth:`Instructions.to_json`) and resolved later. Nothing here needs a random number after the
draw: the Oracle's outcome, a forced alien exchange and a forced ripple are all pre-drawn.

Each role gets its own child generator, seeded from ``rng`` in a fixed order, so a role's
instruction does not change when other roles join or leave the set.

Line ids are ``onenight.app.<role>.<variant>`` in ``narration/lines/onenight_app.toml``;
:func:`all_lines` lists every line a game can speak so the device can render them first.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.effects import Say
from games.onenight.instructions.bonus import (
    EmpathInstruction,
    NostradamusInstruction,
    draw_empath,
    draw_nostradamus,
)
from games.onenight.instructions.common import (
    InstructionError,
    check_players,
    decode,
    encode,
    ripples_possible,
)
from games.onenight.instructions.oracle import (
    OracleKind,
    OracleQuestion,
    draw_oracle,
)
from games.onenight.instructions.outcome import OracleOutcome, all_outcomes
from games.onenight.instructions.ripple import Ripple, draw_ripple
from games.onenight.instructions.roles import (
    AlienDirective,
    BlobInstruction,
    BodySnatcherInstruction,
    ExposerInstruction,
    MorticianInstruction,
    PsychicInstruction,
    RascalInstruction,
    draw_aliens,
    draw_blob,
    draw_body_snatcher,
    draw_exposer,
    draw_mortician,
    draw_psychic,
    draw_rascal,
)
from games.onenight.roles import Role
from games.onenight.wake import WAKE_ORDER

_SLOTS = (
    "oracle",
    "doppel_oracle",
    "aliens",
    "psychic",
    "doppel_psychic",
    "rascal",
    "doppel_rascal",
    "exposer",
    "doppel_exposer",
    "blob",
    "mortician",
    "doppel_mortician",
    "body_snatcher",
    "doppel_body_snatcher",
    "ripple",
    "forced_ripple",
    "empath",
    "doppel_empath",
    "nostradamus",
    "doppel_nostradamus",
)
"""One child generator per slot, seeded in this order: never reorder, only append."""

_ALIEN_STEP = next(step for step in WAKE_ORDER if step.key == "aliens")


@dataclass(frozen=True)
class Instructions:
    """Every random instruction of one game; None for a role that is not selected.

    Where each one is spoken (wake step keys of ``games.onenight.wake``): ``oracle`` at
    ``oracle``; ``doppel_oracle`` at the end of ``doppelganger`` (ruling: the chart calls the
    Oracle before the Doppelganger); ``aliens`` at ``aliens``, through
    :func:`directive_after_oracle`; ``body_snatcher`` at ``body_snatcher`` (1-F); ``psychic``,
    ``rascal``, ``exposer``, ``blob``, ``mortician``, ``empath`` and ``nostradamus`` at their own
    steps; each ``doppel_*``
    at the Doppelganger's repeat call after that step; the ripple (:func:`ripple_after_oracle`)
    after the last step, before everyone wakes up.
    """

    players: int
    oracle: OracleQuestion | None = None
    aliens: AlienDirective | None = None
    """The drawn directive; see :func:`directive_after_oracle` for the one to speak."""
    psychic: PsychicInstruction | None = None
    rascal: RascalInstruction | None = None
    exposer: ExposerInstruction | None = None
    blob: BlobInstruction | None = None
    mortician: MorticianInstruction | None = None
    body_snatcher: BodySnatcherInstruction | None = None
    ripple: Ripple | None = None
    """The ripple drawn at ``ripple_rate``; see :func:`ripple_after_oracle`."""
    forced_ripple: Ripple | None = None
    """The ripple used when the Oracle's "guarantee a ripple" gets a yes and none was drawn."""
    doppel_oracle: OracleQuestion | None = None
    """The Doppelganger-Oracle's own, different question (Doppelganger and Oracle selected)."""
    doppel_psychic: PsychicInstruction | None = None
    doppel_rascal: RascalInstruction | None = None
    doppel_exposer: ExposerInstruction | None = None
    """One or two more centre cards."""
    doppel_mortician: MorticianInstruction | None = None
    doppel_body_snatcher: BodySnatcherInstruction | None = None
    empath: EmpathInstruction | None = None
    """The Empath's prompt and who points (Bonus, 2.10)."""
    doppel_empath: EmpathInstruction | None = None
    nostradamus: NostradamusInstruction | None = None
    """The team Nostradamus gets if he views no card (Bonus, 2.13)."""
    doppel_nostradamus: NostradamusInstruction | None = None

    def to_json(self) -> dict[str, Any]:
        """The instructions as JSON-able data."""
        data: dict[str, Any] = encode(self)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Instructions:
        """Rebuild instructions from :meth:`to_json` output; bad data raises InstructionError."""
        instructions: Instructions = decode(cls, dict(data) if isinstance(data, Mapping) else data)
        return instructions


def draw_instructions(
    roles: Collection[Role],
    players: int,
    rng: random.Random,
    *,
    ripple_rate: float,
    oracle_even_odd: bool = True,
) -> Instructions:
    """Draw every random instruction of a game with ``roles`` and ``players`` (3 to 12).

    A ripple is drawn with probability ``ripple_rate`` (0 to 1), only when an Alien-box role or
    an alien is selected; the Doppelganger's copies get instructions of their own. Without
    ``oracle_even_odd`` the Oracle is never asked the even-or-odd question.
    """
    check_players(players)
    if isinstance(ripple_rate, bool) or not isinstance(ripple_rate, int | float):
        raise InstructionError(f"ripple_rate must be a number from 0 to 1, got {ripple_rate!r}")
    if not 0.0 <= ripple_rate <= 1.0:
        raise InstructionError(f"ripple_rate must be from 0 to 1, got {ripple_rate!r}")
    selected = frozenset(roles)
    unknown = [role for role in selected if not isinstance(role, Role)]
    if unknown:
        raise InstructionError(f"not a role: {unknown[0]!r}")
    seeds = {slot: rng.getrandbits(64) for slot in _SLOTS}
    children: dict[str, random.Random] = {}

    def child(slot: str) -> random.Random:
        if slot not in children:
            children[slot] = random.Random(seeds[slot])
        return children[slot]

    doppel = Role.DOPPELGANGER in selected
    exposer = draw_exposer(child("exposer")) if Role.EXPOSER in selected else None

    def has(role: Role, *, copy: bool = False) -> bool:
        return role in selected and (doppel or not copy)

    oracle = None
    if has(Role.ORACLE):
        oracle = draw_oracle(child("oracle"), selected, players, even_odd=oracle_even_odd)
    doppel_oracle = None
    if oracle is not None and doppel:
        doppel_oracle = draw_oracle(
            child("doppel_oracle"),
            selected,
            players,
            doppel=True,
            exclude=oracle.kind,
            even_odd=oracle_even_odd,
        )
    ripple = None
    if ripples_possible(selected) and child("ripple").random() < ripple_rate:
        ripple = draw_ripple(child("ripple"), selected, players)
    asked = {question.kind for question in (oracle, doppel_oracle) if question is not None}
    forced_ripple = None
    if OracleKind.GUARANTEE_RIPPLE in asked:
        forced_ripple = draw_ripple(child("forced_ripple"), selected, players)
    return Instructions(
        players=players,
        oracle=oracle,
        aliens=draw_aliens(child("aliens"), players) if _ALIEN_STEP.is_called(selected) else None,
        psychic=draw_psychic(child("psychic"), players) if has(Role.PSYCHIC) else None,
        rascal=draw_rascal(child("rascal"), players) if has(Role.RASCAL) else None,
        exposer=exposer,
        blob=draw_blob(child("blob"), players) if has(Role.BLOB) else None,
        mortician=draw_mortician(child("mortician"), players) if has(Role.MORTICIAN) else None,
        body_snatcher=(
            draw_body_snatcher(child("body_snatcher"), players) if has(Role.BODY_SNATCHER) else None
        ),
        ripple=ripple,
        forced_ripple=forced_ripple,
        doppel_oracle=doppel_oracle,
        doppel_psychic=(
            draw_psychic(child("doppel_psychic"), players, doppel=True)
            if has(Role.PSYCHIC, copy=True)
            else None
        ),
        doppel_rascal=(
            draw_rascal(child("doppel_rascal"), players, doppel=True)
            if has(Role.RASCAL, copy=True)
            else None
        ),
        doppel_exposer=(
            draw_exposer(child("doppel_exposer"), True, exposer.count)
            if exposer is not None and doppel
            else None
        ),
        doppel_mortician=(
            draw_mortician(child("doppel_mortician"), players, doppel=True)
            if has(Role.MORTICIAN, copy=True)
            else None
        ),
        doppel_body_snatcher=(
            draw_body_snatcher(child("doppel_body_snatcher"), players, doppel=True)
            if has(Role.BODY_SNATCHER, copy=True)
            else None
        ),
        empath=draw_empath(child("empath"), players) if has(Role.EMPATH) else None,
        doppel_empath=(
            draw_empath(child("doppel_empath"), players, doppel=True)
            if has(Role.EMPATH, copy=True)
            else None
        ),
        nostradamus=(
            draw_nostradamus(child("nostradamus"), selected) if has(Role.NOSTRADAMUS) else None
        ),
        doppel_nostradamus=(
            draw_nostradamus(child("doppel_nostradamus"), selected, doppel=True)
            if has(Role.NOSTRADAMUS, copy=True)
            else None
        ),
    )


def directive_after_oracle(
    instructions: Instructions, *outcomes: OracleOutcome | None
) -> AlienDirective | None:
    """The directive the aliens hear: the drawn one, unless an Oracle outcome forces an exchange.

    Pass the Oracle's outcome and, if there is one, the Doppelganger-Oracle's (None entries are
    skipped). The first forcing outcome wins.
    """
    if instructions.aliens is None:
        return None
    for outcome in outcomes:
        if outcome is not None and outcome.forced_directive is not None:
            return outcome.forced_directive
    return instructions.aliens


def ripple_after_oracle(
    instructions: Instructions, *outcomes: OracleOutcome | None
) -> Ripple | None:
    """The ripple that ends the night: the drawn one, else the forced one after an Oracle's yes."""
    if instructions.ripple is not None:
        return instructions.ripple
    if any(outcome is not None and outcome.forces_ripple for outcome in outcomes):
        return instructions.forced_ripple
    return None


def day_seconds(
    instructions: Instructions, base_seconds: float, *outcomes: OracleOutcome | None
) -> float:
    """The day's discussion time after the aliens' directive and the ripple.

    Ruling: the halved timer (alien directive 7) halves ``base_seconds``; "only one minute"
    (a ripple) caps the result at 60 seconds; when both apply, the shorter time wins.
    """
    seconds = base_seconds
    directive = directive_after_oracle(instructions, *outcomes)
    if directive is not None and directive.halves_day:
        seconds /= 2
    ripple = ripple_after_oracle(instructions, *outcomes)
    override = ripple.day_seconds_override if ripple is not None else None
    return seconds if override is None else min(seconds, override)


def all_lines(instructions: Instructions) -> tuple[Say, ...]:
    """Every line the game's instructions can speak, each once, in night order.

    The Oracle questions come with every outcome of every answer (and the forced exchange);
    ripples with their closing lines, the forced ripple included.
    """
    lines: list[Say] = []
    for question in (instructions.oracle, instructions.doppel_oracle):
        if question is None:
            continue
        lines += question.lines()
        for outcome in all_outcomes(question):
            lines += outcome.lines
            if outcome.forced_directive is not None and instructions.aliens is not None:
                lines += outcome.forced_directive.lines()
    if instructions.aliens is not None:
        lines += instructions.aliens.lines() + instructions.aliens.close_lines()
    for item in (
        instructions.psychic,
        instructions.doppel_psychic,
        instructions.rascal,
        instructions.doppel_rascal,
        instructions.exposer,
        instructions.doppel_exposer,
        instructions.blob,
        instructions.mortician,
        instructions.doppel_mortician,
        instructions.body_snatcher,
        instructions.doppel_body_snatcher,
        instructions.empath,
        instructions.doppel_empath,
    ):
        if item is not None:
            lines += item.lines()
    for told in (instructions.nostradamus, instructions.doppel_nostradamus):
        if told is not None:
            lines += told.spoken()
    for ripple in (instructions.ripple, instructions.forced_ripple):
        if ripple is not None:
            lines += ripple.lines() + ripple.close_lines()
    return _unique(lines)


def _unique(lines: Iterable[Say]) -> tuple[Say, ...]:
    return tuple(dict.fromkeys(lines))
