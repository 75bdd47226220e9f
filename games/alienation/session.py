"""The Alienation session: three rounds of score entry, then the final totals.

Phases: ``friendliest`` (before round 1: the table chooses its friendliest player, who starts),
``score`` (each round; entered at once, after the round's announcements) and ``final``.

In ``friendliest`` a seat button or the screen's "Player N" chooses; Go or the screen's "Random"
asks the device to draw. Nobody choosing within ``setup.friendliest_seconds`` makes the device
draw too, so a scenario that only waits ``until score`` still gets there. With
``setup.friendliest == "random"`` the phase is skipped and the device draws at once.

One entry per seat closes a round; a seat may re-enter its score until the round closes. The
player who completed their system first takes Firsties by their seat button, the touchscreen's
"First" chip, or ``first`` in their entry, and starts the next round.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any

from games.alienation.rules import (
    ROUNDS,
    AlienationSetup,
    RoundEntry,
    check_entry,
    draft_direction,
)
from games.alienation.state import AlienationPhase, AlienationState, state_from_json, state_to_json
from games.declared import Declared
from games.effects import Effect, Phase, Record, Say, Show
from games.errors import NOT_NOW, EventNotAcceptedError
from games.events import (
    Control,
    ControlPressed,
    Event,
    ScoreEntered,
    SeatPressed,
    SeatRole,
    SeatTap,
    TagSeen,
    Tap,
    Tick,
    Touched,
    describe,
)
from games.scoresheet import (
    and_list,
    close_round,
    final_effects,
    leaders,
    on_final,
    unfinished_effects,
    waiting_text,
    winner_line,
)
from games.views import SheetButton, SheetRow, SheetView

Transition = tuple["AlienationState", list[Effect]]
PHASES = tuple(AlienationPhase)
"""Every phase the session reports, in play order."""


class AlienationSession:
    """Alienation's score sheet, from the first round to the final totals."""

    game = "alienation"

    def unfinished(self, state: AlienationState) -> list[Effect]:
        """The closed rounds as an unfinished play, for a table that quits part way."""
        if state.phase == AlienationPhase.FINAL:
            return []
        return unfinished_effects("alienation", "alienation.unfinished", state.rounds, of=ROUNDS)

    def __init__(self, setup: AlienationSetup) -> None:
        self.setup = setup
        self.declared = Declared(players=setup.players)

    def start(self, now: float) -> Transition:
        """Ask the table for its friendliest player (or draw one, if so set up)."""
        setup = self.setup
        state = AlienationState(setup, start=0, sunnies=(0,) * setup.players)
        record = Record("alienation.start", {"players": setup.players, "seed": setup.seed})
        intro: list[Effect] = [record, Say.of("alienation.welcome", players=setup.players)]
        if setup.friendliest == "random":
            state, effects = _choose(state, draw(setup), "random")
            return state, intro + effects
        state = dataclasses.replace(
            state,
            phase=AlienationPhase.FRIENDLIEST,
            choose_until=now + setup.friendliest_seconds,
            message="Press the friendliest player's seat button, or tap below",
        )
        return state, [
            *intro,
            Say.of("alienation.friendliest.ask"),
            Phase(AlienationPhase.FRIENDLIEST),
            Show(sheet_view(state)),
        ]

    def handle(self, state: AlienationState, event: Event, now: float) -> Transition:
        """React to one input; raises ``EventNotAcceptedError`` for one that does not fit."""
        if state.phase is AlienationPhase.FRIENDLIEST:
            return _friendliest_input(state, event, now)
        if isinstance(event, Tick):
            return state, []
        if state.phase is AlienationPhase.FINAL:
            if isinstance(event, SeatPressed | ControlPressed | TagSeen | Touched):
                return state, on_final(event)
        elif isinstance(event, ScoreEntered):
            entry = check_entry(event.seat, event.points, dict(event.extra), state.setup.players)
            return _enter(state, entry)
        elif isinstance(event, SeatPressed):
            return _take_firsties(state, event.seat)
        elif (first := _tapped(event, SeatRole.FIRST)) is not None:
            return _take_firsties(state, first)
        elif isinstance(event, ControlPressed | TagSeen | Touched):
            return state, []
        kind = describe(event)
        raise EventNotAcceptedError(
            f"{kind} is not accepted in phase {state.phase!r}", table=NOT_NOW
        )

    def next_deadline(self, state: AlienationState) -> float | None:
        """The draw while the table chooses its friendliest player; else never."""
        return state.choose_until if state.phase is AlienationPhase.FRIENDLIEST else None

    def phase(self, state: AlienationState) -> AlienationPhase:
        """``score`` or ``final``."""
        return state.phase

    def to_json(self, state: AlienationState) -> dict[str, Any]:
        """The state as JSON-able data (the sheet's rounds and entries at the top level)."""
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> AlienationState:
        """Rebuild a state from ``to_json`` output."""
        return state_from_json(data)

    def resume(self, state: AlienationState, saved_at: float, now: float) -> Transition:
        """Put the sheet back up where it was, in the same phase, saying nothing (the question
        of the friendliest player stays on the screen, with the rest of its time)."""
        if state.choose_until is not None:
            state = dataclasses.replace(state, choose_until=state.choose_until + now - saved_at)
        return state, [Phase(state.phase), Show(sheet_view(state))]


