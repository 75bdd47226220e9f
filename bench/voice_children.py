"""The daemon runs ``voice_footprint`` measures, each in a child process of its own: a night
played on the real daemon, its peak memory and the time it took to ready the night
(``child_night``), and a phase of the One Night demo idled in, its CPU (``child_idle``).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from games import onenight
from narration.audio import IDLE_CLOSE_SECONDS, AudioOutput

NIGHT = {
    "setup": {"game": "onenight", "preset": "alien_first_game", "players": 10, "seed": 14},
    "events": [
        {"wait": 1.5},
        {"touch": "Start night"},
        {"until": "phase", "is": "day"},
        {"until": "phase", "is": "vote"},
    ],
}


def child_night(mode: str, cache: str, players: int, engine: str) -> dict[str, Any]:
    """In a child process: play a night on the real daemon; peak RSS, ready time."""
    from device.headless import go_headless

    go_headless()
    from device.clock import VirtualClock
    from device.config import load_config
    from device.runtime.parts import Wiring, open_daemon
    from device.runtime.wiring import VoiceMode
    from device.simulator.run import ScenarioPlayer
    from device.simulator.scenario import parse_scenario
    from narration import clips as clips_module
    from narration.narrator import Narrator

    if mode == "naive":
        clips_module.AHEAD = clips_module.MAX_LOADED_SOUNDS = 10**6  # the whole night up front
    ready: list[float] = []
    prepare = Narrator.prepare

    def timed(self: Narrator, *args: Any, **kwargs: Any) -> None:
        started = time.perf_counter()
        prepare(self, *args, **kwargs)
        ready.append(time.perf_counter() - started)

    Narrator.prepare = timed  # type: ignore[method-assign]
    config = load_config(system_path=None, overrides={"narration.backend": engine})
    with tempfile.TemporaryDirectory() as scratch, contextlib.ExitStack() as stack:
        wiring = Wiring(
            clock=VirtualClock(),
            store_path=Path(scratch) / "s.db",
            hardware="mock",
            readers=False,
            audio=True,
            cache=Path(cache),
            strict=True,
            # The night is rendered before it starts, as the device's setup waits.
            voice=VoiceMode.WAIT,
        )
        daemon = open_daemon(config, wiring, stack)
        output = daemon.runtime.executor.out.audio
        if mode == "naive" and isinstance(output, AudioOutput):
            output.close()
            output.rate = 44100
            output.open()
        night = {**NIGHT, "setup": {**NIGHT["setup"], "players": players}}  # type: ignore[dict-item]
        ScenarioPlayer(parse_scenario(json.dumps(night), name="night"), daemon).run()
        loaded = getattr(output, "loaded", 0)
        rendered = daemon.runtime.executor.out.narrator.cache.rendered  # type: ignore[union-attr]
    status = Path("/proc/self/status").read_text()
    peak = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM"))
    return {"peak_mb": peak / 1024, "ready": ready, "loaded": loaded, "rendered": rendered}


class ShiftClock:
    """Virtual while the scenario drives to a phase (waits jump), then real time from there."""

    def __init__(self) -> None:
        self.offset, self.real = 0.0, False

    def now(self) -> float:
        """Monotonic time plus the jumps made so far."""
        return time.monotonic() + self.offset

    def advance_to(self, when: float) -> None:
        """Jump forward to ``when``."""
        self.offset += max(0.0, when - self.now())

    def sleep(self, until: float, wake: threading.Event, poll: float) -> None:
        """Jump (driving) or really wait (idling), as the simulator's and the device's clocks."""
        if self.real:
            wake.wait(max(0.0, min(poll, until - self.now())))
        elif not wake.is_set():
            self.advance_to(until)


def _phase_events(phase: str) -> list[dict[str, object]]:
    demo = json.loads(onenight.SPEC.samples[0].path.read_text(encoding="utf-8"))
    events: list[dict[str, object]] = demo["events"]
    ends = {"home": 0, "night": 3, "day": 5, "result": len(events)}[phase]
    return events[:ends]


def child_idle(phase: str, mode: str, seconds: float, bed: str) -> dict[str, Any]:
    """In a child: drive the real daemon to ``phase`` and idle there for ``seconds`` (ours),
    or redraw the same screen at 30 FPS holding a 44.1 kHz mixer open (naive); CPU used."""
    os.environ.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})  # real-time mix
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    import pygame

    from device.config import load_config
    from device.runtime.parts import Wiring, open_daemon
    from device.runtime.wiring import VoiceMode
    from device.simulator.run import ScenarioPlayer
    from device.simulator.scenario import parse_scenario

    config = load_config(system_path=None, overrides={"narration.backend": "silent"})
    clock = ShiftClock()
    demo = json.loads(onenight.SPEC.samples[0].path.read_text(encoding="utf-8"))
    demo["setup"]["options"] = {"role_seconds": 120, "day_minutes": 5}  # long quiet holds
    demo["events"] = _phase_events(phase)
    with tempfile.TemporaryDirectory() as scratch, contextlib.ExitStack() as stack:
        wiring = Wiring(
            clock=clock,
            store_path=Path(scratch) / "s.db",
            hardware="mock",
            readers=False,
            audio=True,
            cache=Path(scratch) / "c",
            strict=True,
            voice=VoiceMode.WAIT,
        )
        daemon = open_daemon(config, wiring, stack)
        if phase == "home":
            daemon.home()
        else:
            ScenarioPlayer(parse_scenario(json.dumps(demo), name=phase), daemon).run()
        if phase == "night":  # on to a hold between two lines, longer than the window
            while (
                due := daemon.runtime.next_deadline()
            ) is not None and due < clock.now() + seconds + 5:
                clock.advance_to(due)
                daemon.step(until=clock.now())
        clock.real = True
        if mode == "naive":
            output = daemon.runtime.executor.out.audio
            if isinstance(output, AudioOutput):
                output.close()
            pygame.mixer.init()  # pygame's defaults (44.1 kHz stereo), held open throughout
            if phase == "night":
                pygame.mixer.music.load(bed)
                pygame.mixer.music.play(-1)
            fps = pygame.time.Clock()
            start, end = time.process_time(), time.monotonic() + seconds
            while time.monotonic() < end:
                pygame.event.pump()
                daemon.ui.redraw(clock.now())
                fps.tick(30)
        else:
            # The drive there said its lines in virtual time; on the device they were spoken
            # long ago, so drop the queue they left (the bed, if any, plays on). Then settle on
            # the real loop until the phase is idle: anything it still has to say said (the
            # result reads out who won), and where no bed plays the audio device closed, as it
            # does a few seconds into every phase (at most 60 s).
            output = daemon.runtime.executor.out.audio
            if isinstance(output, AudioOutput) and output._speech is not None:
                output._waiting.clear()
                output._speech.stop()
            started = time.monotonic()
            quick = seconds < 5  # the suite's smoke run: only the lines still to say
            settled = started + (0.5 if quick else IDLE_CLOSE_SECONDS + 1.5)
            while time.monotonic() < settled or not _idle(output, quick):
                if time.monotonic() > started + 60:
                    raise RuntimeError(f"the {phase} phase never went idle")
                daemon.step(until=clock.now() + max(0.05, settled - time.monotonic()))
            start, end = time.process_time(), time.monotonic() + seconds
            while time.monotonic() < end:
                daemon.step(until=clock.now() + (end - time.monotonic()))
        cpu = time.process_time() - start
        shown = daemon.shown.screen
    return {"cpu": cpu, "wall": seconds, "screen": str(getattr(shown, "value", shown))}


def _idle(output: Any, quick: bool) -> bool:
    """Nothing left to say, and (unless ``quick``) the device closed unless a bed plays."""
    if output is None:
        return True
    return not output.waiting and (quick or output.suspended or output.music is not None)
