"""The narrated script of one night, and the day's spoken alerts, as pure data.

``night_script`` lays out every line the device speaks from dusk to wake-up, with how long to
hold after each one. The device renders them all before the night begins, then the session plays
them on its own clock.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.effects import Say
from games.onenight.roles import Role
from games.onenight.setup import OneNightSetup
from games.onenight.wake import (
    DOPPEL_AGAIN,
    DOPPEL_JOINS,
    WakeStep,
    called_steps,
    doppel_instants,
    marks_in_play,
)


@dataclass(frozen=True)
class Cue:
    """One spoken line of the night and the time held after it."""

    step: str
    """The wake step key (``"aliens"``), or ``"dusk"``, ``"marks"``, ``"wakeup"``."""
    phase: str
    """``"dusk"`` or ``"night"``: the phase reported while this cue plays."""
    say: Say
    """The line to speak."""
    hold: float
    """Seconds to wait after the line ends: the pause, or the role's acting time."""
    listen: str = ""
    """``"yes_no"`` or ``"number:<highest>"`` when the hold is an answer window, else ``""``."""


def _call(step: str, phase: str, setup: OneNightSetup) -> list[Cue]:
    """Wake a role, give its instruction, let it act, send it back to sleep."""
    pause = setup.options.pause_seconds
    return [
        Cue(step, phase, Say.of(f"onenight.{step}.wake"), pause),
        Cue(step, phase, Say.of(f"onenight.{step}.act"), setup.options.role_seconds),
        Cue(step, phase, Say.of(f"onenight.{step}.sleep"), pause),
    ]


def _doppelganger(setup: OneNightSetup, selected: set[Role]) -> list[Cue]:
    """Her -7 step: view a card, then act at once if that role acts at once (section 1.3)."""
    pause, act = setup.options.pause_seconds, setup.options.role_seconds
    cues = _call("doppelganger", "dusk", setup)
    sleep = cues.pop()
    for role in doppel_instants(selected):
        line = Say.of(f"onenight.doppelganger.instant.{role.value}")
        cues.append(Cue("doppelganger", "dusk", line, act))
    if Role.MINION in selected:
        # A Doppelganger-Minion keeps her eyes open; the wolves show her their thumbs now.
        cues.append(Cue("doppelganger", "dusk", Say.of("onenight.doppelganger.minion"), act))
        cues.append(Cue("doppelganger", "dusk", Say.of("onenight.doppelganger.minion_done"), pause))
    return [*cues, sleep]


def _step_cues(step: WakeStep, phase: str, setup: OneNightSetup, doppel: bool) -> list[Cue]:
    selected = set(setup.roles)
    if step.key == "doppelganger":
        return _doppelganger(setup, selected)
    cues = _call(step.key, phase, setup)
    if doppel and step.key in DOPPEL_JOINS:
        join = Cue(
            step.key, phase, Say.of("onenight.doppelganger.join"), setup.options.pause_seconds
        )
        cues.insert(1, join)
    if doppel and step.key in DOPPEL_AGAIN:
        again = f"{step.key}_doppelganger"
        name = DOPPEL_AGAIN[step.key].display_name
        pause = setup.options.pause_seconds
        cues += [
            Cue(again, phase, Say.of("onenight.doppelganger.again", role=name), pause),
            Cue(again, phase, Say.of(f"onenight.{step.key}.act"), setup.options.role_seconds),
            Cue(again, phase, Say.of("onenight.doppelganger.sleep"), pause),
        ]
    return cues


def night_script(setup: OneNightSetup) -> tuple[Cue, ...]:
    """Every line from dusk to wake-up, in the official wake order.

    Every selected role is called, even if its cards may be in the centre, with the same
    timing, so silence gives nothing away.
    """
    pause = setup.options.pause_seconds
    selected = set(setup.roles)
    doppel = Role.DOPPELGANGER in selected
    steps = called_steps(selected)
    cues = [Cue("dusk", "dusk", Say.of("onenight.dusk.start"), pause)]
    for step in steps:
        if step.dusk:
            cues += _step_cues(step, "dusk", setup, doppel)
    if marks_in_play(selected):
        cues.append(Cue("marks", "dusk", Say.of("onenight.marks.view"), setup.options.role_seconds))
        cues.append(Cue("marks", "dusk", Say.of("onenight.marks.sleep"), pause))
    cues.append(Cue("night", "night", Say.of("onenight.night.start"), pause))
    for step in steps:
        if not step.dusk:
            cues += _step_cues(step, "night", setup, doppel)
    cues.append(Cue("wakeup", "night", Say.of("onenight.wakeup"), 0.0))
    return tuple(cues)


@dataclass(frozen=True)
class DayAlert:
    """A spoken alert, ``before`` seconds before the day ends."""

    before: float
    say: Say


def day_start_line(setup: OneNightSetup) -> Say:
    """The line that opens the day and states its length."""
    return Say.of("onenight.day.start", minutes=round(setup.day_seconds / 60))


def day_alerts(day_seconds: float) -> tuple[DayAlert, ...]:
    """The alerts of a day this long, latest-first order reversed: earliest alert first.

    One minute and thirty seconds left (when the day is longer than that), a countdown from ten,
    then "three, two, one, vote" so that the call ends as the time runs out.
    """
    alerts = [DayAlert(60.0, Say.of("onenight.day.one_minute"))] if day_seconds > 60 else []
    if day_seconds > 30:
        alerts.append(DayAlert(30.0, Say.of("onenight.day.thirty_seconds")))
    alerts += [DayAlert(float(n), Say.of("onenight.day.count", n=n)) for n in range(10, 3, -1)]
    alerts.append(DayAlert(3.0, Say.of("onenight.day.vote_call")))
    return tuple(alert for alert in alerts if alert.before < day_seconds or alert.before <= 3)


def all_day_lines(setup: OneNightSetup) -> tuple[Say, ...]:
    """Every line the day may speak, so it can be rendered before the night starts."""
    extended = setup.day_seconds + 600  # extending the day may bring back the 1-minute alerts
    lines = [day_start_line(setup), Say.of("onenight.day.paused"), Say.of("onenight.day.resumed")]
    lines.append(Say.of("onenight.day.extended"))
    lines += [alert.say for alert in day_alerts(extended)]
    return tuple(lines)
