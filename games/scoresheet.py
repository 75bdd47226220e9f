"""One score sheet for the games that keep one: Alienation, Alien Encounters and the Alieninjas
missions.

A ``Sheet`` is rounds x seats: the closed rounds' entries and this round's so far, one per seat.
Each game brings its own hooks: its entry type (anything with a ``seat`` and its ``points``),
checked and scored by the game before it reaches the sheet; who wins (``leaders`` with the game's
tie-break, or the game's own table); and its phases around the sheet. The sheet keeps the
entries (a seat's second entry in a round replaces its first), says who is still to enter,
closes a round once every seat is in, adds up the totals, and builds what every sheet announces:
each seat's ``score`` report as a round closes, then the ``final`` report with the ``LogPlay``
that hands the result to the score log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from games.effects import Effect, Finished, LogPlay, Report, Say
from games.events import Event, Tap, Touched
from games.scorelog.plays import UNFINISHED, FinalResult


class Scored(Protocol):
    """What the sheet needs of an entry: whose it is and what it scores."""

    @property
    def seat(self) -> int:
        """The seat that entered it (1 to the number of players)."""
        ...

    @property
    def points(self) -> int:
        """The round's points it scores."""
        ...


E = TypeVar("E", bound=Scored)
FINISH = (Touched(Tap.HOME), Touched(Tap.OK))
"""The final screen's buttons that end the session."""


