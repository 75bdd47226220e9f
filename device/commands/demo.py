"""``mothership demo``: one of the sample scenarios played in the simulator, written to a folder.

The samples live in each game's folder and its spec names them (``GameSpec.samples``; the
format: ``docs/scenarios.md``); ``--game`` picks which sample to play, One Night by default.
"""

from __future__ import annotations

import datetime
import difflib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from device.commands.progress import ProgressBar
from device.config import Config
from device.outputs import cannot_write, check_dir
from device.simulator.run import SimulationResult, simulate
from device.simulator.scenario import Scenario, parse_scenario
from games import catalog
from games.catalog import find_game
from games.effects import GamePhase
from games.errors import UnknownGameError

DEFAULT_DEMO = "onenight"


def demos() -> dict[str, Path]:
    """``--game`` name -> the sample scenario it plays: every game's samples (its spec's), in
    the home screen's order (One Night first: the default)."""
    return {sample.name: sample.path for spec in catalog.GAMES for sample in spec.samples}


class DemoError(ValueError):
    """A demo name that names no demo."""


def find_demo(name: str) -> str:
    """The demo ``name`` means: a sample's name (``demos``), or a game's name as a scenario
    gives it (its first sample); an unknown name is refused with the demos and a did-you-mean.

    >>> find_demo("One Night"), find_demo("alieninjas")
    ('onenight', 'replicas')
    """
    wanted = name.strip().lower()
    known = demos()
    if wanted in known:
        return wanted
    try:
        spec = find_game(wanted)
    except UnknownGameError:
        spec = None
    if spec is not None and spec.samples:  # a game's first sample is its demo
        return spec.samples[0].name
    close = difflib.get_close_matches(wanted, list(known), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise DemoError(f"unknown demo {name!r}; demos are: {', '.join(known)}{hint}")


def demo_scenario(game: str = DEFAULT_DEMO) -> Scenario:
    """The sample scenario of ``game`` (see ``find_demo``); One Night: the Alien first-game
    preset, four players."""
    path = demos()[find_demo(game)]
    return parse_scenario(path.read_text(encoding="utf-8"), name=path.name)


def default_out_dir(now: datetime.datetime | None = None) -> Path:
    """``mothership-demo-YYYYmmdd-HHMMSS`` in the current folder."""
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    return Path.cwd() / f"mothership-demo-{stamp}"


def run_demo(config: Config, out: Path, game: str = DEFAULT_DEMO) -> SimulationResult:
    """Play ``game``'s demo; write scenario.json, transcript.jsonl, narration/*.wav and
    screens/*.png under ``out``."""
    scenario = demo_scenario(game)  # a bad name is refused before any folder is made
    check_dir(out, "demo")
    text = json.dumps({"setup": dict(scenario.setup), "events": _raw_events(scenario)}, indent=2)
    try:
        (out / "scenario.json").write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise cannot_write("demo scenario", out / "scenario.json", error) from None
    result = simulate(
        scenario,
        config,
        transcript_path=out / "transcript.jsonl",
        wav_dir=out / "narration",
        shot_dir=out / "screens",
        progress=ProgressBar("Preparing the night"),
    )
    night_mix(out, config, result.transcript.entries)
    return result


def night_mix(out: Path, config: Config, entries: Sequence[Mapping[str, Any]]) -> Path | None:
    """Write ``night.wav``: the night's lines (the transcript ``entries`` of the demo played
    into ``out``) over the ambience, ducked under each, as the table hears it, from the first
    dark phase to the first phase after it (None when the game has no night, or the ambience
    is off)."""
    from device.runtime.parts import cache_dir
    from narration.ambience import write_bed
    from narration.mixdown import mix_night

    if not config.audio.ambience:
        return None
    phases = [(e["t"], e["phase"]) for e in entries if isinstance(e.get("phase"), GamePhase)]
    dark = next((i for i, (_, phase) in enumerate(phases) if phase.dark), None)
    start = None if dark is None else phases[dark][0]
    end = next((at for at, phase in phases[dark or 0 :] if not phase.dark), None)
    if start is None or end is None:
        return None
    said = [entry["t"] for entry in entries if "say" in entry]
    files = sorted((out / "narration").glob("*.wav"))
    lines = [(at - start, wav) for at, wav in zip(said, files, strict=False) if start <= at < end]
    bed = write_bed(cache_dir(config), "night")
    return mix_night(
        lines, bed, end - start, out / "night.wav", bed_volume=config.audio.music_volume
    )


def _raw_events(scenario: Scenario) -> list[dict[str, object]]:
    return [{event.kind: event.value, **event.extra} for event in scenario.events]
