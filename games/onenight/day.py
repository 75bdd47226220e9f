"""The day: the discussion timer, its spoken alerts, pause, extend and "vote now"."""

from __future__ import annotations

import dataclasses

from games.effects import Countdown, Effect, Phase, Say, Show
from games.events import Control, ControlPressed, Event, Tap, Touched
from games.onenight.script import DayAlert, day_alerts, day_start_line
from games.onenight.script_app import outcomes, vote_rules
from games.onenight.state import OneNightPhase, OneNightState
from games.onenight.views import DayView
from games.onenight.vote import open_vote

EXTEND_SECONDS = 60.0
ALERT_HORIZON = 10_000.0
"""Alerts are drawn for a day this much longer, so an extended day has its warnings too."""

Transition = tuple[OneNightState, list[Effect]]


def alerts(state: OneNightState) -> tuple[DayAlert, ...]:
    """Every alert a day of this game may give, earliest (longest before the end) first."""
    return day_alerts(state.setup.day_seconds + ALERT_HORIZON)


def day_view(state: OneNightState) -> DayView:
    """What the day screen shows."""
    return DayView(
        ends_at=state.day_ends_at,
        remaining=state.day_remaining,
        paused=state.day_ends_at is None,
        players=state.setup.players,
        roles=roles_in_play(state),
    )


def shown(state: OneNightState) -> list[Effect]:
    """The day screen, and its clock for the device's ambience (tense in the last minute)."""
    return [Show(day_view(state)), Countdown(state.day_ends_at)]


def roles_in_play(state: OneNightState) -> str:
    """The cards in play in one line, repeats counted: "2 Alien, Cow, Psychic" (public: every
    player saw them dealt)."""
    counts: dict[str, int] = {}
    for role in state.setup.roles:
        counts[role.display_name] = counts.get(role.display_name, 0) + 1
    return ", ".join(f"{n} {name}" if n > 1 else name for name, n in counts.items())


def start_day(state: OneNightState, at: float, length: float) -> Transition:
    """Open the day at ``at``: a ``length``-second timer starts and its length is announced."""
    state = dataclasses.replace(state, phase=OneNightPhase.DAY, day_ends_at=at + length)
    state = _schedule(_skip_passed(state, length))
    return state, [
        Phase(OneNightPhase.DAY),
        *shown(state),
        day_start_line(length),
    ]


def _schedule(state: OneNightState) -> OneNightState:
    if state.day_ends_at is None:
        return dataclasses.replace(state, deadline=None)
    every = alerts(state)
    if state.next_alert < len(every):
        at = state.day_ends_at - every[state.next_alert].before
        return dataclasses.replace(state, deadline=at)
    return dataclasses.replace(state, deadline=state.day_ends_at)


def _skip_passed(state: OneNightState, remaining: float) -> OneNightState:
    """Point at the first alert that still lies ahead with ``remaining`` seconds left."""
    every = alerts(state)
    index = 0
    while index < len(every) and every[index].before >= remaining:
        index += 1
    return dataclasses.replace(state, next_alert=index)


def on_deadline(state: OneNightState, at: float) -> Transition:
    """Speak the alert that is due, or open the vote when the time is up."""
    every = alerts(state)
    if state.next_alert >= len(every):
        found = outcomes(state.instructions, state.answers) if state.instructions else {}
        two, device = vote_rules(state.instructions, state.setup.players, found)
        return open_vote(state, two, device)
    alert = every[state.next_alert]
    state = _schedule(dataclasses.replace(state, next_alert=state.next_alert + 1))
    return state, [alert.say]


def remaining(state: OneNightState, now: float) -> float:
    """Seconds of discussion left."""
    if state.day_ends_at is None:
        return state.day_remaining
    return max(0.0, state.day_ends_at - now)


def on_input(state: OneNightState, event: Event, now: float) -> Transition:
    """Pause (go or touch), resume, extend by a minute, or skip to the vote."""
    paused = state.day_ends_at is None
    toggle = isinstance(event, ControlPressed) and event.control is Control.GO
    if event == Touched(Tap.PAUSE) or (toggle and not paused):
        if paused:
            return state, []
        left = remaining(state, now)
        state = dataclasses.replace(state, day_ends_at=None, day_remaining=left, deadline=None)
        return state, [*shown(state), Say.of("onenight.day.paused")]
    if event == Touched(Tap.RESUME) or (toggle and paused):
        if not paused:
            return state, []
        state = _schedule(dataclasses.replace(state, day_ends_at=now + state.day_remaining))
        return state, [*shown(state), Say.of("onenight.day.resumed")]
    if event == Touched(Tap.EXTEND):
        left = remaining(state, now) + EXTEND_SECONDS
        state = _skip_passed(state, left)
        if paused:
            state = dataclasses.replace(state, day_remaining=left)
        else:
            state = _schedule(dataclasses.replace(state, day_ends_at=now + left))
        return state, [*shown(state), Say.of("onenight.day.extended")]
    if event == Touched(Tap.VOTE):
        last = len(alerts(state)) - 1  # the "three, two, one, vote" call
        state = dataclasses.replace(state, day_ends_at=now + 3.0, next_alert=last)
        return on_deadline(state, now)
    return state, []
