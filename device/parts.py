"""Builds the device's parts (hardware, narrator, screen) from the config.

Kept apart from the main loop so the daemon, the simulator and ``mothership say`` assemble the
same parts the same way.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from device.config import Config, resolve_state_dir
from device.inbox import Inbox
from games.events import Control, ControlPressed, SeatPressed
from hardware.backend import Hardware, PinMap, make_hardware
from narration.audio import AudioOutput
from narration.backends import RecordedVoice, make_backend
from narration.catalogue import Catalogue
from narration.narrator import Narrator
from narration.speech import SpeechBackend

CATALOGUES = (
    "common",
    "onenight",
    "onenight_app",
    "alienation",
    "encounters",
    "alieninjas",
    "players",
)
HEADLESS_ENV = {
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "disk",
    "SDL_DISKAUDIODELAY": "0",
    # Never a real file: an idle disk-audio mixer writes about 50 MB/s.
    "SDL_DISKAUDIOFILE": "/dev/null",
}


def go_headless() -> None:
    """Point SDL at the dummy video and the discarding disk audio driver (before pygame starts)."""
    os.environ.update(HEADLESS_ENV)
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


def pin_map(config: Config) -> PinMap:
    """The pin map of the config's seat count."""
    pins, seats = config.pins, config.hardware.seats
    return PinMap(
        seat_buttons=tuple(pins.seat_buttons[:seats]),
        seat_lamps=tuple(pins.seat_lamps[:seats]),
        controls={"yes": pins.yes, "no": pins.no, "go": pins.go},
        buzzer=pins.buzzer,
    )


def open_hardware(
    config: Config,
    on_seat: Callable[[int, float], None],
    on_control: Callable[[str, float], None],
    *,
    kind: str | None = None,
) -> Hardware:
    """Open the buttons, lamps and buzzer of the configured (or given) backend."""
    return make_hardware(
        kind or config.hardware.backend,
        pin_map(config),
        on_seat=on_seat,
        on_control=on_control,
        debounce=config.hardware.debounce,
    )


def open_hardware_into(inbox: Inbox, config: Config, *, kind: str | None = None) -> Hardware:
    """Open the hardware with its callbacks putting input events on ``inbox`` (timestamp and
    enqueue only: they run on gpiozero's threads)."""
    return open_hardware(
        config,
        on_seat=lambda seat, at: inbox.put(SeatPressed(seat, at)),
        on_control=lambda name, at: inbox.put(ControlPressed(Control(name), at)),
        kind=kind,
    )


def speech_backend(config: Config, *, name: str | None = None) -> SpeechBackend:
    """The configured speech backend, wrapped by the recorded-voice folder when one is set."""
    section = config.narration
    backend = make_backend(
        name or section.backend,
        voice=section.voice or None,
        rate=section.rate,
        piper_model=str(section.piper_model) if section.piper_model else None,
    )
    if section.recorded_dir is not None:
        return RecordedVoice(section.recorded_dir, backend)
    return backend


def cache_dir(config: Config) -> Path:
    """Where rendered WAVs are kept."""
    return config.narration.cache_dir or resolve_state_dir() / "wav-cache"


def open_narrator(
    config: Config, *, audio: bool, backend: str | None = None, cache: Path | None = None
) -> Narrator:
    """A narrator with the configured voice; ``audio`` False renders and captions only."""
    output: AudioOutput | None = None
    if audio and config.audio.enabled:
        output = AudioOutput(
            device=config.audio.device or None,
            narration_volume=config.audio.narration_volume,
            music_volume=config.audio.music_volume,
            effects_volume=config.audio.effects_volume,
        )
        output.open()
    return Narrator(
        Catalogue.load(*CATALOGUES),
        speech_backend(config, name=backend),
        cache or cache_dir(config),
        output,
    )
