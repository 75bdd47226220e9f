"""The Alien Encounters session: ten tracked rounds, then the reveal and the verdict.

Phases: ``rounds`` (go, or the "Next round" control, ends a round; "Undo" steps back one),
``score`` (one entry per seat: Intention, War and Peace) and ``final``. After rounds 3, 5 and 7
the device calls for an Event card.

Transcript: each seat's ``score`` report is for round 10 with ``points`` and ``total`` both the
seat's War minus Peace, and the ``final`` report's ``totals`` are those same scores (they decide
only a Both Hostile game; the other cases are decided by the win table, see ``rules.outcome``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.declared import Declared
from games.effects import Effect, GamePhase, Phase, Record, Say, Show
from games.encounters.rules import (
    EVENT_ROUNDS,
    OPENING_CARD,
    OPENING_DRAW,
    ROUNDS,
    START_BAG,
    EncountersSetup,
    Intention,
    Outcome,
    SeatTally,
    Tally,
    check_tally,
    outcome,
)
from games.errors import NOT_NOW, EventNotAcceptedError
from games.events import (
    Control,
    ControlPressed,
    Event,
    ScoreEntered,
    SeatPressed,
    TagSeen,
    Tap,
    Tick,
    Touched,
    describe,
)
from games.scoresheet import Sheet, close_round, final_effects, on_final, waiting_text
from games.views import SheetButton, SheetRow, SheetView

Transition = tuple["EncountersState", list[Effect]]


class EncountersPhase(GamePhase):
    """Alien Encounters' phases, in play order (the values are the transcript's names)."""

    ROUNDS = "rounds"
    """Rounds are counted off."""
    SCORE = "score"
    """Scores are entered."""
    FINAL = "final"
    """The game is over: the final scores."""

    @property
    def scoring(self) -> bool:
        """The two tallies are entered at the end."""
        return self is EncountersPhase.SCORE


PHASES = tuple(EncountersPhase)
"""Every phase the session reports, in play order."""


@dataclass(frozen=True)
class EncountersState:
    """Where the game stands."""

    setup: EncountersSetup
    phase: EncountersPhase = EncountersPhase.ROUNDS
    round: int = 1
    """The round being played (1..10)."""
    first: int | None = None
    """Who plays first (None: the players chose)."""
    sheet: Sheet[SeatTally] = field(default_factory=Sheet)
    """The end tallies: one round, closed once both are in."""
    winners: tuple[int, ...] = ()
    message: str = ""

    @property
    def tallies(self) -> tuple[SeatTally, ...]:
        """The end tallies so far, by seat (the closed round's once the game is over)."""
        return self.sheet.rounds[-1] if self.sheet.rounds else self.sheet.entries


class EncountersSession:
    """Alien Encounters, from round 1 to the verdict."""

    game = "encounters"

    def __init__(self, setup: EncountersSetup) -> None:
        self.setup = setup
        self.declared = Declared(players=setup.players)

    def start(self, now: float) -> Transition:
        """Say how to set up, who goes first, and open round 1."""
        setup = self.setup
        first = random.Random(setup.seed).randint(1, 2) if setup.random_first else None
        state = EncountersState(setup, first=first)
        effects: list[Effect] = [
            Record("encounters.start", _setup_json(setup) | {"first": first}),
            *intro_lines(setup, first),
            Phase(EncountersPhase.ROUNDS),
        ]
        state, more = _enter_round(state)
        return state, effects + more

    def handle(self, state: EncountersState, event: Event, now: float) -> Transition:
        """React to one input; raises ``EventNotAcceptedError`` for one that does not fit."""
        if isinstance(event, Tick):
            return state, []
        if isinstance(event, ScoreEntered):
            if state.phase is not EncountersPhase.SCORE:
                raise EventNotAcceptedError(
                    f"seat {event.seat} entered a tally in phase {state.phase!r}: "
                    f"tallies come after round {ROUNDS}"
                )
            tally = check_tally(event.seat, event.points, dict(event.extra))
            return _tally(state, event.seat, tally)
        if isinstance(event, SeatPressed | ControlPressed | TagSeen | Touched):
            return _input(state, event)
        kind = describe(event)
        raise EventNotAcceptedError(
            f"{kind} is not accepted in phase {state.phase!r}", table=NOT_NOW
        )

    def next_deadline(self, state: EncountersState) -> float | None:
        """Never: the tracker only reacts to input."""
        return None

    def phase(self, state: EncountersState) -> EncountersPhase:
        """``rounds``, ``score`` or ``final``."""
        return state.phase

    def to_json(self, state: EncountersState) -> dict[str, Any]:
        """The state as JSON-able data."""
        return {
            "setup": _setup_json(state.setup),
            "phase": EncountersPhase(state.phase).value,
            "round": state.round,
            "first": state.first,
            "tallies": [[entry.seat, _tally_json(entry.tally)] for entry in state.tallies],
            "winners": list(state.winners),
            "message": state.message,
        }

    def from_json(self, data: Mapping[str, Any]) -> EncountersState:
        """Rebuild a state from ``to_json`` output."""
        return state_from_json(data)

    def resume(self, state: EncountersState, saved_at: float, now: float) -> Transition:
        """Put the tracker back up where it was (nothing is timed)."""
        return state, [Phase(state.phase), Show(sheet_view(state))]


def state_from_json(data: Mapping[str, Any]) -> EncountersState:
    """Rebuild a state from ``to_json`` output."""
    raw = data["setup"]
    setup = EncountersSetup(
        seed=int(raw["seed"]),
        factions=(str(raw["factions"][0]), str(raw["factions"][1])),
        remove=None if raw["remove"] is None else Intention(raw["remove"]),
        random_first=bool(raw["random_first"]),
    )
    tallies = tuple(
        SeatTally(int(seat), Tally(Intention(t["intention"]), int(t["war"]), int(t["peace"])))
        for seat, t in data["tallies"]
    )
    phase = EncountersPhase(data["phase"])
    return EncountersState(
        setup,
        phase=phase,
        round=int(data["round"]),
        first=data["first"],
        sheet=Sheet((tallies,)) if phase is EncountersPhase.FINAL else Sheet(entries=tallies),
        winners=tuple(data["winners"]),
        message=str(data["message"]),
    )


def _setup_json(setup: EncountersSetup) -> dict[str, Any]:
    remove = None if setup.remove is None else setup.remove.value
    return {
        "seed": setup.seed,
        "factions": list(setup.factions),
        "remove": remove,
        "random_first": setup.random_first,
    }


def _tally_json(tally: Tally) -> dict[str, Any]:
    return {"intention": tally.intention.value, "war": tally.war, "peace": tally.peace}


def intro_lines(setup: EncountersSetup, first: int | None) -> list[Say]:
    """The opening: the factions, drawing Intentions (with any card removed), the starting bag
    and hand, who starts."""
    says = [Say.of("encounters.welcome", one=setup.faction(1), two=setup.faction(2))]
    if setup.remove is not None:
        says.append(Say.of(f"encounters.remove.{setup.remove.value}"))
    says.append(Say.of("encounters.intentions"))
    bag = dict(START_BAG)
    says.append(Say.of("encounters.bag", war=bag["war"], neutral=bag["neutral"]))
    hand = OPENING_DRAW + 1
    says.append(Say.of("encounters.hand", card=OPENING_CARD, drawn=OPENING_DRAW, hand=hand))
    if first is None:
        says.append(Say.of("encounters.choose_first"))
    else:
        says.append(Say.of("encounters.first", seat=first, faction=setup.faction(first)))
    return says


def _enter_round(state: EncountersState) -> Transition:
    state = dataclasses.replace(state, message=f"Round {state.round} of {ROUNDS}")
    say = Say.of("encounters.round", round=state.round)
    return state, [say, Show(sheet_view(state))]


def _input(state: EncountersState, event: Event) -> Transition:
    go = isinstance(event, ControlPressed) and event.control is Control.GO
    if state.phase is EncountersPhase.ROUNDS and (go or event == Touched(Tap.NEXT)):
        return _next_round(state)
    if state.phase is not EncountersPhase.FINAL and event == Touched(Tap.UNDO):
        return _undo(state)
    if state.phase is EncountersPhase.FINAL:
        return state, on_final(event)
    return state, []


def _next_round(state: EncountersState) -> Transition:
    done = state.round
    effects: list[Effect] = []
    if done in EVENT_ROUNDS:
        effects.append(Say.of("encounters.event", round=done, next=done + 1))
    if done < ROUNDS:
        state, more = _enter_round(dataclasses.replace(state, round=done + 1))
        return state, effects + more
    state = dataclasses.replace(
        state, phase=EncountersPhase.SCORE, message="Reveal and count your tokens"
    )
    return state, [
        Say.of("encounters.reveal"),
        Phase(EncountersPhase.SCORE),
        Show(sheet_view(state)),
    ]


def _undo(state: EncountersState) -> Transition:
    if state.phase is EncountersPhase.SCORE:
        state = dataclasses.replace(state, phase=EncountersPhase.ROUNDS, sheet=Sheet())
        state, effects = _enter_round(state)
        return state, [
            Say.of("encounters.undo", round=state.round),
            Phase(EncountersPhase.ROUNDS),
            *effects,
        ]
    if state.round == 1:
        return state, []
    state, effects = _enter_round(dataclasses.replace(state, round=state.round - 1))
    return state, [Say.of("encounters.undo", round=state.round), *effects]


def _tally(state: EncountersState, seat: int, tally: Tally) -> Transition:
    state = dataclasses.replace(state, sheet=state.sheet.enter(SeatTally(seat, tally)))
    waiting = state.sheet.waiting(2)
    if waiting:
        state = dataclasses.replace(state, message=waiting_text(waiting))
        return state, [Show(sheet_view(state))]
    return _finish(state)


def _finish(state: EncountersState) -> Transition:
    tallies = {entry.seat: entry.tally for entry in state.sheet.entries}
    result = outcome(tallies[1], tallies[2])
    sheet, reports = close_round(state.sheet, ROUNDS, 2)
    record = {
        "case": result.case,
        "tallies": {seat: _tally_json(t) for seat, t in tallies.items()},
    }
    final = final_effects(
        "encounters",
        "encounters.final",
        sheet.totals(2),
        result.winners,
        start_player=state.first,
        record=record,
    )
    state = dataclasses.replace(
        state,
        phase=EncountersPhase.FINAL,
        sheet=sheet,
        winners=result.winners,
        message=verdict(state.setup, result),
    )
    return state, [
        *reports,
        *final,
        Phase(EncountersPhase.FINAL),
        Show(sheet_view(state)),
        *verdict_lines(state.setup, result),
    ]


def verdict(setup: EncountersSetup, result: Outcome) -> str:
    """The verdict in a few words, for the screen."""
    if result.case == "hostile_draw":
        return "A draw"
    if not result.winners:
        return "Nobody wins"
    if len(result.winners) > 1:
        return "Both players win"
    # The player is the subject ("Humans wins" read wrong): "Player 1, the Humans, wins".
    (seat,) = result.winners
    return f"Player {seat}, the {setup.faction(seat)}, wins"


def verdict_lines(setup: EncountersSetup, result: Outcome) -> list[Say]:
    """What the device says about the outcome: the case, then each winner or nobody."""
    says = [Say.of(f"encounters.case.{result.case}")]
    if result.case.startswith("both_peaceful") or result.case == "hostile_draw":
        return says
    says += [
        Say.of("encounters.winner", seat=seat, faction=setup.faction(seat))
        for seat in result.winners
    ]
    if not result.winners:
        says.append(Say.of("encounters.nobody"))
    return says


def setup_notes() -> list[str]:
    """The starting bag and hand, as the sheet shows them during round 1."""
    bag = dict(START_BAG)
    return [
        f"Bag: {bag['war']} War + {bag['neutral']} Neutral tokens",
        f"Hand: {OPENING_CARD} + {OPENING_DRAW} cards drawn",
    ]


def sheet_view(state: EncountersState) -> SheetView:
    """The ``sheet`` screen's view: factions, the round tracker, then the tallies (and the
    starting bag and hand while round 1 is played)."""
    tallies = {entry.seat: entry.tally for entry in state.tallies}
    # A score (War - Peace) decides only a game of two Hostile players: shown only then, so a
    # Peaceful winner's lower number never reads like an error.
    scored = len(tallies) == 2 and all(t.intention is Intention.HOSTILE for t in tallies.values())
    rows = []
    for seat in (1, 2):
        cells = [state.setup.faction(seat)]
        tally = tallies.get(seat)
        if tally is None:
            cells += ["?", "-", "-"]
        else:
            cells += [tally.intention.value.title(), str(tally.war), str(tally.peace)]
        if scored and tally is not None:
            cells.append(str(tally.score))
        lit = seat in state.winners if state.phase is EncountersPhase.FINAL else seat == state.first
        rows.append(SheetRow(seat, tuple(cells), lit))
    if state.phase is EncountersPhase.ROUNDS:
        controls: tuple[SheetButton, ...] = (
            SheetButton("Undo", Tap.UNDO),
            SheetButton("Next round", Tap.NEXT, primary=True),
        )
    elif state.phase is EncountersPhase.SCORE:
        controls = (SheetButton("Undo", Tap.UNDO),)
    else:
        controls = (SheetButton("Home", Tap.HOME, primary=True),)
    return SheetView(
        title="Alien Encounters",
        columns=("Faction", "Intention", "War", "Peace", *(("Score",) if scored else ())),
        rows=tuple(rows),
        message=state.message,
        round=state.round if state.phase is EncountersPhase.ROUNDS else ROUNDS,
        rounds=ROUNDS,
        controls=controls,
        notes=tuple(setup_notes())
        if state.phase is EncountersPhase.ROUNDS and state.round == 1
        else (),
    )
