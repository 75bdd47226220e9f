"""The Alieninjas session state: one frozen value, checkpointed as JSON after every transition."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.alieninjas import buzz
from games.alieninjas.buzz import Candidate
from games.alieninjas.scoring import RoundScore
from games.alieninjas.setup import AlieninjasSetup, setup_from_json, setup_to_json
from games.effects import GamePhase, Record
from games.scoresheet import Sheet


def map_side(seed: int, round_number: int) -> str:
    """The Map side (``"A"`` or ``"B"``) of a Replicas round, drawn from the game's seed."""
    return random.Random(f"{seed}:replicas:{round_number}").choice(("A", "B"))


class AlieninjasPhase(GamePhase):
    """An Alieninjas mission's phases, in play order (the values are the transcript's names)."""

    READY = "ready"
    """Waiting for go (the grid is laid out)."""
    COUNTDOWN = "countdown"
    """Three, two, one."""
    ROUND = "round"
    """The round clock runs."""
    CHECK = "check"
    """A call is being checked."""
    SCORE = "score"
    """Scores are entered."""
    FINAL = "final"
    """The game is over: the final scores."""

    @property
    def scoring(self) -> bool:
        """Scores are entered after each round."""
        return self is AlieninjasPhase.SCORE


@dataclass(frozen=True)
class AlieninjasState:
    """Where one game stands. Times are on the device clock."""

    setup: AlieninjasSetup
    phase: AlieninjasPhase = AlieninjasPhase.READY
    round: int = 1
    deadline: float | None = None
    """The end of the countdown, the time limit of a running round, or a grab's re-arm."""
    running_since: float | None = None
    """When the round timer last started (None: stopped)."""
    elapsed: float = 0.0
    """Round time counted before ``running_since``."""
    candidate: Candidate | None = None
    """A buzz waiting for its arbitration window to close."""
    buzzed: int | None = None
    """The seat whose call is being checked."""
    failed: tuple[int, ...] = ()
    """Seats that called wrongly this round (locked out, half points)."""
    ender: int | None = None
    """The seat that ended this round correctly (Speed: who played the last card)."""
    starter: int | None = None
    """The seat whose button may start this round (the last round's ender)."""
    false_starts: tuple[tuple[int, float], ...] = ()
    """(seat, ignored until) for seats locked out by a false start."""
    sheet: Sheet[RoundScore] = field(default_factory=Sheet)
    """The closed rounds' scores and this round's entries so far."""
    reactions: tuple[tuple[int, int, float], ...] = ()
    """(round, seat, seconds of play before the correct call)."""
    grabbed: int | None = None
    """Speed grab mode: the last grab's winner, until the grab re-arms (``deadline``)."""

    @property
    def entries(self) -> tuple[RoundScore, ...]:
        """This round's score entries so far, by seat."""
        return self.sheet.entries

    @property
    def rounds(self) -> tuple[tuple[RoundScore, ...], ...]:
        """The closed rounds."""
        return self.sheet.rounds

    @property
    def replicas(self) -> bool:
        """Whether this is the Replicas mission (the timed one)."""
        return self.setup.mission == "replicas"

    @property
    def map_side(self) -> str:
        """This round's Map side."""
        return map_side(self.setup.seed, self.round)

    def clock(self, now: float) -> float:
        """Seconds of play in this round at ``now`` (paused time not counted)."""
        running = 0.0 if self.running_since is None else max(0.0, now - self.running_since)
        return self.elapsed + running

    def totals(self) -> dict[int, int]:
        """Each seat's total over the closed rounds."""
        return self.sheet.totals(self.setup.players)

    def offered(self, seat: int, at: float, now: float) -> AlieninjasState:
        """This state with a press from ``seat`` (edge ``at``, arriving ``now``) offered to the
        open arbitration window: the earliest edge within the window becomes the candidate."""
        window = self.setup.options.arbitration_window
        candidate = buzz.offer(self.candidate, seat, at, now, window)
        return dataclasses.replace(self, candidate=candidate)

    def ignored_press(self, seat: int, at: float, why: str) -> Record:
        """The record of a press that changes nothing (kept for the game's log)."""
        data = {"round": self.round, "seat": seat, "at": at, "why": why}
        return Record("alieninjas.ignored_press", data)

    def locked_until(self, seat: int) -> float:
        """Until when a false start keeps ``seat``'s button asleep (0: it is not)."""
        return dict(self.false_starts).get(seat, 0.0)


def _scores(items: Any) -> tuple[RoundScore, ...]:
    return tuple(
        RoundScore(int(s["seat"]), int(s["points"]), int(s["tiebreak"]), int(s.get("captured", 0)))
        for s in items
    )


def state_to_json(state: AlieninjasState) -> dict[str, Any]:
    """The state as JSON-able data."""
    data = dataclasses.asdict(state)
    data["phase"] = AlieninjasPhase(state.phase).value  # plain text in the checkpoint
    data["setup"] = setup_to_json(state.setup)
    sheet = data.pop("sheet")
    data["entries"], data["rounds"] = sheet["entries"], sheet["rounds"]
    return data


def state_from_json(data: Mapping[str, Any]) -> AlieninjasState:
    """Rebuild a state from ``state_to_json`` output."""
    fields = dict(data)
    fields["phase"] = AlieninjasPhase(fields.get("phase", AlieninjasPhase.READY))
    fields["setup"] = setup_from_json(fields["setup"])
    candidate = fields.get("candidate")
    fields["candidate"] = None if candidate is None else Candidate(**candidate)
    fields["failed"] = tuple(int(seat) for seat in fields.get("failed", ()))
    fields["false_starts"] = tuple(
        (int(seat), float(until)) for seat, until in fields.get("false_starts", ())
    )
    entries = _scores(fields.pop("entries", ()))
    fields["sheet"] = Sheet(tuple(_scores(s) for s in fields.pop("rounds", ())), entries)
    fields["reactions"] = tuple(
        (int(r), int(seat), float(seconds)) for r, seat, seconds in fields.get("reactions", ())
    )
    return AlieninjasState(**fields)
