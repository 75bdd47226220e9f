"""The One Night session state: one frozen value, checkpointed as JSON after every transition."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.effects import GamePhase, Say
from games.onenight.ballot import Ballot, VoteMode
from games.onenight.instructions import Instructions
from games.onenight.lobby import Lobby
from games.onenight.revealed import (
    RevealDraft,
    RevealEntry,
    draft_from_json,
    entry_from_json,
    entry_to_json,
)
from games.onenight.roles import Role
from games.onenight.setup import OneNightOptions, OneNightSetup
from games.views import MAX_SEATS


def say_key(say: Say) -> str:
    """A stable key for a line with its placeholders (to look its spoken length up)."""
    return say.line + json.dumps(dict(say.params), sort_keys=True, default=str)


class OneNightPhase(GamePhase):
    """One Night's phases, in play order (the values are the transcript's names)."""

    SETUP = "setup"
    """Roles, presets and seats are chosen."""
    DUSK = "dusk"
    """The night steps before the Marks are looked at (Vampire)."""
    NIGHT = "night"
    """The night calls."""
    DAY = "day"
    """The discussion timer runs."""
    VOTE = "vote"
    """Votes are entered."""
    REVEAL = "reveal"
    """Each seat's final card is entered."""
    RESULT = "result"
    """The deaths and winners are announced."""

    @property
    def dark(self) -> bool:
        """Dusk and the night: eyes closed."""
        return self in (OneNightPhase.DUSK, OneNightPhase.NIGHT)


@dataclass(frozen=True)
class OneNightState:
    """Where one game stands. Times are on the device clock."""

    setup: OneNightSetup
    phase: OneNightPhase = OneNightPhase.SETUP
    preparing: bool = False
    spoken: tuple[tuple[str, float], ...] = ()
    """Spoken length of every pre-rendered line, by ``say_key``."""
    cue: int = 0
    """The next night cue to speak."""
    replaying: bool = False
    """``cue`` was set back by a restart and nothing was spoken since: a second restart keeps
    it (the cue before it belongs to a step that is over)."""
    deadline: float | None = None
    """When the next timed thing happens (the next cue, the auto start, the next day alert)."""
    day_ends_at: float | None = None
    day_remaining: float = 0.0
    """Day time left when paused (the day is paused when ``day_ends_at`` is None)."""
    next_alert: int = 0
    listening: str = ""
    """The answer window that is open (``"yes_no"``, ``"number:<highest>"``), else ``""``."""
    answer: bool | int | None = None
    """The answer given in the open window: kept for the outcome and the record, never shown."""
    answers: tuple[tuple[str, bool | int | None], ...] = ()
    """Closed answer windows: (asking step, answer, or None when the device answered)."""
    instructions: Instructions | None = None
    """The app's random instructions, drawn from the seed when the night is prepared."""
    lobby: Lobby | None = None
    """The setup being built on the setup screen (None: exactly ``setup``)."""
    ballot: Ballot | None = None
    """The votes, from the vote phase on."""
    reveals: tuple[RevealEntry, ...] = ()
    """Every seat revealed, in seat order."""
    draft: RevealDraft | None = None
    """The reveal being entered on the screen."""
    held: tuple[RevealDraft, ...] = ()
    """Picks of seats left unconfirmed for another (a refused Confirm, then a correction
    elsewhere): each comes back when its seat is opened again."""

    def seconds(self, say: Say) -> float:
        """How long ``say`` takes to speak (0 if it was never rendered)."""
        return dict(self.spoken).get(say_key(say), 0.0)

    def with_spoken(self, says: Iterable[Say], seconds: Iterable[float]) -> OneNightState:
        """This state with the spoken lengths of ``says`` recorded."""
        known = dict(self.spoken)
        known.update(zip((say_key(say) for say in says), seconds, strict=True))
        return dataclasses.replace(self, spoken=tuple(sorted(known.items())))


