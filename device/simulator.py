"""The simulator: runs a scenario through the real daemon parts with mock hardware, a virtual
clock, a headless screen and no sound, and writes the transcript.
"""

from __future__ import annotations

import contextlib
import logging
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from device.app import HOME_VIEW
from device.clock import VirtualClock
from device.config import Config
from device.executor import Executor, Outputs
from device.inbox import Inbox
from device.lock import lock_store
from device.parts import go_headless, open_hardware_into, open_narrator
from device.runtime import Runtime
from device.scenario import Scenario, ScenarioError, ScenarioEvent
from device.sessions import make_session
from device.store import CheckpointError, Store
from device.tags import translate
from device.transcript import Transcript
from device.ui.model import UiError
from device.uievents import ui_event
from games.effects import Say
from games.errors import RulesError
from games.events import (
    Event,
    RevealEntered,
    ScoreEntered,
    TagSeen,
    VoteCast,
)

logger = logging.getLogger(__name__)

AUTO_START_SECONDS = 3.0
"""A scenario's game starts by itself this long after setup unless it is started sooner."""
UNTIL_LIMIT_SECONDS = 6 * 3600.0
"""The most virtual time one ``until`` may run before it is reported as never happening."""


class SimulationError(RuntimeError):
    """A scenario event that could not be carried out."""


@dataclass
class SimulationResult:
    """What a run produced."""

    transcript: Transcript
    phase: str | None


def simulate(
    scenario: Scenario,
    config: Config,
    *,
    transcript_path: Path | None = None,
    wav_dir: Path | None = None,
    shot_dir: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    cache: Path | None = None,
    store_path: Path | None = None,
) -> SimulationResult:
    """Run ``scenario``; raises ``SimulationError`` (after writing it to the transcript).

    With ``store_path`` the game is played into that store (under its lock, so never beside a
    running daemon) and kept: a game the scenario stops is checkpointed there for
    ``mothership run`` to resume, and a finished one is in its score log. Without it the store
    is a temporary one.
    """
    go_headless()
    from device.ui.touch import TouchUI  # pygame loads only after the SDL drivers are set

    clock = VirtualClock()
    with contextlib.ExitStack() as kept:
        if store_path is None:
            scratch = kept.enter_context(tempfile.TemporaryDirectory(prefix="mothership-sim-"))
            store_path = Path(scratch) / "sim.db"
        else:
            kept.callback(lock_store(store_path).close)
        transcript = Transcript(clock, transcript_path)
        store = Store(store_path)
        _warn_if_replacing(store)
        ui = TouchUI(size=(config.display.width, config.display.height), fullscreen=False)
        ui.open()
        narrator = open_narrator(config, audio=False, cache=cache)
        inbox = Inbox()
        hardware = open_hardware_into(inbox, config, kind="mock")
        outputs = Outputs(
            transcript=transcript,
            narrator=narrator,
            screen=ui,
            lamps=hardware.lamps,
            buzzer=hardware.buzzer,
            store=store,
            progress=progress,
            wav_dir=wav_dir,
            shot_dir=shot_dir,
            now=clock.now,
        )
        executor = Executor(outputs)
        runtime = Runtime(clock, executor, store)
        runner = _Runner(scenario, config, clock, runtime, inbox, hardware, ui)
        try:
            runner.run()
            if not executor.shot_taken:
                executor.save_screenshot()
        except (SimulationError, ScenarioError, RulesError) as error:
            transcript.write(error=str(error))
            raise SimulationError(str(error)) from error
        finally:
            hardware.close()
            narrator.close()
            ui.close()
            store.close()
            transcript.close()
    return SimulationResult(transcript, runtime.phase)


def _warn_if_replacing(store: Store) -> None:
    """Say so when the scenario's game is about to replace a store's unfinished one."""
    try:
        checkpoint = store.load_checkpoint()
    except CheckpointError:
        checkpoint = None
    if checkpoint is not None:
        logger.warning(
            "%s: the scenario's game replaces the %s game saved there (in phase %r)",
            store.path,
            checkpoint.game,
            checkpoint.state.get("phase"),
        )


ENTRIES = ("vote", "reveal", "score")
"""The scenario events that are entries, fed to the game as they are (``entry_event``)."""


def entry_event(event: ScenarioEvent) -> Event:
    """The game event of a scenario's ``vote``, ``reveal`` or ``score`` entry."""
    value = event.value
    if event.kind == "vote":
        return VoteCast(value["voter"], value["target"])
    if event.kind == "reveal":
        return RevealEntered(
            value["seat"],
            value["card"],
            value.get("mark"),
            value.get("became"),
            value.get("snatched", False),
        )
    if event.kind == "score":
        extra = tuple(sorted((k, v) for k, v in value.items() if k not in ("seat", "points")))
        return ScoreEntered(value["seat"], value.get("points"), extra)
    raise ValueError(f"{event.where}: {event.kind!r} is not an entry")


