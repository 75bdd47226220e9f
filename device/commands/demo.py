"""``mothership demo``: one of the sample scenarios played in the simulator, written to a folder.

The samples live in ``device/scenarios/`` (the format: ``docs/scenarios.md``); ``--game`` picks
which game's sample to play, One Night by default.
"""

from __future__ import annotations

import datetime
import difflib
import json
from importlib import resources
from pathlib import Path

from device.commands.progress import ProgressBar
from device.config import Config
from device.outputs import cannot_write, check_dir
from device.simulator.run import SimulationResult, simulate
from device.simulator.scenario import Scenario, parse_scenario
from games.catalog import find_game
from games.errors import UnknownGameError

DEMOS: dict[str, str] = {
    "onenight": "demo.json",
    "daybreak": "onenight-daybreak.json",
    "replicas": "replicas-demo.json",
    "alienation": "alienation.json",
    "encounters": "encounters.json",
}
"""``--game`` name -> the sample scenario it plays (One Night first: the default)."""
DEFAULT_DEMO = "onenight"
_BY_GAME = {"alieninjas": "replicas"}
"""A game whose demo is named after its mission: Alieninjas plays Replicas."""


class DemoError(ValueError):
    """A demo name that names no demo."""


def find_demo(name: str) -> str:
    """The demo ``name`` means: a ``DEMOS`` key, or a game's name as a scenario gives it; an
    unknown name is refused with the demos and a did-you-mean.

    >>> find_demo("One Night"), find_demo("alieninjas")
    ('onenight', 'replicas')
    """
    wanted = name.strip().lower()
    if wanted in DEMOS:
        return wanted
    try:
        key = find_game(wanted).key
    except UnknownGameError:
        key = ""
    key = _BY_GAME.get(key, key)
    if key in DEMOS:
        return key
    close = difflib.get_close_matches(wanted, list(DEMOS), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise DemoError(f"unknown demo {name!r}; demos are: {', '.join(DEMOS)}{hint}")


def demo_scenario(game: str = DEFAULT_DEMO) -> Scenario:
    """The sample scenario of ``game`` (see ``find_demo``); One Night: the Alien first-game
    preset, four players."""
    filename = DEMOS[find_demo(game)]
    text = resources.files("device").joinpath(f"scenarios/{filename}").read_text(encoding="utf-8")
    return parse_scenario(text, name=filename)


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
