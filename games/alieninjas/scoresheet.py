"""Every mission's score sheet (the shared ``games.scoresheet``): one entry per seat closes a
round; after the last round, the final result.

What comes between rounds is the session's hook (``NextRound``: the Replicas round, or the next
sheet), so this module never calls the Replicas round that calls it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from games.alieninjas.scoring import (
    RoundScore,
    ScoreEntryError,
    alieninjas_counted,
    round_overflow,
    round_points,
    winners,
)
from games.alieninjas.setup import ROUNDS
from games.alieninjas.state import AlieninjasPhase, AlieninjasState, map_side
from games.alieninjas.views import ScoreRow, ScoresView
from games.effects import Effect, Lamp, LampPattern, Phase, Record, Say, Show
from games.errors import EventNotAcceptedError
from games.events import Event, ScoreEntered
from games.scoresheet import close_round as close_sheet
from games.scoresheet import final_effects, on_final, winner_line
from games.views import EndView

Transition = tuple[AlieninjasState, list[Effect]]
NextRound = Callable[[AlieninjasState], Transition]
"""Opens the next round of a game whose round just closed."""
STARTER_MISSIONS = ("speed", "memory", "collection", "push_your_luck")
"""Missions whose rules name the next round's first player; an entry's ``last: true`` marks
them (Speed: played the last card; Memory: played last; Collection: ended the round; Push Your
Luck: made the last capture). Unmarked, nobody is announced and the table decides."""


def _marks_starter(state: AlieninjasState) -> bool:
    return state.setup.mission in STARTER_MISSIONS


def scores_view(state: AlieninjasState, title: str) -> ScoresView:
    """The ``scores`` screen: totals so far, the last closed round, and who has entered.

    Rows also hold this round's points once entered; ``starter`` is who started this round and
    ``marked`` who starts the next (missions that track it).
    """
    last = {score.seat: score.points for score in state.rounds[-1]} if state.rounds else {}
    now = {score.seat: score.points for score in state.entries}
    totals = state.totals()
    rows = tuple(
        ScoreRow(seat, last.get(seat, 0), totals[seat], now.get(seat))
        for seat in range(1, state.setup.players + 1)
    )
    tracked = _marks_starter(state)
    return ScoresView(
        title=title,
        mission=state.setup.mission,
        round=state.round,
        rounds=ROUNDS,
        players=state.setup.players,
        entered=tuple(score.seat for score in state.entries),
        rows=rows,
        grabbed=state.grabbed,
        starter=state.starter if tracked else None,
        marked=state.ender if tracked else None,
    )


def score_title(state: AlieninjasState) -> str:
    """The score screen's title for the current round."""
    return f"Round {state.round} - enter the scores"


def open_scoring(state: AlieninjasState) -> Transition:
    """Enter phase ``score`` for the current round."""
    state = dataclasses.replace(
        state, phase=AlieninjasPhase.SCORE, deadline=None, running_since=None, grabbed=None
    )
    effects: list[Effect] = [Phase(AlieninjasPhase.SCORE)]
    mission = state.setup.mission
    if _marks_starter(state) and state.starter is not None:
        line = f"alieninjas.{mission}.starter"
        effects.append(Say.of(line, seat=state.starter, round=state.round))
    line = "alieninjas.score.replicas" if state.replicas else "alieninjas.score.enter"
    effects.append(Say.of(line, round=state.round))
    if mission == "speed" and state.setup.options.grab:
        effects += [Lamp(seat, LampPattern.OFF) for seat in range(1, state.setup.players + 1)]
        effects.append(Say.of("alieninjas.speed.grab"))
    return state, [*effects, Show(scores_view(state, score_title(state)))]


def _last_card(state: AlieninjasState, seat: int, fields: dict[str, object]) -> int | None:
    """Who starts the next round (``last: true``, see ``STARTER_MISSIONS``) after this entry."""
    if not _marks_starter(state) or "last" not in fields:
        return state.ender
    last = fields.pop("last")
    if not isinstance(last, bool):
        raise ScoreEntryError(
            f"score for seat {seat}: 'last' must be true or false", table="Last card: yes or no."
        )
    if last:
        return seat
    return None if state.ender == seat else state.ender


