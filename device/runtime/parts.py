"""Builds the device's parts (hardware, narrator, screen) from the config.

Kept apart from the main loop so the daemon, the simulator and ``mothership say`` assemble the
same parts the same way: ``open_daemon`` wires the whole daemon for both ``mothership run`` and
``mothership simulate``, which differ only in their ``Wiring``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

from device.config import Config, resolve_cache_dir
from device.runtime.inbox import Inbox
from device.runtime.nightsound import NightSound
from device.runtime.wiring import Duties, VoiceMode
from device.runtime.wiring import Wiring as Wiring  # where the daemon's callers have it from
from games import catalog
from games.events import Control, ControlPressed, SeatPressed
from hardware.backend import Hardware, PinMap, make_hardware
from narration.audio import AudioOutput
from narration.backends import EspeakBackend, SilentBackend
from narration.catalogue import Catalogue
from narration.delivery import Delivery
from narration.errors import NarrationError
from narration.narrator import Narrator
from narration.piper_model import remember_checks_in
from narration.speech import SpeechBackend
from narration.voices import VoiceChoice, choose_voice

if TYPE_CHECKING:
    from device.runtime.app import Daemon

logger = logging.getLogger(__name__)


def catalogues() -> tuple[str, ...]:
    """The line catalogues the device loads: the common lines and the doctor's prompts (so the
    voice prepares them too), then each game's and tool's (``GameSpec.lines``)."""
    games = (name for spec in (*catalog.GAMES, *catalog.TOOLS) for name in spec.lines)
    return ("common", "doctor", *games)


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


def voice_choice(
    config: Config, *, name: str | None = None, probe: bool = False, nice: int = 0
) -> VoiceChoice:
    """The configured voice (Piper, or espeak-ng when Piper cannot speak here) and why,
    wrapped by the recorded-voice folder when one is set. ``probe`` also checks once that a
    Piper worker loads the voice (remembered in the WAV cache); ``nice`` is the niceness of
    every Piper worker, the probe's among them."""
    section = config.narration
    return choose_voice(
        name or section.backend,
        voice=section.voice or None,
        rate=section.rate,
        piper_model=str(section.piper_model) if section.piper_model else None,
        delivery=delivery(config),
        recordings=str(section.recorded_dir) if section.recorded_dir is not None else None,
        probe=probe,
        stamp_dir=cache_dir(config),
        nice=nice,
    )


def delivery(config: Config) -> Delivery:
    """The configured pace and pauses of the voice."""
    section = config.narration
    return Delivery(length_scale=section.length_scale, sentence_pause=section.sentence_pause)


def speech_backend(config: Config, *, name: str | None = None, nice: int = 0) -> SpeechBackend:
    """The configured speech backend (see :func:`voice_choice`). Piper is probed once (a
    worker loads the voice; remembered in the cache), so a machine where onnxruntime cannot
    load speaks with espeak-ng instead of failing on its first line."""
    return voice_choice(config, name=name, probe=True, nice=nice).backend


VOICE_CHECKED = "voice-checked.json"
"""The file in the voice cache that remembers voice models whose digests were checked."""


def cache_dir(config: Config) -> Path:
    """Where rendered WAVs are kept."""
    return resolve_cache_dir(config)


BEHIND_NICE = 10
"""The niceness of the voice's worker while it renders behind the loop."""


def fallback_voice(backend: SpeechBackend) -> SpeechBackend | None:
    """The fast voice that says a line the configured one has not rendered in time: espeak-ng
    (None when it is not installed, or the configured voice is as fast or silent)."""
    if backend.name in ("espeak", "silent"):
        return None
    try:
        # en-us, which every espeak-ng has: not checked by running espeak-ng, which kept the
        # start waiting a third of a second for a voice a night may never need.
        return EspeakBackend(check_voice=False)
    except NarrationError as error:
        logger.warning("no fallback voice for late lines: %s", error)
        return None


def open_narrator(
    config: Config,
    *,
    audio: bool,
    backend: str | None = None,
    cache: Path | None = None,
    mode: VoiceMode = VoiceMode.WAIT,
    clock: Callable[[], float] | None = None,
    wake: Callable[[], None] | None = None,
) -> Narrator:
    """A narrator with the configured voice; ``audio`` False renders and captions only.

    ``mode`` ``BEHIND`` renders on a thread of its own, with
    ``clock`` the loop's clock and ``wake`` waking the loop when a line is ready."""
    output: AudioOutput | None = None
    if audio and config.audio.enabled:
        output = AudioOutput(
            device=config.audio.device or None,
            narration_volume=config.audio.narration_volume,
            music_volume=config.audio.music_volume,
            effects_volume=config.audio.effects_volume,
        )
        output.open()
    # A voice model checked once is not hashed again at every start while its files stay.
    remember_checks_in((cache or cache_dir(config)) / VOICE_CHECKED)
    # The loop wins the CPU over a worker rendering behind it: every worker, from the probe's
    # on, is started niced (set after the probe, the first start's worker stayed at nice 0).
    nice = BEHIND_NICE if mode is VoiceMode.BEHIND else 0
    narrator = Narrator(
        Catalogue.load(*catalogues()),
        speech_backend(config, name=backend, nice=nice)
        if mode is not VoiceMode.TIME
        else _timing_voice(config, backend),
        cache or cache_dir(config),
        output,
        timing_only=mode is VoiceMode.TIME,
    )
    if mode is VoiceMode.BEHIND:
        narrator.render_behind(
            fallback=fallback_voice(narrator.backend),
            late_after=config.narration.late_after,
            clock=clock,
            wake=wake,
        )
    return narrator


