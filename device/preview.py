"""``mothership onenight script``: the whole night and day of a setup, with timings, unplayed."""

from __future__ import annotations

from collections.abc import Callable

from games.onenight.script import day_alerts, day_start_line, night_script
from games.onenight.setup import OneNightSetup

SpeechSeconds = Callable[[str, dict[str, object]], float]
Text = Callable[[str, dict[str, object]], str]


def clock_text(seconds: float) -> str:
    """``m:ss.s`` for a time from the start of the night."""
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:04.1f}"


def script_lines(setup: OneNightSetup, text: Text, seconds: SpeechSeconds) -> list[str]:
    """The preview, a printed line per spoken line: time, step and words."""
    out = [
        f"One Night: {setup.players} players, seed {setup.seed}",
        "Roles: " + ", ".join(role.display_name for role in setup.roles),
        "",
        "Night",
    ]
    at = 0.0
    for cue in night_script(setup):
        params = cue.say.param_map()
        out.append(f"  {clock_text(at):>7}  {cue.step:<24} {text(cue.say.line, params)}")
        at += seconds(cue.say.line, params) + cue.hold
    out += ["", f"Day ({setup.day_seconds / 60:g} minutes, starts at {clock_text(at)})"]
    start = day_start_line(setup)
    out.append(f"  {clock_text(0):>7}  {'day':<24} {text(start.line, start.param_map())}")
    for alert in day_alerts(setup.day_seconds):
        when = setup.day_seconds - alert.before
        words = text(alert.say.line, alert.say.param_map())
        out.append(f"  {clock_text(when):>7}  {'day':<24} {words}")
    out.append(f"  {clock_text(setup.day_seconds):>7}  {'vote':<24} (the vote opens)")
    return out