def state_to_json(state: OneNightState) -> dict[str, Any]:
    """The state as JSON-able data."""
    data = {field.name: getattr(state, field.name) for field in dataclasses.fields(state)}
    data["phase"] = OneNightPhase(state.phase).value  # plain text in the checkpoint
    data["setup"] = setup_to_json(state.setup)
    data["spoken"] = [list(pair) for pair in state.spoken]
    data["answers"] = [list(pair) for pair in state.answers]
    # Each entry as the list of eight names it always was: older releases read it too.
    data["reveals"] = [entry_to_json(entry) for entry in state.reveals]
    data["draft"] = None if state.draft is None else entry_to_json(state.draft)
    data["held"] = [entry_to_json(draft) for draft in state.held]
    data["instructions"] = None if state.instructions is None else state.instructions.to_json()
    data["lobby"] = None if state.lobby is None else state.lobby.to_json()
    ballot = state.ballot
    data["ballot"] = (
        None if ballot is None else {**dataclasses.asdict(ballot), "mode": ballot.mode.value}
    )
    return data


def state_from_json(data: Mapping[str, Any]) -> OneNightState:
    """Rebuild a state from ``state_to_json`` output."""
    fields = dict(data)
    fields["phase"] = OneNightPhase(fields.get("phase", OneNightPhase.SETUP))
    fields["setup"] = setup_from_json(fields["setup"])
    fields["spoken"] = tuple((str(key), float(value)) for key, value in fields["spoken"])
    fields["answers"] = tuple((str(step), answer) for step, answer in fields.get("answers", ()))
    drawn = fields.get("instructions")
    fields["instructions"] = None if drawn is None else Instructions.from_json(drawn)
    lobby = fields.get("lobby")
    fields["lobby"] = None if lobby is None else Lobby.from_json(lobby)
    fields["ballot"] = ballot_from_json(fields.get("ballot"))
    # Older states' shorter entries are padded (``games.onenight.revealed``).
    fields["reveals"] = tuple(entry_from_json(entry) for entry in fields.get("reveals", ()))
    draft = fields.get("draft")
    fields["draft"] = None if draft is None else draft_from_json(draft)
    fields["held"] = tuple(draft_from_json(held) for held in fields.get("held", ()))
    return OneNightState(**fields)


def ballot_from_json(data: Mapping[str, Any] | None) -> Ballot | None:
    """Rebuild a ballot from ``dataclasses.asdict`` output (lists back to tuples)."""
    if data is None:
        return None
    replacing = data.get("replacing")
    return Ballot(
        players=int(data["players"]),
        mode=VoteMode(data["mode"]),
        two_votes=tuple(data["two_votes"]),
        device_target=bool(data["device_target"]),
        votes=tuple((int(voter), tuple(targets)) for voter, targets in data["votes"]),
        voter=data.get("voter"),
        replacing=None if replacing is None else (int(replacing[0]), tuple(replacing[1])),
    )


def setup_to_json(setup: OneNightSetup) -> dict[str, Any]:
    """A setup as JSON-able data."""
    return {
        "players": setup.players,
        "roles": [role.value for role in setup.roles],
        "seed": setup.seed,
        "options": {
            **dataclasses.asdict(setup.options),
            "vote_mode": setup.options.vote_mode.value,
        },
        "preset": setup.preset,
        "seats": setup.seats,
    }


def setup_from_json(data: Mapping[str, Any]) -> OneNightSetup:
    """Rebuild a setup from ``setup_to_json`` output."""
    return OneNightSetup(
        players=int(data["players"]),
        roles=tuple(Role(name) for name in data["roles"]),
        seed=int(data["seed"]),
        options=_options(data["options"]),
        preset=str(data.get("preset", "")),
        seats=int(data.get("seats", MAX_SEATS)),  # a checkpoint from before: any seat
    )


def _options(data: Mapping[str, Any]) -> OneNightOptions:
    fields = dict(data)
    fields["rulings"] = tuple((str(key), value) for key, value in fields.get("rulings", ()))
    return OneNightOptions(**fields)