class _Runner:
    def __init__(
        self,
        scenario: Scenario,
        config: Config,
        clock: VirtualClock,
        runtime: Runtime,
        inbox: Inbox,
        hardware: Any,
        ui: Any,
    ) -> None:
        self.scenario, self.config, self.clock = scenario, config, clock
        self._pressed: dict[str, float] = {}
        self.runtime, self.inbox, self.hardware, self.ui = runtime, inbox, hardware, ui

    def run(self) -> None:
        from hardware.mock import virtual_ticks

        self.runtime.executor.show("home", dict(HOME_VIEW))
        try:
            session = make_session(self.scenario.setup, self.config, auto_start=AUTO_START_SECONDS)
        except RulesError as error:
            raise ScenarioError(f"setup: {error}") from None
        with virtual_ticks(self.clock.now):
            self.runtime.begin(session)
            for event in self.scenario.events:
                try:
                    self._one(event)
                except (RulesError, UiError) as error:
                    raise SimulationError(f"{event.where} ({event.kind}): {error}") from None

    def _advance_to(self, when: float) -> None:
        """Run the clock to ``when``, stopping at every session deadline on the way."""
        deadline = self.runtime.next_deadline()
        while deadline is not None and deadline <= when:
            self.clock.advance_to(max(deadline, self.clock.now()))
            self.runtime.tick()
            deadline = self.runtime.next_deadline()
        self.clock.advance_to(when)
        self.runtime.tick()

    def _until_phase(self, event: ScenarioEvent) -> None:
        wanted = event.extra["is"]
        start = self.clock.now()
        while self.runtime.phase != wanted:
            deadline = self.runtime.next_deadline()
            if deadline is None:
                raise SimulationError(
                    f"{event.where}: phase {wanted!r} never comes: the game waits for input "
                    f"in phase {self.runtime.phase!r}"
                )
            if deadline - start > UNTIL_LIMIT_SECONDS:
                raise SimulationError(
                    f"{event.where}: phase {wanted!r} did not come within "
                    f"{UNTIL_LIMIT_SECONDS / 3600:.0f} hours of game time"
                )
            self._advance_to(max(deadline, self.clock.now()))

    def _feed(self, events: list[Event]) -> None:
        for item in events:
            self.runtime.feed(item)

    def _one(self, event: ScenarioEvent) -> None:
        kind, value = event.kind, event.value
        if kind == "wait":
            self._advance_to(self.clock.now() + value)
        elif kind == "until":
            self._until_phase(event)
        elif kind == "press":
            if value > self.config.hardware.seats:
                raise SimulationError(
                    f"{event.where}: press: seat {value} does not exist "
                    f"(the device has seats 1 to {self.config.hardware.seats})"
                )
            self._space_press(f"seat:{value}")
            self.hardware.press_seat(value)
            self._feed(self.inbox.drain())
        elif kind == "control":
            self._space_press(f"control:{value}")
            self.hardware.press_control(value)
            self._feed(self.inbox.drain())
        elif kind == "tag":
            seen = translate(TagSeen(value.strip().upper(), self.clock.now()), self.runtime.store)
            if seen is None:
                self.runtime.executor.run([Say.of("common.unknown_tag")])
            else:
                self._feed([seen])
        elif kind == "touch":
            self.ui.tap(value)
            self._feed_ui()
        elif kind == "key":
            self._key(value)
        elif kind in ENTRIES:
            self._feed([entry_event(event)])
        # Inputs land at the current time; let any deadline that is due now fire.
        self.runtime.tick()

    def _space_press(self, button: str) -> None:
        """Run the clock past the bounce window before pressing the same button again.

        Without it, a second press of one button at the same virtual moment (ten ``go``s in a
        row) would be dropped as contact bounce; no hand presses that fast.
        """
        last = self._pressed.get(button)
        if last is not None:
            self._advance_to(max(self.clock.now(), last + self.config.hardware.debounce + 0.001))
        self._pressed[button] = self.clock.now()

    def _key(self, name: str) -> None:
        import pygame

        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name)))
        self._feed_ui()

    def _feed_ui(self) -> None:
        """Feed what the screen made of the posted tap or key, as the daemon's loop would."""
        now = self.clock.now()
        self._feed([e for e in (ui_event(item, now) for item in self.ui.poll()) if e is not None])
