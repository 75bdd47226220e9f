"""The narrated script of one night, and the day's spoken alerts, as pure data.

``night_script`` lays out every line the device speaks from dusk to wake-up, with how long to
hold after each one. The device renders them all before the night begins, then the session plays
them on its own clock.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from games.effects import Say
from games.onenight import script_app as app
from games.onenight.calls import copiers, step_lines
from games.onenight.cue import Cue
from games.onenight.instructions import Instructions
from games.onenight.roles import Role
from games.onenight.script_app import Answers
from games.onenight.setup import OneNightSetup
from games.onenight.wake import (
    DOPPEL_AGAIN,
    JOINS,
    WakeStep,
    called_steps,
    doppel_instants,
    marks_in_play,
)

DUSK_NOTES = (
    (Role.ALPHA_WOLF, "onenight.alpha_wolf.centre_card"),
    (Role.SENTINEL, "onenight.sentinel.shield_rule"),
    (Role.THE_COUNT, "onenight.the_count.fear_rule"),
)
"""Lines said at dusk when a role is selected: the Alpha Wolf's werewolf card is a fourth
centre card for every role that views or moves centre cards (RB-D), a shield protects a
card from everyone, its owner too, and the holder of the Mark of Fear does nothing at night
but still gives any thumb a call asks for (reference 1.4)."""


def _call(
    step: str, phase: str, setup: OneNightSetup, act: tuple[Say, ...] | None = None
) -> list[Cue]:
    """Wake a role, give its instruction (the app's, if drawn), let it act, send it to sleep."""
    pause = setup.options.pause_seconds
    says = act or (Say.of(f"onenight.{step}.act"),)
    return [
        Cue(step, phase, Say.of(f"onenight.{step}.wake"), pause),
        *app.says_to_cues(step, phase, says, setup.options.role_seconds, pause),
        Cue(step, phase, Say.of(f"onenight.{step}.sleep"), pause),
    ]


class _Night:
    """What the script needs besides the setup: the drawn instructions and closed answers."""

    def __init__(self, setup: OneNightSetup, instructions: Instructions | None, answers: Answers):
        self.setup = setup
        self.instructions = instructions
        self.found = app.outcomes(instructions, answers) if instructions else {}
        self.answers = dict(answers)

    def act(self, key: str, *, doppel: bool = False) -> tuple[Say, ...] | None:
        if self.instructions is None:
            return None
        return app.act_lines(self.instructions, key, self.found, doppel=doppel)

    def question(self, step: str, phase: str) -> list[Cue]:
        question = None if self.instructions is None else app.question_for(self.instructions, step)
        if question is None:
            return []
        return app.question_cues(step, phase, question, self.found.get(step), self.setup)

    def eyes_open(self, step: str) -> bool:
        outcome = self.found.get(step)
        return outcome is not None and outcome.eyes_open


def _foresight(night: _Night, step: str, phase: str, doppel: bool) -> tuple[list[Cue], list[Cue]]:
    """Nostradamus presses the number of his team (said before he sleeps), and once that
    window has closed the table is told his team (after he sleeps), as the app announces it
    (2.13); with no number pressed, the team drawn for him."""
    drawn = night.instructions
    told = None if drawn is None else (drawn.doppel_nostradamus if doppel else drawn.nostradamus)
    if told is None:
        return [], []
    setup = night.setup
    role_time, pause = setup.options.role_seconds, setup.options.pause_seconds
    listen = f"number:{len(told.teams or (told.team,))}"
    ask = app.says_to_cues(step, phase, (told.ask(),), role_time, pause, listen)
    if step not in night.answers:
        return ask, []
    answer = night.answers[step]
    pressed = answer if isinstance(answer, int) and not isinstance(answer, bool) else None
    return ask, [Cue(step, phase, told.announce(told.team_of(pressed)), pause)]


def _oracle(night: _Night, phase: str) -> list[Cue]:
    """The Oracle: wake, the question and its answer window, the outcome, sleep."""
    setup = night.setup
    cues = _call("oracle", phase, setup)
    asked = night.question("oracle", phase)
    if not asked:
        return cues
    cues = [cues[0], *asked]
    if not night.eyes_open("oracle"):  # a right guess keeps her eyes open all night
        cues.append(
            Cue("oracle", phase, Say.of("onenight.oracle.sleep"), setup.options.pause_seconds)
        )
    return cues


def _doppelganger(night: _Night, selected: set[Role]) -> list[Cue]:
    """Her -7 step: view a card, then act at once if that role acts at once (section 1.3)."""
    setup = night.setup
    pause, act = setup.options.pause_seconds, setup.options.role_seconds
    cues = _call("doppelganger", "dusk", setup)
    sleep = cues.pop()
    # Her -7 step comes before the Sentinel's (0): no card is shielded yet, so her calls
    # never mention shields (reference 1.2, the Vampire/Alien chart).
    for role in doppel_instants(selected):
        line = Say.of(f"onenight.doppelganger.instant.{role.value}")
        cues.append(Cue("doppelganger", "dusk", line, act))
    if Role.MINION in selected:
        # A Doppelganger-Minion keeps her eyes open; the wolves show her their thumbs now, the
        # Dream Wolf's too, as for the Minion's own call.
        dream = "_dream_wolf" if Role.DREAM_WOLF in selected else ""
        minion = Say.of(f"onenight.doppelganger.minion{dream}")
        cues.append(Cue("doppelganger", "dusk", minion, act))
        cues.append(Cue("doppelganger", "dusk", Say.of("onenight.doppelganger.minion_done"), pause))
    # Ruling: the chart calls the Oracle (-9) before the Doppelganger (-7), so a
    # Doppelganger-Oracle answers her own question here, at the end of her step (her eyes
    # are open already: she is not told to open them).
    asked = night.question("doppelganger", "dusk")
    if asked:
        oracle = Say.of("onenight.doppelganger.oracle")
        cues += [Cue("doppelganger", "dusk", oracle, pause), *asked]
    return [*cues, sleep]


def _step_cues(
    step: WakeStep, phase: str, night: _Night, inside: tuple[WakeStep, ...] = ()
) -> list[Cue]:
    """One step's call: wake, invitations, the steps spoken inside it, act, sleep, and the
    Doppelganger's repeat ("~", reference 1.3)."""
    setup = night.setup
    selected = set(setup.roles)
    if step.key == "doppelganger":
        return _doppelganger(night, selected)
    if step.key == "oracle":
        return _oracle(night, phase)
    key, pause, role_time = step.key, setup.options.pause_seconds, setup.options.role_seconds
    lines = step_lines(key, selected, setup.options)
    cues = [Cue(key, phase, Say.of(line), pause) for line in lines.wake]
    who = copiers(selected)
    if key in JOINS and who:
        # A copier who became the Dream Wolf keeps her eyes closed: she is not invited to open.
        dream = key == "werewolves" and Role.DREAM_WOLF in selected
        join = f"onenight.join.{JOINS[key]}{'_dream_wolf' if dream else ''}"
        cues.append(Cue(key, phase, Say.of(join, who=who), pause))
    for inner in inside:  # e.g. the Cow's fist while the aliens are awake (2.3)
        cues += [dataclasses.replace(cue, step=key) for cue in _step_cues(inner, phase, night)]
    act = night.act(key) or (Say.of(lines.act),)
    cues += app.says_to_cues(key, phase, act, role_time, pause)
    if night.instructions is not None:
        after = app.after_act_lines(night.instructions, key, night.found)
        cues += app.says_to_cues(key, phase, after, pause, pause)
    asked, told = _foresight(night, key, phase, False) if key == "nostradamus" else ([], [])
    cues += [*asked, Cue(key, phase, Say.of(lines.sleep), pause), *told]
    if Role.DOPPELGANGER in selected and key in DOPPEL_AGAIN:
        again, role = f"{key}_doppelganger", DOPPEL_AGAIN[key]
        act = night.act(key, doppel=True) or (Say.of(lines.doppel_act),)
        asked, told = _foresight(night, again, phase, True) if key == "nostradamus" else ([], [])
        cues += [
            Cue(again, phase, Say.of("onenight.doppelganger.again", role=role.definite), pause),
            *app.says_to_cues(again, phase, act, role_time, pause),
            *asked,
            Cue(again, phase, Say.of(lines.doppel_sleep), pause),
            *told,
        ]
    return cues


def _spoken(
    steps: tuple[WakeStep, ...], dusk: bool, skipped: frozenset[str] = frozenset()
) -> list[tuple[WakeStep, tuple[WakeStep, ...]]]:
    """The steps to call in order, each with the steps spoken inside it.

    A step with ``during`` is spoken inside that step when it is called (and not at all when a
    time loop skips it); otherwise on its own.
    """
    called = {step.key for step in steps}
    out = []
    for step in steps:
        if step.dusk != dusk or step.key in skipped or step.during in called:
            continue
        inside = tuple(s for s in steps if s.during == step.key and s.key not in skipped)
        out.append((step, inside))
    return out


def _deal_cues(setup: OneNightSetup) -> list[Cue]:
    """Before eyes close, with Marks in play: everyone's face-down Mark of Clarity, and the
    Doppelganger's own set beside the boards (RB-V Setup, "Doppelganger & Vampire"), with a
    role's time to lay them out."""
    selected = set(setup.roles)
    if not marks_in_play(selected):
        return []
    lines = ["onenight.marks.deal"]
    if Role.DOPPELGANGER in selected:
        lines.append("onenight.marks.second_set")
    holds = [setup.options.pause_seconds] * (len(lines) - 1) + [setup.options.role_seconds]
    return [Cue("dusk", "dusk", Say.of(line), h) for line, h in zip(lines, holds, strict=True)]


def night_script(
    setup: OneNightSetup, instructions: Instructions | None = None, answers: Answers = ()
) -> tuple[Cue, ...]:
    """Every line from dusk to wake-up, in the official wake order.

    Every selected role is called, even if its cards may be in the centre, with the same
    timing, so silence gives nothing away. With ``instructions``, the app's random
    instructions replace the fixed ones, and ``answers`` (the closed answer windows) add the
    Oracle's outcome and whatever it changes later in the night.
    """
    night = _Night(setup, instructions, answers)
    pause = setup.options.pause_seconds
    selected = set(setup.roles)
    steps = called_steps(selected)
    cues = [*_deal_cues(setup), Cue("dusk", "dusk", Say.of("onenight.dusk.start"), pause)]
    for role, line in DUSK_NOTES:
        if role in selected:  # public table facts, said once before anyone wakes
            cues.append(Cue("dusk", "dusk", Say.of(line), pause))
    for step, inside in _spoken(steps, dusk=True):
        cues += _step_cues(step, "dusk", night, inside)
    if marks_in_play(selected):
        cues.append(Cue("marks", "dusk", Say.of("onenight.marks.view"), setup.options.role_seconds))
        cues.append(Cue("marks", "dusk", Say.of("onenight.marks.sleep"), pause))
    cues.append(Cue("night", "night", Say.of("onenight.night.start"), pause))

    def night_steps(skipped: frozenset[str]) -> list[Cue]:
        replay: list[Cue] = []
        for step, inside in _spoken(steps, dusk=False, skipped=skipped):
            replay += _step_cues(step, "night", night, inside)
        return replay

    cues += night_steps(frozenset())
    if instructions is not None:
        cues += app.ripple_cues(instructions, night.found, setup, night_steps)
    # RB-D: anyone holding an Artifact looks at it privately at wake-up. Said whenever the
    # Curator is selected, so the line never tells whether an Artifact was placed.
    wakeup = "onenight.wakeup_artifacts" if Role.CURATOR in selected else "onenight.wakeup"
    cues.append(Cue("wakeup", "night", Say.of(wakeup), 0.0))
    return tuple(cues)


@dataclass(frozen=True)
class DayAlert:
    """A spoken alert, ``before`` seconds before the day ends."""

    before: float
    say: Say


def day_start_line(seconds: float) -> Say:
    """The line that opens a day this long and states its length."""
    if seconds % 60:
        length = f"{seconds:g} seconds"
    else:
        minutes = round(seconds / 60)
        length = "one minute" if minutes == 1 else f"{minutes} minutes"
    return Say.of("onenight.day.start", length=length)


def day_alerts(day_seconds: float) -> tuple[DayAlert, ...]:
    """The alerts of a day this long, earliest first.

    One minute and thirty seconds left (when the day is longer than that), a countdown from ten,
    then "three, two, one, vote" so that the call ends as the time runs out.
    """
    alerts = [DayAlert(60.0, Say.of("onenight.day.one_minute"))] if day_seconds > 60 else []
    if day_seconds > 30:
        alerts.append(DayAlert(30.0, Say.of("onenight.day.thirty_seconds")))
    alerts += [DayAlert(float(n), Say.of("onenight.day.count", n=n)) for n in range(10, 3, -1)]
    alerts.append(DayAlert(3.0, Say.of("onenight.day.vote_call")))
    return tuple(alert for alert in alerts if alert.before < day_seconds or alert.before <= 3)


def all_day_lines(lengths: set[float]) -> tuple[Say, ...]:
    """Every line a day of one of these ``lengths`` may speak, to render before the night."""
    extended = max(lengths) + 600  # extending the day may bring back the 1-minute alerts
    lines = [day_start_line(length) for length in sorted(lengths)]
    lines += [Say.of("onenight.day.paused"), Say.of("onenight.day.resumed")]
    lines.append(Say.of("onenight.day.extended"))
    lines += [alert.say for alert in day_alerts(extended)]
    return tuple(lines)
