"""``mothership demo``: a full One Night game to the vote in the simulator, written to a folder."""

from __future__ import annotations

import datetime
import json
from importlib import resources
from pathlib import Path

from device.config import Config
from device.outputs import cannot_write, check_dir
from device.progress import ProgressBar
from device.scenario import Scenario, parse_scenario
from device.simulator import SimulationResult, simulate


def demo_scenario() -> Scenario:
    """The built-in demo scenario (the Alien first-game preset, four players)."""
    text = resources.files("device").joinpath("scenarios/demo.json").read_text(encoding="utf-8")
    return parse_scenario(text, name="demo.json")


def default_out_dir(now: datetime.datetime | None = None) -> Path:
    """``mothership-demo-YYYYmmdd-HHMMSS`` in the current folder."""
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    return Path.cwd() / f"mothership-demo-{stamp}"


def run_demo(config: Config, out: Path) -> SimulationResult:
    """Play the demo; write transcript.jsonl, narration/*.wav and screens/*.png under ``out``."""
    check_dir(out, "demo")
    scenario = demo_scenario()
    text = json.dumps({"setup": dict(scenario.setup), "events": _raw_events(scenario)}, indent=2)
    try:
        (out / "scenario.json").write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise cannot_write("demo scenario", out / "scenario.json", error) from None
    return simulate(
        scenario,
        config,
        transcript_path=out / "transcript.jsonl",
        wav_dir=out / "narration",
        shot_dir=out / "screens",
        progress=ProgressBar("Preparing the night"),
    )


def _raw_events(scenario: Scenario) -> list[dict[str, object]]:
    return [{event.kind: event.value, **event.extra} for event in scenario.events]