@dataclass(frozen=True)
class Sheet(Generic[E]):
    """Rounds x seats: the closed rounds and this round's entries so far, each by seat."""

    rounds: tuple[tuple[E, ...], ...] = ()
    """The closed rounds, each its entries by seat."""
    entries: tuple[E, ...] = ()
    """This round's entries so far, by seat."""

    def enter(self, entry: E) -> Sheet[E]:
        """This sheet with ``entry`` in; a seat's second entry this round replaces its first."""
        kept = [other for other in self.entries if other.seat != entry.seat]
        entries = tuple(sorted((*kept, entry), key=_seat))
        return Sheet(self.rounds, entries)

    def waiting(self, players: int) -> tuple[int, ...]:
        """The seats still to enter this round (none: the round can close)."""
        entered = {entry.seat for entry in self.entries}
        return tuple(seat for seat in range(1, players + 1) if seat not in entered)

    def close(self) -> Sheet[E]:
        """This round's entries become a closed round; the next round starts empty."""
        return Sheet((*self.rounds, self.entries))

    def totals(self, players: int) -> dict[int, int]:
        """Each seat's total over the closed rounds."""
        return totals(self.rounds, players)

    def points(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The closed rounds' points in seat order (a seat without an entry scored 0).

        >>> Sheet(((Entry(2, 5), Entry(1, 3)),)).points(3)
        ((3, 5, 0),)
        """
        table = []
        for scores in self.rounds:
            by_seat = {entry.seat: entry.points for entry in scores}
            table.append(tuple(by_seat.get(seat, 0) for seat in range(1, players + 1)))
        return tuple(table)


@dataclass(frozen=True)
class Entry:
    """The plainest entry: a seat and its points (for a game that needs nothing more)."""

    seat: int
    points: int


def _seat(entry: Scored) -> int:
    return entry.seat


def totals(rounds: Sequence[Sequence[Scored]], players: int) -> dict[int, int]:
    """Each seat's total over ``rounds``.

    >>> totals([[Entry(1, 2), Entry(2, 4)], [Entry(1, 3)]], 3)
    {1: 5, 2: 4, 3: 0}
    """
    out = dict.fromkeys(range(1, players + 1), 0)
    for scores in rounds:
        for entry in scores:
            out[entry.seat] += entry.points
    return out


def leaders(
    totals: Mapping[int, int], tiebreak: Mapping[int, int] | None = None
) -> tuple[int, ...]:
    """The seats with the highest total; with ``tiebreak`` (a game's hook: each seat's value),
    level totals go to the highest value. Seats level after that share the win.

    >>> leaders({1: 40, 2: 52, 3: 52})
    (2, 3)
    >>> leaders({1: 40, 2: 52, 3: 52}, {2: 1, 3: 4})
    (3,)
    """
    if not totals:
        return ()
    breaks = tiebreak or {}
    best = max((total, breaks.get(seat, 0)) for seat, total in totals.items())
    return tuple(sorted(s for s, total in totals.items() if (total, breaks.get(s, 0)) == best))


def close_round(sheet: Sheet[E], round_number: int, players: int) -> tuple[Sheet[E], list[Report]]:
    """Close this round; each seat's ``score`` report: the round, its points, its new total."""
    closed = sheet.close()
    running = closed.totals(players)
    reports = [
        Report(
            "score",
            {
                "round": round_number,
                "seat": entry.seat,
                "points": entry.points,
                "total": running[entry.seat],
            },
        )
        for entry in sheet.entries
    ]
    return closed, reports


def final_effects(
    game: str,
    kind: str,
    totals: Mapping[int, int],
    winners: Sequence[int],
    *,
    rounds: tuple[tuple[int, ...], ...] = (),
    start_player: int | None = None,
    record: Mapping[str, Any] | None = None,
    board: str = "",
) -> list[Effect]:
    """The ``final`` report (winners and totals) and the final record ``kind``, which hands the
    result of ``game`` (its registry key) to the score log; the record holds the report's data
    and ``record``'s. ``totals`` has every seat, 1 to the number of players; ``board`` names
    the board played, for the score log."""
    final = {"winners": list(winners), "totals": dict(totals)}
    scores = tuple(totals[seat] for seat in range(1, len(totals) + 1))
    result = FinalResult(game, scores, tuple(winners), start_player, rounds, board=board)
    return [Report("final", final), LogPlay(kind, {**final, **(record or {})}, result=result)]


def unfinished_effects(
    game: str, kind: str, rounds: tuple[tuple[int, ...], ...], *, of: int, board: str = ""
) -> list[Effect]:
    """A game quit after ``len(rounds)`` of ``of`` rounds, kept as the table chose: the record
    ``kind`` and an unfinished play of the closed ``rounds`` (points by seat), which nobody
    wins; nothing when no round was closed.

    >>> (logged,) = unfinished_effects("alienation", "alienation.unfinished", ((3, 5),), of=3)
    >>> logged.result.scores, logged.result.winners, logged.result.comments
    ((3, 5), (), 'Unfinished: quit after round 1 of 3.')
    """
    if not rounds:
        return []
    scores = tuple(sum(points) for points in zip(*rounds, strict=True))
    comments = f"{UNFINISHED} quit after round {len(rounds)} of {of}."
    result = FinalResult(game, scores, (), None, rounds, board=board, comments=comments)
    record = {"unfinished": True, "rounds": len(rounds), "totals": list(scores)}
    return [LogPlay(kind, record, result=result)]


def winner_line(won: Sequence[int], totals: Mapping[int, int], *, one: str, shared: str) -> Say:
    """The final line: ``one`` names the winner (``seat``), ``shared`` the seats sharing the
    win (``seats``); both say the winning ``total``."""
    best = totals[won[0]]
    if len(won) == 1:
        return Say.of(one, seat=won[0], total=best)
    return Say.of(shared, seats=and_list(won), total=best)


def and_list(seats: Sequence[int]) -> str:
    """Seat numbers as said: ``"1"``, ``"1 and 2"``, ``"1, 2 and 3"``.

    >>> and_list([1, 2, 3])
    '1, 2 and 3'
    """
    words = [str(seat) for seat in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def waiting_text(seats: Sequence[int]) -> str:
    """The sheet's message while seats are still to enter.

    >>> waiting_text([2]), waiting_text([1, 3])
    ('Waiting for player 2', 'Waiting for players 1 and 3')
    """
    who = f"player {seats[0]}" if len(seats) == 1 else f"players {and_list(seats)}"
    return f"Waiting for {who}"


def on_final(event: Event) -> list[Effect]:
    """The final screen: Home (or OK) ends the session; any other input changes nothing."""
    return [Finished()] if event in FINISH else []
