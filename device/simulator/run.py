"""The simulator: plays a scenario on the daemon's own loop (``Daemon.step``), built by the same
``open_daemon`` as ``mothership run``, with mock hardware, a virtual clock, a headless screen and
no sound, and writes the transcript.

The scenario player only hands inputs in where the device's own arrive (the mock pins, the
screen's event queue, the inbox) and lets the loop run: each pass sleeps, in virtual time and so
at once, until the loop's own next wake-up (``Daemon.sleep_seconds``) or the scenario's next event.
"""

from __future__ import annotations

import contextlib
import logging
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from device.clock import VirtualClock
from device.config import Config
from device.headless import go_headless
from device.runtime.parts import Wiring, open_daemon
from device.runtime.sessions import make_session
from device.runtime.wiring import Recording, VoiceMode
from device.simulator.scenario import (
    WAIT_LIMIT_SECONDS,
    Scenario,
    ScenarioError,
    ScenarioEvent,
)
from device.store.checkpoints import CheckpointError
from device.store.database import Store
from device.transcript import Transcript
from device.ui.model import UiError
from games.errors import RulesError
from games.events import Event, RevealEntered, ScoreEntered, TagSeen, VoteCast

if TYPE_CHECKING:
    from device.runtime.app import Daemon
    from device.runtime.ports import Buttons

logger = logging.getLogger(__name__)

AUTO_START_SECONDS = 3.0
"""A scenario's game starts by itself this long after setup unless it is started sooner."""
UNTIL_LIMIT_SECONDS = WAIT_LIMIT_SECONDS
"""The most virtual time one ``until`` may run before it is reported as never happening."""
PRESS_GAP_SECONDS = 0.001
"""How long after a button's bounce window the same button is pressed again."""


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

    The daemon is strict: a refused input or a game's bug stops the run with its error, where
    the device would apologise and go on.
    """
    with contextlib.ExitStack() as stack:
        wiring = sim_wiring(
            stack,
            store_path=store_path,
            transcript=transcript_path,
            cache=cache,
            progress=progress,
            wav_dir=wav_dir,
            shot_dir=shot_dir,
        )
        daemon = open_daemon(config, wiring, stack)
        assert daemon.runtime.store is not None
        _warn_if_replacing(daemon.runtime.store)
        executor = daemon.runtime.executor
        try:
            ScenarioPlayer(scenario, daemon).run()
            if not executor.shown.pictured:
                # The last picture may show an earlier view of the same screen (a score sheet
                # before its final): the run ends on a picture of what the table sees now.
                executor.shown.save_screenshot()
        except (SimulationError, ScenarioError, RulesError) as error:
            daemon.transcript.write(error=str(error))
            raise SimulationError(str(error)) from error
        return SimulationResult(daemon.transcript, daemon.runtime.phase)


def sim_wiring(
    stack: contextlib.ExitStack,
    *,
    store_path: Path | None = None,
    transcript: Path | None = None,
    cache: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    wav_dir: Path | None = None,
    shot_dir: Path | None = None,
    strict: bool = True,
) -> Wiring:
    """The simulator's parts: a virtual clock, mock pins, a headless screen, no sound, a
    strict guard (``strict=False``: the device's, which refuses a wrong input and goes on), and
    ``store_path`` (a temporary store, gone with ``stack``, if None)."""
    go_headless()
    if store_path is None:
        scratch = stack.enter_context(tempfile.TemporaryDirectory(prefix="mothership-sim-"))
        store_path = Path(scratch) / "sim.db"
    return Wiring(
        clock=VirtualClock(),
        store_path=store_path,
        hardware="mock",
        readers=False,
        audio=False,
        recording=Recording(
            transcript=transcript,
            keep_transcript=True,
            progress=progress,
            wav_dir=wav_dir,
            shot_dir=shot_dir,
        ),
        cache=cache,
        strict=strict,
        # Lines are rendered only when their WAVs are kept; otherwise each is timed at the
        # voice's rate, so a scenario plays in seconds whatever the voice.
        voice=VoiceMode.WAIT if wav_dir is not None else VoiceMode.TIME,
    )


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
        return VoteCast(value["voter"], value["target"], value.get("second"))
    if event.kind == "reveal":
        return RevealEntered(
            value["seat"],
            value["card"],
            value.get("mark"),
            value.get("became"),
            value.get("snatched", False),
            value.get("artifact"),
            value.get("foresaw"),
            value.get("shielded", False),
        )
    if event.kind == "score":
        extra = tuple(sorted((k, v) for k, v in value.items() if k not in ("seat", "points")))
        return ScoreEntered(value["seat"], value.get("points"), extra)
    raise ValueError(f"{event.where}: {event.kind!r} is not an entry")


class InputHand:
    """Hands a scenario's inputs to a daemon where the device's own arrive: a press on the mock
    pins, a touch or a key on the screen's event queue, a tag or an entry in the inbox. The
    daemon's next pass handles it. The simulator and the test input folder share it.
    """

    def __init__(self, daemon: Daemon, pause: Callable[[float], None]) -> None:
        """``pause(when)`` lets time run until the clock reads ``when``."""
        self.daemon = daemon
        self.pause = pause
        self._pressed: dict[tuple[str, object], float] = {}
        """When each button (``press`` seat, ``control`` name) was last pressed."""

    def _buttons(self, event: ScenarioEvent) -> Buttons:
        """The daemon's buttons, for a ``press`` or ``control`` event."""
        if self.daemon.hardware is None:
            raise SimulationError(f"{event.where}: {event.kind}: this daemon has no buttons")
        return self.daemon.hardware

    def give(self, event: ScenarioEvent) -> None:
        """Hand in one input event (not ``wait`` or ``until``)."""
        kind, value = event.kind, event.value
        daemon = self.daemon
        if kind == "press":
            seats = daemon.config.hardware.seats
            if value > seats:
                raise SimulationError(
                    f"{event.where}: press: seat {value} does not exist "
                    f"(the device has seats 1 to {seats})"
                )
            self._space(("seat", value))
            self._buttons(event).press_seat(value)
        elif kind == "control":
            self._space(("control", value))
            self._buttons(event).press_control(value)
        elif kind == "touch":
            daemon.ui.tap(value)
        elif kind == "key":
            import pygame

            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(value)))
        elif kind == "tag":
            daemon.inbox.put(TagSeen(str(value).strip().upper(), daemon.clock.now()))
        elif kind in ENTRIES:
            daemon.inbox.put(entry_event(event))
        else:
            raise ValueError(f"{event.where}: {kind!r} is not an input")

    def _space(self, button: tuple[str, object]) -> None:
        """Let the bounce window pass before pressing the same button again.

        Without it, a second press of one button at the same moment (ten ``go``s in a row)
        would be dropped as contact bounce; no hand presses that fast.
        """
        last = self._pressed.get(button)
        if last is not None:
            self.pause(last + self.daemon.config.hardware.debounce + PRESS_GAP_SECONDS)
        self._pressed[button] = self.daemon.clock.now()