def enter(state: AlieninjasState, event: ScoreEntered, next_round: NextRound) -> Transition:
    """Take one seat's entry (a second entry for a seat replaces the first); the last one in
    closes the round, and ``next_round`` opens the next."""
    players = state.setup.players
    if not 1 <= event.seat <= players:
        raise EventNotAcceptedError(f"score for seat {event.seat}: seats are 1 to {players}")
    fields: dict[str, object] = dict(event.extra)
    if event.points is not None:
        fields["points"] = event.points
    last_card = _last_card(state, event.seat, fields)
    try:
        points, tiebreak = round_points(
            state.setup.mission,
            fields,
            ender=event.seat == state.ender,
            failed=event.seat in state.failed,
        )
    except ScoreEntryError as error:
        # The table is told whose entry it was, in its own words.
        raise ScoreEntryError(str(error), table=f"Seat {event.seat}: {error.for_table}") from None
    mission = state.setup.mission
    counted = alieninjas_counted(mission, fields)
    # A seat's new entry replaces its last: only the other seats' cards count against it.
    others = sum(score.captured for score in state.entries if score.seat != event.seat)
    overflow = round_overflow(mission, others, counted)
    if overflow is not None:
        raise ScoreEntryError(
            f"score for seat {event.seat}: {fields!r}: {overflow}",
            table=f"Seat {event.seat}: {overflow}",
        )
    sheet = state.sheet.enter(RoundScore(event.seat, points, tiebreak, counted))
    state = dataclasses.replace(state, sheet=sheet, ender=last_card)
    if sheet.waiting(players):
        return state, [Show(scores_view(state, score_title(state)))]
    return close_round(state, next_round)


def close_round(state: AlieninjasState, next_round: NextRound) -> Transition:
    """Every seat is in: report the round, then start the next one or end the game."""
    closed = state.entries
    sheet, reports = close_sheet(state.sheet, state.round, state.setup.players)
    state = dataclasses.replace(state, sheet=sheet)
    record = {
        "round": state.round,
        "mission": state.setup.mission,
        "ender": state.ender,
        "failed": list(state.failed),
        "points": {score.seat: score.points for score in closed},
    }
    effects: list[Effect] = [
        Record("alieninjas.round", record),
        *reports,
        Say.of("alieninjas.score.closed", round=state.round),
    ]
    if state.round >= ROUNDS:
        state, more = final(state)
        return state, effects + more
    state, more = next_round(
        dataclasses.replace(
            state,
            round=state.round + 1,
            starter=state.ender,
            ender=None,
            failed=(),
            buzzed=None,
            elapsed=0.0,
            false_starts=(),
        )
    )
    return state, effects + more


def final(state: AlieninjasState) -> Transition:
    """Phase ``final``: the winners, the totals and the reaction times."""
    state = dataclasses.replace(state, phase=AlieninjasPhase.FINAL, deadline=None)
    players = state.setup.players
    won = winners(state.rounds, players)
    totals = state.totals()
    effects: list[Effect] = [
        Phase(AlieninjasPhase.FINAL),
        *final_effects(
            "alieninjas",
            "alieninjas.final",
            totals,
            won,
            rounds=state.sheet.points(players),
            board=board(state),
        ),
    ]
    effects += [
        Lamp(seat, LampPattern.BLINK if seat in won else LampPattern.OFF) for seat in totals
    ]
    line = winner_line(won, totals, one="alieninjas.final.winner", shared="alieninjas.final.shared")
    effects.append(line)
    effects.append(Show(EndView("Final scores", tuple(final_lines(state, won)))))
    return state, effects


def board(state: AlieninjasState) -> str:
    """The board the score log names: the mission, and for Replicas each round's Map side."""
    if not state.replicas:
        return state.setup.mission_name
    sides = ", ".join(map_side(state.setup.seed, number) for number in range(1, state.round + 1))
    return f"{state.setup.mission_name}, Map sides {sides}"


def final_lines(state: AlieninjasState, won: list[int]) -> list[str]:
    """The end screen: totals with each round's points (winners starred), then each player's
    correct-call times."""
    table = state.sheet.points(state.setup.players)
    lines = [
        f"Player {seat}: {total} ({' + '.join(str(points[seat - 1]) for points in table)})"
        + (" - winner!" if seat in won else "")
        for seat, total in sorted(state.totals().items(), key=lambda item: (-item[1], item[0]))
    ]
    if state.replicas:
        times: dict[int, list[str]] = {}
        for number, seat, seconds in state.reactions:
            times.setdefault(seat, []).append(f"{seconds:.1f} s (round {number})")
        for seat in sorted(times):
            lines.append(f"Player {seat} called it in " + ", ".join(times[seat]))
        if not times:
            lines.append("Nobody called a round correctly.")
    return lines


def on_final_input(state: AlieninjasState, event: Event) -> Transition:
    """The end screen's Home button finishes the session; other input changes nothing."""
    return state, on_final(event)