def _timing_voice(config: Config, name: str | None) -> SpeechBackend:
    """What a narrator that only times lines needs of a voice: its rate (no engine starts)."""
    del name  # every voice is timed alike, at the configured rate
    return SilentBackend(config.narration.rate)


def open_daemon(config: Config, wiring: Wiring, stack: ExitStack) -> Daemon:
    """Open the store, screen, hardware, readers and narrator in order (``stack`` closes them
    in reverse) and build the daemon on them. The screen opens, but nothing is shown yet."""
    from device.runtime.app import Daemon
    from device.runtime.executor import Executor, Outputs
    from device.runtime.lock import lock_store
    from device.runtime.notify import Notifier
    from device.runtime.readers import open_readers, tags_into, warnings_into
    from device.runtime.session import Runtime
    from device.store.backups import backup_dir
    from device.store.database import Store
    from device.transcript import Transcript
    from device.ui.touch import TouchUI  # pygame loads only now (after go_headless, if any)

    clock = wiring.clock
    stack.callback(lock_store(wiring.store_path).close)
    notices: list[str] = []
    store = Store(wiring.store_path, on_write_error=None if wiring.strict else notices.append)
    stack.callback(store.close)
    # The device's checkpoints are fsynced off the loop.
    store.sync_wal_behind(wiring.does(Duties.BACKUPS))
    ui = TouchUI(
        size=(config.display.width, config.display.height),
        fullscreen=wiring.fullscreen,
        clock=clock,
    )
    inbox = Inbox(wake=ui.wake)
    hardware = open_hardware_into(inbox, config, kind=wiring.hardware)
    stack.callback(hardware.close)
    if wiring.readers:
        open_readers(config, tags_into(inbox), stack, warnings_into(inbox))
    narrator = open_narrator(
        config,
        audio=wiring.audio,
        cache=wiring.cache,
        mode=wiring.voice,
        clock=clock.now,
        wake=ui.wake,
    )
    stack.callback(narrator.close)
    ui.open()
    stack.callback(ui.close)
    recording = wiring.recording
    transcript = Transcript(clock, recording.transcript, keep=recording.keep_transcript)
    stack.callback(transcript.close)
    outputs = Outputs(
        transcript=transcript,
        narrator=narrator,
        screen=ui,
        lamps=hardware.lamps,
        buzzer=hardware.buzzer,
        store=store,
        progress=recording.progress,
        wav_dir=recording.wav_dir,
        shot_dir=recording.shot_dir,
        now=clock.now,
        audio=narrator.audio if isinstance(narrator.audio, AudioOutput) else None,
        ambience=NightSound(
            narrator.audio if isinstance(narrator.audio, AudioOutput) else None,
            wiring.cache or cache_dir(config),
            enabled=config.audio.ambience,
            music_dir=config.audio.music_dir,
            now=clock.now,
            behind=wiring.voice is VoiceMode.BEHIND,
            wake=ui.wake,
        ),
        location=config.store.location,
        seats=config.hardware.seats,
        backups=backup_dir(wiring.store_path) if wiring.does(Duties.BACKUPS) else None,
        backups_behind=wiring.does(Duties.BACKUPS),  # a long log's copy: off the loop
        links_behind=wiring.voice is VoiceMode.BEHIND,  # the device's loop: nothing slow on it
        wake=ui.wake,
    )
    notifier = Notifier() if wiring.does(Duties.NOTIFY) else Notifier({})
    opener = wiring.test_inputs
    watcher = opener(hardware, ui.wake, stack) if opener is not None else None
    stack.callback(notifier.stopping)
    runtime = Runtime(clock, Executor(outputs), store)
    stack.callback(runtime.executor.last.links.close)
    background = None  # the voice cache finished behind the game (after READY: late)
    if wiring.does(Duties.FINISH_VOICE) and not wiring.does(Duties.LATE):
        from device.runtime.first_voice import finish_voice_cache

        background = finish_voice_cache(
            config, narrator, stack, hold=lambda: runtime.executor.dark, wake=ui.wake
        )
    daemon = Daemon(
        config,
        clock,
        runtime,
        ui,
        inbox,
        notifier,
        strict=wiring.strict,
        hardware=hardware,
        # Fullscreen is the device: Escape or a stray quit would exit 0, which systemd's
        # Restart=on-failure leaves stopped, so only a window's keys quit.
        keys_quit=not wiring.fullscreen,
        notices=notices,
        test_inputs=watcher,
    )
    if not wiring.does(Duties.LATE):
        daemon.voice.background = background
        open_late(daemon, wiring, stack, voice=False)
    return daemon


def open_late(daemon: Daemon[Any], wiring: Wiring, stack: ExitStack, *, voice: bool = True) -> None:
    """Start what the first screen does not need (after READY on the device): rendering what
    the voice cache lacks (``voice``, when ``Duties.FINISH_VOICE``) and the companion page
    (its aiohttp import alone is a third of a second of CPU here)."""
    narrator = daemon.runtime.executor.out.narrator
    if voice and wiring.does(Duties.FINISH_VOICE) and isinstance(narrator, Narrator):
        from device.runtime.first_voice import finish_voice_cache

        executor = daemon.runtime.executor
        daemon.voice.background = finish_voice_cache(
            daemon.config, narrator, stack, hold=lambda: executor.dark, wake=daemon.ui.wake
        )
    if wiring.web is not None:
        daemon.web = wiring.web(daemon, stack, port=wiring.web_port)