def draw(setup: AlienationSetup) -> int:
    """The start player the device draws from the game's seed (the same seat every time)."""
    return random.Random(setup.seed).randint(1, setup.players)


def _tapped(event: Event, role: SeatRole) -> int | None:
    """The seat a tap on a ``role`` chip names (None for any other event)."""
    if isinstance(event, Touched) and isinstance(event.action, SeatTap):
        return event.action.seat if event.action.role is role else None
    return None


def _friendliest_input(state: AlienationState, event: Event, now: float) -> Transition:
    """Phase ``friendliest``: a seat or "Player N" chooses; Go or "Random" draws; time draws."""
    players = state.setup.players
    if isinstance(event, Tick):
        if state.choose_until is not None and now >= state.choose_until:
            return _choose(state, draw(state.setup), "timeout")
        return state, []
    if event == Touched(Tap.RANDOM_FRIENDLIEST):
        return _choose(state, draw(state.setup), "random")
    chosen = event.seat if isinstance(event, SeatPressed) else _tapped(event, SeatRole.FRIENDLIEST)
    if chosen is not None:
        if not 1 <= chosen <= players:
            raise EventNotAcceptedError(
                f"seat {chosen} cannot be the friendliest player: the seats are 1 to {players}"
            )
        return _choose(state, chosen, "table")
    if isinstance(event, ControlPressed) and event.control is Control.GO:
        return _choose(state, draw(state.setup), "random")
    if isinstance(event, ScoreEntered):
        raise EventNotAcceptedError(
            f"seat {event.seat} entered a score in phase 'friendliest': round 1 opens once the "
            "friendliest player is chosen (a seat button, Random, or the draw after "
            f"{state.setup.friendliest_seconds:g} s)"
        )
    if isinstance(event, ControlPressed | TagSeen | Touched):
        return state, []
    kind = describe(event)
    raise EventNotAcceptedError(f"{kind} is not accepted in phase 'friendliest'", table=NOT_NOW)


def _choose(state: AlienationState, seat: int, how: str) -> Transition:
    """Make ``seat`` the first start player and open round 1.

    ``how``: ``"table"`` (chosen by the players), ``"random"`` (drawn on request or by the
    setting) or ``"timeout"`` (drawn because nobody chose in time).
    """
    effects: list[Effect] = [Record("alienation.friendliest", {"seat": seat, "by": how})]
    if how == "table":
        effects.append(Say.of("alienation.friendliest.chosen", seat=seat))
    else:
        if how == "timeout":
            effects.append(Say.of("alienation.friendliest.timeout"))
        effects.append(Say.of("alienation.first_start", seat=seat))
    state = dataclasses.replace(
        state, phase=AlienationPhase.SCORE, start=seat, choose_until=None, friendliest=seat
    )
    state, more = _open_round(state)
    return state, effects + more


REMINDERS: dict[int, tuple[str, ...]] = {1: ("last_card",), 2: ("shuffle", "sunnies", "scores")}
"""Each reminder once a game, as the first round it matters for opens (a table hearing them
every round stops listening)."""


def round_lines(round_number: int, start: int, players: int) -> list[Say]:
    """What the device says as a round opens: start player, draft direction, the reminders
    due (``REMINDERS``), how to take Firsties."""
    says = [
        Say.of("alienation.round", round=round_number, rounds=ROUNDS, seat=start),
        Say.of("alienation.draft", direction=draft_direction(round_number, players)),
    ]
    says += [Say.of(f"alienation.reminder.{name}") for name in REMINDERS.get(round_number, ())]
    says.append(Say.of("alienation.ask_first"))
    return says


def _open_round(state: AlienationState) -> Transition:
    direction = draft_direction(state.round, state.setup.players)
    message = f"Round {state.round}: player {state.start} starts, pass cards {direction}"
    state = dataclasses.replace(state, firsties=None, message=message)
    effects: list[Effect] = [
        *round_lines(state.round, state.start, state.setup.players),
        Phase(AlienationPhase.SCORE),
        Show(sheet_view(state)),
    ]
    return state, effects


