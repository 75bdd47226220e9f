"""The One Night session: setup, the narrated dusk and night, the timed day, then the vote.

A pure state machine (see ``games.session``). Timers are deadlines in the state; the device
sends ``Tick`` when the clock reaches ``next_deadline``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.effects import Effect, Lamp, Phase, Prepare, Record, Say, Show
from games.errors import EventNotAcceptedError
from games.events import Control, ControlPressed, Event, LinesReady, SeatPressed, Tick, Touched
from games.onenight.roles import Role
from games.onenight.script import (
    all_day_lines,
    day_alerts,
    day_start_line,
    night_script,
)
from games.onenight.setup import OneNightOptions, OneNightSetup

EXTEND_SECONDS = 60.0


@dataclass(frozen=True)
class OneNightState:
    """Where one game stands. Times are on the device clock."""

    setup: OneNightSetup
    phase: str = "setup"
    preparing: bool = False
    seconds: tuple[float, ...] = ()
    """Spoken length of each night cue, from the pre-render."""
    cue: int = 0
    """The next night cue to speak."""
    deadline: float | None = None
    """When the next timed thing happens (the next cue, the auto start, the next day alert)."""
    day_ends_at: float | None = None
    day_remaining: float = 0.0
    """Day time left when paused (the day is paused when ``day_ends_at`` is None)."""
    next_alert: int = 0


class OneNightSession:
    """One Night Ultimate Alien / Vampire / Werewolf, from setup to the vote."""

    game = "onenight"

    def __init__(self, setup: OneNightSetup) -> None:
        self.setup = setup
        self.cues = night_script(setup)

    # -- protocol ---------------------------------------------------------------------------

    def start(self, now: float) -> tuple[OneNightState, list[Effect]]:
        """Open the setup screen; start by itself later if the options say so."""
        state = OneNightState(self.setup)
        auto = self.setup.options.auto_start_seconds
        if auto > 0:
            state = dataclasses.replace(state, deadline=now + auto)
        return state, [Phase("setup"), Show("setup", self._setup_view(state))]

    def handle(
        self, state: OneNightState, event: Event, now: float
    ) -> tuple[OneNightState, list[Effect]]:
        """React to one input (see the module docstring)."""
        if isinstance(event, Tick):
            return self._run_deadlines(state, now)
        if isinstance(event, LinesReady):
            return self._lines_ready(state, event, now)
        if state.phase == "setup":
            return self._setup_input(state, event, now)
        if state.phase == "day":
            return self._day_input(state, event, now)
        if isinstance(event, SeatPressed | ControlPressed | Touched):
            # At night nothing reacts to a press: no lamp, no sound, nothing to give away.
            return state, []
        raise EventNotAcceptedError(f"{_kind(event)} is not accepted in phase {state.phase!r}")

    def next_deadline(self, state: OneNightState) -> float | None:
        """The next timed event: a night cue, the auto start or a day alert."""
        return state.deadline

    def phase(self, state: OneNightState) -> str:
        """The current phase name."""
        return state.phase

    def to_json(self, state: OneNightState) -> dict[str, Any]:
        """The state as JSON-able data."""
        data = dataclasses.asdict(state)
        data["setup"] = setup_to_json(state.setup)
        data["seconds"] = list(state.seconds)
        return data

    def from_json(self, data: Mapping[str, Any]) -> OneNightState:
        """Rebuild a state from ``to_json`` output."""
        fields = dict(data)
        fields["setup"] = setup_from_json(fields["setup"])
        fields["seconds"] = tuple(fields["seconds"])
        return OneNightState(**fields)

    def resume(
        self, state: OneNightState, saved_at: float, now: float
    ) -> tuple[OneNightState, list[Effect]]:
        """Continue after a restart: a night step restarts at its start, timers keep their time."""
        shift = now - saved_at
        if state.phase in ("dusk", "night") and state.seconds:
            first = self._step_start(state.cue)
            state = dataclasses.replace(state, cue=first, deadline=now + 2.0)
            return state, [Phase(state.phase), Show("night", {"caption": ""})]
        moved = dataclasses.replace(
            state,
            deadline=None if state.deadline is None else state.deadline + shift,
            day_ends_at=None if state.day_ends_at is None else state.day_ends_at + shift,
        )
        if moved.phase == "setup":
            return moved, [Phase("setup"), Show("setup", self._setup_view(moved))]
        if moved.phase == "day":
            return moved, [Phase("day"), Show("day", self._day_view(moved))]
        return moved, [Phase(moved.phase), Show("vote", self._vote_view())]

    # -- setup ------------------------------------------------------------------------------

    def _setup_view(self, state: OneNightState) -> dict[str, Any]:
        return {
            "game": "One Night",
            "preset": self.setup.preset,
            "players": self.setup.players,
            "roles": [role.display_name for role in self.setup.roles],
            "seated": [],
            "progress": 0.0 if state.preparing else None,
        }

    def _setup_input(
        self, state: OneNightState, event: Event, now: float
    ) -> tuple[OneNightState, list[Effect]]:
        starts = event == Touched("start") or (
            isinstance(event, ControlPressed) and event.control is Control.GO
        )
        if starts:
            return self._begin_preparing(state)
        if isinstance(event, SeatPressed | ControlPressed | Touched):
            return state, []
        raise EventNotAcceptedError(f"{_kind(event)} is not accepted in phase 'setup'")

    def _begin_preparing(self, state: OneNightState) -> tuple[OneNightState, list[Effect]]:
        if state.preparing:
            return state, []
        state = dataclasses.replace(state, preparing=True, deadline=None)
        lines = tuple(cue.say for cue in self.cues) + all_day_lines(self.setup)
        return state, [Show("setup", self._setup_view(state)), Prepare(lines)]

    def _lines_ready(
        self, state: OneNightState, event: LinesReady, now: float
    ) -> tuple[OneNightState, list[Effect]]:
        if not state.preparing:
            raise EventNotAcceptedError("rendered lines arrived, but none were asked for")
        seconds = event.seconds[: len(self.cues)]
        state = dataclasses.replace(
            state, preparing=False, seconds=seconds, cue=0, deadline=now, phase="dusk"
        )
        record = Record(
            "onenight.start",
            {
                "players": self.setup.players,
                "roles": [role.value for role in self.setup.roles],
                "seed": self.setup.seed,
            },
        )
        lamps: list[Effect] = [Lamp(seat, "off") for seat in range(1, self.setup.players + 1)]
        effects: list[Effect] = [record, Phase("dusk"), Show("night", {"caption": ""}), *lamps]
        more_state, more = self._run_deadlines(state, now)
        return more_state, effects + more

    # -- night ------------------------------------------------------------------------------

    def _run_deadlines(
        self, state: OneNightState, now: float
    ) -> tuple[OneNightState, list[Effect]]:
        effects: list[Effect] = []
        while state.deadline is not None and state.deadline <= now:
            state, more = self._on_deadline(state, state.deadline)
            effects += more
        return state, effects

    def _on_deadline(self, state: OneNightState, at: float) -> tuple[OneNightState, list[Effect]]:
        if state.phase == "setup":
            started, effects = self._begin_preparing(state)
            return started, effects
        if state.phase in ("dusk", "night"):
            return self._speak_cue(state, at)
        if state.phase == "day":
            return self._day_alert(state, at)
        return dataclasses.replace(state, deadline=None), []

    def _speak_cue(self, state: OneNightState, at: float) -> tuple[OneNightState, list[Effect]]:
        if state.cue >= len(self.cues):
            return self._start_day(state, at)
        cue = self.cues[state.cue]
        effects: list[Effect] = []
        if cue.phase != state.phase:
            effects.append(Phase(cue.phase))
        effects.append(cue.say)
        spoken = state.seconds[state.cue] if state.cue < len(state.seconds) else 0.0
        state = dataclasses.replace(
            state, phase=cue.phase, cue=state.cue + 1, deadline=at + spoken + cue.hold
        )
        return state, effects

    def _step_start(self, cue_index: int) -> int:
        """The first cue of the step that cue ``cue_index - 1`` (the last spoken) belongs to."""
        last = max(0, min(cue_index - 1, len(self.cues) - 1))
        step = self.cues[last].step
        while last > 0 and self.cues[last - 1].step == step:
            last -= 1
        return last

    # -- day --------------------------------------------------------------------------------

    def _start_day(self, state: OneNightState, at: float) -> tuple[OneNightState, list[Effect]]:
        length = self.setup.day_seconds
        state = dataclasses.replace(state, phase="day", day_ends_at=at + length, next_alert=0)
        state = self._schedule_alert(state)
        return state, [Phase("day"), Show("day", self._day_view(state)), day_start_line(self.setup)]

    def _alerts(self, state: OneNightState) -> tuple[Any, ...]:
        return day_alerts(self.setup.day_seconds + 10_000)

    def _schedule_alert(self, state: OneNightState) -> OneNightState:
        alerts = self._alerts(state)
        if state.day_ends_at is None:
            return dataclasses.replace(state, deadline=None)
        if state.next_alert < len(alerts):
            at = state.day_ends_at - alerts[state.next_alert].before
            return dataclasses.replace(state, deadline=at)
        return dataclasses.replace(state, deadline=state.day_ends_at)

    def _day_alert(self, state: OneNightState, at: float) -> tuple[OneNightState, list[Effect]]:
        alerts = self._alerts(state)
        if state.next_alert >= len(alerts):
            return self._start_vote(state)
        alert = alerts[state.next_alert]
        state = self._schedule_alert(dataclasses.replace(state, next_alert=state.next_alert + 1))
        return state, [alert.say]

    def _remaining(self, state: OneNightState, now: float) -> float:
        if state.day_ends_at is None:
            return state.day_remaining
        return max(0.0, state.day_ends_at - now)

    def _skip_passed_alerts(self, state: OneNightState, remaining: float) -> OneNightState:
        alerts = self._alerts(state)
        index = 0
        while index < len(alerts) and alerts[index].before >= remaining:
            index += 1
        return dataclasses.replace(state, next_alert=index)

    def _day_input(
        self, state: OneNightState, event: Event, now: float
    ) -> tuple[OneNightState, list[Effect]]:
        paused = state.day_ends_at is None
        toggle = isinstance(event, ControlPressed) and event.control is Control.GO
        if event == Touched("pause") or (toggle and not paused):
            if paused:
                return state, []
            state = dataclasses.replace(
                state, day_ends_at=None, day_remaining=self._remaining(state, now), deadline=None
            )
            return state, [Show("day", self._day_view(state)), Say.of("onenight.day.paused")]
        if event == Touched("resume") or (toggle and paused):
            if not paused:
                return state, []
            state = dataclasses.replace(state, day_ends_at=now + state.day_remaining)
            state = self._schedule_alert(state)
            return state, [Show("day", self._day_view(state)), Say.of("onenight.day.resumed")]
        if event == Touched("extend"):
            remaining = self._remaining(state, now) + EXTEND_SECONDS
            state = self._skip_passed_alerts(state, remaining)
            if paused:
                state = dataclasses.replace(state, day_remaining=remaining)
            else:
                state = self._schedule_alert(
                    dataclasses.replace(state, day_ends_at=now + remaining)
                )
            return state, [Show("day", self._day_view(state)), Say.of("onenight.day.extended")]
        if event == Touched("vote"):
            alerts = self._alerts(state)
            state = dataclasses.replace(state, day_ends_at=now + 3.0, next_alert=len(alerts) - 1)
            return self._day_alert(state, now)
        if isinstance(event, SeatPressed | ControlPressed | Touched):
            return state, []
        raise EventNotAcceptedError(f"{_kind(event)} is not accepted in phase 'day'")

    def _day_view(self, state: OneNightState) -> dict[str, Any]:
        return {
            "ends_at": state.day_ends_at,
            "remaining": state.day_remaining,
            "paused": state.day_ends_at is None,
            "players": self.setup.players,
        }

    # -- vote -------------------------------------------------------------------------------

    def _start_vote(self, state: OneNightState) -> tuple[OneNightState, list[Effect]]:
        state = dataclasses.replace(state, phase="vote", deadline=None, day_ends_at=None)
        return state, [Phase("vote"), Show("vote", self._vote_view())]

    def _vote_view(self) -> dict[str, Any]:
        return {"message": "Point at someone!", "voted": [], "players": self.setup.players}


def _kind(event: Event) -> str:
    return type(event).__name__


def setup_to_json(setup: OneNightSetup) -> dict[str, Any]:
    """A setup as JSON-able data."""
    return {
        "players": setup.players,
        "roles": [role.value for role in setup.roles],
        "seed": setup.seed,
        "options": dataclasses.asdict(setup.options),
        "preset": setup.preset,
    }


def setup_from_json(data: Mapping[str, Any]) -> OneNightSetup:
    """Rebuild a setup from ``setup_to_json`` output."""
    return OneNightSetup(
        players=int(data["players"]),
        roles=tuple(Role(name) for name in data["roles"]),
        seed=int(data["seed"]),
        options=OneNightOptions(**data["options"]),
        preset=str(data.get("preset", "")),
    )
