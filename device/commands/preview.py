"""``mothership onenight script``: the whole night and day of a setup, with timings, unplayed."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.onenight.instructions import draw_instructions, ripple_after_oracle
from games.onenight.presets import PRESETS, preset_added
from games.onenight.script import day_alerts, day_start_line, night_script
from games.onenight.script_app import day_length, outcomes
from games.onenight.setup import OneNightSetup

SpeechSeconds = Callable[[str, dict[str, object]], float]
Text = Callable[[str, dict[str, object]], str]


def clock_text(seconds: float) -> str:
    """``m:ss.s`` for a time from the start of the night."""
    # Round to tenths before splitting, so 119.96 s carries into "2:00.0", never "1:60.0".
    minutes, tenths = divmod(round(seconds * 10), 600)
    return f"{minutes}:{tenths // 10:02d}.{tenths % 10}"


def _added_line(setup: OneNightSetup) -> list[str]:
    """What a preset added for a table larger than its own, if anything."""
    preset = next((p for p in PRESETS.values() if setup.preset in (p.key, p.name)), None)
    if preset is None or setup.players <= preset.min_players:
        return []
    added = preset_added(preset, setup.players)
    names = ", ".join(role.display_name for role in added)
    return [f"Added to the {preset.name} preset for {setup.players} players: {names}"]


def script_lines(setup: OneNightSetup, text: Text, seconds: SpeechSeconds) -> list[str]:
    """The preview, a printed line per spoken line: time, step and words.

    The instructions are drawn from the seed exactly as a real game draws them. Where the
    Oracle would answer, the preview takes the device's own answer (as when she is silent);
    where Nostradamus would press his team, the team drawn for him (as when he presses none).
    """
    drawn = draw_instructions(
        setup.roles,
        setup.players,
        random.Random(setup.seed),
        ripple_rate=setup.options.ripple_rate,
        oracle_even_odd=setup.options.oracle_even_odd,
    )
    asking = (
        ("oracle", drawn.oracle),
        ("doppelganger", drawn.doppel_oracle),
        ("nostradamus", drawn.nostradamus),
        ("nostradamus_doppelganger", drawn.doppel_nostradamus),
    )
    answers = tuple((step, None) for step, question in asking if question)
    found = outcomes(drawn, answers)
    ripple = ripple_after_oracle(drawn, found.get("oracle"), found.get("doppelganger"))
    out = [
        f"One Night: {setup.players} players, seed {setup.seed}",
        "Roles: " + ", ".join(role.display_name for role in setup.roles),
        *_added_line(setup),
        "Ripple: " + (ripple.kind.value.replace("_", " ") if ripple else "none"),
    ]
    for step, outcome in found.items():
        out.append(
            f"{step.title()} question: {outcome.kind.value.replace('_', ' ')}; "
            f"device's answer: {outcome.answer}"
        )
    out += ["", "Night"]
    at = 0.0
    for cue in night_script(setup, drawn, answers):
        params = cue.say.param_map()
        out.append(f"  {clock_text(at):>7}  {cue.step:<24} {text(cue.say.line, params)}")
        at += seconds(cue.say.line, params) + cue.hold
    length = day_length(drawn, setup, found)
    out += ["", f"Day ({length / 60:g} minutes, starts at {clock_text(at)})"]
    start = day_start_line(length)
    out.append(f"  {clock_text(0):>7}  {'day':<24} {text(start.line, start.param_map())}")
    for alert in day_alerts(length):
        when = length - alert.before
        words = text(alert.say.line, alert.say.param_map())
        out.append(f"  {clock_text(when):>7}  {'day':<24} {words}")
    out.append(f"  {clock_text(length):>7}  {'vote':<24} (the vote opens)")
    return out
