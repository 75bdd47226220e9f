"""A simulated device played from its home screen as a table plays it: taps, seat buttons,
control buttons and keys only (the scenario events ``touch``, ``press``, ``control`` and
``key``), never the ``vote``/``reveal``/``score`` shortcuts."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from device.config import Config, load_config
from device.runtime.app import Daemon
from device.runtime.parts import open_daemon
from device.simulator.run import ScenarioPlayer, sim_wiring
from device.simulator.scenario import Scenario, ScenarioEvent
from games.effects import GamePhase
from games.views import ScreenId
from hardware.mock import virtual_ticks

TABLE_KINDS = ("touch", "press", "control", "key", "wait", "until")
"""What a table does: the four inputs, and letting time run."""


class Table:
    """The device, at home, and the hands around it."""

    def __init__(self, daemon: Daemon) -> None:
        self.daemon = daemon
        self.player = ScenarioPlayer(Scenario({}, ()), daemon)
        self.done = 0

    def do(self, kind: str, value: Any = None, **extra: Any) -> Table:
        """One event of a ``TABLE_KINDS`` kind, as a scenario would give it."""
        assert kind in TABLE_KINDS, f"{kind} is not something a table does"
        self.done += 1
        self.player.play(ScenarioEvent(self.done, None, kind, value, extra))
        return self

    def tap(self, *labels: str) -> Table:
        """Tap each control, in order."""
        for label in labels:
            self.do("touch", label)
        return self

    def press(self, *seats: int) -> Table:
        """Press each seat button, in order."""
        for seat in seats:
            self.do("press", seat)
        return self

    def until(self, phase: str) -> Table:
        """Let time run until the game is in ``phase``."""
        return self.do("until", "phase", **{"is": phase})

    @property
    def screen(self) -> ScreenId | None:
        """The screen on display."""
        return self.daemon.ui.screen

    @property
    def labels(self) -> list[str]:
        """The labels of the controls on display."""
        return [label for label, _ in self.daemon.ui.controls()]

    @property
    def said(self) -> list[str]:
        """The ids of the lines said so far."""
        return [entry["line"] for entry in self.daemon.transcript.entries if "say" in entry]

    @property
    def banner(self) -> str | None:
        """The notice over the screen, while it shows."""
        text: str | None = self.daemon.ui.notice_text
        return text

    @property
    def phase(self) -> GamePhase | None:
        """The game's phase (None: no game)."""
        return self.daemon.runtime.phase


def sim_config(folder: Path) -> Config:
    """The simulator's device config: a silent voice caching in ``folder``/wav, the defaults
    otherwise (the ``config`` fixture in ``conftest.py``)."""
    return load_config(
        system_path=None,
        overrides={"narration.backend": "silent", "narration.cache_dir": str(folder / "wav")},
    )


def table_config(folder: Path) -> Config:
    """A device config for tables: a silent voice caching in ``folder``, a one-minute day."""
    return load_config(
        system_path=None,
        overrides={
            "narration.backend": "silent",
            "narration.cache_dir": str(folder / "wav"),
            "onenight.day_minutes": 1,
        },
    )


@contextlib.contextmanager
def table(
    config: Config,
    store_path: Path | None = None,
    shot_dir: Path | None = None,
    *,
    strict: bool = True,
) -> Iterator[Table]:
    """A simulated device showing its home screen (the store is kept at ``store_path``);
    ``strict=False`` refuses a wrong input as the device does, instead of stopping on it."""
    with contextlib.ExitStack() as stack:
        wiring = sim_wiring(stack, store_path=store_path, shot_dir=shot_dir, strict=strict)
        daemon = open_daemon(config, wiring, stack)
        daemon.home()
        with virtual_ticks(daemon.clock.now):
            yield Table(daemon)


def action_label(t: Table, *actions: str) -> str:
    """The label of the first control on screen with one of ``actions`` (in that order)."""
    controls = dict((action, label) for label, action in t.daemon.ui.controls())
    for action in actions:
        if action in controls:
            return controls[action]
    picks = [label for action, label in controls.items() if action.startswith("pick:")]
    assert picks, f"nothing to answer on the keypad: {list(controls)}"
    return picks[0]


def enter_round(t: Table) -> None:
    """Enter every seat's score on the keypad: 1 for each number (3 for a card), No for
    yes/no, the first choice; until the keypad closes."""
    t.tap("Enter scores")
    while t.screen == "keypad":
        kind = getattr(t.daemon.shown.view, "kind", "")
        if kind == "number":
            t.tap("1", "OK")
        elif kind.startswith("cards"):
            t.tap("3", "OK")
        else:
            t.tap(action_label(t, "pick:no"))