def _take_firsties(state: AlienationState, seat: int) -> Transition:
    if not 1 <= seat <= state.setup.players:
        players = state.setup.players
        raise EventNotAcceptedError(
            f"seat {seat} took Firsties: this game has seats 1 to {players}"
        )
    if state.firsties == seat:
        return state, []
    state = dataclasses.replace(state, firsties=seat, message=f"Player {seat} has Firsties")
    return state, [
        Say.of("alienation.firsties", seat=seat),
        Show(sheet_view(state)),
    ]


def _enter(state: AlienationState, entry: RoundEntry) -> Transition:
    effects: list[Effect] = []
    if entry.first:
        state, effects = _take_firsties(state, entry.seat)
    sunnies = tuple(
        entry.sunnies if seat == entry.seat else old
        for seat, old in enumerate(state.sunnies, start=1)
    )
    state = dataclasses.replace(state, sheet=state.sheet.enter(entry), sunnies=sunnies)
    waiting = state.sheet.waiting(state.setup.players)
    if waiting:
        state = dataclasses.replace(state, message=waiting_text(waiting))
        return state, [*effects, Show(sheet_view(state))]
    return _close_round(state, effects)


def _close_round(state: AlienationState, effects: list[Effect]) -> Transition:
    entries = state.entries
    sheet, reports = close_round(state.sheet, state.round, state.setup.players)
    running = sheet.totals(state.setup.players)
    effects = [*effects, Say.of("alienation.round_over", round=state.round), *reports]
    record = {
        "round": state.round,
        "start": state.start,
        "firsties": state.firsties,
        "entries": [dataclasses.asdict(e) for e in entries],
        "totals": running,
    }
    effects.append(Record("alienation.round", record))
    if state.firsties is None and state.round < ROUNDS:
        effects.append(Say.of("alienation.no_firsties", seat=state.start))
    start = state.firsties or state.start
    state = dataclasses.replace(state, sheet=sheet, start=start)
    if state.round < ROUNDS:
        state, more = _open_round(dataclasses.replace(state, round=state.round + 1))
        return state, effects + more
    return _finish(state, effects, running)


def _finish(state: AlienationState, effects: list[Effect], running: dict[int, int]) -> Transition:
    won = leaders(running)
    best = running[won[0]]
    if len(won) == 1:
        message = f"Player {won[0]} wins with {best}"
    else:
        message = f"Players {and_list(won)} share the win with {best}"
    state = dataclasses.replace(state, phase=AlienationPhase.FINAL, message=message)
    final = final_effects(
        "alienation",
        "alienation.final",
        running,
        won,
        rounds=state.rounds,
        start_player=state.friendliest,
        record={"sunnies": list(state.sunnies)},
    )
    return state, [
        *effects,
        *final,
        Phase(AlienationPhase.FINAL),
        Show(sheet_view(state)),
        winner_line(won, running, one="alienation.winner", shared="alienation.shared"),
    ]


def sheet_view(state: AlienationState) -> SheetView:
    """The ``sheet`` screen's view: rounds and running totals, Firsties, the message."""
    players, done = state.setup.players, state.rounds
    current = {e.seat: e.points for e in state.entries}
    running = state.sheet.totals(players)
    rows = []
    for seat in range(1, players + 1):
        cells = [str(points[seat - 1]) for points in done]
        if state.phase is AlienationPhase.SCORE:
            cells.append(str(current[seat]) if seat in current else "-")
        cells += [""] * (ROUNDS - len(cells))
        total = running[seat] + (
            current.get(seat, 0) if state.phase is AlienationPhase.SCORE else 0
        )
        cells += [str(state.sunnies[seat - 1]), str(total)]
        # Leaders at the end; Firsties during a round (nobody while the friendliest is chosen).
        lit = (
            seat in leaders(running)
            if state.phase is AlienationPhase.FINAL
            else state.firsties == seat
        )
        rows.append(SheetRow(seat, tuple(cells), lit))
    if state.phase is AlienationPhase.FINAL:
        controls = [SheetButton("Home", Tap.HOME, primary=True)]
        title = "Alienation: final scores"
    elif state.phase is AlienationPhase.FRIENDLIEST:
        seats = range(1, players + 1)
        controls = [SheetButton(f"Player {s}", SeatTap(SeatRole.FRIENDLIEST, s)) for s in seats]
        controls.append(SheetButton("Random", Tap.RANDOM_FRIENDLIEST))
        title = "Alienation: who is the friendliest?"
    else:
        controls = [
            SheetButton(f"First {s}", SeatTap(SeatRole.FIRST, s)) for s in range(1, players + 1)
        ]
        title = f"Alienation: round {state.round} of {ROUNDS}"
    return SheetView(
        title=title,
        columns=("R1", "R2", "R3", "Sun", "Total"),
        rows=tuple(rows),
        message=state.message,
        round=0,
        rounds=0,
        controls=tuple(controls),
    )