class ScenarioPlayer:
    """Plays a scenario's events on a strict daemon whose clock is virtual."""

    def __init__(self, scenario: Scenario, daemon: Daemon) -> None:
        self.scenario, self.daemon = scenario, daemon
        self.hand = InputHand(daemon, self._run_to)

    def run(self) -> None:
        """Show home, start the scenario's game, and play every event."""
        from hardware.mock import virtual_ticks

        daemon = self.daemon
        daemon.home()
        setup, config = self.scenario.setup, daemon.config
        try:
            session = make_session(setup, config, auto_start=AUTO_START_SECONDS)
        except RulesError as error:
            raise ScenarioError(f"setup: {error}") from None
        with virtual_ticks(daemon.clock.now):
            daemon.runtime.begin(session)
            # One pass first, as the device's loop makes before a hand can reach the screen:
            # the game's first screen is up with its controls (a score sheet's "Enter scores").
            daemon.step(until=daemon.clock.now())
            for event in self.scenario.events:
                self.play(event)

    def play(self, event: ScenarioEvent) -> None:
        """Play one event (on hardware whose mock pins run on the virtual clock)."""
        try:
            self._one(event)
        except (RulesError, UiError) as error:
            raise SimulationError(f"{event.where} ({event.kind}): {error}") from None

    def _one(self, event: ScenarioEvent) -> None:
        if event.kind == "wait":
            self._run_to(self.daemon.clock.now() + event.value)
        elif event.kind == "until":
            self._until_phase(event)
        else:
            self.hand.give(event)
            # One pass at the same moment: it handles the input, then any deadline due now.
            self.daemon.step(until=self.daemon.clock.now())

    def _run_to(self, when: float) -> None:
        """Run the loop until the clock reads ``when`` and nothing more is due then; each pass
        sleeps to the loop's own next wake-up, or to ``when`` if that comes first."""
        daemon = self.daemon
        when = max(when, daemon.clock.now())
        daemon.step(until=when)
        while daemon.clock.now() < when or daemon.sleep_seconds() == 0:
            daemon.step(until=when)

    def _until_phase(self, event: ScenarioEvent) -> None:
        runtime = self.daemon.runtime
        wanted = event.extra["is"]
        start = self.daemon.clock.now()
        while runtime.phase != wanted:
            deadline = runtime.next_deadline()
            if deadline is None and self.daemon.runtime.executor.lines.wait():
                self.daemon.step(until=self.daemon.clock.now())
                continue
            if deadline is None:
                raise SimulationError(
                    f"{event.where}: phase {wanted!r} never comes: the game waits for input "
                    f"in phase {runtime.phase!r}"
                )
            if deadline - start > UNTIL_LIMIT_SECONDS:
                raise SimulationError(
                    f"{event.where}: phase {wanted!r} did not come within "
                    f"{UNTIL_LIMIT_SECONDS / 3600:.0f} hours of game time"
                )
            self._run_to(deadline)
