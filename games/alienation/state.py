"""Alienation's score sheet state, and its JSON (a checkpoint's), old checkpoints included."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.alienation.rules import AlienationSetup, RoundEntry
from games.effects import GamePhase
from games.scoresheet import Sheet


class AlienationPhase(GamePhase):
    """Alienation's phases, in play order (the values are the transcript's names)."""

    FRIENDLIEST = "friendliest"
    """The table picks the friendliest player to start."""
    SCORE = "score"
    """Scores are entered."""
    FINAL = "final"
    """The game is over: the final scores."""

    @property
    def scoring(self) -> bool:
        """Scores are entered after each round."""
        return self is AlienationPhase.SCORE


@dataclass(frozen=True)
class AlienationState:
    """Where the score sheet stands."""

    setup: AlienationSetup
    phase: AlienationPhase = AlienationPhase.SCORE
    round: int = 1
    start: int = 1
    """This round's start player (0 while the table is still choosing the friendliest)."""
    firsties: int | None = None
    """Who took Firsties this round (None: nobody yet)."""
    sheet: Sheet[RoundEntry] = field(default_factory=Sheet)
    """The closed rounds' entries and this round's so far."""
    sunnies: tuple[int, ...] = ()
    """Each seat's Sunnies total as last entered."""
    message: str = ""
    choose_until: float | None = None
    """When the device draws the friendliest player if the table has not chosen (phase
    ``friendliest`` only)."""
    friendliest: int | None = None
    """The friendliest player, who started round 1 (None: not chosen yet, or not known in a
    checkpoint from before it was kept)."""

    @property
    def entries(self) -> tuple[RoundEntry, ...]:
        """This round's entries so far, by seat."""
        return self.sheet.entries

    @property
    def rounds(self) -> tuple[tuple[int, ...], ...]:
        """The points of every closed round, in seat order."""
        return self.sheet.points(self.setup.players)


def state_to_json(state: AlienationState) -> dict[str, Any]:
    """The state as JSON-able data (the sheet's rounds and entries at the top level, as
    checkpoints have always kept them)."""
    data = dataclasses.asdict(state)
    data["phase"] = AlienationPhase(state.phase).value  # plain text in the checkpoint
    sheet = data.pop("sheet")
    data["entries"], data["rounds"] = sheet["entries"], sheet["rounds"]
    return data


def state_from_json(data: Mapping[str, Any]) -> AlienationState:
    """Rebuild a state from ``to_json`` output, or from a checkpoint written before the shared
    score sheet: its closed rounds hold only points, and only a game still in round 1 knows who
    the friendliest player was."""
    fields = dict(data)
    setup = AlienationSetup(**fields.pop("setup"))
    phase, number, start = (
        AlienationPhase(fields["phase"]),
        int(fields["round"]),
        int(fields["start"]),
    )
    rounds = tuple(
        tuple(_entry(seat, item) for seat, item in enumerate(entries, start=1))
        for entries in fields["rounds"]
    )
    entries = tuple(RoundEntry(**entry) for entry in fields["entries"])
    friendliest = fields.get("friendliest", start if (phase, number) == ("score", 1) else None)
    return AlienationState(
        setup,
        phase=phase,
        round=number,
        start=start,
        firsties=fields["firsties"],
        sheet=Sheet(rounds, entries),
        sunnies=tuple(fields["sunnies"]),
        message=str(fields["message"]),
        choose_until=fields.get("choose_until"),
        friendliest=friendliest,
    )


def _entry(seat: int, item: Any) -> RoundEntry:
    """A closed round's entry: its data, or (an older checkpoint) only its points."""
    return RoundEntry(**item) if isinstance(item, Mapping) else RoundEntry(seat, int(item))
