"""The doctor's guided walk, driven by a person made of gpiozero MockFactory pins and taps on
a (headless) touchscreen: every control and seat button, lamp, the buzzer, the speaker, the tag
reader and touch; "did you see it?" answered by button or touch; every step skippable; and
``--check`` without the C libraries' noise."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from device.commands.doctor import FAIL, OK, WARN, Doctor
from device.commands.doctor_walk import SKIPPED
from device.config import load_config
from device.runtime.inbox import Inbox
from device.runtime.parts import catalogues, open_hardware_into
from device.runtime.voicelines import every_text
from device.ui.touch import TouchUI
from narration.catalogue import Catalogue

CONFIG = """
[hardware]
seats = 3
debounce = 0
[pins]
seat_buttons = [4, 17, 27]
seat_lamps = [2, 3, 7]
[narration]
backend = "silent"
[readers]
rdm6300 = "loop://"
"""
STEPS = ("controls", "buttons", "lamps", "buzzer", "speaker", "tag", "touch")
PROMPTS = (
    ("Press the button of seat", "buttons"),
    ("Press the", "controls"),
    ("Is the lamp of seat", "lamps"),
    ("Did you hear a beep", "buzzer"),
    ("Did you hear the speaker", "speaker"),
    ("Tap a tag", "tag"),
    ("Touch OK", "touch"),
)
"""The step each prompt belongs to (the first that matches)."""


class Person(threading.Thread):
    """Reads each prompt the doctor prints and acts on it, as someone at the table would."""

    def __init__(self, out: io.StringIO, act: Callable[[str], None]) -> None:
        super().__init__(daemon=True)
        self.out, self.act, self.stopped = out, act, threading.Event()

    def run(self) -> None:
        done = 0
        while not self.stopped.is_set():
            prompts = [x[5:] for x in self.out.getvalue().splitlines() if x.startswith("  >> ")]
            for prompt in prompts[done:]:
                time.sleep(0.02)
                self.act(prompt)
            done = len(prompts)
            time.sleep(0.01)


@pytest.fixture
def walk(tmp_path: Path) -> Iterator[tuple[Doctor, io.StringIO, TouchUI]]:
    path = tmp_path / "config.toml"
    path.write_text(CONFIG, encoding="utf-8")
    config = load_config(path, overrides={"store.path": str(tmp_path / "m.db")})
    inbox = Inbox()
    hardware = open_hardware_into(inbox, config)
    ui = TouchUI(size=(800, 480), fullscreen=False)
    ui.open()
    out = io.StringIO()
    doctor = Doctor(config, timeout=1.0, out=out, hardware=hardware, inbox=inbox, ui=ui)
    yield doctor, out, ui
    doctor.close()
    hardware.close()  # given to the doctor, so not closed by it
    ui.close()


def truthful(doctor: Doctor, ui: TouchUI, *, skip: str = "") -> Callable[[str], None]:
    """A person who does what is asked and says what they see; ``skip`` names a step to skip."""
    hardware = doctor.hardware()

    def lit(seat: int) -> bool:
        return bool(hardware.factory.pin(hardware.pins.seat_lamps[seat - 1]).state)

    def act(prompt: str) -> None:
        words = prompt.split()
        step = next(step for start, step in PROMPTS if prompt.startswith(start))
        if step == skip:
            ui.tap("Skip") if step == "controls" else hardware.press_control("go")
        elif prompt.startswith("Press the button of seat"):
            hardware.press_seat(int(words[5]))
        elif prompt.startswith("Press the"):
            hardware.press_control(words[2].lower())
        elif prompt.startswith("Is the lamp of seat"):
            hardware.press_control("yes" if lit(int(words[5])) else "no")
        elif prompt.startswith("Did you hear"):
            ui.tap("Yes")  # an answer by touch
        elif prompt.startswith("Tap a tag"):
            hardware.press_control("go")  # nobody has a tag at hand: skip
        elif prompt.startswith("Touch OK"):
            ui.tap("OK")

    return act


def run_walk(doctor: Doctor, out: io.StringIO, act: Callable[[str], None]) -> dict[str, str]:
    person = Person(out, act)
    person.start()
    try:
        doctor.run(person=True, out=out)
    finally:
        person.stopped.set()
        person.join()
    return {line.split(":")[0]: line for line in out.getvalue().splitlines() if line[:1].isalpha()}


def test_the_walk_covers_every_part_with_a_truthful_person(
    walk: tuple[Doctor, io.StringIO, TouchUI],
) -> None:
    doctor, out, ui = walk
    lines = run_walk(doctor, out, truthful(doctor, ui))
    assert lines["controls"].split(None, 2)[1:] == [OK, "yes, no, go all seen"]
    assert lines["buttons"].split(None, 2)[1:] == [OK, "all 3 seat buttons seen"]
    assert lines["lamps"].split(None, 2)[1:] == [OK, "all 3 seat lamps seen lit"]
    assert lines["buzzer"].split(None, 2)[1:] == [OK, "beep heard, as you saw or heard"]
    assert lines["speaker"].split()[1] == OK
    assert lines["tag"].split(None, 2)[1:] == list(SKIPPED)
    assert lines["touch"].split(None, 2)[1:] == [OK, "touch seen on the OK button"]
    prompts = out.getvalue()
    for asked in ("Press the YES button.", "Press the GO button.", "Is the lamp of seat 3 lit?"):
        assert asked in prompts
    # Every prompt is a sentence ``voice prepare`` renders for this table: none waits for Piper.
    prepared = set(every_text(Catalogue.load(*catalogues()), seats=3).texts)
    said = [line[5:] for line in prompts.splitlines() if line.startswith("  >> ")]
    assert len(said) >= 10 and [line for line in said if line not in prepared] == []


def test_a_lamp_that_stays_dark_is_named(walk: tuple[Doctor, io.StringIO, TouchUI]) -> None:
    doctor, out, ui = walk
    hardware = doctor.hardware()
    set_lamp = hardware.lamps.set
    # Seat 2's LED is broken: setting it does nothing, and the person sees it dark.
    hardware.lamps.set = lambda seat, pattern: None if seat == 2 else set_lamp(seat, pattern)  # type: ignore[method-assign]
    person = Person(out, truthful(doctor, ui))
    person.start()
    try:
        status, detail = doctor.step_lamps()
    finally:
        person.stopped.set()
        person.join()
    assert status == FAIL
    assert detail.startswith("seat lamps 2 not seen lit")
    assert "pins.seat_lamps" in detail


@pytest.mark.parametrize("step", STEPS)
def test_any_step_can_be_skipped(step: str, walk: tuple[Doctor, io.StringIO, TouchUI]) -> None:
    doctor, out, ui = walk
    person = Person(out, truthful(doctor, ui, skip=step))
    person.start()
    try:
        result = getattr(doctor, f"step_{step}")()
    finally:
        person.stopped.set()
        person.join()
    assert result == SKIPPED


def test_a_control_button_never_pressed_is_named_with_its_pin(
    walk: tuple[Doctor, io.StringIO, TouchUI],
) -> None:
    doctor, out, _ = walk
    hardware = doctor.hardware()

    def act(prompt: str) -> None:
        if prompt == "Press the YES button.":
            hardware.press_control("yes")
            hardware.press_control("no")  # early, and go is never pressed

    person = Person(out, act)
    person.start()
    try:
        status, detail = doctor.step_controls()
    finally:
        person.stopped.set()
        person.join()
    assert (status, detail) == (FAIL, "missing go — check the wiring and pins.go")
    assert "Press the NO button." not in out.getvalue()  # seen already: not asked again


def test_no_answer_to_a_question_is_a_warning_with_a_hint(
    walk: tuple[Doctor, io.StringIO, TouchUI],
) -> None:
    doctor, _, _ = walk
    doctor.timeout = 0.1
    status, detail = doctor.step_buzzer()
    assert status == WARN
    assert detail == "no answer within 0.1 s — check the buzzer's wiring and pins.buzzer"


def test_check_prints_no_c_library_noise_and_every_warning_has_a_hint(tmp_path: Path) -> None:
    # ALSA with no sound card and no XDG_RUNTIME_DIR: the C libraries complain on stderr.
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_RUNTIME_DIR", "SDL_VIDEODRIVER")}
    env.update(SDL_AUDIODRIVER="alsa", HOME=str(tmp_path), MOTHERSHIP_VOICE="silent")
    done = subprocess.run(
        [sys.executable, "-m", "device", "doctor", "--check"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.stderr == ""
    warnings = [line for line in done.stdout.splitlines() if line.split()[1:2] == [WARN]]
    assert warnings
    assert all(" — " in line for line in warnings), warnings
