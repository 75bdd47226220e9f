"""The score sheet: one entry per seat closes a round; after the last round, the final result."""

from __future__ import annotations

import dataclasses
from typing import Any

from games.alieninjas.scoring import RoundScore, round_points, winners

__all__ = [
    "close_round",
    "enter",
    "final",
    "open_scoring",
    "score_title",
    "scores_view",
    "winners",
]
from games.alieninjas.scoring import ScoreEntryError
from games.alieninjas.setup import ROUNDS
from games.alieninjas.state import AlieninjasState
from games.effects import Effect, Finished, Lamp, Phase, Record, Report, Say, Show
from games.errors import EventNotAcceptedError
from games.events import ScoreEntered, Touched

Transition = tuple[AlieninjasState, list[Effect]]
STARTER_MISSIONS = ("speed", "memory", "collection", "push_your_luck")
"""Missions whose rules name the next round's first player; an entry's ``last: true`` marks
them (Speed: played the last card; Memory: played last; Collection: ended the round; Push Your
Luck: made the last capture). Unmarked, nobody is announced and the table decides."""


def _marks_starter(state: AlieninjasState) -> bool:
    return state.setup.mission in STARTER_MISSIONS


def scores_view(state: AlieninjasState, title: str) -> dict[str, Any]:
    """The ``scores`` screen: totals so far, the last closed round, and who has entered.

    Rows also hold ``entered_points`` (this round's points, None until entered); ``starter`` is
    who started this round and ``marked`` who starts the next (missions that track it).
    """
    last = {score.seat: score.points for score in state.rounds[-1]} if state.rounds else {}
    now = {score.seat: score.points for score in state.entries}
    totals = state.totals()
    rows = [
        {
            "seat": seat,
            "last": last.get(seat, 0),
            "total": totals[seat],
            "entered_points": now.get(seat),
        }
        for seat in range(1, state.setup.players + 1)
    ]
    tracked = _marks_starter(state)
    return {
        "title": title,
        "mission": state.setup.mission,
        "round": state.round,
        "rounds": ROUNDS,
        "players": state.setup.players,
        "entered": [score.seat for score in state.entries],
        "rows": rows,
        "grabbed": state.grabbed,
        "starter": state.starter if tracked else None,
        "marked": state.ender if tracked else None,
    }


def score_title(state: AlieninjasState) -> str:
    """The score screen's title for the current round."""
    return f"Round {state.round} - enter the scores"


def open_scoring(state: AlieninjasState) -> Transition:
    """Enter phase ``score`` for the current round."""
    state = dataclasses.replace(
        state, phase="score", deadline=None, running_since=None, grabbed=None
    )
    effects: list[Effect] = [Phase("score")]
    mission = state.setup.mission
    if _marks_starter(state) and state.starter is not None:
        line = f"alieninjas.{mission}.starter"
        effects.append(Say.of(line, seat=state.starter, round=state.round))
    line = "alieninjas.score.replicas" if state.replicas else "alieninjas.score.enter"
    effects.append(Say.of(line, round=state.round))
    if mission == "speed" and state.setup.options.grab:
        effects += [Lamp(seat, "off") for seat in range(1, state.setup.players + 1)]
        effects.append(Say.of("alieninjas.speed.grab"))
    return state, [*effects, Show("scores", scores_view(state, score_title(state)))]


def _last_card(state: AlieninjasState, seat: int, fields: dict[str, object]) -> int | None:
    """Who starts the next round (``last: true``, see ``STARTER_MISSIONS``) after this entry."""
    if not _marks_starter(state) or "last" not in fields:
        return state.ender
    last = fields.pop("last")
    if not isinstance(last, bool):
        raise ScoreEntryError(f"score for seat {seat}: 'last' must be true or false")
    if last:
        return seat
    return None if state.ender == seat else state.ender


def enter(state: AlieninjasState, event: ScoreEntered) -> Transition:
    """Take one seat's entry (a second entry for a seat replaces the first)."""
    players = state.setup.players
    if not 1 <= event.seat <= players:
        raise EventNotAcceptedError(f"score for seat {event.seat}: seats are 1 to {players}")
    fields: dict[str, object] = dict(event.extra)
    if event.points is not None:
        fields["points"] = event.points
    last_card = _last_card(state, event.seat, fields)
    points, tiebreak = round_points(
        state.setup.mission,
        fields,
        ender=event.seat == state.ender,
        failed=event.seat in state.failed,
    )
    kept = tuple(score for score in state.entries if score.seat != event.seat)
    entries = tuple(sorted((*kept, RoundScore(event.seat, points, tiebreak)), key=_seat))
    state = dataclasses.replace(state, entries=entries, ender=last_card)
    if len(entries) < players:
        return state, [Show("scores", scores_view(state, score_title(state)))]
    return close_round(state)


def _seat(score: RoundScore) -> int:
    return score.seat


def close_round(state: AlieninjasState) -> Transition:
    """Every seat is in: report the round, then start the next one or end the game."""
    state = dataclasses.replace(state, rounds=(*state.rounds, state.entries), entries=())
    totals = state.totals()
    effects: list[Effect] = [
        Record(
            "alieninjas.round",
            {
                "round": state.round,
                "mission": state.setup.mission,
                "ender": state.ender,
                "failed": list(state.failed),
                "points": {score.seat: score.points for score in state.rounds[-1]},
            },
        )
    ]
    for score in state.rounds[-1]:
        data = {"round": state.round, "seat": score.seat, "points": score.points}
        effects.append(Report("score", {**data, "total": totals[score.seat]}))
    effects.append(Say.of("alieninjas.score.closed", round=state.round))
    if state.round >= ROUNDS:
        state, more = final(state)
        return state, effects + more
    from games.alieninjas import replicas  # here: the two modules call each other

    next_round = dataclasses.replace(
        state,
        round=state.round + 1,
        starter=state.ender,
        ender=None,
        failed=(),
        buzzed=None,
        elapsed=0.0,
        false_starts=(),
    )
    state, more = replicas.open_round(next_round)
    return state, effects + more


def final(state: AlieninjasState) -> Transition:
    """Phase ``final``: the winners, the totals and the reaction times."""
    state = dataclasses.replace(state, phase="final", deadline=None)
    won = winners(state.rounds, state.setup.players)
    totals = state.totals()
    effects: list[Effect] = [
        Phase("final"),
        Report("final", {"winners": won, "totals": totals}),
        Record("alieninjas.final", {"winners": won, "totals": totals}),
    ]
    effects += [Lamp(seat, "blink" if seat in won else "off") for seat in totals]
    best = totals[won[0]] if won else 0
    if len(won) == 1:
        effects.append(Say.of("alieninjas.final.winner", seat=won[0], total=best))
    else:
        seats = ", ".join(str(seat) for seat in won[:-1]) + f" and {won[-1]}"
        effects.append(Say.of("alieninjas.final.shared", seats=seats, total=best))
    effects.append(Show("end", {"title": "Final scores", "lines": final_lines(state, won)}))
    return state, effects


def final_lines(state: AlieninjasState, won: list[int]) -> list[str]:
    """The end screen: totals (winners starred), then each player's correct-call times."""
    lines = [
        f"Player {seat}: {total}" + (" - winner!" if seat in won else "")
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


def on_final_input(state: AlieninjasState, event: object) -> Transition:
    """The end screen's Home button finishes the session; other input changes nothing."""
    if event in (Touched("home"), Touched("ok")):
        return state, [Finished()]
    return state, []
